import {
  bandAtInstant,
  type ChargingPlan,
  chargingLimits,
  chargingWindows,
  defaultChargingPlan,
  planCharging,
  StationType,
  type Tariff,
} from '@helio/contracts';
import type { ChargingPlanParams } from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import type { Plant, PlantConfig, PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import {
  balanceErrorW,
  balanceToleranceW,
  dayMs,
  minuteMs,
  places,
  pvOnlyConfig,
  runMinutes,
} from './plant-support.ts';
import { planOf } from './support/charging.ts';

/**
 * A plant's wallbox following the plans the portal would send it (the contracts' planner, asked at
 * every plug-in as the portal does), and its remote commands, over weeks of simulated days: PV
 * surplus charging takes next to nothing from the grid, off-peak charges only in the valley,
 * scheduled charging meets its target by departure, stop holds and start resumes.
 */

const V = chargingLimits.phaseVoltageV;
const everyDay = [1, 2, 3, 4, 5, 6, 7];

/** A home with 10 kWp, no battery (the grid covers what the PV does not) and an 11 kW wallbox. */
function homeWithWallbox(place = places.munich): PlantConfig {
  return {
    ...pvOnlyConfig(place, 35, 10),
    stationType: StationType.residentialEssWallbox,
    wallbox: { maxPowerW: 11_000 },
  };
}

/** Valley 22:00–06:00, peak 17:00–21:00, shoulder the rest, all year. */
const tariff: Tariff = {
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      periods: [
        { band: 'valley', days: everyDay, start: '00:00', end: '06:00' },
        { band: 'peak', days: everyDay, start: '17:00', end: '21:00' },
        { band: 'valley', days: everyDay, start: '22:00', end: '24:00' },
      ],
    },
  ],
  prices: { peak: 0.9, shoulder: 0.6, valley: 0.3 },
  feed_in_price: 0.1,
};

const planned = (mode: ChargingPlan['mode'], extra: Partial<ChargingPlan> = {}): ChargingPlan => ({
  ...defaultChargingPlan,
  mode,
  ...extra,
});

/** Plans with the contracts' planner now and sends the charger what the portal would. */
function sendPlan(plant: Plant, plan: ChargingPlan, zone: string): ChargingPlanParams {
  const { ms, pile } = plant.current();
  const deliveredWh = pile.sessionStart === null ? 0 : pile.sessionKwh * 1000;
  const result = planCharging({
    nowMs: ms,
    zone,
    plan,
    deliveredWh,
    carSocPct: null,
    tariff,
    unitPrice: null,
    forecast: null,
  });
  const params: ChargingPlanParams = {
    mode: plan.mode,
    min_current_a: plan.min_current_a,
    max_current_a: plan.max_current_a,
    phases: plan.phases,
    target_wh: result.target ? deliveredWh + result.target.needWh : null,
    departure_at: result.target?.departureMs ?? null,
    windows: chargingWindows(result).map((w) => ({ start: w.startMs, end: w.endMs, power_w: w.powerW })),
  };
  expect(plant.chargingPlan(params)).toBeNull();
  return params;
}

interface SessionSeen {
  no: number;
  plan: ChargingPlanParams;
  energyWh: number;
  endMs: number;
  /** Steps inside a window where the box offered less than the window's power (a fault aside). */
  windowShortfalls: number;
}

/**
 * Runs `plant` for `days`, sending `plan` at the start and at every plug-in; checks at every step
 * that the plant balances and that the pile is `charging` exactly while power flows. Answers the
 * sessions that ended, and hands every state with the plan in force to `visit`.
 */
