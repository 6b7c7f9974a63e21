import { z } from 'zod';
import { addDays, daysBetween, localClock, localDate, startOfLocalDay, weekdayOf } from '../calendar.ts';
import { minutesOf } from '../control/device-settings.ts';
import { timeOfDay } from '../validation/common.ts';
import type { ValidationMessageKey } from '../validation/keys.ts';

/**
 * A wallbox's charging plan (PRODUCT.md §8 "Charging"): how it charges a plugged car, and what the
 * car should have by when. One definition for the server (it checks and stores a plan, plans its
 * windows and sends both to the charger), the web form and preview, and the simulator's wallbox.
 *
 * Modes:
 * - `fast`: now, at the plan's maximum current;
 * - `pv`: PV surplus only (the exported power), never below the minimum current: below it, it waits;
 * - `min_pv`: the minimum current always, more when there is surplus;
 * - `off_peak`: at the maximum current in the valley periods of the station's tariff;
 * - `scheduled`: only what the target needs by departure, in the cheapest and sunniest windows.
 *
 * A target (weekly by weekday, or a one-off override that wins until its departure) asks an energy
 * or a car SOC by a departure time. With `pv`, `min_pv` and `off_peak` a target is a floor: when the
 * mode alone would not reach it, the planner adds the cheapest grid windows before departure.
 */

export const chargingModes = ['fast', 'pv', 'min_pv', 'off_peak', 'scheduled'] as const;
export type ChargingMode = (typeof chargingModes)[number];

/** `1p`/`3p`: the phases the charger uses; `auto`: three, dropping to one when surplus is short. */
export const phaseModes = ['1p', '3p', 'auto'] as const;
export type PhaseMode = (typeof phaseModes)[number];

/** IEC 61851 bounds of a charging current per phase, A; the grid's nominal phase voltage, V. */
export const chargingLimits = {
  minCurrentA: 6,
  maxCurrentA: 32,
  phaseVoltageV: 230,
  /** Targets: energy, car SOC and capacity. */
  maxEnergyKwh: 200,
  minSocPct: 10,
  maxSocPct: 100,
  minCapacityKwh: 5,
  maxCapacityKwh: 200,
  /** A one-off override's departure: at most this far ahead. */
  overrideMaxDays: 7,
  /** Weekly targets a plan has at most (one per weekday). */
  weeklyTargets: 7,
} as const;

const current = z
  .number({ error: 'validation.invalidValue' })
  .int({ error: 'validation.chargingCurrent' })
  .min(chargingLimits.minCurrentA, { error: 'validation.chargingCurrent' })
  .max(chargingLimits.maxCurrentA, { error: 'validation.chargingCurrent' });

const energyKwh = z
  .number({ error: 'validation.invalidValue' })
  .min(0.5, { error: 'validation.chargingEnergy' })
  .max(chargingLimits.maxEnergyKwh, { error: 'validation.chargingEnergy' })
  .multipleOf(0.1, { error: 'validation.chargingEnergy' });

const socPct = z
  .number({ error: 'validation.invalidValue' })
  .int({ error: 'validation.chargingSoc' })
  .min(chargingLimits.minSocPct, { error: 'validation.chargingSoc' })
  .max(chargingLimits.maxSocPct, { error: 'validation.chargingSoc' });

/** What the car should have by departure: an energy, or a car SOC (the plan then needs the car's capacity). */
const targetAmount = {
  energy_kwh: energyKwh.nullable().default(null),
  soc_pct: socPct.nullable().default(null),
};

/** A weekly target: on these ISO weekdays (1 Monday … 7 Sunday), by `departure` local time. */
export const weeklyTarget = z.object(
  {
    days: z
      .array(
        z
          .number({ error: 'validation.invalidValue' })
          .int({ error: 'validation.invalidValue' })
          .min(1, { error: 'validation.invalidValue' })
          .max(7, { error: 'validation.invalidValue' }),
        { error: 'validation.weekdaysRequired' },
      )
      .min(1, { error: 'validation.weekdaysRequired' })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    departure: timeOfDay,
    ...targetAmount,
  },
  { error: 'validation.invalidValue' },
);
export type WeeklyTarget = z.output<typeof weeklyTarget>;

/** A one-off target ("full by 7:00 tomorrow"): an instant (ISO 8601 with offset) and an amount. */
export const overrideTarget = z.object(
  {
    departure_at: z.iso.datetime({ offset: true, error: 'validation.chargingDeparture' }),
    ...targetAmount,
  },
  { error: 'validation.invalidValue' },
);
export type OverrideTarget = z.output<typeof overrideTarget>;

