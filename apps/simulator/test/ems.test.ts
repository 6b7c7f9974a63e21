import { DeviceType, type SettingValue, StationType } from '@helio/contracts';
import { decodeUp, type EmsStateSet, emsPartStates, emsStateName } from '@helio/contracts/device-link';
import { describe, expect, it } from 'vitest';
import { runsStrategy, strategyOf } from '../src/devices/strategy.ts';
import type { VirtualDevice } from '../src/devices/virtual-device.ts';
import type { PlantConfig, PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { createStationSimulation, type StationSimulation } from '../src/runtime/station.ts';
import { balanceErrorW, balanceToleranceW, minuteMs, places } from './plant-support.ts';
import { localMidnightMs } from './support/strategy-sites.ts';

/**
 * The EMS 5000 of a C&I site: its parts' state machines follow the site (an outage islands it, the
 * battery runs low, the generator starts, the grid comes back), its parameters act on the plant and
 * the strategies it is sent hold what they promise.
 */

const hourMs = 3_600_000;
type Part = Record<string, number>;
interface Values {
  state?: unknown;
  mode?: unknown;
  pcs: Part;
  pvs: Part;
  bms: Part;
  sts: Part;
  generator: Part;
  meter: Part;
}

/** A C&I site near Munich (the preset of `seed`), battery in self-consumption unless said. */
function commercialSite(seed = 7, change: (config: PlantConfig) => void = () => {}): PlantConfig {
  const config = samplePlantConfig(StationType.commercialEss, places.munich, seed);
  change(config);
  return config;
}

/** A station of the site with its EMS 5000 alone, from `date` at local `hour`, its battery at `socPct`. */
function emsStation(config: PlantConfig, date: string, hour: number, socPct: number): StationSimulation {
  return createStationSimulation({
    key: `ems-${date}`,
    plant: config,
    seed: 5,
    startMs: localMidnightMs(date, config.timeZone) + hour * hourMs,
    initialSocPct: socPct,
    devices: [{ sn: 'EMSTEST000000001', deviceType: DeviceType.energyManagementBox, password: 'x' }],
  });
}

function emsOf(station: StationSimulation): VirtualDevice {
  return station.devices[0]!;
}

/** A settings command's params as the EMS takes them: checked by the contracts' rule, then applied to the plant. */
function settings(station: StationSimulation, params: Record<string, SettingValue>): void {
  const ems = emsOf(station);
  const { changes, issues } = ems.parameters.check(params);
  expect(issues).toEqual([]);
  station.control(ems.parameters.apply(changes));
}

/** Every minute for `minutes`: the plant's state and what the EMS reports. */
function minutes(station: StationSimulation, count: number): { state: PlantState; values: Values }[] {
  const ems = emsOf(station);
  const taken: { state: PlantState; values: Values }[] = [];
  let ms = station.timeMs;
  for (let i = 0; i < count; i += 1) {
    ms += minuteMs;
    const state = station.plant.advance(ms);
    expect(Math.abs(balanceErrorW(state))).toBeLessThanOrEqual(balanceToleranceW(state));
    taken.push({ state, values: ems.peekValues(state) as unknown as Values });
  }
  return taken;
}

const name = (part: EmsStateSet, values: { state?: unknown } | undefined) =>
  emsStateName(part, values?.state);

/** Consecutive repeats dropped: the order states went through. */
function path(states: readonly string[]): string[] {
  return states.filter((state, i) => i === 0 || state !== states[i - 1]);
}

describe('EMS 5000: an outage on a C&I site', () => {
  it('islands the site, starts the generator when the battery runs low, and reconnects after the delay', () => {
    const config = commercialSite(7, (site) => {
      site.battery!.mode = 'self_consumption';
      // a generator that can carry the site and refill the battery
      site.generator = { ratedW: site.battery!.maxChargeW + 400_000 };
    });
    const station = emsStation(config, '2025-06-11', 18, 24);
    settings(station, { 'generator.warmup_s': 120, 'sts.reconnect_delay_s': 180 });
    const startMs = station.timeMs;
    const outageFrom = startMs + 30 * minuteMs;
    const outageTo = startMs + 14 * hourMs;
    station.plant.outage(outageFrom, outageTo);
    const taken = minutes(station, 15 * 60);

    const before = taken.filter(({ state }) => state.ms < outageFrom);
    for (const { values } of before) {
      expect(name('sts', values.sts)).toBe('grid');
      expect(name('ems', values)).toBe('grid_tied');
    }
    const out = taken.filter(({ state }) => state.ms >= outageFrom && state.ms < outageTo);
    for (const { state, values } of out) {
      expect(state.gridW).toBe(0);
      expect(values.meter.grid_power_w).toBe(0);
      expect(values.sts.grid_voltage_v).toBe(0);
      expect(values.sts.load_voltage_v).toBeGreaterThan(300);
      expect(name('sts', values.sts)).toBe('island');
      expect(name('ems', values)).toBe('island');
      expect(name('pcs', values.pcs)).toBe('off_grid');
      expect(values.sts.transfers).toBe(1);
    }

    // the generator: starting (no output for its warm-up) → running → (battery refilled) → cooling → stopped
    const generator = out.map(({ values }) => name('generator', values.generator)!);
    // (over a long night it may go round again)
    expect(path(generator).slice(0, 5)).toEqual(['stopped', 'starting', 'running', 'cooling', 'stopped']);
    const starting = out.filter(({ values }) => name('generator', values.generator) === 'starting');
    // two minutes of warm-up each time it starts
    expect(starting.length).toBe(2 * path(generator).filter((state) => state === 'starting').length);
    for (const { values } of starting) expect(values.generator.power_w).toBe(0);
    const started = out.findIndex(({ values }) => name('generator', values.generator) === 'starting');
    // it started when the battery ran low (its start SOC, 20 %)
    expect(out[started]!.values.bms.soc_pct).toBeLessThanOrEqual(20.5);
    const cooling = out.find(({ values }) => name('generator', values.generator) === 'cooling')!;
    expect(cooling.values.bms.soc_pct).toBeGreaterThanOrEqual(79);
    expect(cooling.values.generator.power_w).toBe(0);
    const running = out.filter(({ values }) => name('generator', values.generator) === 'running');
    expect(Math.max(...running.map(({ values }) => values.generator.power_w!))).toBeGreaterThan(0);
    expect(running.at(-1)!.values.generator.run_hours).toBeGreaterThan(0);
    expect(running.at(-1)!.values.generator.fuel_pct).toBeLessThan(running[0]!.values.generator.fuel_pct!);

    // the grid back: transferring (still islanded) for reconnect_delay_s, then on the grid
    const after = taken.filter(({ state }) => state.ms >= outageTo);
    const transferring = after.filter(({ values }) => name('sts', values.sts) === 'transferring');
    expect(transferring).toHaveLength(3);
    for (const { state, values } of transferring) {
      expect(state.gridW).toBe(0);
      expect(name('ems', values)).toBe('transferring');
      expect(values.sts.grid_voltage_v).toBeGreaterThan(300);
    }
    expect(path(after.map(({ values }) => name('sts', values.sts)!))).toEqual(['transferring', 'grid']);
    expect(name('ems', after.at(-1)!.values)).toBe('grid_tied');
  });

  it('goes dark without islanding; the generator stays stopped without auto start', () => {
    const config = commercialSite(7);
    const dark = emsStation(config, '2025-06-11', 10, 50);
    settings(dark, { 'sts.island_enabled': false });
    dark.plant.outage(dark.timeMs + minuteMs, dark.timeMs + 2 * hourMs);
    for (const { state, values } of minutes(dark, 100).slice(1)) {
      expect([state.loadW, state.pvW, state.gridW, state.batteryW]).toEqual([0, 0, 0, 0]);
      expect(name('ems', values)).toBe('standby');
      expect(name('pcs', values.pcs)).toBe('standby');
      expect(values.sts.load_voltage_v).toBe(0);
    }

    const manual = emsStation(commercialSite(7), '2025-06-11', 18, 22);
    settings(manual, { 'generator.auto_start': false });
    manual.plant.outage(manual.timeMs, manual.timeMs + 10 * hourMs);
    const taken = minutes(manual, 8 * 60);
    expect(taken.some(({ values }) => values.bms.soc_pct! <= 20)).toBe(true);
    for (const { values } of taken) expect(name('generator', values.generator)).toBe('stopped');
  });

  it('draws outages at a rate from the seed, deterministically, without moving the other readings', () => {
    const rated = (seed: number, perDay: number) =>
      createPlant(
        commercialSite(7, (site) => {
          site.gridOutages = { perDay, meanMinutes: 60 };
        }),
        seed,
        Date.UTC(2025, 3, 1),
        {},
        60,
      );
    const trace = (plant: ReturnType<typeof createPlant>) => {
      const states: PlantState[] = [];
      for (let ms = plant.current().ms + minuteMs, i = 0; i < 6 * 1440; i += 1, ms += minuteMs)
        states.push(plant.advance(ms));
      return states;
    };
    const first = trace(rated(3, 2));
    const again = trace(rated(3, 2));
    const other = trace(rated(4, 2));
    const none = trace(rated(3, 0));
    const transfers = (states: PlantState[]) => states.map((state) => state.grid.transfer).join();
    expect(transfers(again)).toBe(transfers(first));
    expect(transfers(other)).not.toBe(transfers(first));
    const episodes = first.at(-1)!.grid.transfers;
    // about 2 a day over 6 days
    expect(episodes).toBeGreaterThanOrEqual(4);
    expect(episodes).toBeLessThanOrEqual(24);
    expect(
      path(first.map((state) => state.grid.transfer)).filter((state) => state === 'island'),
    ).toHaveLength(episodes);
    expect(none.every((state) => state.grid.transfer === 'grid' && state.grid.available)).toBe(true);
    // the sky and the load's draw do not change with the outages
    first.forEach((state, i) => {
      expect(state.weather).toEqual(none[i]!.weather);
      expect(state.pvAvailableW).toBe(none[i]!.pvAvailableW);
    });
  });
});

describe('EMS 5000: what it reports', () => {
  it('every part’s state is within its own set, and every reading decodes', () => {
    const config = commercialSite(11, (site) => {
      site.gridOutages = { perDay: 3, meanMinutes: 240 };
    });
    const station = emsStation(config, '2025-01-13', 0, 30);
    const ems = emsOf(station);
    const seen = new Set<string>();
    let ms = station.timeMs;
    for (let i = 0; i < 4 * 288; i += 1) {
      ms += 5 * minuteMs;
      const { json } = ems.takeReading(station.plant.advance(ms), { live: false });
      expect(
        decodeUp(DeviceType.energyManagementBox, 'telemetry', `{"v":1,"interval_s":300,${json.slice(1)}`),
      ).toMatchObject({ ok: true });
      const values = JSON.parse(json).values as Values;
      const system = emsStateName('ems', values.state);
      expect(system).toBeDefined();
      seen.add(`ems:${system}`);
      for (const part of ['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter'] as const) {
        const state = name(part, values[part]);
        expect(emsPartStates[part]).toContain(state);
        seen.add(`${part}:${state}`);
      }
      const clusters = values.bms.clusters as unknown as Record<string, number>[];
      expect(clusters.length).toBeGreaterThanOrEqual(1);
      expect(clusters.length).toBeLessThanOrEqual(16);
      for (const cluster of clusters) {
        expect(cluster.max_cell_v).toBeGreaterThan(cluster.min_cell_v!);
        expect(Math.abs(cluster.soc_pct! - values.bms.soc_pct!)).toBeLessThanOrEqual(2);
      }
      expect(values.bms.max_cell_v).toBeGreaterThanOrEqual(values.bms.min_cell_v!);
      expect(values.meter.demand_w).toBeGreaterThanOrEqual(0);
    }
    for (const key of [
      'ems:grid_tied',
      'ems:island',
      'sts:island',
      'pcs:off_grid',
      'pcs:charging',
      'pvs:mppt',
    ])
      expect(seen).toContain(key);
    // a stopped part reports its set's fault
    const state = station.plant.current();
    for (const part of ['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter'] as const) {
      const values = ems.peekValues(state, { stopped: new Set([part]) }) as unknown as Values;
      expect(name(part, values[part])).toBe(part === 'meter' ? 'communication_fault' : 'fault');
    }
    expect(name('ems', ems.peekValues(state, { stopped: new Set(['device']) }))).toBe('fault');
  });

  it('the meter’s demand is the mean import over its window', () => {
    const station = emsStation(commercialSite(7), '2025-01-15', 8, 12);
    settings(station, { 'meter.demand_window_min': '5' });
    const taken = minutes(station, 30);
    for (let i = 5; i < taken.length; i += 1) {
      const window = taken.slice(i - 4, i + 1).map(({ state }) => Math.max(0, state.gridW));
      const mean = window.reduce((sum, value) => sum + value, 0) / window.length;
      expect(taken[i]!.values.meter.demand_w).toBeCloseTo(mean, -1);
    }
  });
});

describe('EMS 5000: its parameters', () => {
  it('has its site’s part groups, with defaults from the plant that its own check accepts', () => {
    const config = commercialSite(7);
    const ems = emsOf(emsStation(config, '2025-06-11', 12, 50));
    expect(ems.parameters.groups).toEqual([
      'export',
      'system',
      'network',
      'pcs',
      'pvs',
      'bms',
      'sts',
      'generator',
      'meter',
    ]);
    const values = ems.parameters.values();
    expect(values).toMatchObject({
      'pcs.enabled': true,
      'pcs.max_charge_w': config.battery!.maxChargeW,
      'pcs.max_discharge_w': config.battery!.maxDischargeW,
      'bms.charge_stop_soc_pct': config.battery!.maxSocPct,
      'bms.discharge_stop_soc_pct': config.battery!.minSocPct,
      'bms.capacity_kwh': config.battery!.capacityKwh,
      'pvs.rated_power_w': config.pv!.inverterRatedW,
      'generator.start_soc_pct': 20,
      'generator.stop_soc_pct': 80,
      'generator.rated_power_w': config.generator!.ratedW,
      'sts.island_enabled': true,
      'sts.transfer_mode': 'auto',
    });
    const writable = Object.fromEntries(
      Object.entries(values).filter(
        ([key]) =>
          /^(pcs|pvs|bms|sts|generator|meter)\./.test(key) &&
          !/rated_power_w|capacity_kwh|cluster_count|cells_per_cluster/.test(key),
      ),
    );
    expect(ems.parameters.check(writable).issues).toEqual([]);
    // an off-grid site's EMS: no STS, no meter
    const offGrid = emsStation(
      samplePlantConfig(StationType.offGrid, places.munich, 3),
      '2025-06-11',
      12,
      50,
    );
    expect(emsOf(offGrid).parameters.groups).toEqual(['system', 'network', 'pcs', 'pvs', 'bms', 'generator']);
  });

  it('a settings command with pcs.max_discharge_w lowers the battery’s discharge in the next readings', () => {
    const config = commercialSite(7, (site) => {
      site.battery!.mode = 'self_consumption';
    });
    const station = emsStation(config, '2025-01-15', 18, 80);
    const before = minutes(station, 30);
    expect(Math.min(...before.map(({ values }) => values.pcs.ac_power_w!))).toBeLessThan(-20_000);
    settings(station, { 'pcs.max_discharge_w': 15_000 });
    expect(emsOf(station).parameters.values()['pcs.max_discharge_w']).toBe(15_000);
    const after = minutes(station, 120);
    for (const { values } of after) expect(values.pcs.ac_power_w).toBeGreaterThanOrEqual(-15_000);
    expect(after.filter(({ values }) => name('pcs', values.pcs) === 'derating').length).toBeGreaterThan(60);
    // switched off, the PCS rests; the PVS switched off gives nothing
    settings(station, { 'pcs.enabled': false, 'pvs.enabled': false });
    for (const { state, values } of minutes(station, 10)) {
      expect(state.batteryW).toBe(0);
      expect(state.pvW).toBe(0);
      expect(name('pcs', values.pcs)).toBe('standby');
      expect(name('pvs', values.pvs)).toBe('shutdown');
    }
  });
});

describe('EMS 5000: strategies', () => {
  const send = (station: StationSimulation, params: Record<string, string | number | boolean>) => {
    const ems = emsOf(station);
    expect(runsStrategy(ems.deviceType, true)).toBe(true);
    const { program, issues } = strategyOf(params, ems.parameters.ratedPowerW);
    expect(issues).toBeUndefined();
    station.plant.applyStrategy(program!);
  };

  it('generator support holds the import at max_grid_w with the generator', () => {
    const config = commercialSite(7, (site) => {
      site.generator = { ratedW: 400_000 };
    });
    const maxGridW = 20_000;
    const station = emsStation(config, '2025-01-15', 6, 40);
    // a PCS held at 100 kW leaves peaks the battery cannot cover
    settings(station, { 'pcs.max_discharge_w': 100_000 });
    send(station, { mode: 'generator_support', min_soc_pct: 20, max_grid_w: maxGridW });
    const taken = minutes(station, 24 * 60);
    const capW = config.generator!.ratedW;
    let held = 0;
    for (const { state, values } of taken) {
      expect(values.mode).toBe('generator_support');
      expect(state.socPct).toBeGreaterThanOrEqual(20 - 1e-6);
      if (state.generator.state === 'running' && state.generatorW < capW - 1) {
        expect(state.gridW).toBeLessThanOrEqual(maxGridW + 1);
        held += 1;
      }
    }
    expect(held).toBeGreaterThan(60);
    // covering a peak the battery could not, or refilling it from its floor
    expect(taken.some(({ state }) => state.generatorW > 0 && state.gridW > maxGridW - 1)).toBe(true);
    expect(taken.some(({ state }) => state.generatorW > 0 && state.batteryW > 0)).toBe(true);
  });

  it('peak shaving sent to the EMS holds meter.grid_power_w at the limit over a day while the battery has charge', () => {
    const config = commercialSite(7);
    const limitW = config.battery!.peakLimitW;
    const station = emsStation(config, '2025-01-15', 0, 90);
    send(station, { mode: 'peak_shaving', max_grid_w: limitW, min_soc_pct: 10 });
    const taken = minutes(station, 24 * 60);
    let shaved = 0;
    for (const { state, values } of taken) {
      expect(values.mode).toBe('peak_shaving');
      if (values.bms.soc_pct! <= 11) continue;
      expect(values.meter.grid_power_w).toBeLessThanOrEqual(limitW + 0.5);
      if (state.loadW + state.evW - state.pvW > limitW) shaved += 1;
    }
    // there were peaks to shave
    expect(shaved).toBeGreaterThan(30);
  });

  it('manual holds the set-point', () => {
    const station = emsStation(commercialSite(7), '2025-06-11', 9, 70);
    send(station, { mode: 'manual', manual_power_w: -30_000, min_soc_pct: 10 });
    const taken = minutes(station, 120);
    for (const { values } of taken) {
      expect(values.mode).toBe('manual');
      expect(values.pcs.ac_power_w).toBe(-30_000);
      expect(name('pcs', values.pcs)).toBe('discharging');
    }
  });
});
