import tzLookup from '@photostructure/tz-lookup';
import { getCountry, getTimezone } from 'countries-and-timezones';
import { canonicalZone, runtimeZones } from './timezones.ts';

/**
 * Rings searched around a place whose zone is not one of its country's. `tz-lookup` stores the
 * zones on a grid, so within a few kilometres of a border it may answer the neighbour's zone (El
 * Paso gets Ciudad Juárez's at places), and at sea it answers a nautical zone (`Etc/GMT+3`).
 */
const SEARCH_RADII_KM = [1, 2, 5, 10, 20, 50, 100, 200, 500];
const BEARINGS = 16;
const KM_PER_DEGREE = 111.2;

const homeZonesByCountry = new Map<string, readonly string[]>();

/**
 * The zones the tz data names this country first for, under their current names: PL →
 * Europe/Warsaw, NL → Europe/Amsterdam (whose rules Europe/Brussels shares), DE → Europe/Berlin and
 * Europe/Busingen, US → 29 zones. Only zones the runtime knows.
 */
function homeZones(countryCode: string): readonly string[] {
  let zones = homeZonesByCountry.get(countryCode);
  if (!zones) {
    const listed = getCountry(countryCode, { deprecated: true })?.timezones ?? [];
    const home = listed.filter(
      (zone) => runtimeZones().has(zone) && getTimezone(zone)?.countries[0] === countryCode,
    );
    zones = [...new Set(home.map(canonicalZone).filter((zone) => zone !== undefined))];
    homeZonesByCountry.set(countryCode, zones);
  }
  return zones;
}

/** Whether the tz data has the zone in use in the country (Europe/Berlin also in DK, NO, SE). */
const isZoneOf = (zone: string, countryCode: string) =>
  getTimezone(zone)?.countries.some((country) => country === countryCode) ?? false;

/** The zone at a point on the ring `km` away from `latitude, longitude` at `bearing` (radians). */
function zoneAround(latitude: number, longitude: number, km: number, bearing: number): string | undefined {
  const pointLatitude = latitude + (km / KM_PER_DEGREE) * Math.cos(bearing);
  if (Math.abs(pointLatitude) > 90) return undefined;
  const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const shifted = longitude + (km / (KM_PER_DEGREE * cos)) * Math.sin(bearing);
  const pointLongitude = ((((shifted + 180) % 360) + 360) % 360) - 180;
  return tzLookup(pointLatitude, pointLongitude);
}

/** The zone of the country that the nearest ring around the place reaches most often. */
function nearestZoneOf(countryCode: string, latitude: number, longitude: number): string | undefined {
  for (const km of SEARCH_RADII_KM) {
    const counts = new Map<string, number>();
    for (let step = 0; step < BEARINGS; step++) {
      const zone = zoneAround(latitude, longitude, km, (2 * Math.PI * step) / BEARINGS);
      if (zone && isZoneOf(zone, countryCode)) counts.set(zone, (counts.get(zone) ?? 0) + 1);
    }
    let best: string | undefined;
    for (const [zone, count] of counts) if (!best || count > counts.get(best)!) best = zone;
    if (best) return best;
  }
  return undefined;
}

/** Whether two zones keep the same offsets today, in winter and in summer (tz data's rules). */
function sameOffsets(a: string, b: string): boolean {
  const first = getTimezone(a);
  const second = getTimezone(b);
  return (
    first !== null &&
    second !== null &&
    first.utcOffset === second.utcOffset &&
    first.dstOffset === second.dstOffset
  );
}

/**
 * Proposes the IANA time zone of a place, under the names `listTimezones` uses:
 * 1. the zone at the coordinates (`@photostructure/tz-lookup`, timezone-boundary-builder's
 *    boundaries on a grid) when the tz data has it in use in the given country — under the
 *    country's own zone when it has one with the same offsets (Europe/Amsterdam rather than
 *    Europe/Brussels near Maastricht);
 * 2. else the zone of the country met most often on the nearest ring around the place: near a
 *    border the grid may answer the neighbour's zone (a point in Kehl gets Europe/Paris), and at
 *    sea a nautical zone (`Etc/GMT`);
 * 3. else the country's own zone when it has one, whatever the coordinates (also for coordinates
 *    that are not numbers), and the zone at the coordinates otherwise (open sea: `Etc/GMT+3`,
 *    a valid IANA zone that the list does not offer).
 * Without a country, the zone at the coordinates. Undefined only for coordinates that are not
 * numbers or out of range, in a country of several zones.
 */
export function proposeTimezone(
  latitude: number,
  longitude: number,
  countryCode?: string,
): string | undefined {
  const country = countryCode?.trim().toUpperCase();
  const home = country ? homeZones(country) : [];
  const own = home.length === 1 ? home[0] : undefined;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return own;
  const here = tzLookup(latitude, longitude);
  if (!country) return canonicalZone(here);
  const found = isZoneOf(here, country) ? here : nearestZoneOf(country, latitude, longitude);
  if (found === undefined) return own ?? canonicalZone(here);
  return own && sameOffsets(own, found) ? own : canonicalZone(found);
}
