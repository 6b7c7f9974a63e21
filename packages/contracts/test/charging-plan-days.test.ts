import { describe, expect, it } from 'vitest';
import {
  type ChargingPlan,
  chargingWindows,
  defaultChargingPlan,
  type ForecastHour,
  localClock,
  type PlannerInput,
  planCharging,
  plannedHours,
  type Tariff,
  type TariffPeriod,
} from '../src/index.ts';

/**
 * Days of a Warsaw household with a wallbox, worked by hand (the comments show the sums) and
 * planned by the charging planner (charging/planner.ts). Currents are per phase at 230 V:
 * 6–16 A on one phase is 1380–3680 W, on three 4140–11040 W; a quarter hour at 11040 W is 2760 Wh.
 */

const zone = 'Europe/Warsaw';
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const at = (iso: string) => Date.parse(iso);
/** A weekly target: `kwh` by 07:00 on ISO weekday `day`. */
const by7 = (day: number, kwh: number) => ({
  days: [day],
  departure: '07:00',
  energy_kwh: kwh,
  soc_pct: null,
});

function tariff(periods: Omit<TariffPeriod, 'days'>[], prices: Tariff['prices']): Tariff {
  return {
    seasons: [
      {
        name: 'All year',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        periods: periods.map((p) => ({ ...p, days: everyDay })),
      },
    ],
    prices,
    feed_in_price: 0.2,
  };
}

/** Peak 17:00–21:00 at 1.20, a valley at 0.50, shoulder otherwise at 0.90. */
const eveningPeak = (valleyStart: string, valleyEnd: string) =>
  tariff(
    [
      { band: 'valley', start: valleyStart, end: valleyEnd },
      { band: 'peak', start: '17:00', end: '21:00' },
    ],
    { valley: 0.5, shoulder: 0.9, peak: 1.2 },
  );

function input(plan: Partial<ChargingPlan>, rest: Partial<PlannerInput> & { nowMs: number }): PlannerInput {
  return {
    zone,
    plan: { ...defaultChargingPlan, ...plan },
    deliveredWh: 0,
    carSocPct: null,
    tariff: null,
    unitPrice: null,
    forecast: null,
    ...rest,
  };
}

/** Scheduled charging on three phases, 6–16 A, without a forecast: `kwh` by 07:00 on weekday `day`. */
const scheduledBy7 = (day: number, kwh: number, nowIso: string, prices: Tariff) =>
  planCharging(
    input(
      { mode: 'scheduled', phases: '3p', weekly: [by7(day, kwh)] },
      { nowMs: at(nowIso), tariff: prices },
    ),
  );

/** Windows as local wall-clock times and powers. */
const windowsOf = (result: ReturnType<typeof planCharging>) =>
  chargingWindows(result).map((w) => [localClock(w.startMs, zone), localClock(w.endMs, zone), w.powerW]);

