import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import {
  type ChargingPlan,
  chargingLimits,
  chargingModes,
  type ForecastHour,
  type PlannedSlot,
  type PlannerInput,
  phaseModes,
  SLOT_MS,
  type Tariff,
  type TariffPeriod,
  tariffBands,
} from '../../src/index.ts';

/**
 * What the charging tests draw from: plans, tariffs, forecasts and moments as stations have them,
 * around the days the clocks change in the zones the product serves, and the few rules the tests
 * check the planner against, written from the product's words rather than from the planner.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const zones = ['Europe/Warsaw', 'America/Santiago', 'Asia/Kolkata', 'UTC'] as const;

/** Instants the clocks change: Warsaw forward and back, Santiago back and forward (at its midnight). */
export const clockChanges = [
  Date.parse('2025-03-30T01:00:00Z'),
  Date.parse('2025-10-26T01:00:00Z'),
  Date.parse('2025-04-06T03:00:00Z'),
  Date.parse('2025-09-07T04:00:00Z'),
];

/** A moment: near a clock change (up to 40 hours before it), any moment of 2024–2026, or a quarter hour. */
export const nowArb: fc.Arbitrary<number> = fc.oneof(
  fc
    .tuple(fc.constantFrom(...clockChanges), fc.integer({ min: -40 * HOUR_MS, max: 12 * HOUR_MS }))
    .map(([at, shift]) => at + shift),
  fc
    .date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.getTime()),
  fc
    .tuple(fc.constantFrom(...clockChanges), fc.integer({ min: -160, max: 48 }))
    .map(([at, quarters]) => at + quarters * SLOT_MS),
);

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time, often one the clocks skip or repeat on a change day. */
export const timeArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${two(h)}:${two(m)}`),
  fc.constantFrom('00:00', '00:30', '02:00', '02:30', '07:00', '23:00', '23:30'),
);

type Amount = { energy_kwh: number; soc_pct: null } | { energy_kwh: null; soc_pct: number };

const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  fc.integer({ min: 5, max: 2000 }).map((tenths) => ({ energy_kwh: tenths / 10, soc_pct: null })),
  fc.integer({ min: chargingLimits.minSocPct, max: chargingLimits.maxSocPct }).map((pct) => ({
    energy_kwh: null,
    soc_pct: pct,
  })),
);

/**
 * A plan that keeps every rule between its parts at `nowMs`, of any mode, currents and phases, with
 * weekly targets (no weekday twice) and an override departing within 7 days, or neither.
 */
export function planArb(nowMs: number): fc.Arbitrary<ChargingPlan> {
  return fc
    .record({
      mode: fc.constantFrom(...chargingModes),
      currents: fc
        .tuple(
          fc.integer({ min: chargingLimits.minCurrentA, max: chargingLimits.maxCurrentA }),
          fc.integer({ min: chargingLimits.minCurrentA, max: chargingLimits.maxCurrentA }),
        )
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
      phases: fc.constantFrom(...phaseModes),
      capacity: fc.integer({ min: 50, max: 2000 }).map((tenths) => tenths / 10),
      withCapacity: fc.boolean(),
      // About half the plans have no target at all.
      weekly: fc
        .option(
          fc.array(
            fc.record({
              days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
              departure: timeArb,
              amount: amountArb,
            }),
            { minLength: 1, maxLength: 3 },
          ),
          { freq: 2 },
        )
        .map((targets) => targets ?? []),
      override: fc.option(
        fc.record({ inMs: fc.integer({ min: 60_000, max: 7 * DAY_MS - 3_600_000 }), amount: amountArb }),
        { freq: 2 },
      ),
    })
    .map((drawn): ChargingPlan => {
      const seen = new Set<number>();
      const weekly = drawn.weekly.flatMap((target) => {
        const days = target.days.filter((day) => !seen.has(day)).sort((a, b) => a - b);
        for (const day of days) seen.add(day);
        return days.length > 0 ? [{ days, departure: target.departure, ...target.amount }] : [];
      });
      const override = drawn.override
        ? { departure_at: new Date(nowMs + drawn.override.inMs).toISOString(), ...drawn.override.amount }
        : null;
      const needsCapacity = [...weekly, ...(override ? [override] : [])].some(
        (target) => target.soc_pct !== null,
      );
      return {
        mode: drawn.mode,
        min_current_a: drawn.currents[0],
        max_current_a: drawn.currents[1],
        phases: drawn.phases,
        car_capacity_kwh: needsCapacity || drawn.withCapacity ? drawn.capacity : null,
        weekly,
        override,
      };
    })
    .filter((plan) => plan.mode !== 'scheduled' || plan.weekly.length > 0 || plan.override !== null);
}

const hhmm = (minutes: number) =>
  minutes === 1440 ? '24:00' : `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/** A season's time sets: the day cut at some five-minute marks, each piece one band or uncovered. */
