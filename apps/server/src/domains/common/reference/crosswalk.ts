import type { AnchorCity } from './anchor-cities.ts';
import { type Point, PointGrid } from './geo.ts';
import { matchSubdivision } from './iso3166.ts';
import { fold } from './text.ts';

/** A city of the city list, with its region as that list names it. */
export interface RegionPlace extends Point {
  /** The city's name and its ASCII spelling. */
  names: string[];
  countryCode: string;
  region: string;
  /** Whether the city is the seat of its region (or of the country). */
  isCapital: boolean;
}

/** How far apart the two entries of one city may lie in the two data sets. */
const SAME_CITY_KM = 15;
/** Votes a code needs to be taken, and its share of the region's votes. */
const MIN_VOTES = 2;
/** The region's seat says on its own in which subdivision the region lies. */
const CAPITAL_VOTES = 2;
const MAJORITY = 0.6;

const regionKey = (countryCode: string, region: string) => `${countryCode}|${region}`;

const sameName = (a: readonly string[], b: readonly string[]) => {
  const folded = new Set(a.map(fold));
  return b.some((name) => folded.has(fold(name)));
};

/**
 * Maps the region names of the city list (`country|region` keys) to first-level ISO 3166-2 codes.
 *
 * 1. A region whose name is an ISO 3166-2 name (folded, or contained word for word) maps directly:
 *    "Mazowieckie" → PL-14, "Jihomoravský Kraj" → CZ-64, "Guangdong" → CN-GD.
 * 2. A region named otherwise (often in English: "Bavaria", "Lombardy") is mapped by the cities
 *    of `city-timezones`, whose regions are often in the local language ("Bayern"): each such
 *    city whose region name maps directly votes for the region of the same city in the list (same
 *    country and name, within 15 km); the region's seat counts twice. A code is taken with at
 *    least two votes and 60 % of the region's votes, unless another region already maps to it
 *    (directly or by votes): the regions of a list are disjoint, and `city-timezones` misplaces
 *    some cities (Pohang in "Daegu").
 *
 * Regions mapped neither way stay unmapped (their cities are not listed).
 */
export function regionCrosswalk(
  places: readonly RegionPlace[],
  anchors: readonly AnchorCity[],
): Map<string, string> {
  const codes = new Map<string, string>();
  const unmapped = new Set<string>();
  for (const place of places) {
    const key = regionKey(place.countryCode, place.region);
    if (codes.has(key) || unmapped.has(key)) continue;
    const code = place.region ? matchSubdivision(place.countryCode, place.region) : undefined;
    if (code) codes.set(key, code);
    else unmapped.add(key);
  }
  if (unmapped.size === 0) return codes;

  const grid = new PointGrid(places);
  const votes = new Map<string, Map<string, number>>();
  for (const anchor of anchors) {
    const code = anchor.region ? matchSubdivision(anchor.countryCode, anchor.region) : undefined;
    if (!code) continue;
    const place = grid.nearest(
      anchor,
      SAME_CITY_KM,
      (candidate) => candidate.countryCode === anchor.countryCode && sameName(candidate.names, anchor.names),
    );
    if (!place) continue;
    const key = regionKey(place.countryCode, place.region);
    if (!place.region || !unmapped.has(key)) continue;
    const tally = votes.get(key) ?? new Map<string, number>();
    tally.set(code, (tally.get(code) ?? 0) + (place.isCapital ? CAPITAL_VOTES : 1));
    votes.set(key, tally);
  }
  const direct = new Set(codes.values());
  const chosen = new Map<string, string[]>();
  for (const [key, tally] of votes) {
    const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
    for (const [code, n] of tally) {
      if (n < MIN_VOTES || n / total < MAJORITY || direct.has(code)) continue;
      chosen.set(code, [...(chosen.get(code) ?? []), key]);
    }
  }
  for (const [code, keys] of chosen) {
    if (keys.length === 1) codes.set(keys[0]!, code);
  }
  return codes;
}

export { regionKey };