describe('hand-worked charging days', () => {
  it('(a) PV surplus, at least 20 kWh by 07:00: the sun first, the rest at the start of the valley', () => {
    // Tuesday 2025-06-10, 12:00 CEST; Wednesday's 07:00 is 19 hours (76 quarter hours) away.
    // Surplus 12–13 5000 W (three phases: 5000), 13–14 4000 W (between 3680 and 4140: one phase, 3680),
    // 14–15 2000 W (2000), 15–16 1000 W and 05–06 800 W (below 1380: waits), 06–07 2500 W (2500).
    // PV: 5000 + 3680 + 2000 + 2500 = 13180 Wh; 20000 − 13180 = 6820 Wh from the grid.
    // Cheapest is the valley 00:00–06:00 at 0.50, earliest first: 00:00 and 00:15 at 11040 W
    // (2 × 2760 = 5520 Wh), 00:30 the last 1300 Wh at 1300 / 0.25 = 5200 W (three phases).
    // Cost: 6.82 kWh × 0.50 = 3.41.
    const surplus: Record<number, [number, number]> = {
      12: [7000, 5000],
      13: [6000, 4000],
      14: [4000, 2000],
      15: [2500, 1000],
      5: [1200, 800],
      6: [3500, 2500],
    };
    const forecast: ForecastHour[] = Array.from({ length: 19 }, (_, index) => {
      const [pvW, surplusW] = surplus[(12 + index) % 24] ?? [0, 0];
      return { startMs: at('2025-06-10T10:00:00Z') + index * 3_600_000, pvW, surplusW };
    });
    const result = planCharging(
      input(
        { mode: 'pv', weekly: [by7(3, 20)] },
        {
          nowMs: at('2025-06-10T10:00:00Z'),
          forecast,
          tariff: eveningPeak('00:00', '06:00'),
        },
      ),
    );
    expect(result.target).toEqual({
      source: 'weekly',
      departureMs: at('2025-06-11T05:00:00Z'),
      needWh: 20_000,
    });
    expect(result.slots).toHaveLength(76);
    expect(result.expectedPvWh).toBe(13_180);
    expect(result.expectedWh).toBe(20_000);
    expect(result.expectedCost).toBe(3.41);
    expect(result).toMatchObject({ reachable: true, shortfallWh: 0, warnings: [] });
    const grid = result.slots
      .filter((slot) => slot.powerW > slot.pvW)
      .map((slot) => [localClock(slot.startMs, zone), slot.powerW, slot.band]);
    expect(grid).toEqual([
      ['00:00', 11040, 'valley'],
      ['00:15', 11040, 'valley'],
      ['00:30', 5200, 'valley'],
    ]);
    expect(windowsOf(result)).toEqual([
      ['00:00', '00:30', 11040],
      ['00:30', '00:45', 5200],
    ]);
    const hours = plannedHours(result, zone);
    expect(hours).toHaveLength(19);
    expect(
      hours.map((hour) => [localClock(hour.startMs, zone), hour.plannedWh, hour.pvWh, hour.expectedPvWh]),
    ).toEqual(
      expect.arrayContaining([
        ['12:00', 5000, 5000, 7000],
        ['13:00', 3680, 3680, 6000],
        ['15:00', 0, 0, 2500],
        ['00:00', 6820, 0, 0],
        ['05:00', 0, 0, 1200],
        ['06:00', 2500, 2500, 3500],
      ]),
    );
  });

  it('(b) off-peak 6–16 A on three phases, valley 22:00–06:00: two windows, 8 hours at 11040 W', () => {
    // Wednesday 2025-01-15, 03:10 CET; 24 hours to Thursday 03:10. The valley is 22:00–24:00 and
    // 00:00–06:00: now to 06:00 (2 h 50 min) and 22:00 to the horizon's 03:10 (5 h 10 min): 8 h.
    // 8 h × 11040 W = 88320 Wh at 0.40: 35.328, so 35.33. The first slot is 5 minutes (03:10–03:15),
    // the last 10 (03:00–03:10); the first hour holds 50 minutes: 9200 Wh, the last 1840 Wh.
    const result = planCharging(
      input(
        { mode: 'off_peak', phases: '3p' },
        {
          nowMs: at('2025-01-15T02:10:00Z'),
          tariff: tariff(
            [
              { band: 'valley', start: '00:00', end: '06:00' },
              { band: 'valley', start: '22:00', end: '24:00' },
            ],
            { valley: 0.4, shoulder: 0.8, peak: 1.1 },
          ),
        },
      ),
    );
    expect(result.slots[0]).toMatchObject({
      startMs: at('2025-01-15T02:10:00Z'),
      endMs: at('2025-01-15T02:15:00Z'),
    });
    expect(result.slots.at(-1)).toMatchObject({
      startMs: at('2025-01-16T02:00:00Z'),
      endMs: at('2025-01-16T02:10:00Z'),
    });
    expect(result.expectedWh).toBeCloseTo(88_320, 6);
    expect(result.expectedCost).toBe(35.33);
    expect(result).toMatchObject({
      target: null,
      reachable: null,
      expectedPvWh: 0,
      warnings: ['noForecast'],
    });
    expect(chargingWindows(result)).toEqual([
      { startMs: at('2025-01-15T02:10:00Z'), endMs: at('2025-01-15T05:00:00Z'), powerW: 11040 },
      { startMs: at('2025-01-15T21:00:00Z'), endMs: at('2025-01-16T02:10:00Z'), powerW: 11040 },
    ]);
    const hours = plannedHours(result, zone);
    expect(hours).toHaveLength(25);
    expect(hours[0]!.plannedWh).toBeCloseTo(9200, 6);
    expect(hours.at(-1)!.plannedWh).toBeCloseTo(1840, 6);
  });

  it('(b2) off-peak with 10 kWh by 07:00: the valley from 22:00 only until the target, as the charger stops there', () => {
    // Wednesday 2025-01-15, 18:00 CET; Thursday's 07:00 departure. Valley 22:00–06:00 at 11040 W
    // (16 A × 3 × 230 V): 22:00–22:45 is three quarters of 2760 Wh = 8280 Wh; 1720 Wh are left, so
    // 22:45–23:00 draws 1720 / 0.25 = 6880 W (16 A would overshoot; 6880 W is 10 A on three phases);
    // nothing after 23:00. 10 kWh at 0.40 = 4.00.
    const result = planCharging(
      input(
        { mode: 'off_peak', phases: '3p', weekly: [by7(4, 10)] },
        {
          nowMs: at('2025-01-15T17:00:00Z'),
          tariff: tariff(
            [
              { band: 'valley', start: '00:00', end: '06:00' },
              { band: 'valley', start: '22:00', end: '24:00' },
            ],
            { valley: 0.4, shoulder: 0.8, peak: 1.1 },
          ),
        },
      ),
    );
    expect(result.target).toMatchObject({ needWh: 10_000, departureMs: at('2025-01-16T06:00:00Z') });
    expect(result.expectedWh).toBeCloseTo(10_000, 6);
    expect(result.expectedCost).toBe(4);
    expect(result.reachable).toBe(true);
    expect(windowsOf(result)).toEqual([
      ['22:00', '22:45', 11040],
      ['22:45', '23:00', 6880],
    ]);
  });

  it('(c) scheduled 30 kWh by 07:00 from 18:00, no forecast, peak 17–21: the valley, then from 21:00', () => {
    // Tuesday 2025-01-14, 18:00 CET, in the peak (17:00–21:00 at 1.20); valley 02:00–04:00 at 0.50;
    // shoulder otherwise at 0.90. Three phases 6–16 A. The valley's 8 quarter hours at 11040 W give
    // 22080 Wh; the 7920 Wh left go to the earliest shoulder quarters after the peak: 21:00 and
    // 21:15 at 11040 W (5520 Wh), 21:30 the last 2400 Wh at 9600 W. Nothing in the peak.
    // Cost: 22.08 × 0.50 + 7.92 × 0.90 = 11.04 + 7.128 = 18.168, so 18.17.
    const result = scheduledBy7(3, 30, '2025-01-14T17:00:00Z', eveningPeak('02:00', '04:00'));
    expect(result.target).toEqual({
      source: 'weekly',
      departureMs: at('2025-01-15T06:00:00Z'),
      needWh: 30_000,
    });
    expect(windowsOf(result)).toEqual([
      ['21:00', '21:30', 11040],
      ['21:30', '21:45', 9600],
      ['02:00', '04:00', 11040],
    ]);
    expect(result.slots.filter((slot) => slot.band === 'peak').every((slot) => slot.powerW === 0)).toBe(true);
    expect(result.expectedWh).toBeCloseTo(30_000, 6);
    expect(result.expectedCost).toBe(18.17);
    expect(result).toMatchObject({
      reachable: true,
      shortfallWh: 0,
      expectedPvWh: 0,
      warnings: ['noForecast'],
    });
  });

  it('(d) an unreachable "full by 7:00": what it can deliver and the shortfall', () => {
    // Wednesday 2025-01-15, 01:00 CET; override: 100 % by 07:00 of a 60 kWh car at 20 %:
    // 80 % × 60 kWh = 48000 Wh needed. Minimum + PV on one phase, 6–16 A: at most 3680 W for 6 h =
    // 22080 Wh; short by 25920 Wh. At the unit price 0.80: 22.08 × 0.80 = 17.664, so 17.66.
    // The whole 6 hours is one window at 3680 W (the mode alone would draw its 1380 W minimum).
    const plan = {
      mode: 'min_pv' as const,
      phases: '1p' as const,
      car_capacity_kwh: 60,
      override: { departure_at: '2025-01-15T07:00:00+01:00', energy_kwh: null, soc_pct: 100 },
    };
    const result = planCharging(
      input(plan, { nowMs: at('2025-01-15T00:00:00Z'), carSocPct: 20, unitPrice: 0.8 }),
    );
    expect(result.target).toEqual({
      source: 'override',
      departureMs: at('2025-01-15T06:00:00Z'),
      needWh: 48_000,
    });
    expect(result).toMatchObject({
      expectedWh: 22_080,
      reachable: false,
      shortfallWh: 25_920,
      expectedCost: 17.66,
    });
    expect(result.warnings).toEqual(['noForecast', 'targetUnreachable']);
    expect(windowsOf(result)).toEqual([['01:00', '07:00', 3680]]);
    // The car does not say its SOC: planned from empty, less the 5000 Wh it took already:
    // 60000 − 5000 = 55000 Wh needed, 55000 − 22080 = 32920 Wh short.
    const unknown = planCharging(
      input(plan, { nowMs: at('2025-01-15T00:00:00Z'), deliveredWh: 5000, unitPrice: 0.8 }),
    );
    expect(unknown).toMatchObject({ reachable: false, shortfallWh: 32_920 });
    expect(unknown.warnings).toEqual(['carSocUnknown', 'noForecast', 'targetUnreachable']);
  });

  it('(e) scheduled 50 kWh on the night the clocks go forward: a 5-hour valley, rounded up once', () => {
    // Saturday 2025-03-29, 22:00 CET; Sunday's 07:00 CEST is 8 hours away (02:00 becomes 03:00).
    // The valley 00:00–06:00 is 5 hours that night: 20 quarter hours. Three phases, 6–16 A:
    // 18 of them at 11040 W are 49680 Wh; the last 320 Wh would be 1280 W, below the 4140 W minimum:
    // 05:30–05:45 at 4140 W (1035 Wh), 715 Wh more than asked. 50715 Wh at 0.40 = 20.286, so 20.29.
    const result = scheduledBy7(
      7,
      50,
      '2025-03-29T21:00:00Z',
      tariff([{ band: 'valley', start: '00:00', end: '06:00' }], {
        valley: 0.4,
        shoulder: 0.8,
        peak: 1.1,
      }),
    );
    expect(result.target?.departureMs).toBe(at('2025-03-30T05:00:00Z'));
    expect(result.slots).toHaveLength(32);
    expect(windowsOf(result)).toEqual([
      ['00:00', '05:30', 11040],
      ['05:30', '05:45', 4140],
    ]);
    expect(result.expectedWh).toBeCloseTo(50_715, 6);
    expect(result.expectedCost).toBe(20.29);
    const hours = plannedHours(result, zone).map((hour) => [localClock(hour.startMs, zone), hour.plannedWh]);
    expect(hours).toEqual([
      ['22:00', 0],
      ['23:00', 0],
      ['00:00', 11040],
      ['01:00', 11040],
      ['03:00', 11040],
      ['04:00', 11040],
      ['05:00', 6555],
      ['06:00', 0],
    ]);
  });

  it('(f) minimum + PV on the night the clocks go back: 24 hours, 02:00 twice, no windows', () => {
    // Sunday 2025-10-26 from 00:00 CEST; 03:00 CEST becomes 02:00 CET, so the next 24 hours end at
    // 23:00 CET and read 00, 01, 02, 02, 03 … 22. Without a forecast the minimum, one phase 6 A:
    // 1380 W, 1380 Wh an hour, 33120 Wh, at the unit price 0.50: 16.56. The charger does that alone.
    const result = planCharging(
      input(
        { mode: 'min_pv', phases: '1p', max_current_a: 6 },
        { nowMs: at('2025-10-25T22:00:00Z'), unitPrice: 0.5 },
      ),
    );
    const hours = plannedHours(result, zone).map((hour) => [localClock(hour.startMs, zone), hour.plannedWh]);
    expect(hours).toHaveLength(24);
    expect(hours.slice(0, 5)).toEqual([
      ['00:00', 1380],
      ['01:00', 1380],
      ['02:00', 1380],
      ['02:00', 1380],
      ['03:00', 1380],
    ]);
    expect(hours.at(-1)).toEqual(['22:00', 1380]);
    expect(result).toMatchObject({ expectedWh: 33_120, expectedCost: 16.56, warnings: ['noForecast'] });
    expect(chargingWindows(result)).toEqual([]);
  });
});