const periodsArb: fc.Arbitrary<TariffPeriod[]> = fc
  .record({
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 287 }), { minLength: 0, maxLength: 6 }),
    pieces: fc.array(
      fc.record({
        band: fc.option(fc.constantFrom(...tariffBands)),
        days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      }),
      { minLength: 7, maxLength: 7 },
    ),
  })
  .map(({ cuts, pieces }) => {
    const marks = [0, ...cuts.map((cut) => cut * 5).sort((a, b) => a - b), 1440];
    const periods: TariffPeriod[] = [];
    for (let index = 0; index + 1 < marks.length; index++) {
      const piece = pieces[index]!;
      if (piece.band === null) continue;
      const days = [...piece.days].sort((a, b) => a - b);
      periods.push({ band: piece.band, days, start: hhmm(marks[index]!), end: hhmm(marks[index + 1]!) });
    }
    // A season has at least one time set.
    return periods.length > 0
      ? periods
      : [{ band: 'valley' as const, days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: hhmm(marks[1]!) }];
  });

/** A valid tariff: one or two seasons, prices valley < shoulder < peak (four decimals). */
export const tariffArb: fc.Arbitrary<Tariff> = fc
  .record({
    firstMonths: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
    periods: fc.tuple(periodsArb, periodsArb),
    prices: fc.uniqueArray(fc.integer({ min: 0, max: 30_000 }), { minLength: 3, maxLength: 3 }),
    feedIn: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ firstMonths, periods, prices, feedIn }) => {
    const first = [...firstMonths].sort((a, b) => a - b);
    const rest = Array.from({ length: 12 }, (_, index) => index + 1).filter(
      (month) => !first.includes(month),
    );
    const [valley, shoulder, peak] = [...prices].sort((a, b) => a - b).map((price) => price / 10_000);
    return {
      seasons: [
        { name: 'A', months: first, periods: periods[0] },
        ...(rest.length > 0 ? [{ name: 'B', months: rest, periods: periods[1] }] : []),
      ],
      prices: { valley: valley!, shoulder: shoulder!, peak: peak! },
      feed_in_price: feedIn / 10_000,
    };
  });

/**
 * An hourly forecast from a few hours before `nowMs` (on the UTC hour or half past it), often dark,
 * its surplus at most its PV and sometimes below zero (the household draws more than PV gives).
 */
export function forecastArb(nowMs: number): fc.Arbitrary<ForecastHour[]> {
  const hour = fc.oneof(
    fc.constant({ pvW: 0, surplusW: 0 }),
    fc
      .record({
        pvW: fc.integer({ min: 0, max: 15_000 }),
        surplusW: fc.integer({ min: -2_000, max: 15_000 }),
      })
      .map(({ pvW, surplusW }) => ({ pvW, surplusW: Math.min(pvW, surplusW) })),
  );
  return fc
    .record({
      before: fc.integer({ min: 0, max: 3 }),
      half: fc.boolean(),
      hours: fc.array(hour, { maxLength: 60 }),
    })
    .map(({ before, half, hours }) => {
      const first = (Math.floor(nowMs / HOUR_MS) - before) * HOUR_MS + (half ? HOUR_MS / 2 : 0);
      return hours.map((figures, index) => ({ startMs: first + index * HOUR_MS, ...figures }));
    });
}

/** Everything the planner is asked with: any valid plan, tariff or none, forecast or none, any zone. */
export const plannerInputArb: fc.Arbitrary<PlannerInput> = nowArb.chain((nowMs) =>
  fc.record({
    nowMs: fc.constant(nowMs),
    zone: fc.constantFrom(...zones),
    plan: planArb(nowMs),
    deliveredWh: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40_000 })),
    carSocPct: fc.option(fc.integer({ min: 0, max: 100 })),
    tariff: fc.option(tariffArb),
    unitPrice: fc.option(fc.integer({ min: 0, max: 20_000 }).map((price) => price / 10_000)),
    forecast: fc.option(forecastArb(nowMs)),
  }),
);

/** The surplus the forecast expects at an instant, W (none outside it, none below zero). */
export function surplusAt(forecast: readonly ForecastHour[] | null, ms: number): number {
  const hour = forecast?.find((candidate) => ms >= candidate.startMs && ms < candidate.startMs + HOUR_MS);
  return Math.max(0, hour?.surplusW ?? 0);
}

export const hoursOf = (slot: Pick<PlannedSlot, 'startMs' | 'endMs'>) =>
  (slot.endMs - slot.startMs) / HOUR_MS;

/** The instant local `day` reads `time` in `zone`, as Temporal resolves it (a skipped time: as far past the gap). */
export function wallInstant(day: string, time: string, zone: string): number {
  return Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(zone, { disambiguation: 'compatible' })
    .epochMilliseconds;
}