/** A plan's shape, without the rules between its parts (stored plans are read with it). */
export const chargingPlanShape = z.object(
  {
    mode: z.enum(chargingModes, { error: 'validation.invalidValue' }),
    min_current_a: current,
    max_current_a: current,
    phases: z.enum(phaseModes, { error: 'validation.invalidValue' }),
    /** The car's usable capacity, kWh: needed by SOC targets. */
    car_capacity_kwh: z
      .number({ error: 'validation.invalidValue' })
      .min(chargingLimits.minCapacityKwh, { error: 'validation.carCapacity' })
      .max(chargingLimits.maxCapacityKwh, { error: 'validation.carCapacity' })
      .nullable()
      .default(null),
    weekly: z
      .array(weeklyTarget, { error: 'validation.invalidValue' })
      .max(chargingLimits.weeklyTargets, { error: 'validation.invalidValue' })
      .default([]),
    override: overrideTarget.nullable().default(null),
  },
  { error: 'validation.invalidValue' },
);
export type ChargingPlan = z.output<typeof chargingPlanShape>;

/** The plan a charger has before anyone saves one: PV surplus, 6–16 A, phases switched as needed. */
export const defaultChargingPlan: ChargingPlan = {
  mode: 'pv',
  min_current_a: 6,
  max_current_a: 16,
  phases: 'auto',
  car_capacity_kwh: null,
  weekly: [],
  override: null,
};

/** Why a plan is refused: a dotted field and a validation message key. */
export interface ChargingPlanIssue {
  field: string;
  message: Extract<
    ValidationMessageKey,
    | 'validation.chargingCurrentOrder'
    | 'validation.chargingTargetAmount'
    | 'validation.carCapacityRequired'
    | 'validation.weekdayRepeated'
    | 'validation.chargingTargetRequired'
    | 'validation.chargingDeparture'
  >;
}

function amountIssues(
  target: { energy_kwh: number | null; soc_pct: number | null },
  at: string,
  plan: ChargingPlan,
): ChargingPlanIssue[] {
  if ((target.energy_kwh === null) === (target.soc_pct === null))
    return [{ field: `${at}.energy_kwh`, message: 'validation.chargingTargetAmount' }];
  if (target.soc_pct !== null && plan.car_capacity_kwh === null)
    return [{ field: 'car_capacity_kwh', message: 'validation.carCapacityRequired' }];
  return [];
}

/**
 * The rules between a plan's parts (its shape checked first): the minimum current is not above the
 * maximum; each target asks exactly one of energy and SOC, and a SOC target needs the car's capacity;
 * no weekday is in two weekly targets; `scheduled` needs a target; an override departs after `nowMs`
 * and within `overrideMaxDays`.
 */
export function chargingPlanIssues(plan: ChargingPlan, nowMs: number): ChargingPlanIssue[] {
  const issues: ChargingPlanIssue[] = [];
  if (plan.min_current_a > plan.max_current_a)
    issues.push({ field: 'min_current_a', message: 'validation.chargingCurrentOrder' });
  const seen = new Set<number>();
  plan.weekly.forEach((target, index) => {
    issues.push(...amountIssues(target, `weekly.${index}`, plan));
    if (target.days.some((day) => seen.has(day)))
      issues.push({ field: `weekly.${index}.days`, message: 'validation.weekdayRepeated' });
    for (const day of target.days) seen.add(day);
  });
  if (plan.override) {
    issues.push(...amountIssues(plan.override, 'override', plan));
    const departs = Date.parse(plan.override.departure_at);
    if (!(departs > nowMs && departs <= nowMs + chargingLimits.overrideMaxDays * 86_400_000))
      issues.push({ field: 'override.departure_at', message: 'validation.chargingDeparture' });
  }
  if (plan.mode === 'scheduled' && plan.weekly.length === 0 && !plan.override)
    issues.push({ field: 'weekly', message: 'validation.chargingTargetRequired' });
  // The same field named twice (two SOC targets without a capacity) is said once.
  return issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
}

/**
 * A plan's shape and its rules, as a call's body field (checked against the time of the call). The
 * rules run even when some field is wrong, so a form shows every problem at once; a field its shape
 * already refuses (a departure without its offset) is not refused a second time.
 */
