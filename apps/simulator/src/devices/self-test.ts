/** A grid-protection self-test's report: each stage tripped against the limits the device is set to. */
import type { SettingValues } from '@helio/contracts';
import { type SelfTestRow, selfTestNames } from '@helio/contracts/device-link';
import type { Random } from '../random.ts';

/**
 * The self-test (autotest, e.g. CEI 0-21 Allegato A.4) ramps the voltage or frequency the
 * protection sees past each stage's threshold and times the trip. A stage passes when it tripped
 * within the tolerance of its threshold (±1 % for voltage, ±0.05 Hz for frequency) and no later
 * than its set time.
 */

/** How far from its threshold a stage may trip and still pass. */
export function tripTolerance(test: SelfTestRow['test'], limit: number): number {
  return isVoltageTest(test) ? Math.abs(limit) * 0.01 : 0.05;
}

/** `ov1`, `uv2`, …: a voltage stage; `of1`, `uf2`, …: a frequency stage. */
function isVoltageTest(test: SelfTestRow['test']): boolean {
  return test[1] === 'v';
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const floor = (value: number, decimals: number) => Math.floor(value * 10 ** decimals) / 10 ** decimals;

/** The threshold and trip time names of a test: `ov1` → `ov1_v`, `ov1_s`. */
export function stageNames(test: SelfTestRow['test']): { threshold: string; time: string } {
  return { threshold: `${test}_${isVoltageTest(test) ? 'v' : 'hz'}`, time: `${test}_s` };
}

/**
 * One row per stage from the device's protection `values`: measured near the threshold and tripped
 * at 60–95 % of the set time plus some tens of milliseconds. With `failing`, that stage fails (it
 * tripped outside the tolerance, or too late). Every number is drawn from `random` in a fixed
 * order, so a seed gives the same report.
 */
export function selfTestRows(
  values: SettingValues,
  random: Random,
  failing?: SelfTestRow['test'],
): SelfTestRow[] {
  return selfTestNames.map((test) => {
    const names = stageNames(test);
    const limit = Number(values[names.threshold] ?? 0);
    const limitS = Math.max(0, Number(values[names.time] ?? 0));
    const voltage = isVoltageTest(test);
    const tolerance = tripTolerance(test, limit);
    // within 80 % of the tolerance, so rounding keeps it inside
    const offset = random.uniform(-0.8, 0.8) * tolerance;
    let measured = round(limit + offset, voltage ? 1 : 2);
    let tripS =
      limitS > 0
        ? Math.min(limitS * random.uniform(0.6, 0.95) + random.uniform(0.01, 0.06), limitS * 0.98)
        : 0;
    if (test === failing) {
      if (random.next() < 0.5) {
        const side = random.next() < 0.5 ? -1 : 1;
        measured = round(limit + side * tolerance * random.uniform(1.5, 3), voltage ? 1 : 2);
      } else {
        tripS = limitS * random.uniform(1.1, 1.4) + 0.05;
      }
    }
    const trip = test === failing ? round(tripS, 3) : floor(tripS, 3);
    const pass = Math.abs(measured - limit) <= tolerance + 1e-9 && trip <= limitS;
    return { test, limit, limit_s: limitS, measured, trip_s: trip, pass };
  });
}

/** What a failing row says: the stage and what was wrong with it. */
export function failureOf(row: SelfTestRow): string {
  const unit = isVoltageTest(row.test) ? 'V' : 'Hz';
  const decimals = unit === 'V' ? 1 : 2;
  if (row.trip_s > row.limit_s)
    return `${row.test} tripped after ${row.trip_s.toFixed(3)} s (limit ${row.limit_s.toFixed(3)} s)`;
  return `${row.test} tripped at ${row.measured.toFixed(decimals)} ${unit} (limit ${row.limit.toFixed(decimals)} ${unit})`;
}
