/**
 * Reference data of the common calls: ISO 4217 currencies, IANA time zones, ISO 3166 countries and
 * subdivisions with their cities, and the time zone proposed for a place. Pure functions over
 * data of maintained packages (see README.md), loaded and indexed on first use.
 */
export { isProvinceOf, type ListAreasInput, listAreas } from './areas.ts';
export { cityCoverage } from './cities.ts';
export { isCurrencyCode, type ListCurrenciesInput, listCurrencies } from './currencies.ts';
export { isCountryCode } from './iso3166.ts';
export { proposeTimezone } from './propose-timezone.ts';
export { canonicalZone, type ListTimezonesInput, listTimezones } from './timezones.ts';
export type { AreaItem, CurrencyItem, TimezoneItem } from './types.ts';
