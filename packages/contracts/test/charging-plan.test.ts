import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeTarget,
  addDays,
  type ChargingPlan,
  chargingPlanIssues,
  chargingPlanShape,
  defaultChargingPlan,
  feasiblePower,
  isFeasiblePower,
  isValidationMessageKey,
  localClock,
  localDate,
  powerLimits,
  validChargingPlan,
  weekdayOf,
} from '../src/index.ts';
import { DAY_MS, HOUR_MS, nowArb, planArb, timeArb, wallInstant, zones } from './support/charging.ts';

/**
 * A charging plan's rules (charging/plan.ts): what a plan may be, what a charger can draw, and
 * which target is in force when, on the station's wall clock whatever the clocks do.
 */

const NOW = Date.parse('2025-06-10T10:00:00Z');

function plan(changes: Partial<ChargingPlan> = {}): ChargingPlan {
  return { ...defaultChargingPlan, ...changes };
}

const weekly = (
  days: number[],
  amount: { energy_kwh?: number | null; soc_pct?: number | null } = { energy_kwh: 20 },
) => ({
  days,
  departure: '07:00',
  energy_kwh: null,
  soc_pct: null,
  ...amount,
});

const override = (
  departureAt: string,
  amount: { energy_kwh?: number | null; soc_pct?: number | null } = { energy_kwh: 20 },
) => ({
  departure_at: departureAt,
  energy_kwh: null,
  soc_pct: null,
  ...amount,
});

