import type { Language } from '@helio/contracts';
import { citiesOf } from './cities.ts';
import { countryCodes, firstLevelSubdivisions, isCountryCode } from './iso3166.ts';
import { keywordMatcher, languageOf, sortByName } from './text.ts';
import type { AreaItem } from './types.ts';

export interface ListAreasInput {
  language?: Language;
  /** ISO 3166-1 alpha-2; without it the countries are listed. */
  countryCode?: string;
  /** First-level ISO 3166-2 code of the country; with it the subdivision's cities are listed. */
  provinceCode?: string;
  keyword?: string;
}

const regionNames = new Map<Language, Intl.DisplayNames>();

function countryName(code: string, language: Language): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames(language, { type: 'region', fallback: 'none' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

function countries(language: Language): AreaItem[] {
  return countryCodes().map((code) => ({
    area_code: code,
    name: countryName(code, language),
    level: 'country',
  }));
}

function provinces(countryCode: string): AreaItem[] {
  return firstLevelSubdivisions(countryCode).map((subdivision) => ({
    area_code: subdivision.code,
    name: subdivision.name,
    level: 'province',
  }));
}

function cities(countryCode: string, provinceCode: string): AreaItem[] {
  const isProvince = firstLevelSubdivisions(countryCode).some(
    (subdivision) => subdivision.code === provinceCode,
  );
  if (!isProvince) return [];
  return citiesOf(provinceCode).map((city) => ({
    area_code: city.id,
    name: city.name,
    level: 'city',
    latitude: city.latitude,
    longitude: city.longitude,
  }));
}

/**
 * Countries (ISO 3166-1, named in the requested language by ICU); with a country code its
 * first-level subdivisions (ISO 3166-2, under their ISO names); with a subdivision code too, that
 * subdivision's cities with coordinates. A subdivision code alone implies its country. Unknown
 * codes answer an empty list. Sorted by name in the language's order; the keyword filters names
 * (case- and accent-insensitive).
 */
export function listAreas(input: ListAreasInput = {}): AreaItem[] {
  const language = languageOf(input.language);
  const provinceCode = input.provinceCode?.trim().toUpperCase() || undefined;
  const countryCode = input.countryCode?.trim().toUpperCase() || provinceCode?.slice(0, 2);
  let items: AreaItem[];
  if (!countryCode) items = countries(language);
  else if (!isCountryCode(countryCode)) items = [];
  else if (!provinceCode) items = provinces(countryCode);
  else items = cities(countryCode, provinceCode);
  const matches = keywordMatcher(input.keyword);
  return sortByName(
    items.filter((item) => matches(item.name)),
    language,
  );
}

/** True for a first-level ISO 3166-2 subdivision of the country, as api/areainfo lists them. */
export function isProvinceOf(countryCode: string, provinceCode: string): boolean {
  return firstLevelSubdivisions(countryCode).some((subdivision) => subdivision.code === provinceCode);
}
