import type { PileState } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import type { PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { places, runMinutes } from './plant-support.ts';

interface Session {
  startMs: number;
  energyKwh: number;
  /** Whether a car was there (plugged or charging), rather than an idle box being not ready. */
  car: boolean;
}

/** Runs a plant and cuts its pile states into sessions: from leaving idle to coming back to it. */
function observe(config: ReturnType<typeof samplePlantConfig>, seed: number, days: number) {
  const plant = createPlant(config, seed, Date.UTC(2025, 2, 3));
  const transitions = new Set<string>();
  const seen = new Set<PileState>();
  const sessions: Session[] = [];
  let previous: PlantState = plant.current();
  let open: Session | null = null;
  /** Steps where power flowed without the charging state, or the other way round. */
  let powerStateMismatches = 0;
  runMinutes(plant, days * 24 * 60, (state) => {
    const pile = state.pile.state;
    seen.add(pile);
    if (pile !== previous.pile.state) transitions.add(`${previous.pile.state}→${pile}`);
    if (state.evW > 0 !== (pile === 'charging')) powerStateMismatches++;
    if (previous.pile.state === 'idle' && pile !== 'idle')
      open = { startMs: state.ms, energyKwh: 0, car: false };
    if (open && (pile === 'plugged' || pile === 'charging')) open.car = true;
    if (open && pile === 'idle') {
      open.energyKwh = previous.pile.sessionKwh;
      if (open.car) sessions.push(open);
      open = null;
    }
    previous = state;
  });
  expect(powerStateMismatches).toBe(0);
  return { plant, transitions, seen, sessions };
}

function localHour(ms: number, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(ms));
}

describe('wallbox sessions', () => {
  it('at home: evening arrivals, 5–40 kWh a session, idle → plugged → charging → plugged → idle', () => {
    const config = samplePlantConfig(6, places.munich, 5);
    const { plant, transitions, sessions } = observe(config, 5, 60);
    expect(sessions.length).toBeGreaterThan(15);
    expect(sessions.length).toBeLessThan(50);
    for (const session of sessions) {
      expect(session.energyKwh).toBeGreaterThan(0);
      expect(session.energyKwh).toBeLessThanOrEqual(40 + 1e-6);
    }
    const evening = sessions.filter((session) => {
      const hour = localHour(session.startMs, config.timeZone);
      return hour >= 15 && hour <= 23;
    });
    expect(evening.length / sessions.length).toBeGreaterThan(0.6);
    // The usual path, and never straight from idle to charging.
    for (const step of ['idle→plugged', 'plugged→charging', 'charging→plugged', 'plugged→idle']) {
      expect(transitions).toContain(step);
    }
    expect(transitions).not.toContain('idle→charging');
    // Every kWh the car got is in the counter.
    const sessionsKwh = sessions.reduce((sum, session) => sum + session.energyKwh, 0);
    expect(plant.current().counters.evKwh).toBeGreaterThanOrEqual(sessionsKwh - 1e-6);
  });

  it('at a public charger: daytime sessions and, over a year, every pile state including fault and not_ready', () => {
    let config = samplePlantConfig(8, places.seville, 1);
    for (let seed = 2; config.load.profile !== 'commercial'; seed++)
      config = samplePlantConfig(8, places.seville, seed);
    expect(config.pv).toBeUndefined();
    const { plant, seen, sessions, transitions } = observe(config, 3, 365);
    expect([...seen].sort()).toEqual(['charging', 'fault', 'idle', 'not_ready', 'plugged']);
    expect(transitions).not.toContain('idle→charging');
    const daytime = sessions.filter((session) => {
      const hour = localHour(session.startMs, config.timeZone);
      return hour >= 7 && hour < 19;
    });
    expect(daytime.length / sessions.length).toBeGreaterThan(0.95);
    // The car is the only load: everything it took came from the grid.
    const counters = plant.current().counters;
    expect(counters.loadKwh).toBe(0);
    expect(counters.importKwh).toBeCloseTo(counters.evKwh, 6);
  });

  it('charges no faster than its power setting', () => {
    const config = samplePlantConfig(8, places.munich, 4);
    const plant = createPlant(config, 4, Date.UTC(2025, 5, 2));
    expect(plant.apply({ wallbox_max_w: 3000 })).toEqual([]);
    let charging = 0;
    runMinutes(plant, 14 * 24 * 60, (state) => {
      expect(state.evW).toBeLessThanOrEqual(3000 + 1e-9);
      if (state.evW > 0) charging++;
    });
    expect(charging).toBeGreaterThan(0);
  });
});
