import { type CalendarUnit, localDate, nextDay, periodStart, startOfLocalDay } from '@helio/contracts';
import { ENERGY_GAP_MS, type EnergyCounter, energyCounters } from '@helio/contracts/device-link';

/**
 * Energy from cumulative counters. A device's energy is the sum, over consecutive readings (a
 * step), of how much each counter rose between them. A step counts in the station-local day of its
 * later reading; a step longer than ENERGY_GAP_MS (a gap: the device was silent or its readings
 * are missing) has its rise spread over the local days it covers, in proportion to the time it
 * spends in each, so a device silent for days does not put their energy into the day it speaks
 * again. A counter that went backwards (a reset, a replaced meter board) adds nothing for that
 * step and counting resumes from its new value, so energy is never negative. The same rule is
 * applied when readings arrive in order (one step at a time), when days are counted again from
 * the stored readings (recount.ts) and by the rebuild in SQL (rebuild.ts), so all give the same
 * figures.
 */

/** The periods energy rows are kept for (their `period` column): station-local day, month, year. */
export type Period = 'd' | 'm' | 'y';
export const periods: readonly Period[] = ['d', 'm', 'y'];
const calendarUnits: Record<Period, CalendarUnit> = { d: 'day', m: 'month', y: 'year' };

/** The `period_start` of the row of `period` that local date `day` counts in. */
export function rowPeriodStart(period: Period, day: string): string {
  return periodStart(calendarUnits[period], day);
}

export type Counters = Partial<Record<EnergyCounter, number>>;
export type EnergyFigures = Record<EnergyCounter, number>;

export function zeroFigures(): EnergyFigures {
  return Object.fromEntries(energyCounters.map((name) => [name, 0])) as EnergyFigures;
}

/** What each counter rose by from `before` to `after`; counters missing on either side add nothing. */
export function counterRise(before: Counters, after: Counters): Counters {
  const rise: Counters = {};
  for (const name of energyCounters) {
    const from = before[name];
    const to = after[name];
    if (from === undefined || to === undefined) continue;
    if (to > from) rise[name] = to - from;
  }
  return rise;
}

export function addInto(target: EnergyFigures, rise: Counters, sign = 1): void {
  for (const name of energyCounters) {
    const value = rise[name];
    if (value !== undefined) target[name] += sign * value;
  }
}

export function isZero(figures: EnergyFigures): boolean {
  return energyCounters.every((name) => Math.abs(figures[name]) < 1e-12);
}

/** `rise` times `factor`, counter by counter. */
export function scaled(rise: Counters, factor: number): Counters {
  if (factor === 1) return rise;
  const share: Counters = {};
  for (const name of energyCounters) {
    const value = rise[name];
    if (value !== undefined) share[name] = value * factor;
  }
  return share;
}

/** A reading reduced to what energy needs. */
export interface CounterReading {
  ms: number;
  counters: Counters;
}

/** The part of one step's rise that a station-local day gets. */
export interface StepShare {
  day: string;
  /** Fraction of the rise, 0 to 1. */
  factor: number;
}

/**
 * Where the rise of the step from the reading at `fromMs` to the one at `toMs` is counted: all
 * of it in the later reading's local day; or, across a gap longer than ENERGY_GAP_MS in which a
 * counter `rose`, over every local day the gap covers, each the fraction of the gap's time that
 * falls in it (from the earlier reading to the end of its day, whole days, the later day up to the
 * later reading). The later reading's day is always among them, even with a factor of 0 (a reading
 * at local midnight); another day only with a share of the gap. rebuild.ts computes the very
 * same factors in SQL (the same operations, so the same floating-point results).
 */
export function stepShares(fromMs: number, toMs: number, timeZone: string, rose: boolean): StepShare[] {
  const last = localDate(toMs, timeZone);
  const gap = toMs - fromMs;
  if (!rose || gap <= ENERGY_GAP_MS) return [{ day: last, factor: 1 }];
  const shares: StepShare[] = [];
  let day = localDate(fromMs, timeZone);
  let dayStart = startOfLocalDay(day, timeZone);
  for (;;) {
    const next = nextDay(day);
    const nextStart = startOfLocalDay(next, timeZone);
    const time = Math.min(toMs, nextStart) - Math.max(fromMs, dayStart);
    if (day === last || time > 0) shares.push({ day, factor: time / gap });
    if (day >= last) break;
    day = next;
    dayStart = nextStart;
  }
  return shares;
}

/** Whether a counter rose in a step. */
export function rose(rise: Counters): boolean {
  return Object.keys(rise).length > 0;
}

/** The step a share of rise comes from: its earlier and later reading's instants. */
export interface Step {
  fromMs: number;
  toMs: number;
}

/**
 * Visits every step's rise as the local days get it, by the rule above, oldest step first: the
 * rise of each share (all of it in the later reading's day, or a gap's part), with its day and
 * its step. The energy of days (`daysEnergy`) and the tariff split (domains/tariffs) both walk
 * readings with it, so they count the same rises.
 */
export function forEachDayRise(
  readings: readonly CounterReading[],
  timeZone: string,
  visit: (day: string, rise: Counters, step: Step) => void,
): void {
  for (let index = 1; index < readings.length; index += 1) {
    const before = readings[index - 1]!;
    const after = readings[index]!;
    const rise = counterRise(before.counters, after.counters);
    const step = { fromMs: before.ms, toMs: after.ms };
    for (const share of stepShares(before.ms, after.ms, timeZone, rose(rise)))
      visit(share.day, scaled(rise, share.factor), step);
  }
}

/**
 * The energy of each local day from consecutive readings of a device, oldest first, by the rule
 * above. A day is in the answer when a step ends in it or a gap gives it a share; other days
 * have no figures (no data, which is not zero).
 */
export function daysEnergy(
  readings: readonly CounterReading[],
  timeZone: string,
): Map<string, EnergyFigures> {
  const days = new Map<string, EnergyFigures>();
  forEachDayRise(readings, timeZone, (day, rise) => {
    let figures = days.get(day);
    if (!figures) {
      figures = zeroFigures();
      days.set(day, figures);
    }
    addInto(figures, rise);
  });
  return days;
}

/**
 * Energy figures keyed by owner, period and period start, collected over a batch before they are
 * written together.
 */
export class EnergyLedger {
  readonly entries = new Map<
    string,
    { ownerId: number; period: Period; start: string; figures: EnergyFigures; counted: boolean }
  >();

  /**
   * Adds `rise` to the day, month and year of local `day` for one owner. `counted` says a step
   * between two readings ended in that day or gave it a share of a gap: its rows are then written
   * even when nothing (or next to nothing) rose, so a period with data (a night, a wallbox without
   * sessions) is told apart from one without.
   */
  add(ownerId: number, day: string, rise: Counters, sign = 1, counted = false): void {
    if (!counted && Object.keys(rise).length === 0) return;
    for (const period of periods) {
      const start = rowPeriodStart(period, day);
      const key = `${ownerId}|${period}|${start}`;
      let entry = this.entries.get(key);
      if (!entry) {
        entry = { ownerId, period, start, figures: zeroFigures(), counted };
        this.entries.set(key, entry);
      }
      entry.counted ||= counted;
      addInto(entry.figures, rise, sign);
    }
  }

  /** Entries in key order, so concurrent writers lock rows in the same order. */
  sorted() {
    return [...this.entries.values()]
      .filter((entry) => entry.counted || !isZero(entry.figures))
      .sort(
        (a, b) => a.ownerId - b.ownerId || a.period.localeCompare(b.period) || a.start.localeCompare(b.start),
      );
  }
}
