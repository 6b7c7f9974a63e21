import { describe, expect, it } from 'vitest';
import type { PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { essConfig, places, runMinutes } from './plant-support.ts';

/** Local hour read straight from Intl, independent of the simulator's own zone cache. */
function localHour(ms: number, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(ms));
}

function collect(plant: ReturnType<typeof createPlant>, days: number): PlantState[] {
  const states: PlantState[] = [];
  runMinutes(plant, days * 24 * 60, (state) => states.push(state));
  return states;
}

describe('battery modes', () => {
  it('self-consumption charges only from PV surplus and discharges only to cover the site', () => {
    const states = collect(
      createPlant(essConfig(places.munich, 'self_consumption'), 1, Date.UTC(2025, 4, 1)),
      14,
    );
    // Charging never draws from the grid; discharging never feeds it.
    expect(states.filter((state) => state.batteryW > 0 && state.gridW > 1e-6)).toEqual([]);
    expect(states.filter((state) => state.batteryW < 0 && state.gridW < -1e-6)).toEqual([]);
    expect(states.some((state) => state.batteryW > 1000)).toBe(true);
    expect(states.some((state) => state.batteryW < -200)).toBe(true);
  });

  it('time of use charges from the grid in the cheap hours and never outside them', () => {
    const config = essConfig(places.munich, 'time_of_use');
    const states = collect(createPlant(config, 2, Date.UTC(2025, 0, 6)), 10);
    const gridCharging = states.filter((state) => state.batteryW > 0 && state.gridW > 1);
    expect(gridCharging.length).toBeGreaterThan(60);
    for (const state of gridCharging) {
      const hour = localHour(state.ms, config.timeZone);
      expect(hour).toBeGreaterThanOrEqual(1);
      expect(hour).toBeLessThan(5);
    }
    // By the last minute of the cheap window the battery is full.
    const lastCheapMinutes = states.filter(
      (state) => (state.ms + 60_000) % 3_600_000 === 0 && localHour(state.ms, config.timeZone) === 4,
    );
    expect(lastCheapMinutes.length).toBe(10);
    for (const state of lastCheapMinutes) expect(state.socPct).toBeCloseTo(config.battery!.maxSocPct, 3);
  });

  it('backup reserve never goes below the reserve and refills it from the grid when the reserve is raised', () => {
    const config = essConfig(places.warsaw, 'backup_reserve');
    const plant = createPlant(config, 3, Date.UTC(2025, 11, 1));
    const states = collect(plant, 7);
    expect(Math.min(...states.map((state) => state.socPct))).toBeGreaterThanOrEqual(40 - 1e-9);
    expect(states.some((state) => state.socPct < 40.5)).toBe(true);

    expect(plant.apply({ reserve_soc_pct: 80 })).toEqual([]);
    const refill = collect(plant, 1);
    expect(refill.some((state) => state.batteryW > 0 && state.gridW > 0)).toBe(true);
    expect(refill.at(-1)!.socPct).toBeGreaterThanOrEqual(80 - 1e-9);
  });

  it('peak shaving keeps grid import at the limit while the battery has energy', () => {
    const config = essConfig(places.munich, 'peak_shaving');
    const states = collect(createPlant(config, 4, Date.UTC(2025, 10, 1)), 14);
    const limitW = config.battery!.peakLimitW;
    const overLimit = states.filter((state) => state.gridW > limitW + 1e-6);
    // Over the limit only when the battery is at its floor or at full discharge power.
    for (const state of overLimit) {
      const atFloor = state.socPct <= config.battery!.minSocPct + 0.2;
      const atFullPower = state.batteryW <= -config.battery!.maxDischargeW + 1e-6;
      expect(atFloor || atFullPower).toBe(true);
    }
    expect(states.some((state) => state.batteryW < 0 && Math.abs(state.gridW - limitW) < 1e-6)).toBe(true);
    // It does not discharge below the limit.
    expect(states.filter((state) => state.batteryW < 0 && state.gridW < limitW - 1e-6)).toEqual([]);
  });

  it('loses about 1 − η of what goes through it', () => {
    const config = essConfig(places.seville, 'self_consumption');
    const plant = createPlant(config, 5, Date.UTC(2025, 5, 1));
    const startSoc = plant.current().socPct;
    const end = plant.advance(Date.UTC(2025, 7, 1));
    const storedChangeKwh = ((end.socPct - startSoc) / 100) * config.battery!.capacityKwh;
    // AC in × √η − AC out / √η = change in stored energy.
    const efficiency = Math.sqrt(config.battery!.roundTripEfficiency);
    const expectedChangeKwh = end.counters.chargeKwh * efficiency - end.counters.dischargeKwh / efficiency;
    expect(storedChangeKwh).toBeCloseTo(expectedChangeKwh, 3);
    expect(end.counters.dischargeKwh).toBeGreaterThan(100);
    expect(end.sohPct).toBeLessThan(100);
  });

  it('respects a lowered charge limit and a narrowed SOC window', () => {
    const plant = createPlant(essConfig(places.seville, 'self_consumption'), 6, Date.UTC(2025, 5, 1));
    expect(plant.apply({ max_charge_w: 1200, min_soc_pct: 30, max_soc_pct: 70 })).toEqual([]);
    runMinutes(plant, 24 * 60, () => {});
    const states = collect(plant, 5);
    expect(Math.max(...states.map((state) => state.batteryW))).toBeLessThanOrEqual(1200 + 1e-9);
    expect(Math.max(...states.map((state) => state.socPct))).toBeLessThanOrEqual(70 + 1e-9);
    expect(Math.min(...states.map((state) => state.socPct))).toBeGreaterThanOrEqual(30 - 1e-9);
  });
});

