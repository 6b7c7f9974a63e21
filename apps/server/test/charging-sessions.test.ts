import { type StationPowers, stationPowers } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  advanceSessions,
  type PileReading,
  recordState,
  SESSION_QUIET_MS,
  type SessionChange,
} from '../src/domains/charging/records/sessions.ts';
import { consumptionFractions, splitEnergy } from '../src/domains/charging/records/shares.ts';

/**
 * The rule that turns a wallbox's readings into sessions, and the split of a session's energy by
 * the station's sources, as pure functions (charging-records.test.ts runs them through the server).
 */

const MIN = 60_000;
const T = Date.UTC(2026, 4, 12, 8, 0);

function reading(minute: number, values: Partial<PileReading> = {}): PileReading {
  return {
    ms: T + minute * MIN,
    state: 'idle',
    power_w: 0,
    session_kwh: null,
    ev_kwh: null,
    session_no: null,
    start: null,
    ...values,
  };
}

const none = { taken: () => false };
const summary = (changes: SessionChange[]) =>
  changes.map((change) => ({
    key: change.key,
    state: change.state,
    started: (change.startedMs - T) / MIN,
    ended: change.endedMs === null ? null : (change.endedMs - T) / MIN,
    kwh: Math.round(change.energyKwh * 1000) / 1000,
  }));

describe('sessions from readings', () => {
  it('plug, charge, full (power gone: plugged, whatever the box says), unplug: ended at the idle reading', () => {
    const readings = [
      reading(0, { session_no: 4 }),
      reading(1, { state: 'plugged', session_no: 5, session_kwh: 0, start: 'card' }),
      reading(2, { state: 'charging', power_w: 7000, session_no: 5, session_kwh: 0.1 }),
      reading(3, { state: 'charging', power_w: 7400, session_no: 5, session_kwh: 0.2 }),
      reading(4, { state: 'charging', power_w: 30, session_no: 5, session_kwh: 0.25 }),
    ];
    const [open] = advanceSessions(none, readings);
    expect(summary([open!])).toEqual([{ key: 5, state: 'plugged', started: 1, ended: null, kwh: 0.25 }]);
    expect(open).toMatchObject({ maxPowerW: 7400, start: 'card', created: true });
    const ended = advanceSessions(
      { taken: () => true, previous: readings[4], open: { ...open!, state: 'plugged' } },
      [reading(5, { state: 'idle', session_no: 5, session_kwh: 0.25 })],
    );
    expect(summary(ended)).toEqual([{ key: 5, state: 'ended', started: 1, ended: 5, kwh: 0.25 }]);
    expect(ended[0]?.created).toBe(false);
  });

  it('a new session number ends the one going on at that reading and begins the next', () => {
    const changes = advanceSessions(none, [
      reading(0, { state: 'charging', power_w: 3000, session_no: 8, session_kwh: 1 }),
      reading(1, { state: 'charging', power_w: 3000, session_no: 9, session_kwh: 0.05 }),
      reading(2, { state: 'charging', power_w: 3000, session_no: 9, session_kwh: 0.1 }),
    ]);
    expect(summary(changes)).toEqual([
      { key: 8, state: 'ended', started: 0, ended: 1, kwh: 1 },
      { key: 9, state: 'charging', started: 1, ended: null, kwh: 0.1 },
    ]);
  });

  it('a charger in fault or not ready with its old number has no car; not ready with a new number is a plug-in', () => {
    expect(
      advanceSessions(none, [
        reading(0, { session_no: 3 }),
        reading(1, { state: 'fault', session_no: 3 }),
        reading(2, { state: 'not_ready', session_no: 3 }),
      ]),
    ).toEqual([]);
    const changes = advanceSessions(none, [
      reading(0, { session_no: 3 }),
      reading(1, { state: 'not_ready', session_no: 4 }),
      reading(2, { state: 'charging', power_w: 2000, session_no: 4, session_kwh: 0.03 }),
    ]);
    expect(summary(changes)).toEqual([{ key: 4, state: 'charging', started: 1, ended: null, kwh: 0.03 }]);
  });

  it('without session_kwh the ev_kwh counter’s rise is the energy; without numbers the plug-in time is the key', () => {
    const changes = advanceSessions(none, [
      reading(0, { ev_kwh: 100 }),
      reading(1, { state: 'charging', power_w: 6000, ev_kwh: 100.1 }),
      reading(2, { state: 'charging', power_w: 6000, ev_kwh: 100.2 }),
      reading(3, { state: 'idle', ev_kwh: 100.25 }),
    ]);
    expect(summary(changes)).toEqual([{ key: T + MIN, state: 'ended', started: 1, ended: 3, kwh: 0.25 }]);
    expect(changes[0]?.intervals.map((interval) => (interval.toMs - T) / MIN)).toEqual([1, 2, 3]);
  });

  it('silence: a numbered session goes on after it; one without a number ends at its last reading', () => {
    const gap = SESSION_QUIET_MS / MIN + 10;
    const numbered = advanceSessions(none, [
      reading(0, { state: 'charging', power_w: 3000, session_no: 2, session_kwh: 0.5 }),
      reading(gap, { state: 'charging', power_w: 3000, session_no: 2, session_kwh: 0.9 }),
    ]);
    expect(summary(numbered)).toEqual([{ key: 2, state: 'charging', started: 0, ended: null, kwh: 0.9 }]);
    const unnumbered = advanceSessions(none, [
      reading(0, { state: 'charging', power_w: 3000, session_kwh: 0.5 }),
      reading(gap, { state: 'charging', power_w: 3000, session_kwh: 0.2 }),
    ]);
    expect(summary(unnumbered)).toEqual([
      { key: T, state: 'ended', started: 0, ended: 0, kwh: 0.5 },
      { key: T + gap * MIN, state: 'charging', started: gap, ended: null, kwh: 0.2 },
    ]);
  });

  it('a number the charger used before (it started counting again) is keyed by its plug-in time', () => {
    const [change] = advanceSessions({ taken: (key) => key === 1 }, [
      reading(0, { state: 'plugged', session_no: 1 }),
    ]);
    expect(change).toMatchObject({ key: T, number: 1 });
  });

  it('the same readings from the same context answer the same', () => {
    const readings = [
      reading(0, { state: 'charging', power_w: 3000, session_no: 8, session_kwh: 1 }),
      reading(1, { state: 'idle', session_no: 8, session_kwh: 1.1 }),
    ];
    expect(advanceSessions(none, readings)).toEqual(advanceSessions(none, readings));
  });

  it('reads a session its charger went quiet on as ended at its last reading', () => {
    const session = { state: 'charging' as const, endedMs: null, lastMs: T };
    expect(recordState(session, T + SESSION_QUIET_MS - MIN)).toEqual({ state: 'charging', endedMs: null });
    expect(recordState(session, T + SESSION_QUIET_MS + MIN)).toEqual({ state: 'ended', endedMs: T });
  });
});

