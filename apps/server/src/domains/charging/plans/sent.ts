import { createHash } from 'node:crypto';
import {
  type ChargingForecastResult,
  type ChargingPlan,
  chargingLimits,
  chargingWindows,
  PLAN_HORIZON_MS,
} from '@helio/contracts';
import { type ChargingPlanParams, chargingPlanParams } from '@helio/contracts/device-link';

/**
 * What a charger is sent for its plan (contracts device-link `chargingPlanParams`), and whether a
 * fresh plan says something new to a charger that follows the last one sent.
 *
 * The planner plans from now: each run starts its first window at the moment it runs and ends a
 * plan without a target a day later, so two runs of an unchanged plan never send the same times.
 * What matters is what the charger will do from now on: the windows both cover from now to the end
 * of the shorter of the two, at the charger's own granularity (an ampere on one phase; a tenth of a
 * kWh of target), and the mode, currents, target and departure. A plan without a target is also
 * sent again when what the charger has runs out within `REFRESH_BEFORE_MS` and the fresh one reaches
 * further (twice a day), so it always knows the next valley or top-up.
 */

/** A plan without a target is renewed when the charger's windows end within this. */
export const REFRESH_BEFORE_MS = 12 * 3_600_000;
/**
 * A command is stored a moment after its plan was made, so its horizon (24 h from the plan's "now")
 * ends a moment before the command's time + 24 h: the last minute of what both cover is not compared.
 */
const HORIZON_SLACK_MS = 60_000;
/** Powers are compared in steps of one ampere on one phase, W. */
const POWER_STEP_W = chargingLimits.phaseVoltageV;
/** Targets are compared to a tenth of a kWh, Wh. */
const TARGET_STEP_WH = 100;

/**
 * The params of a plan's command: the plan's mode, currents and phases, its windows (the planner's
 * `chargingWindows`), and the energy the session should have by the departure (the need still
 * missing plus what the session already took), so the charger stops there.
 */
export function planParams(
  plan: ChargingPlan,
  result: ChargingForecastResult,
  deliveredWh: number,
): ChargingPlanParams {
  return chargingPlanParams.parse({
    mode: plan.mode,
    min_current_a: plan.min_current_a,
    max_current_a: plan.max_current_a,
    phases: plan.phases,
    target_wh: result.target ? Math.round(result.target.needWh + deliveredWh) : null,
    departure_at: result.target ? result.target.departureMs : null,
    windows: chargingWindows(result).map((window) => ({
      start: Math.round(window.startMs),
      end: Math.round(window.endMs),
      power_w: Math.round(window.powerW),
    })),
  });
}

/** Until when params sent at `sentMs` tell the charger what to do: the departure, else the planner's horizon. */
export function coverageEnd(params: ChargingPlanParams, sentMs: number): number {
  return params.departure_at ?? sentMs + PLAN_HORIZON_MS;
}

/** What the charger does by `params` between `fromMs` and `toMs`, at the granularity it matters in. */
function following(params: ChargingPlanParams, fromMs: number, toMs: number) {
  const windows: [number, number, number][] = [];
  for (const window of params.windows) {
    const start = Math.max(window.start, fromMs);
    const end = Math.min(window.end, toMs);
    if (end <= start) continue;
    const step = Math.round(window.power_w / POWER_STEP_W);
    const last = windows[windows.length - 1];
    if (last && last[1] === start && last[2] === step) last[1] = end;
    else windows.push([start, end, step]);
  }
  return [
    params.mode,
    params.min_current_a,
    params.max_current_a,
    params.phases,
    params.target_wh === null ? null : Math.round(params.target_wh / TARGET_STEP_WH),
    params.departure_at,
    windows,
  ];
}

/** A digest of what the charger does by `params` from `fromMs` to `toMs`. */
export function followingDigest(params: ChargingPlanParams, fromMs: number, toMs: number): string {
  return createHash('sha256')
    .update(JSON.stringify(following(params, fromMs, toMs)))
    .digest('hex');
}

/** The last plan command of a charger: what it was sent, when, and what became of it. */
export interface LastSent {
  params: unknown;
  createdMs: number;
  state: string;
}

/**
 * Whether `fresh` (planned at `nowMs`) must be sent to a charger whose last plan command is `last`:
 * none, one that lapsed before reaching it, or one it cannot be read as; a different digest from
 * now on; or a plan without a target running out (see the file's comment).
 */
export function needsSending(fresh: ChargingPlanParams, last: LastSent | null, nowMs: number): boolean {
  if (!last || last.state === 'expired') return true;
  const parsed = chargingPlanParams.safeParse(last.params);
  if (!parsed.success) return true;
  const lastEnd = coverageEnd(parsed.data, last.createdMs);
  const freshEnd = coverageEnd(fresh, nowMs);
  const until = Math.min(lastEnd, freshEnd) - HORIZON_SLACK_MS;
  if (followingDigest(fresh, nowMs, until) !== followingDigest(parsed.data, nowMs, until)) return true;
  return freshEnd > lastEnd && lastEnd - nowMs < REFRESH_BEFORE_MS;
}
