import { type EnergyCounter, energyCounters } from '@helio/contracts/device-link';
import { localDate, type Period, periodStart, periods } from './periods.ts';

/**
 * Energy from cumulative counters. A device's energy in a period is the sum, over consecutive
 * readings whose later one falls in the period, of how much each counter rose between them. A
 * counter that went backwards (a reset, a replaced meter board) adds nothing for that step and
 * counting resumes from its new value, so energy is never negative. The same rule is applied when
 * readings arrive in order (one step at a time) and when a day is counted again from the stored
 * readings, so both give the same figures.
 */

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

/** A reading reduced to what energy needs. */
export interface CounterReading {
  ms: number;
  counters: Counters;
}

/**
 * The energy of one local day from the readings of that day, oldest first, and the reading just
 * before the day began (undefined when there is none).
 */
export function dayEnergy(
  before: CounterReading | undefined,
  readings: readonly CounterReading[],
): EnergyFigures {
  const figures = zeroFigures();
  let previous = before;
  for (const reading of readings) {
    if (previous) addInto(figures, counterRise(previous.counters, reading.counters));
    previous = reading;
  }
  return figures;
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
   * between two readings ended in that day: its rows are then written even when nothing rose, so
   * a period with data (a night, a wallbox without sessions) is told apart from one without.
   */
  add(ownerId: number, day: string, rise: Counters, sign = 1, counted = false): void {
    if (!counted && Object.keys(rise).length === 0) return;
    for (const period of periods) {
      const start = periodStart(day, period);
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

export { localDate };
