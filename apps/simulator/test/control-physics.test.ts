import { describe, expect, it } from 'vitest';
import type { PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import {
  balanceErrorW,
  balanceToleranceW,
  essConfig,
  hourMs,
  minuteMs,
  places,
  pvOnlyConfig,
  runMinutes,
} from './plant-support.ts';

/** What a device's settings do to its plant (`Plant.control`): export limit, power limit, slots, stop SOC. */

const summerDay = Date.UTC(2025, 5, 21);
const winterDay = Date.UTC(2025, 0, 15);

/** Every state of `minutes` minutes, each checked to balance. */
function run(plant: ReturnType<typeof createPlant>, minutes: number): PlantState[] {
  const states: PlantState[] = [];
  runMinutes(plant, minutes, (state) => {
    expect(Math.abs(balanceErrorW(state))).toBeLessThanOrEqual(balanceToleranceW(state));
    states.push(state);
  });
  return states;
}

describe('export limit', () => {
  it('caps export at the limit by curtailing PV, and the plant still balances', () => {
    const free = createPlant(pvOnlyConfig(places.seville, 30, 10), 3, summerDay);
    const limited = createPlant(pvOnlyConfig(places.seville, 30, 10), 3, summerDay);
    limited.control({ exportLimitW: 1500 });
    const freeStates = run(free, 24 * 60);
    const states = run(limited, 24 * 60);
    for (const state of states) expect(-state.gridW).toBeLessThanOrEqual(1500 + 1e-6);
    // the limit bites at noon: export sits at it, and PV gave up what it could not export
    expect(states.filter((state) => Math.abs(state.gridW + 1500) < 1e-6).length).toBeGreaterThan(60);
    expect(Math.max(...freeStates.map((state) => -state.gridW))).toBeGreaterThan(5000);
    expect(states.at(-1)!.counters.pvKwh).toBeLessThan(freeStates.at(-1)!.counters.pvKwh - 10);
    // the load is served as before
    expect(states.at(-1)!.counters.loadKwh).toBeCloseTo(freeStates.at(-1)!.counters.loadKwh, 6);
  });

  it('lets the battery absorb first, then curtails; zero export is zero', () => {
    const plant = createPlant(essConfig(places.seville, 'self_consumption'), 5, summerDay, {}, 20);
    plant.control({ exportLimitW: 0 });
    const states = run(plant, 24 * 60);
    for (const state of states) expect(state.gridW).toBeGreaterThanOrEqual(-1e-6);
    // the battery still filled from the sun before PV was curtailed
    expect(Math.max(...states.map((state) => state.socPct))).toBeGreaterThan(90);
  });

  it('no limit again: export flows freely', () => {
    const plant = createPlant(pvOnlyConfig(places.seville, 30, 10), 3, summerDay);
    plant.control({ exportLimitW: 1000 });
    plant.control({ exportLimitW: null });
    expect(plant.config.exportLimitW).toBeUndefined();
    const states = run(plant, 24 * 60);
    expect(Math.max(...states.map((state) => -state.gridW))).toBeGreaterThan(5000);
  });
});

describe('active power limit', () => {
  it('holds PV output at the share of the inverter rating', () => {
    const plant = createPlant(pvOnlyConfig(places.seville, 30, 10), 3, summerDay);
    plant.control({ activePowerPct: 40 });
    const states = run(plant, 24 * 60);
    const peak = Math.max(...states.map((state) => state.pvW));
    expect(peak).toBeLessThanOrEqual(4000 + 1e-6);
    expect(peak).toBeGreaterThan(3990);
  });
});

describe('battery slots', () => {
  it('a charge slot charges at full power from the grid at night, up to the charge stop SOC', () => {
    const config = essConfig(places.munich, 'self_consumption');
    // 01:00–04:00 local (UTC+1 in January)
    const plant = createPlant(config, 9, winterDay, {}, 30);
    plant.control({ slots: [{ kind: 'charge', startMin: 60, endMin: 240 }], chargeStopSocPct: 60 });
    const states = run(plant, 6 * 60);
    const inSlot = states.filter(
      (state) => state.ms > winterDay + 5 * minuteMs && state.ms <= winterDay + 3 * hourMs,
    );
    const charging = inSlot.filter((state) => state.socPct < 59.9);
    expect(charging.length).toBeGreaterThan(30);
    for (const state of charging) {
      expect(state.batteryW).toBeCloseTo(5000, 6);
      // no sun: the grid gives it all, with the load
      expect(state.gridW).toBeCloseTo(state.loadW + 5000, 6);
    }
    // it stops at the charge stop SOC and holds it
    for (const state of states) expect(state.socPct).toBeLessThanOrEqual(60 + 1e-9);
    expect(states.find((state) => state.ms === winterDay + 3 * hourMs - minuteMs)!.socPct).toBeCloseTo(60, 6);
    // after the slot (04:00–06:00 local) the mode decides: self-consumption never charges from the grid
    for (const state of states.filter((state) => state.ms > winterDay + 3 * hourMs + minuteMs))
      expect(state.batteryW).toBeLessThanOrEqual(0);
  });

  it('a discharge slot discharges at full power, the load first and the rest exported, down to the stop SOC', () => {
    const config = essConfig(places.munich, 'self_consumption');
    // from 18:00 local, full; 19:00–23:00 local = 18:00–22:00 UTC
    const plant = createPlant(config, 9, winterDay + 17 * hourMs, {}, 90);
    plant.control({
      slots: [{ kind: 'discharge', startMin: 19 * 60, endMin: 23 * 60 }],
      dischargeStopSocPct: 40,
      maxDischargeW: 3000,
    });
    const states = run(plant, 6 * 60);
    const inSlot = states.filter(
      (state) => state.ms > winterDay + 18 * hourMs + minuteMs && state.ms < winterDay + 22 * hourMs,
    );
    const discharging = inSlot.filter((state) => state.socPct > 40.5);
    expect(discharging.length).toBeGreaterThan(30);
    for (const state of discharging) {
      expect(state.batteryW).toBeCloseTo(-3000, 6);
      expect(state.gridW).toBeCloseTo(state.loadW - 3000, 6);
    }
    expect(discharging.some((state) => state.gridW < 0)).toBe(true);
    for (const state of states) expect(state.socPct).toBeGreaterThanOrEqual(40 - 1e-9);
  });

  it('a discharge slot keeps within the export limit: the battery gives less', () => {
    const plant = createPlant(
      essConfig(places.munich, 'self_consumption'),
      9,
      winterDay + 17 * hourMs,
      {},
      90,
    );
    plant.control({ slots: [{ kind: 'discharge', startMin: 19 * 60, endMin: 23 * 60 }], exportLimitW: 200 });
    const states = run(plant, 6 * 60);
    for (const state of states) expect(-state.gridW).toBeLessThanOrEqual(200 + 1e-6);
    const inSlot = states.filter(
      (state) => state.ms > winterDay + 18 * hourMs + minuteMs && state.ms < winterDay + 22 * hourMs,
    );
    expect(inSlot.length).toBeGreaterThan(200);
    for (const state of inSlot) expect(state.batteryW).toBeCloseTo(-Math.min(5000, state.loadW + 200), 6);
  });

  it('outside every slot the mode decides as before', () => {
    const plain = createPlant(essConfig(places.munich, 'self_consumption'), 9, winterDay, {}, 50);
    const slotted = createPlant(essConfig(places.munich, 'self_consumption'), 9, winterDay, {}, 50);
    // a slot later in the day: the morning is the same
    slotted.control({ slots: [{ kind: 'charge', startMin: 22 * 60, endMin: 23 * 60 }] });
    expect(run(slotted, 12 * 60)).toEqual(run(plain, 12 * 60));
  });
});

describe('stop SOC and power limits', () => {
  it('the discharge stop SOC is the floor and the charge stop SOC the ceiling', () => {
    const plant = createPlant(essConfig(places.seville, 'self_consumption'), 4, summerDay, {}, 50);
    plant.control({ chargeStopSocPct: 70, dischargeStopSocPct: 45 });
    const states = run(plant, 3 * 24 * 60);
    const socs = states.map((state) => state.socPct);
    expect(Math.max(...socs)).toBeLessThanOrEqual(70 + 1e-9);
    expect(Math.min(...socs)).toBeGreaterThanOrEqual(45 - 1e-9);
    // both were reached: the sun fills it by day, the house empties it by night
    expect(Math.max(...socs)).toBeGreaterThan(69.9);
    expect(Math.min(...socs)).toBeLessThan(45.1);
  });

  it('never raises a power limit above the hardware rating', () => {
    const plant = createPlant(essConfig(places.munich, 'self_consumption'), 1, winterDay);
    plant.control({ maxChargeW: 50_000, maxDischargeW: 2000 });
    expect(plant.config.battery).toMatchObject({ maxChargeW: 5000, maxDischargeW: 2000 });
    plant.control({ maxDischargeW: 9000 });
    expect(plant.config.battery?.maxDischargeW).toBe(5000);
  });

  it('moves the generator thresholds', () => {
    const config = { ...essConfig(places.munich, 'self_consumption'), generator: { ratedW: 5000 } };
    const plant = createPlant(config, 1, winterDay);
    plant.control({ generatorStartSocPct: 30, generatorStopSocPct: 70 });
    expect(plant.config.generator).toEqual({ ratedW: 5000, startSocPct: 30, stopSocPct: 70 });
  });
});