/** A station's powers from its devices: PV, grid (+ import), battery (+ charge) and the wallbox. */
function powers(pv: number, grid: number, battery: number, ev: number): StationPowers {
  return stationPowers([
    { device_type: 1, values: { pv_power_w: pv } },
    { device_type: 6, values: { grid_power_w: grid } },
    { device_type: 2, values: { power_w: battery, soc_pct: 50 } },
    { device_type: 4, values: { power_w: ev } },
  ]);
}

describe('shares of the station’s sources', () => {
  it('split the car’s energy as the station’s consumption was split', () => {
    // PV 6 kW, house 2 kW, car 4 kW: all PV
    expect(consumptionFractions(powers(6000, 0, 0, 4000))).toEqual({ pv: 1, battery: 0, grid: 0 });
    // night: the grid alone
    expect(consumptionFractions(powers(0, 5000, 0, 4000))).toEqual({ pv: 0, battery: 0, grid: 1 });
    // the battery gives 3 of the 5 kW consumed (house 1, car 4), the grid 2: 60 % / 40 %
    const mixed = consumptionFractions(powers(0, 2000, -3000, 4000));
    expect(mixed.battery).toBeCloseTo(0.6, 9);
    expect(mixed.grid).toBeCloseTo(0.4, 9);
    // no powers at all: the grid
    expect(consumptionFractions(null)).toEqual({ pv: 0, battery: 0, grid: 1 });
  });

  it('cut intervals at the five-minute buckets, price the grid part by the moment, add up to the energy', () => {
    const start = Date.UTC(2026, 4, 12, 10, 0);
    const curve = { startMs: start, powers: [powers(6000, 0, 0, 4000), powers(0, 5000, 0, 4000)] };
    const priceAt = (ms: number) => (ms < start + 5 * MIN ? 0.5 : 1);
    // 1 kWh from minute 3 to 7: 2 minutes of sun, 2 of grid
    const shares = splitEnergy([{ fromMs: start + 3 * MIN, toMs: start + 7 * MIN, kwh: 1 }], curve, priceAt);
    expect(shares.pv_kwh).toBeCloseTo(0.5, 9);
    expect(shares.grid_kwh).toBeCloseTo(0.5, 9);
    expect(shares.pv_kwh + shares.battery_kwh + shares.grid_kwh).toBeCloseTo(1, 9);
    expect(shares.cost).toBeCloseTo(0.5, 9);
    expect(splitEnergy([{ fromMs: start, toMs: start, kwh: 1 }], curve, () => null).cost).toBeNull();
  });
});
