import type { Point } from './geo.ts';
import { isRecord, readPackageJson } from './package-data.ts';

/**
 * A city of package `city-timezones` (about 7,300 cities). Only its region is used: named in the
 * local language more often than the city list's ("Bayern" where the list says "Bavaria"), it
 * anchors the list's regions to ISO 3166-2 codes (`crosswalk.ts`).
 */
export interface AnchorCity extends Point {
  /** The city's name and its ASCII spelling. */
  names: string[];
  countryCode: string;
  /** The region as the package names it (free text: "Bayern", "Masovian", "Xinjiang Uygur"). */
  region: string;
}

/** Read on each call: the crosswalk is built once and keeps none of it. */
export function anchorCities(): AnchorCity[] {
  const raw = readPackageJson('city-timezones/data/cityMap.json');
  const cities: AnchorCity[] = [];
  for (const record of Array.isArray(raw) ? raw : []) {
    if (!isRecord(record)) continue;
    const { city: name, city_ascii: asciiName, lat, lng, iso2, province } = record;
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof iso2 !== 'string') continue;
    cities.push({
      names: [name, asciiName].filter((text) => typeof text === 'string'),
      latitude: lat,
      longitude: lng,
      countryCode: iso2.toUpperCase(),
      region: typeof province === 'string' ? province : '',
    });
  }
  return cities;
}
