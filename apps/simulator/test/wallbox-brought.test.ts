import { describe, expect, it } from 'vitest';
import { createPlant } from '../src/plant/plant.ts';
import { minuteMs, places, pvOnlyConfig, runMinutes } from './plant-support.ts';
import { planOf } from './support/charging.ts';

/** A car brought to the wallbox at a known time, as the portal's round trips and journeys need one. */

const hourMs = 3_600_000;

describe('Plant.bringCar', () => {
  it('plugs the car in at its arrival, charges it by the plan, and it leaves at its departure', () => {
    const start = Date.UTC(2025, 5, 14, 8); // a Saturday morning in Munich: drawn cars would come too
    const plant = createPlant(
      { ...pvOnlyConfig(places.munich, 35, 10), stationType: 6, wallbox: { maxPowerW: 11_000 } },
      5,
      start,
    );
    expect(plant.chargingPlan(planOf('fast'))).toBeNull();
    plant.bringCar({
      arrivalMs: start + hourMs,
      departureMs: start + 5 * hourMs,
      capacityKwh: 58,
      socPct: 40,
      maxW: 11_000,
    });
    const states: string[] = [];
    let soc = 0;
    let delivered = 0;
    runMinutes(plant, 6 * 60, (state) => {
      const at = state.ms - start;
      if (at < hourMs) expect(state.pile.state).not.toBe('charging');
      if (at > hourMs + 5 * minuteMs && at < 4 * hourMs) {
        expect(state.pile.state).toBe('charging');
        expect(state.pile.sessionStart).toBe('plan');
        soc = state.pile.carSocPct ?? 0;
        delivered = state.pile.sessionKwh;
      }
      if (at > 5 * hourMs + minuteMs) expect(state.pile.state).toBe('idle');
      states.push(state.pile.state);
    });
    // 58 kWh from 40 %: it wants 34.8 kWh, and three hours at 11 kW are 33 kWh
    expect(delivered).toBeGreaterThan(25);
    expect(soc).toBeCloseTo(40 + (delivered / 58) * 100, 0);
  });
});
