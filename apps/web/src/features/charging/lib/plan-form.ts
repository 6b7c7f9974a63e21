import {
  addDays,
  type ChargingMode,
  type ChargingPlan,
  chargingPlanIssues,
  chargingPlanShape,
  HH_MM,
  isLocalDate,
  isValidationMessageKey,
  localClock,
  localDate,
  localInstant,
  type PhaseMode,
  type ValidationMessageKey,
} from '@helio/contracts';

/**
 * The plan form's values and their check. The check is the contracts' own: the plan's shape
 * (`chargingPlanShape`: currents 6–32 A, energies, SOCs, capacity, HH:mm departures) and
 * `chargingPlanIssues` (minimum not above maximum, one amount per target, capacity for a SOC
 * target, no weekday twice, a target for scheduled charging, an override ahead within 7 days),
 * the rule the server applies. Each problem is keyed by the form field that shows it.
 *
 * A target asks an energy or a car SOC: the form keeps both numbers and a choice between them, and
 * sends the chosen one only. An override is typed as a date and a time in the station's zone.
 */

export type AmountKind = 'energy' | 'soc';

interface AmountValues {
  amount: AmountKind;
  energy_kwh: number | null;
  soc_pct: number | null;
}

export interface WeeklyValues extends AmountValues {
  days: number[];
  departure: string;
}

export interface OverrideValues extends AmountValues {
  /** The station's local date (YYYY-MM-DD) and time (HH:mm) of departure. */
  date: string;
  time: string;
}

export interface PlanFormValues {
  mode: ChargingMode;
  min_current_a: number | null;
  max_current_a: number | null;
  phases: PhaseMode;
  car_capacity_kwh: number | null;
  weekly: WeeklyValues[];
  /** The one-off target is on; its values are kept while it is off. */
  use_override: boolean;
  override: OverrideValues;
}

export const WORKDAYS = [1, 2, 3, 4, 5];
/** "By 7:00": the departure a new target starts from. */
const MORNING = '07:00';

const amountOf = (target: { energy_kwh: number | null; soc_pct: number | null }): AmountValues => ({
  amount: target.soc_pct !== null ? 'soc' : 'energy',
  energy_kwh: target.energy_kwh,
  soc_pct: target.soc_pct,
});

/** A new weekly target: workdays by 7:00, with an energy to fill in. */
export function newWeekly(): WeeklyValues {
  return { days: [...WORKDAYS], departure: MORNING, amount: 'energy', energy_kwh: null, soc_pct: null };
}

/** A one-off target: a choice among the quick ones, or a date and time typed. */
export interface QuickChoice {
  key: 'fullTomorrow' | 'energyTomorrow' | 'fullTonight';
  date: string;
  time: string;
  amount: AmountKind;
  energy_kwh: number | null;
  soc_pct: number | null;
}

/** "Full by 7:00 tomorrow", "20 kWh by 7:00 tomorrow" and, before 17:00, "full by 18:00 today". */
export function quickChoices(zone: string, nowMs: number): QuickChoice[] {
  const today = localDate(nowMs, zone);
  const tomorrow = addDays(today, 1);
  const choices: QuickChoice[] = [
    { key: 'fullTomorrow', date: tomorrow, time: MORNING, amount: 'soc', energy_kwh: null, soc_pct: 100 },
    { key: 'energyTomorrow', date: tomorrow, time: MORNING, amount: 'energy', energy_kwh: 20, soc_pct: null },
  ];
  if (localClock(nowMs, zone) < '17:00')
    choices.push({
      key: 'fullTonight',
      date: today,
      time: '18:00',
      amount: 'soc',
      energy_kwh: null,
      soc_pct: 100,
    });
  return choices;
}

/** The form's values of a plan; an override that has already departed is not carried over. */
export function formValuesOf(plan: ChargingPlan, zone: string, nowMs: number): PlanFormValues {
  const override = plan.override;
  const overrideMs = override ? Date.parse(override.departure_at) : Number.NaN;
  const fresh = quickChoices(zone, nowMs)[0]!;
  return {
    mode: plan.mode,
    min_current_a: plan.min_current_a,
    max_current_a: plan.max_current_a,
    phases: plan.phases,
    car_capacity_kwh: plan.car_capacity_kwh,
    weekly: plan.weekly.map((target) => ({
      days: [...target.days],
      departure: target.departure,
      ...amountOf(target),
    })),
    use_override: override !== null && overrideMs > nowMs,
    override:
      override && overrideMs > nowMs
        ? { date: localDate(overrideMs, zone), time: localClock(overrideMs, zone), ...amountOf(override) }
        : { date: fresh.date, time: fresh.time, ...amountOf(fresh) },
  };
}

