import type { Point } from './geo.ts';
import { isRecord, readPackageJson } from './package-data.ts';
import { canonicalZone } from './timezones.ts';

/** A city of package `city-timezones` (about 7,300 cities, each with its IANA zone). */
export interface ZonedCity extends Point {
  /** The city's name and its ASCII spelling. */
  names: string[];
  countryCode: string;
  /** The region as the package names it (free text: "Bayern", "Masovian", "Xinjiang Uygur"). */
  region: string;
  zone: string;
}

interface Index {
  all: readonly ZonedCity[];
  byCountry: Map<string, ZonedCity[]>;
}

let index: Index | undefined;

function build(): Index {
  const raw = readPackageJson('city-timezones/data/cityMap.json');
  const all: ZonedCity[] = [];
  const byCountry = new Map<string, ZonedCity[]>();
  for (const record of Array.isArray(raw) ? raw : []) {
    if (!isRecord(record)) continue;
    const { city: name, city_ascii: asciiName, lat, lng, iso2, province, timezone } = record;
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof iso2 !== 'string') continue;
    const zone = typeof timezone === 'string' ? canonicalZone(timezone) : undefined;
    if (!zone) continue;
    const city: ZonedCity = {
      names: [name, asciiName].filter((text) => typeof text === 'string'),
      latitude: lat,
      longitude: lng,
      countryCode: iso2.toUpperCase(),
      region: typeof province === 'string' ? province : '',
      zone,
    };
    all.push(city);
    const list = byCountry.get(city.countryCode);
    if (list) list.push(city);
    else byCountry.set(city.countryCode, [city]);
  }
  return { all, byCountry };
}

function getIndex(): Index {
  index ??= build();
  return index;
}

export function zonedCities(): readonly ZonedCity[] {
  return getIndex().all;
}

export function zonedCitiesOf(countryCode: string): readonly ZonedCity[] {
  return getIndex().byCountry.get(countryCode) ?? [];
}