describe('off-grid generator', () => {
  it('starts when the battery runs low and stops once it is recharged; the grid is never used', () => {
    const config = samplePlantConfig(5, places.warsaw, 12);
    const states = collect(createPlant(config, 12, Date.UTC(2025, 10, 15)), 30);
    // Hysteresis: once the battery has been recharged to 80 %, the generator gives nothing until
    // the battery has been down to 20 % again. (A step's SOC is read after it, hence 81.)
    let recharged = false;
    let runningMinutes = 0;
    for (const state of states) {
      expect(state.gridW).toBe(0);
      if (state.generatorW > 0) {
        runningMinutes++;
        expect(recharged).toBe(false);
        expect(state.socPct).toBeLessThan(81);
      }
      if (state.socPct >= 80) recharged = true;
      if (state.socPct <= 20 + 1e-9) recharged = false;
    }
    expect(runningMinutes).toBeGreaterThan(60);
    expect(Math.min(...states.map((state) => state.socPct))).toBeGreaterThanOrEqual(
      config.battery!.minSocPct - 1e-9,
    );
  });

  it('sheds load rather than leave a step unbalanced when nothing can cover it', () => {
    const config = samplePlantConfig(5, places.oslo, 2);
    config.generator = undefined;
    config.load = { profile: 'household', annualKwh: 9000 };
    const plant = createPlant(config, 2, Date.UTC(2025, 11, 1));
    const states = collect(plant, 10);
    const flat = states.filter(
      (state) => state.socPct <= config.battery!.minSocPct + 1e-6 && state.pvW === 0,
    );
    expect(flat.length).toBeGreaterThan(0);
    for (const state of flat) expect(state.loadW).toBeCloseTo(0, 6);
  });
});

describe('grid-connected C&I', () => {
  it('caps import at the peak limit while the battery has charge; its generator rests on the grid', () => {
    const config = samplePlantConfig(9, places.munich, 7);
    const states = collect(createPlant(config, 7, Date.UTC(2025, 0, 6)), 14);
    const limitW = config.battery!.peakLimitW;
    const charged = states.filter((state) => state.socPct > config.battery!.minSocPct + 1);
    const overLimit = charged.filter((state) => state.gridW > limitW + 1e-6);
    expect(charged.length).toBeGreaterThan(states.length / 2);
    expect(overLimit.length).toBeLessThan(charged.length * 0.01);
    for (const state of states) {
      expect(state.generatorW).toBe(0);
      expect(state.generator.state).toBe('stopped');
    }
  });
});