function runWithPlan(
  plant: Plant,
  plan: ChargingPlan,
  days: number,
  visit: (state: PlantState, sent: ChargingPlanParams) => void = () => {},
): SessionSeen[] {
  const zone = plant.config.timeZone;
  let sent = sendPlan(plant, plan, zone);
  let open: SessionSeen | null = null;
  const ended: SessionSeen[] = [];
  let previous = plant.current();
  runMinutes(plant, days * 24 * 60, (state) => {
    expect(Math.abs(balanceErrorW(state))).toBeLessThanOrEqual(balanceToleranceW(state));
    expect(state.evW > 0).toBe(state.pile.state === 'charging');
    const pile = state.pile;
    // the car left (and perhaps the next came within the step)
    if (open && (pile.sessionStart === null || pile.sessionNo !== open.no)) {
      open.energyWh = previous.pile.sessionKwh * 1000;
      open.endMs = previous.ms;
      ended.push(open);
      open = null;
    }
    if (pile.sessionStart !== null && !open) {
      if (pile.sessionNo !== previous.pile.sessionNo) sent = sendPlan(plant, plan, zone);
      open = { no: pile.sessionNo!, plan: sent, energyWh: 0, endMs: 0, windowShortfalls: 0 };
    }
    if (open && pile.state !== 'fault' && state.pile.sessionKwh * 1000 < (sent.target_wh ?? Infinity)) {
      const from = state.ms - minuteMs;
      const window = sent.windows.find((w) => from >= w.start && from < w.end);
      const offeredW = pile.currentLimitA * pile.phases * V;
      if (window && pile.state === 'charging' && offeredW < window.power_w - 1) open.windowShortfalls++;
    }
    visit(state, sent);
    previous = state;
  });
  return ended;
}

describe('PV surplus', () => {
  it('over a June month the car charges from what would be exported: grid import for it stays near zero', () => {
    const run = (withPlan: boolean) => {
      const plant = createPlant(homeWithWallbox(), 1, Date.UTC(2025, 5, 1));
      let evWh = 0;
      let importedForCarWh = 0;
      const visit = (state: PlantState) => {
        evWh += state.evW / 60;
        importedForCarWh += Math.max(0, Math.min(state.evW, state.gridW)) / 60;
        // never a power between nothing and 6 A on one phase
        if (withPlan && state.pile.currentLimitA > 0)
          expect(state.pile.currentLimitA).toBeGreaterThanOrEqual(6);
      };
      if (withPlan) runWithPlan(plant, planned('pv'), 30, visit);
      else runMinutes(plant, 30 * 24 * 60, visit);
      return { evWh, importedForCarWh };
    };
    const pv = run(true);
    const plain = run(false);
    expect(pv.evWh).toBeGreaterThan(20_000);
    expect(pv.importedForCarWh).toBeLessThan(0.02 * pv.evWh);
    // plugged in at six and charged at once, the same cars take most of it from the grid
    expect(plain.importedForCarWh).toBeGreaterThan(0.5 * plain.evWh);
  });
});

describe('windows', () => {
  it('off-peak: charging only inside the windows sent, all of them in the valley', () => {
    const plant = createPlant(homeWithWallbox(places.warsaw), 2, Date.UTC(2025, 2, 3));
    const zone = plant.config.timeZone;
    let evWh = 0;
    const sessions = runWithPlan(plant, planned('off_peak'), 40, (state, sent) => {
      if (state.evW <= 0) return;
      evWh += state.evW / 60;
      const from = state.ms - minuteMs;
      expect(sent.windows.some((w) => from >= w.start && state.ms <= w.end)).toBe(true);
      expect(bandAtInstant(tariff, from, zone)).toBe('valley');
    });
    expect(sessions.length).toBeGreaterThan(10);
    expect(evWh).toBeGreaterThan(100_000);
  });

  it('scheduled, 4.5 kWh by 06:00: met by departure by every car still there, in the windows only', () => {
    const plant = createPlant(homeWithWallbox(places.warsaw), 3, Date.UTC(2025, 2, 3));
    // one phase at 15 A (3.45 kW): every car takes what the windows ask, so the target is feasible
    const plan = planned('scheduled', {
      phases: '1p',
      max_current_a: 15,
      weekly: [{ days: everyDay, departure: '06:00', energy_kwh: 4.5, soc_pct: null }],
    });
    const sessions = runWithPlan(plant, plan, 40, (state, sent) => {
      if (state.evW <= 0) return;
      const from = state.ms - minuteMs;
      expect(sent.windows.some((w) => from >= w.start && state.ms <= w.end)).toBe(true);
    });
    const stayed = sessions.filter((session) => session.endMs >= session.plan.departure_at!);
    expect(stayed.length).toBeGreaterThan(10);
    for (const session of stayed) {
      // the windows hold at least the target; the box charges to it and stops there
      const planned = session.plan.windows.reduce(
        (sum, w) => sum + (w.power_w * (w.end - w.start)) / 3_600_000,
        0,
      );
      expect(planned).toBeGreaterThanOrEqual(4500 - 1);
      expect(session.windowShortfalls).toBe(0);
      expect(session.energyWh, `session ${session.no}`).toBeGreaterThan(4500 - 1);
      expect(session.energyWh).toBeLessThan(4500 + (15 * V) / 60);
    }
  });
});

