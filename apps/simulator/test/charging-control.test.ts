import { describe, expect, it } from 'vitest';
import {
  type CarLimits,
  ChargingControl,
  type ChargingOffer,
  PHASE_DELAY_MS,
  START_DELAY_MS,
  STOP_DELAY_MS,
} from '../src/plant/charging.ts';
import { Random } from '../src/random.ts';
import { planOf } from './support/charging.ts';

/**
 * What a wallbox offers the car under a plan, minute by minute against a surplus written by hand:
 * the minimum-current rule with its start and stop delays, phase switching, windows and targets,
 * and the remote commands.
 */

const minuteMs = 60_000;
const V = 230;
/** A car taking 16 A on three phases, on a 22 kW box: the plan's currents are the limits. */
const threePhaseCar: CarLimits = { phases: 3, maxW: 16 * 3 * V };
const onePhaseCar: CarLimits = { phases: 1, maxW: 7400 };

/** Offers minute by minute for a surplus given per minute, from minute 0; energy counted as offered. */
function follow(
  control: ChargingControl,
  surplusW: readonly number[],
  car = threePhaseCar,
  maxPowerW = 22_000,
): ChargingOffer[] {
  let deliveredWh = 0;
  return surplusW.map((surplus, minute) => {
    const offer = control.offer({
      fromMs: minute * minuteMs,
      surplusW: surplus,
      deliveredWh,
      car,
      maxPowerW,
    });
    deliveredWh += offer.powerW / 60;
    return offer;
  });
}

const repeat = (value: number, minutes: number) => Array.from({ length: minutes }, () => value);

/** Whether a power is one a plan of 6–16 A on one or three phases may offer (0 included). */
function allowed(offer: ChargingOffer): boolean {
  const { powerW, phases } = offer;
  if (powerW === 0) return true;
  return powerW >= 6 * V * phases - 1e-6 && powerW <= 16 * V * phases + 1e-6;
}

describe('PV surplus: the minimum current and phase switching', () => {
  it('waits for the minimum, starts after the delay, switches phases after theirs and rides out a cloud', () => {
    const control = new ChargingControl(22_000);
    expect(control.setPlan(planOf('pv'))).toEqual([]);
    const surplus = [
      ...repeat(1000, 30), // below 6 A on one phase (1 380 W)
      ...repeat(2500, 30), // one phase
      ...repeat(6000, 30), // above the three-phase minimum (4 140 W)
      ...repeat(3000, 30), // below it again
      ...repeat(500, 2), // a cloud
      ...repeat(2500, 20),
      ...repeat(500, 30), // evening
    ];
    const offers = follow(control, surplus);
    expect(offers.every(allowed)).toBe(true);
    const startDelay = START_DELAY_MS / minuteMs;
    const phaseDelay = PHASE_DELAY_MS / minuteMs;
    const stopDelay = STOP_DELAY_MS / minuteMs;
    // nothing below the minimum, nothing before the surplus held for the start delay
    expect(offers.slice(0, 30 + startDelay).every((offer) => offer.powerW === 0)).toBe(true);
    expect(offers[30 + startDelay]).toMatchObject({ powerW: 2500, phases: 1 });
    // one phase at its maximum until the surplus held above the three-phase minimum, then all of it
    expect(offers[60]).toMatchObject({ powerW: 16 * V, phases: 1 });
    expect(offers[60 + phaseDelay - 1]!.phases).toBe(1);
    expect(offers[60 + phaseDelay]).toMatchObject({ powerW: 6000, phases: 3 });
    // back below: the three-phase minimum for the delay, then one phase on the surplus
    expect(offers[90]).toMatchObject({ powerW: 6 * 3 * V, phases: 3 });
    expect(offers[90 + phaseDelay]).toMatchObject({ powerW: 3000, phases: 1 });
    // a two-minute cloud: the minimum meanwhile, no stop
    expect(offers[120]).toMatchObject({ powerW: 6 * V, phases: 1 });
    expect(offers[122]).toMatchObject({ powerW: 2500, phases: 1 });
    // the evening: the minimum for the stop delay, then nothing
    const evening = 142;
    expect(offers.slice(evening, evening + stopDelay).every((offer) => offer.powerW === 6 * V)).toBe(true);
    expect(offers.slice(evening + stopDelay).every((offer) => offer.powerW === 0)).toBe(true);
  });

  it('over a changing sky: never between 0 and the minimum, one phase below the three-phase minimum', () => {
    const random = new Random(17);
    let level = 3000;
    const surplus = Array.from({ length: 3000 }, () => {
      level = Math.max(-2000, Math.min(12_000, level + random.normal(0, 600)));
      return level;
    });
    const control = new ChargingControl(22_000);
    control.setPlan(planOf('pv'));
    const followed = follow(control, surplus);
    expect(followed.every(allowed)).toBe(true);
    for (const offer of followed)
      if (offer.powerW > 0 && offer.powerW < 6 * 3 * V) expect(offer.phases).toBe(1);
    // it charged on both and switched both ways
    expect(followed.some((offer) => offer.phases === 3 && offer.powerW > 0)).toBe(true);
    expect(followed.some((offer) => offer.phases === 1 && offer.powerW > 0)).toBe(true);
    // surplus short of the one-phase minimum for longer than the stop delay: never charging
    const stopDelay = STOP_DELAY_MS / minuteMs;
    for (let minute = stopDelay; minute < surplus.length; minute++) {
      const short = surplus.slice(minute - stopDelay, minute + 1).every((w) => w < 6 * V);
      if (short) expect(followed[minute]!.powerW, `minute ${minute}`).toBe(0);
    }
  });

  it('a fixed phase count is kept, and a one-phase car charges on one phase whatever the plan', () => {
    const control = new ChargingControl(22_000);
    control.setPlan(planOf('pv', { phases: '3p' }));
    const offers = follow(control, [...repeat(3000, 20), ...repeat(8000, 20)]);
    expect(offers.slice(0, 20).every((offer) => offer.powerW === 0)).toBe(true);
    expect(
      offers.slice(20 + START_DELAY_MS / minuteMs).every((o) => o.phases === 3 && o.powerW === 8000),
    ).toBe(true);
    const single = new ChargingControl(22_000);
    single.setPlan(planOf('fast', { phases: '3p', max_current_a: 32 }));
    expect(follow(single, [0], onePhaseCar)[0]).toMatchObject({ phases: 1, powerW: 32 * V });
    // the car's own limit and the box's setting cap the plan's maximum
    expect(follow(single, [0], { phases: 1, maxW: 3700 })[0]).toMatchObject({ phases: 1, powerW: 3700 });
    expect(follow(single, [0], onePhaseCar, 5000)[0]).toMatchObject({ phases: 1, powerW: 5000 });
  });

  it('minimum and PV: the minimum always, more with surplus', () => {
    const control = new ChargingControl(22_000);
    control.setPlan(planOf('min_pv'));
    const offers = follow(control, [...repeat(-500, 10), ...repeat(3000, 10), ...repeat(9000, 10)]);
    expect(offers.slice(0, 10).every((offer) => offer.powerW === 6 * V && offer.phases === 1)).toBe(true);
    expect(offers[15]).toMatchObject({ powerW: 3000, phases: 1 });
    expect(offers[29]).toMatchObject({ powerW: 9000, phases: 3 });
  });
});