export const validChargingPlan = chargingPlanShape.superRefine((plan, ctx) => {
  const refused = new Set(ctx.issues.map((issue) => (issue.path ?? []).join('.')));
  for (const issue of chargingPlanIssues(plan, Date.now()))
    if (!refused.has(issue.field))
      ctx.addIssue({ code: 'custom', path: issue.field.split('.').map(pathPart), message: issue.message });
});

function pathPart(part: string): string | number {
  return /^\d+$/.test(part) ? Number(part) : part;
}

/** The powers a charger can draw, W: one phase, or three (`auto` either); nothing in between them. */
export interface PowerLimits {
  /** Feasible ranges, ascending: [min, max] per phase count the plan allows. */
  ranges: readonly (readonly [number, number])[];
  minW: number;
  maxW: number;
}

export function powerLimits(
  plan: Pick<ChargingPlan, 'min_current_a' | 'max_current_a' | 'phases'>,
): PowerLimits {
  const volts = chargingLimits.phaseVoltageV;
  const range = (phases: number) =>
    [plan.min_current_a * volts * phases, plan.max_current_a * volts * phases] as const;
  const ranges = plan.phases === '1p' ? [range(1)] : plan.phases === '3p' ? [range(3)] : [range(1), range(3)];
  return { ranges, minW: ranges[0]![0], maxW: ranges[ranges.length - 1]![1] };
}

/** The highest power the charger can draw that is not above `powerW`; 0 below its minimum. */
export function feasiblePower(limits: PowerLimits, powerW: number): number {
  let best = 0;
  for (const [min, max] of limits.ranges) if (powerW >= min) best = Math.max(best, Math.min(powerW, max));
  return best;
}

/** Whether a power is one the charger can draw (0, or within one of its ranges, to a milliwatt). */
export function isFeasiblePower(limits: PowerLimits, powerW: number): boolean {
  return powerW === 0 || limits.ranges.some(([min, max]) => powerW >= min - 1e-3 && powerW <= max + 1e-3);
}

/** The target in force at `nowMs`: the override until it departs, else the next weekly departure. */
export interface ActiveTarget {
  source: 'override' | 'weekly';
  departureMs: number;
  energy_kwh: number | null;
  soc_pct: number | null;
}

/**
 * The instant local `day` reads `time` in `zone`. Midnight plus the minutes is right unless the
 * offset changes between them; then the wall clock it reads is set back to `time` (on `day` itself,
 * not a day on: a 23-hour day's 23:30 would otherwise fall on the next). A time the clocks skipped
 * (02:30 when 02:00 jumps to 03:00) is the instant it would have read had they not: as far past the
 * jump (03:30); a repeated time is its first reading.
 */
export function localInstant(day: string, time: string, zone: string): number {
  const minutes = minutesOf(time);
  const wall = (ms: number) => daysBetween(day, localDate(ms, zone)) * 1440 + minutesOf(localClock(ms, zone));
  const naive = startOfLocalDay(day, zone) + minutes * 60_000;
  const set = naive + (minutes - wall(naive)) * 60_000;
  return wall(set) === minutes ? set : naive;
}

/** The next weekly departure after `nowMs` in `zone` (within the next 8 local days), or null. */
function nextWeeklyDeparture(plan: ChargingPlan, nowMs: number, zone: string): ActiveTarget | null {
  const today = localDate(nowMs, zone);
  let best: ActiveTarget | null = null;
  for (let offset = 0; offset <= 7 && !best; offset++) {
    const day = addDays(today, offset);
    const weekday = weekdayOf(day);
    for (const target of plan.weekly) {
      if (!target.days.includes(weekday)) continue;
      const ms = localInstant(day, target.departure, zone);
      if (ms <= nowMs) continue;
      if (!best || ms < best.departureMs)
        best = { source: 'weekly', departureMs: ms, energy_kwh: target.energy_kwh, soc_pct: target.soc_pct };
    }
  }
  return best;
}

export function activeTarget(plan: ChargingPlan, nowMs: number, zone: string): ActiveTarget | null {
  if (plan.override) {
    const departureMs = Date.parse(plan.override.departure_at);
    if (departureMs > nowMs)
      return {
        source: 'override',
        departureMs,
        energy_kwh: plan.override.energy_kwh,
        soc_pct: plan.override.soc_pct,
      };
  }
  return nextWeeklyDeparture(plan, nowMs, zone);
}