/** Advances `plant` a minute at a time until `until` holds (at most `days`), answering that state. */
function advanceUntil(plant: Plant, until: (state: PlantState) => boolean, days = 14): PlantState {
  let ms = plant.current().ms;
  for (const end = ms + days * dayMs; ms < end; ) {
    ms += minuteMs;
    const state = plant.advance(ms);
    if (until(state)) return state;
  }
  throw new Error('never happened');
}

/** Advances `minutes`, handing each state to `visit`; answers the last. */
function advanceMinutes(
  plant: Plant,
  minutes: number,
  visit: (state: PlantState) => void = () => {},
): PlantState {
  runMinutes(plant, minutes, visit);
  return plant.current();
}

describe('remote control', () => {
  it('stop ends charging with the car plugged, current caps the power, start resumes; the next car is free', () => {
    const plant = createPlant(homeWithWallbox(), 4, Date.UTC(2025, 2, 3));
    const charging = advanceUntil(
      plant,
      (state) => state.pile.state === 'charging' && state.pile.sessionKwh > 1,
    );
    const { sessionNo, sessionStart } = charging.pile;
    expect(sessionStart).toBe('plug_and_charge');
    expect(plant.charge({ action: 'stop' })).toBeNull();
    const held = advanceMinutes(plant, 30, (state) => {
      expect(state.evW).toBe(0);
      expect(state.pile).toMatchObject({ state: 'plugged', remoteHold: true, sessionNo, currentLimitA: 0 });
    });
    expect(plant.charge({ action: 'current', current_a: 8 })).toBeNull();
    expect(plant.charge({ action: 'start' })).toBeNull();
    const resumed = advanceMinutes(plant, 10, (state) => {
      expect(state.evW).toBeLessThanOrEqual(8 * V * state.pile.phases + 1e-6);
    });
    expect(resumed.evW).toBeGreaterThan(0);
    expect(resumed.pile).toMatchObject({
      state: 'charging',
      remoteHold: false,
      sessionNo,
      sessionStart,
      currentLimitA: 8,
    });
    expect(resumed.pile.sessionKwh).toBeGreaterThan(held.pile.sessionKwh);
    // the next car: neither held nor capped
    const next = advanceUntil(
      plant,
      (state) => state.pile.sessionNo !== sessionNo && state.pile.state === 'charging',
    );
    expect(next.pile.remoteHold).toBe(false);
    expect(next.pile.currentLimitA).toBeGreaterThan(8);
  });

  it('start before a plan charged anything: now, at the maximum, and the session was started remotely', () => {
    const plant = createPlant(homeWithWallbox(), 5, Date.UTC(2025, 11, 1));
    expect(plant.chargingPlan({ ...planOf('pv'), max_current_a: 10 })).toBeNull();
    // a December evening: no surplus, the car waits
    const waiting = advanceUntil(
      plant,
      (state) =>
        state.pile.sessionStart === 'plan' && state.pile.state === 'plugged' && state.pile.sessionKwh === 0,
    );
    expect(advanceMinutes(plant, 10).pile).toMatchObject({
      state: 'plugged',
      sessionKwh: 0,
      currentLimitA: 0,
    });
    expect(plant.charge({ action: 'start' })).toBeNull();
    const started = advanceMinutes(plant, 2);
    expect(started.pile).toMatchObject({
      state: 'charging',
      sessionStart: 'remote',
      sessionNo: waiting.pile.sessionNo,
      planMode: 'pv',
      currentLimitA: 10,
    });
  });

  it('refuses a command without a car, and a plan it cannot follow, changing nothing', () => {
    const plant = createPlant(homeWithWallbox(), 6, Date.UTC(2025, 2, 3));
    expect(plant.chargingPlan(planOf('min_pv'))).toBeNull();
    advanceUntil(plant, (state) => state.pile.state === 'idle');
    for (const action of ['start', 'stop', 'current'] as const)
      expect(plant.charge({ action, current_a: 10 })).toEqual({
        error: 'refused',
        message: `charge refused: no car is plugged in: no session to ${action === 'current' ? 'limit' : action}`,
      });
    expect(
      plant.chargingPlan(planOf('fast', { min_current_a: 20, max_current_a: 32, phases: '3p' })),
    ).toEqual({
      error: 'refused',
      message: 'charging plan refused: min_current_a (validation.aboveRating)',
    });
    expect(advanceMinutes(plant, 1).pile.planMode).toBe('min_pv');
    const noWallbox = createPlant(pvOnlyConfig(places.munich, 35), 6, Date.UTC(2025, 2, 3));
    expect(noWallbox.chargingPlan(planOf('fast'))?.error).toBe('unsupported');
    expect(noWallbox.charge({ action: 'start' })?.error).toBe('unsupported');
  });
});

