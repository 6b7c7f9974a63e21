import { nearest } from './geo.ts';
import { zonedCities, zonedCitiesOf } from './zoned-cities.ts';

/**
 * Proposes the IANA time zone of a place: the zone of the country when all its known cities share
 * one, otherwise the zone of the nearest known city (of that country when it is given and has
 * cities). Undefined only for coordinates that are not numbers in a country with several zones.
 */
export function proposeTimezone(
  latitude: number,
  longitude: number,
  countryCode?: string,
): string | undefined {
  const inCountry = countryCode ? zonedCitiesOf(countryCode.toUpperCase()) : [];
  const zones = new Set(inCountry.map((city) => city.zone));
  if (zones.size === 1) return zones.values().next().value;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const candidates = inCountry.length > 0 ? inCountry : zonedCities();
  return nearest(candidates, { latitude, longitude })?.zone;
}