describe('windows and targets', () => {
  const windows = [
    { start: 10 * minuteMs, end: 20 * minuteMs, power_w: 7000 },
    { start: 30 * minuteMs, end: 60 * minuteMs, power_w: 2000 },
  ];

  it('off-peak and scheduled charge only inside their windows, at the window’s power', () => {
    for (const mode of ['off_peak', 'scheduled'] as const) {
      const control = new ChargingControl(22_000);
      control.setPlan(planOf(mode, { windows }));
      const offers = follow(control, repeat(8000, 70));
      offers.forEach((offer, minute) => {
        const window = windows.find((w) => minute * minuteMs >= w.start && minute * minuteMs < w.end);
        expect(offer.powerW, `${mode} minute ${minute}`).toBe(window ? window.power_w : 0);
      });
    }
  });

  it('a window raises the mode to its power, until the session has the target', () => {
    const control = new ChargingControl(22_000);
    // 2 000 W for 30 minutes is 1 kWh: the target is met after the first window and 15 minutes of the second
    control.setPlan(planOf('pv', { windows, target_wh: 7000 / 6 + 490 }));
    const offers = follow(control, repeat(0, 70));
    expect(offers.slice(10, 20).every((offer) => offer.powerW === 7000 && offer.phases === 3)).toBe(true);
    expect(offers.slice(30, 45).every((offer) => offer.powerW === 2000 && offer.phases === 1)).toBe(true);
    expect(offers.slice(45).every((offer) => offer.powerW === 0)).toBe(true);
  });

  it('tells the target until the departure', () => {
    const control = new ChargingControl(22_000);
    control.setPlan(planOf('scheduled', { target_wh: 5000, departure_at: 60 * minuteMs }));
    expect(control.targetWhAt(59 * minuteMs)).toBe(5000);
    expect(control.targetWhAt(60 * minuteMs)).toBeNull();
    control.setPlan(planOf('scheduled', { target_wh: 5000 }));
    expect(control.targetWhAt(1e13)).toBe(5000);
    control.setPlan(planOf('pv'));
    expect(control.targetWhAt(0)).toBeNull();
  });

  it('a window below the minimum draws the minimum; above the maximum, the maximum', () => {
    const control = new ChargingControl(22_000);
    control.setPlan(
      planOf('scheduled', {
        windows: [
          { start: 0, end: minuteMs, power_w: 500 },
          { start: minuteMs, end: 2 * minuteMs, power_w: 3900 },
          { start: 2 * minuteMs, end: 3 * minuteMs, power_w: 50_000 },
        ],
      }),
    );
    const offers = follow(control, repeat(0, 3));
    expect(offers.map((offer) => offer.powerW)).toEqual([6 * V, 6 * 3 * V, 16 * 3 * V]);
  });
});