describe('cars', () => {
  /** Each session's number, start, SOC on arrival and at the end, energy, from a plant of `seed`. */
  function sessionsOf(seed: number, days: number) {
    const plant = createPlant(homeWithWallbox(), seed, Date.UTC(2025, 0, 6));
    const seen: {
      no: number;
      start: string;
      arrivalSoc: number | null;
      endSoc: number | null;
      kwh: number;
    }[] = [];
    let previous = plant.current();
    runMinutes(plant, days * 24 * 60, (state) => {
      const pile = state.pile;
      if (pile.sessionStart !== null && pile.sessionNo !== previous.pile.sessionNo)
        seen.push({
          no: pile.sessionNo!,
          start: pile.sessionStart,
          arrivalSoc: pile.carSocPct,
          endSoc: null,
          kwh: 0,
        });
      const last = seen.at(-1);
      if (last && pile.sessionNo === last.no && pile.sessionStart !== null) {
        last.endSoc = pile.carSocPct;
        last.kwh = pile.sessionKwh;
      }
      previous = state;
    });
    return seen;
  }

  it('arrive with varied SOC and capacities from the seed; their SOC rises with the energy, never past 100 %', () => {
    const sessions = sessionsOf(7, 150);
    expect(sessions.length).toBeGreaterThan(60);
    // numbered upwards at each plug-in
    expect(sessions.every((session, i) => i === 0 || session.no > sessions[i - 1]!.no)).toBe(true);
    const told = sessions.filter((session) => session.arrivalSoc !== null);
    expect(told.length / sessions.length).toBeGreaterThan(0.5);
    expect(told.length).toBeLessThan(sessions.length);
    const arrivals = told.map((session) => session.arrivalSoc!);
    expect(Math.min(...arrivals)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...arrivals)).toBeLessThan(70);
    expect(Math.min(...arrivals)).toBeLessThan(20);
    expect(Math.max(...arrivals)).toBeGreaterThan(60);
    // the capacity each car's SOC rise gives away
    const capacities = new Set<number>();
    for (const session of told) {
      expect(session.endSoc!).toBeLessThanOrEqual(100);
      if (session.kwh < 2) continue;
      capacities.add(Math.round((100 * session.kwh) / (session.endSoc! - session.arrivalSoc!)));
    }
    expect([...capacities].every((kwh) => [40, 58, 77, 100].includes(kwh))).toBe(true);
    expect(capacities.size).toBeGreaterThanOrEqual(3);
    // at home, without a plan: mostly plug-and-charge, some by card
    const starts = new Set(sessions.map((session) => session.start));
    expect([...starts].sort()).toEqual(['card', 'plug_and_charge']);
    // the same seed, the same cars; another seed, others
    expect(sessionsOf(7, 20)).toEqual(sessionsOf(7, 20));
    expect(sessionsOf(8, 20)).not.toEqual(sessionsOf(7, 20));
  });
});
