import { powerFlows, type StationPowers } from '@helio/contracts';
import { FIVE_MINUTES_MS } from '../../plant/day-powers.ts';
import type { EnergyInterval, SessionShares } from './sessions.ts';

/**
 * Where a session's energy came from and what it cost (PRODUCT.md §8 "Charging"). Over each
 * interval the car charged, its energy is split in the proportions the station's consumption (the
 * home and the wallbox) had then: the station's five-minute powers allocated by the one flow rule
 * (contracts `powerFlows`: PV first to the home, then the wallbox, …) give what PV, the battery and
 * the grid each gave the consumption. A generator's part (an EMS 5000 site in an outage) and any
 * consumption the flows do not cover (a station without a grid meter) count as grid: energy the
 * station's own PV and battery did not give. A moment without powers (no device read) is grid.
 *
 * Cost: each interval's grid energy at the price of its moment: the band's under the station's
 * peak-valley tariff, else the station's unit price; null when the station has neither.
 */

/** Fractions of a moment's consumption by source, adding up to 1. */
export interface SourceFractions {
  pv: number;
  battery: number;
  grid: number;
}

/** A station's five-minute powers from `startMs` (null where no device read). */
export interface PowersCurve {
  startMs: number;
  powers: readonly (StationPowers | null)[];
}

const ALL_GRID: SourceFractions = { pv: 0, battery: 0, grid: 1 };

/** What PV, the battery and the grid gave the station's consumption at a moment, as fractions. */
export function consumptionFractions(powers: StationPowers | null): SourceFractions {
  if (!powers) return ALL_GRID;
  const consumption = Math.max(0, powers.load_w ?? 0) + Math.max(0, powers.ev_w ?? 0);
  if (!(consumption > 0)) return ALL_GRID;
  let pv = 0;
  let battery = 0;
  for (const flow of powerFlows(powers)) {
    if (flow.to !== 'load' && flow.to !== 'ev') continue;
    if (flow.from === 'pv') pv += flow.power_w;
    else if (flow.from === 'battery') battery += flow.power_w;
  }
  const pvShare = Math.min(1, pv / consumption);
  const batteryShare = Math.min(1 - pvShare, battery / consumption);
  return { pv: pvShare, battery: batteryShare, grid: Math.max(0, 1 - pvShare - batteryShare) };
}

/** The five-minute bucket starts (ms since the epoch) an instant range touches: where a curve must start. */
export function bucketFloor(ms: number): number {
  return Math.floor(ms / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
}

/**
 * Splits the intervals' energy by the station's sources and prices its grid part. An interval is
 * cut at the buckets it spans, its energy spread evenly over its time; one known only by its end
 * is its end's bucket. `priceAt` answers the price of a kWh from the grid at an instant, or null.
 */
export function splitEnergy(
  intervals: readonly EnergyInterval[],
  curve: PowersCurve,
  priceAt: (ms: number) => number | null,
): SessionShares {
  const out: SessionShares = { pv_kwh: 0, battery_kwh: 0, grid_kwh: 0, cost: null };
  const powersAt = (ms: number) => curve.powers[Math.floor((ms - curve.startMs) / FIVE_MINUTES_MS)] ?? null;
  const add = (kwh: number, ms: number) => {
    const fractions = consumptionFractions(powersAt(ms));
    const grid = kwh * fractions.grid;
    out.pv_kwh += kwh * fractions.pv;
    out.battery_kwh += kwh * fractions.battery;
    out.grid_kwh += grid;
    const price = priceAt(ms);
    if (price !== null) out.cost = (out.cost ?? 0) + grid * price;
  };
  for (const interval of intervals) {
    const span = interval.toMs - interval.fromMs;
    if (!(span > 0)) {
      add(interval.kwh, interval.toMs);
      continue;
    }
    for (let at = bucketFloor(interval.fromMs); at < interval.toMs; at += FIVE_MINUTES_MS) {
      const from = Math.max(at, interval.fromMs);
      const to = Math.min(at + FIVE_MINUTES_MS, interval.toMs);
      if (to > from) add((interval.kwh * (to - from)) / span, (from + to) / 2);
    }
  }
  return out;
}

/** Shares added to a session's: costs add when either is known. */
export function addShares(a: SessionShares, b: SessionShares): SessionShares {
  return {
    pv_kwh: a.pv_kwh + b.pv_kwh,
    battery_kwh: a.battery_kwh + b.battery_kwh,
    grid_kwh: a.grid_kwh + b.grid_kwh,
    cost: a.cost === null && b.cost === null ? null : (a.cost ?? 0) + (b.cost ?? 0),
  };
}