describe('plans it refuses whole', () => {
  it('a minimum its rating cannot reach, a minimum above the maximum, windows out of order', () => {
    const control = new ChargingControl(22_000);
    expect(control.setPlan(planOf('fast'))).toEqual([]);
    expect(control.setPlan(planOf('pv', { min_current_a: 32, max_current_a: 32, phases: '3p' }))).toEqual([
      { field: 'min_current_a', message: 'validation.aboveRating' },
    ]);
    expect(control.setPlan(planOf('pv', { min_current_a: 16, max_current_a: 10 }))).toEqual([
      { field: 'min_current_a', message: 'validation.chargingCurrentOrder' },
    ]);
    expect(
      control.setPlan(
        planOf('off_peak', {
          windows: [
            { start: 5 * minuteMs, end: 9 * minuteMs, power_w: 4000 },
            { start: 7 * minuteMs, end: 8 * minuteMs, power_w: 4000 },
          ],
        }),
      ),
    ).toEqual([{ field: 'windows', message: 'validation.invalidValue' }]);
    // auto: one phase can still follow a minimum three cannot
    expect(control.setPlan(planOf('pv', { min_current_a: 32, max_current_a: 32 }))).toEqual([]);
    // 11 kW cannot reach 20 A on three phases (13.8 kW)
    expect(
      new ChargingControl(11_000).setPlan(
        planOf('pv', { min_current_a: 20, max_current_a: 32, phases: '3p' }),
      ),
    ).toEqual([{ field: 'min_current_a', message: 'validation.aboveRating' }]);
    // a one-phase box (3.7 kW) cannot run three phases
    expect(new ChargingControl(3700).setPlan(planOf('pv', { phases: '3p' }))).toEqual([
      { field: 'phases', message: 'validation.invalidValue' },
      { field: 'min_current_a', message: 'validation.aboveRating' },
    ]);
    // the refused plans changed nothing: the last kept one is followed
    expect(control.planMode).toBe('pv');
  });
});

describe('remote commands', () => {
  it('stop holds, start charges at the maximum, current caps it; nothing without a car', () => {
    const control = new ChargingControl(22_000);
    control.setPlan(planOf('pv'));
    expect(control.command({ action: 'start' }, false, 0)).toEqual({
      refused: 'no car is plugged in: no session to start',
      started: false,
    });
    expect(control.command({ action: 'start' }, true, 0)).toEqual({ started: true });
    expect(follow(control, [0])[0]).toMatchObject({ powerW: 16 * 3 * V, phases: 3 });
    expect(control.command({ action: 'current', current_a: 8 }, true, 100)).toEqual({ started: false });
    expect(follow(control, [0])[0]).toMatchObject({ powerW: 8 * 3 * V, currentA: 8 });
    expect(control.command({ action: 'stop' }, true, 100)).toEqual({ started: false });
    expect(follow(control, [9000, 9000, 9000, 9000, 9000]).every((offer) => offer.powerW === 0)).toBe(true);
    expect(control.hold).toBe(true);
    expect(control.command({ action: 'current' }, true, 100).refused).toBe('current: current_a is missing');
    // the next car: no hold, no limit
    control.newSession();
    expect(control.hold).toBe(false);
    expect(follow(control, repeat(9000, 5)).at(-1)).toMatchObject({ powerW: 9000, phases: 3 });
  });

  it('without a plan: the box’s setting and the car, capped by a current limit', () => {
    const control = new ChargingControl(22_000);
    expect(follow(control, [0], { phases: 3, maxW: 11_000 })[0]).toMatchObject({ powerW: 11_000, phases: 3 });
    expect(follow(control, [0], { phases: 3, maxW: 11_000 }, 7000)[0]).toMatchObject({ powerW: 7000 });
    expect(follow(control, [0], onePhaseCar)[0]).toMatchObject({ powerW: 7400, phases: 1 });
    control.command({ action: 'current', current_a: 10 }, true, 0);
    expect(follow(control, [0], onePhaseCar)[0]).toMatchObject({ powerW: 10 * V, phases: 1 });
  });
});