/** The issues zod reports for a body, as field and message. */
function refusals(body: unknown): { field: string; message: string }[] {
  const parsed = validChargingPlan.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

describe('a plan’s rules', () => {
  it('has a valid default: PV surplus, 6–16 A, phases switched as needed', () => {
    expect(chargingPlanShape.parse({ ...defaultChargingPlan })).toEqual(defaultChargingPlan);
    expect(chargingPlanIssues(defaultChargingPlan, NOW)).toEqual([]);
    expect(validChargingPlan.safeParse(defaultChargingPlan).success).toBe(true);
    expect(
      validChargingPlan.parse({ mode: 'pv', min_current_a: 6, max_current_a: 16, phases: 'auto' }),
    ).toEqual(defaultChargingPlan);
  });

  it('refuses a minimum current above the maximum, on the minimum', () => {
    expect(chargingPlanIssues(plan({ min_current_a: 20, max_current_a: 10 }), NOW)).toEqual([
      { field: 'min_current_a', message: 'validation.chargingCurrentOrder' },
    ]);
    expect(chargingPlanIssues(plan({ min_current_a: 16, max_current_a: 16 }), NOW)).toEqual([]);
  });

  it('asks each target for exactly one of energy and SOC, named on its energy', () => {
    const both = plan({ weekly: [weekly([1], { energy_kwh: 20, soc_pct: 80 })], car_capacity_kwh: 60 });
    const neither = plan({ override: override('2025-06-11T07:00:00+02:00', {}) });
    expect(chargingPlanIssues(both, NOW)).toEqual([
      { field: 'weekly.0.energy_kwh', message: 'validation.chargingTargetAmount' },
    ]);
    expect(chargingPlanIssues(neither, NOW)).toEqual([
      { field: 'override.energy_kwh', message: 'validation.chargingTargetAmount' },
    ]);
  });

  it('asks the car’s capacity of a SOC target, once however many targets ask it', () => {
    const soc = plan({
      weekly: [weekly([1], { soc_pct: 80 }), weekly([2], { soc_pct: 90 })],
      override: override('2025-06-11T07:00:00+02:00', { soc_pct: 100 }),
    });
    expect(chargingPlanIssues(soc, NOW)).toEqual([
      { field: 'car_capacity_kwh', message: 'validation.carCapacityRequired' },
    ]);
    expect(chargingPlanIssues({ ...soc, car_capacity_kwh: 60 }, NOW)).toEqual([]);
  });

  it('refuses a weekday in two weekly targets, on the later one’s days', () => {
    const repeated = plan({ weekly: [weekly([1, 2, 3]), weekly([4]), weekly([5, 3])] });
    expect(chargingPlanIssues(repeated, NOW)).toEqual([
      { field: 'weekly.2.days', message: 'validation.weekdayRepeated' },
    ]);
    // One target naming a weekday twice is one weekday: the shape keeps it once.
    expect(validChargingPlan.parse(plan({ weekly: [weekly([3, 1, 3])] })).weekly[0]!.days).toEqual([1, 3]);
  });

  it('asks scheduled charging for a target, weekly or one-off', () => {
    expect(chargingPlanIssues(plan({ mode: 'scheduled' }), NOW)).toEqual([
      { field: 'weekly', message: 'validation.chargingTargetRequired' },
    ]);
    expect(chargingPlanIssues(plan({ mode: 'scheduled', weekly: [weekly([1])] }), NOW)).toEqual([]);
    expect(
      chargingPlanIssues(plan({ mode: 'scheduled', override: override('2025-06-11T07:00:00+02:00') }), NOW),
    ).toEqual([]);
  });

  it('refuses an override departing now or before, or more than 7 days ahead', () => {
    const at = (ms: number) => plan({ override: override(new Date(ms).toISOString()) });
    const refused = [{ field: 'override.departure_at', message: 'validation.chargingDeparture' }];
    expect(chargingPlanIssues(at(NOW - 60_000), NOW)).toEqual(refused);
    expect(chargingPlanIssues(at(NOW), NOW)).toEqual(refused);
    expect(chargingPlanIssues(at(NOW + 1), NOW)).toEqual([]);
    expect(chargingPlanIssues(at(NOW + 7 * DAY_MS), NOW)).toEqual([]);
    expect(chargingPlanIssues(at(NOW + 7 * DAY_MS + 1), NOW)).toEqual(refused);
  });

  it('as a call’s field, reports each rule at its path and each bound with its key', () => {
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    expect(
      refusals(plan({ min_current_a: 20, max_current_a: 10, weekly: [weekly([1]), weekly([1])] })),
    ).toEqual([
      { field: 'min_current_a', message: 'validation.chargingCurrentOrder' },
      { field: 'weekly.1.days', message: 'validation.weekdayRepeated' },
    ]);
    expect(refusals(plan({ override: override(tomorrow, { soc_pct: 80 }) }))).toEqual([
      { field: 'car_capacity_kwh', message: 'validation.carCapacityRequired' },
    ]);
    expect(refusals(plan({ min_current_a: 5, max_current_a: 33 }))).toEqual([
      { field: 'min_current_a', message: 'validation.chargingCurrent' },
      { field: 'max_current_a', message: 'validation.chargingCurrent' },
    ]);
    expect(refusals(plan({ max_current_a: 16.5 }))).toEqual([
      { field: 'max_current_a', message: 'validation.chargingCurrent' },
    ]);
    for (const energy of [0.4, 200.1, 20.05])
      expect(refusals(plan({ weekly: [weekly([1], { energy_kwh: energy })] }))).toEqual([
        { field: 'weekly.0.energy_kwh', message: 'validation.chargingEnergy' },
      ]);
    for (const energy of [0.5, 20.1, 200])
      expect(refusals(plan({ weekly: [weekly([1], { energy_kwh: energy })] }))).toEqual([]);
    expect(refusals(plan({ car_capacity_kwh: 60, weekly: [weekly([1], { soc_pct: 5 })] }))).toEqual([
      { field: 'weekly.0.soc_pct', message: 'validation.chargingSoc' },
    ]);
    expect(refusals(plan({ car_capacity_kwh: 4 }))).toEqual([
      { field: 'car_capacity_kwh', message: 'validation.carCapacity' },
    ]);
    expect(refusals(plan({ weekly: [{ ...weekly([]) }] }))).toEqual([
      { field: 'weekly.0.days', message: 'validation.weekdaysRequired' },
    ]);
    expect(refusals(plan({ weekly: [{ ...weekly([1]), departure: '7:00' }] }))).toEqual([
      { field: 'weekly.0.departure', message: 'validation.timeFormat' },
    ]);
    expect(refusals(plan({ override: override('2025-06-11T07:00:00') }))).toEqual([
      { field: 'override.departure_at', message: 'validation.chargingDeparture' },
    ]);
    expect(refusals({ ...plan(), mode: 'turbo', phases: '2p' })).toEqual([
      { field: 'mode', message: 'validation.invalidValue' },
      { field: 'phases', message: 'validation.invalidValue' },
    ]);
  });

  it('refuses anything malformed with a translated key, once per field, never failing itself', () => {
    expect(refusals({ ...plan(), override: 5, weekly: [null] })).toEqual([
      { field: 'weekly.0', message: 'validation.invalidValue' },
      { field: 'override', message: 'validation.invalidValue' },
    ]);
    expect(refusals('fast')).toEqual([{ field: '', message: 'validation.invalidValue' }]);
    const paths = fc.constantFrom(
      ['mode'],
      ['min_current_a'],
      ['max_current_a'],
      ['phases'],
      ['car_capacity_kwh'],
      ['weekly'],
      ['weekly', 0],
      ['weekly', 0, 'days'],
      ['weekly', 0, 'days', 0],
      ['weekly', 0, 'departure'],
      ['weekly', 0, 'energy_kwh'],
      ['weekly', 0, 'soc_pct'],
      ['override'],
      ['override', 'departure_at'],
      ['override', 'soc_pct'],
    );
    const spoiled = fc
      .record({ base: planArb(Date.now()), path: paths, value: fc.jsonValue() })
      .map(({ base, path, value }) => {
        const body: Record<string | number, unknown> = structuredClone({
          ...base,
          weekly: base.weekly.length > 0 ? base.weekly : [weekly([1])],
          override: base.override ?? override(new Date(Date.now() + DAY_MS).toISOString()),
        });
        let at = body;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path.at(-1)!] = value;
        return body;
      });
    fc.assert(
      fc.property(spoiled, (body) => {
        const found = refusals(body);
        for (const issue of found) expect(isValidationMessageKey(issue.message), issue.message).toBe(true);
        // One message a field (a number both fractional and too low may be told so twice, in the same words).
        const messages = new Set(found.map((issue) => `${issue.field} ${issue.message}`));
        expect(new Set(found.map((issue) => issue.field)).size).toBe(messages.size);
      }),
      { numRuns: 500 },
    );
  });

  it('takes every plan that keeps the rules', () => {
    fc.assert(
      fc.property(
        fc.constant(null).chain(() => planArb(Date.now())),
        (drawn) => {
          expect(chargingPlanIssues(drawn, Date.now())).toEqual([]);
          expect(refusals(drawn)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('what a charger can draw', () => {
  it('from 6 A on one phase to 32 A on three, with `auto` either and nothing between them', () => {
    expect(powerLimits({ min_current_a: 6, max_current_a: 16, phases: '1p' })).toEqual({
      ranges: [[1380, 3680]],
      minW: 1380,
      maxW: 3680,
    });
    expect(powerLimits({ min_current_a: 6, max_current_a: 16, phases: '3p' })).toEqual({
      ranges: [[4140, 11040]],
      minW: 4140,
      maxW: 11040,
    });
    const auto = powerLimits({ min_current_a: 6, max_current_a: 16, phases: 'auto' });
    expect(auto).toEqual({
      ranges: [
        [1380, 3680],
        [4140, 11040],
      ],
      minW: 1380,
      maxW: 11040,
    });
    expect([1000, 1380, 3000, 3900, 4140, 9000, 20_000].map((w) => feasiblePower(auto, w))).toEqual([
      0, 1380, 3000, 3680, 4140, 9000, 11040,
    ]);
    expect(
      [0, 1379, 1380, 3680, 3681, 4139, 4140, 11040, 11041].map((w) => isFeasiblePower(auto, w)),
    ).toEqual([true, false, true, true, false, false, true, true, false]);
  });

  it('draws the highest feasible power not above what is offered', () => {
    const currents = fc
      .tuple(fc.integer({ min: 6, max: 32 }), fc.integer({ min: 6, max: 32 }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)]);
    fc.assert(
      fc.property(
        currents,
        fc.constantFrom('1p', '3p', 'auto') as fc.Arbitrary<'1p' | '3p' | 'auto'>,
        fc.double({ min: 0, max: 30_000, noNaN: true }),
        ([min, max], phases, offered) => {
          const limits = powerLimits({ min_current_a: min!, max_current_a: max!, phases });
          const drawn = feasiblePower(limits, offered);
          expect(isFeasiblePower(limits, drawn)).toBe(true);
          expect(drawn).toBeLessThanOrEqual(Math.min(offered, limits.maxW));
          // Nothing feasible lies between what is drawn and what is offered.
          for (const [low, high] of limits.ranges)
            if (low <= offered) expect(drawn).toBeGreaterThanOrEqual(Math.min(high, offered));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the target in force', () => {
  it('is the override until it departs, then the next weekly departure', () => {
    const zone = 'Europe/Warsaw';
    // 2025-06-10 is a Tuesday; 12:00 in Warsaw.
    const withBoth = plan({
      weekly: [weekly([2, 3], { energy_kwh: 10 })],
      override: override('2025-06-11T09:00:00+02:00', { energy_kwh: 30 }),
    });
    expect(activeTarget(withBoth, NOW, zone)).toEqual({
      source: 'override',
      departureMs: Date.parse('2025-06-11T07:00:00Z'),
      energy_kwh: 30,
      soc_pct: null,
    });
    // The weekly 07:00 on Wednesday comes before the override's 09:00: the override still wins.
    const departed = Date.parse('2025-06-11T07:00:00Z');
    expect(activeTarget(withBoth, departed, zone)).toEqual({
      source: 'weekly',
      departureMs: Date.parse('2025-06-17T05:00:00Z'),
      energy_kwh: 10,
      soc_pct: null,
    });
    expect(activeTarget(plan(), NOW, zone)).toBeNull();
  });

  it('departs weekly on the right local weekday and wall clock, whatever the clocks do', () => {
    const input = nowArb.chain((nowMs) =>
      fc.record({
        nowMs: fc.constant(nowMs),
        zone: fc.constantFrom(...zones),
        targets: fc
          .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
          .chain((days) =>
            fc.tuple(...days.map((day) => fc.record({ day: fc.constant(day), departure: timeArb }))),
          ),
        override: fc.option(fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS })),
      }),
    );
    fc.assert(
      fc.property(input, ({ nowMs, zone, targets, override: overrideIn }) => {
        const drawn = plan({
          weekly: targets.map(({ day, departure }) => ({ ...weekly([day], { energy_kwh: day }), departure })),
          override:
            overrideIn === null
              ? null
              : override(new Date(nowMs + overrideIn).toISOString(), { energy_kwh: 99 }),
        });
        const found = activeTarget(drawn, nowMs, zone)!;
        if (overrideIn !== null && overrideIn > 0) {
          expect(found).toMatchObject({
            source: 'override',
            departureMs: nowMs + overrideIn,
            energy_kwh: 99,
          });
          return;
        }
        // The first weekly departure after now, each day's read by Temporal on the station's wall clock.
        const today = localDate(nowMs, zone);
        const candidates = Array.from({ length: 9 }, (_, offset) => addDays(today, offset)).flatMap((day) =>
          targets
            .filter((target) => target.day === weekdayOf(day))
            .map((target) => ({ ms: wallInstant(day, target.departure, zone), target, day })),
        );
        const next = candidates.filter(({ ms }) => ms > nowMs).sort((a, b) => a.ms - b.ms)[0]!;
        expect(found).toMatchObject({ source: 'weekly', departureMs: next.ms, energy_kwh: next.target.day });
        expect(localDate(found.departureMs, zone)).toBe(next.day);
        expect(weekdayOf(localDate(found.departureMs, zone))).toBe(next.target.day);
        // The wall clock reads the departure, unless the clocks skipped it that day.
        if (localClock(next.ms, zone) === next.target.departure)
          expect(localClock(found.departureMs, zone)).toBe(next.target.departure);
        expect(found.departureMs - nowMs).toBeLessThanOrEqual(8 * DAY_MS + HOUR_MS);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps 07:00, 23:30 and a skipped 02:30 on their day when the clocks change', () => {
    const at = (zone: string, day: number, departure: string, nowIso: string) =>
      activeTarget(plan({ weekly: [{ ...weekly([day]), departure }] }), Date.parse(nowIso), zone)!
        .departureMs;
    // Warsaw, Sunday 2025-03-30: 02:00 CET becomes 03:00 CEST; a 23-hour day.
    expect(at('Europe/Warsaw', 7, '07:00', '2025-03-29T12:00:00Z')).toBe(Date.parse('2025-03-30T05:00:00Z'));
    expect(at('Europe/Warsaw', 7, '23:30', '2025-03-29T12:00:00Z')).toBe(Date.parse('2025-03-30T21:30:00Z'));
    expect(at('Europe/Warsaw', 7, '02:30', '2025-03-29T12:00:00Z')).toBe(Date.parse('2025-03-30T01:30:00Z'));
    // Warsaw, Sunday 2025-10-26: 03:00 CEST becomes 02:00 CET; 02:30 is read twice, the first time counts.
    expect(at('Europe/Warsaw', 7, '02:30', '2025-10-25T12:00:00Z')).toBe(Date.parse('2025-10-26T00:30:00Z'));
    expect(at('Europe/Warsaw', 7, '07:00', '2025-10-25T12:00:00Z')).toBe(Date.parse('2025-10-26T06:00:00Z'));
    // Santiago, Sunday 2025-09-07: midnight −04 becomes 01:00 −03; 00:30 does not exist and is 01:30.
    expect(at('America/Santiago', 7, '00:30', '2025-09-06T12:00:00Z')).toBe(
      Date.parse('2025-09-07T04:30:00Z'),
    );
    expect(at('America/Santiago', 7, '07:00', '2025-09-06T12:00:00Z')).toBe(
      Date.parse('2025-09-07T10:00:00Z'),
    );
    // Kolkata has no clock changes and is 5:30 ahead.
    expect(at('Asia/Kolkata', 2, '07:00', '2025-06-09T12:00:00Z')).toBe(Date.parse('2025-06-10T01:30:00Z'));
  });
});