/**
 * The instant a local date and time name in the station's zone (ISO 8601; the contracts' reading,
 * right on a day the clocks change), '' while either is unfinished.
 */
export function departureAt(date: string, time: string, zone: string): string {
  const clock = time.trim();
  if (!isLocalDate(date) || !HH_MM.test(clock)) return '';
  return new Date(localInstant(date, clock, zone)).toISOString();
}

const chosen = (values: Partial<AmountValues> | undefined) => ({
  energy_kwh: values?.amount !== 'soc' ? (values?.energy_kwh ?? null) : null,
  soc_pct: values?.amount === 'soc' ? (values?.soc_pct ?? null) : null,
});

/** The plan the values make, however unfinished (for the contracts' shape and rules). */
function candidate(values: Partial<PlanFormValues>, zone: string) {
  const override = values.override;
  return {
    mode: values.mode,
    min_current_a: values.min_current_a ?? null,
    max_current_a: values.max_current_a ?? null,
    phases: values.phases,
    car_capacity_kwh: values.car_capacity_kwh ?? null,
    weekly: (values.weekly ?? []).map((target) => ({
      days: Array.isArray(target?.days) ? target.days : [],
      departure: (target?.departure ?? '').trim(),
      ...chosen(target),
    })),
    override: values.use_override
      ? { departure_at: departureAt(override?.date ?? '', override?.time ?? '', zone), ...chosen(override) }
      : null,
  };
}

/** The form field that shows a problem the plan's check names (dotted). */
function formField(field: string, values: Partial<PlanFormValues>): string {
  const parts = field.split('.');
  // scheduled charging without any target: said at the mode that asks for one
  if (field === 'weekly') return 'mode';
  if (parts[0] === 'weekly' && parts.length >= 3) {
    const [, index, name] = parts;
    if (name === 'energy_kwh' || name === 'soc_pct') {
      const amount = values.weekly?.[Number(index)]?.amount;
      return `weekly.${index}.${amount === 'soc' ? 'soc_pct' : 'energy_kwh'}`;
    }
    return `weekly.${index}.${name}`;
  }
  if (parts[0] === 'override' && parts.length >= 2) {
    if (parts[1] === 'departure_at') {
      const override = values.override;
      return isLocalDate(override?.date ?? '') && !HH_MM.test((override?.time ?? '').trim())
        ? 'override.time'
        : 'override.date';
    }
    return values.override?.amount === 'soc' ? 'override.soc_pct' : 'override.energy_kwh';
  }
  return parts[0] ?? field;
}

/**
 * The problems of the values by form field (dotted), each a validation message key: the shape's
 * first, then the plan's rules' (one per field, the first found).
 */
export function planProblems(
  values: Partial<PlanFormValues>,
  zone: string,
  nowMs: number,
): Map<string, ValidationMessageKey> {
  const problems = new Map<string, ValidationMessageKey>();
  const add = (field: string, key: ValidationMessageKey) => {
    const shown = formField(field, values);
    if (!problems.has(shown)) problems.set(shown, key);
  };
  const rough = candidate(values, zone);
  const shape = chargingPlanShape.safeParse(rough);
  if (!shape.success)
    for (const issue of shape.error.issues)
      add(
        issue.path.join('.'),
        isValidationMessageKey(issue.message) ? issue.message : 'validation.invalidValue',
      );
  const plan = shape.success ? shape.data : (rough as unknown as ChargingPlan);
  for (const issue of chargingPlanIssues(plan, nowMs)) add(issue.field, issue.message);
  return problems;
}

/** The plan the values make, or undefined while they have a problem. */
export function planOf(
  values: Partial<PlanFormValues>,
  zone: string,
  nowMs: number,
): ChargingPlan | undefined {
  const shape = chargingPlanShape.safeParse(candidate(values, zone));
  if (!shape.success || chargingPlanIssues(shape.data, nowMs).length > 0) return undefined;
  return shape.data;
}
