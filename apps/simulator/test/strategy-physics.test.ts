import { DeviceType } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { strategyOf } from '../src/devices/strategy.ts';
import { type LocalTime, localTime } from '../src/plant/local-time.ts';
import type { PlantConfig } from '../src/plant/model.ts';
import { createStationSimulation, type StationSimulation } from '../src/runtime/station.ts';
import { balanceErrorW, balanceToleranceW, minuteMs } from './plant-support.ts';
import {
  localMidnightMs,
  meterRoundingW,
  peakShavingSite,
  socRoundingPct,
  strategySite,
} from './support/strategy-sites.ts';

/**
 * A battery strategy (the `strategy` command's program) run through whole simulated days, judged
 * by what the station's devices report every minute: the meter's `grid_power_w` (+ import) and
 * `load_power_w`, the battery's `power_w` (+ charge) and `soc_pct`. The meter reports whole watts
 * and the battery SOC to 0.1 %, so a limit is checked with that rounding as its tolerance: inside a
 * step the plant decides the battery's power from the same powers it reports, so nothing else
 * separates a limit from what the meter shows.
 */

/** The inverter's rating: strategy powers are checked against it. */
const ratedPowerW = 8000;

interface Minute {
  /** Local minute of the day and ISO weekday. */
  minute: number;
  weekday: number;
  gridW: number;
  loadW: number;
  batteryW: number;
  socPct: number;
}

/** A station on `config` from local midnight of `date` (YYYY-MM-DD, in the site's time zone) at `socPct`. */
function station(config: PlantConfig, date: string, socPct: number): StationSimulation {
  return createStationSimulation({
    key: `strategy-${date}`,
    plant: config,
    seed: 11,
    startMs: localMidnightMs(date, config.timeZone),
    initialSocPct: socPct,
    devices: [
      { sn: 'INVSTRATEGY00001', deviceType: DeviceType.inverter, password: 'x', ratedPowerW },
      { sn: 'BATSTRATEGY00001', deviceType: DeviceType.battery, password: 'x', ratedPowerW: 5000 },
      { sn: 'MTRSTRATEGY00001', deviceType: DeviceType.meter, password: 'x', ratedPowerW: 0 },
    ],
  });
}

/** The strategy as a device takes it: checked against the rating, then run by the plant. */
function follow(simulation: StationSimulation, params: Record<string, number | string | boolean>): void {
  const { program, issues } = strategyOf(params, ratedPowerW);
  expect(issues).toBeUndefined();
  simulation.plant.applyStrategy(program!);
}

/** Every minute for `days` days: what the meter and the battery report, and where it is on the local clock. */
function run(simulation: StationSimulation, days = 1): Minute[] {
  const battery = simulation.devices.find((device) => device.deviceType === DeviceType.battery)!;
  const meter = simulation.devices.find((device) => device.deviceType === DeviceType.meter)!;
  const local: LocalTime = { day: 0, hour: 0, weekday: 0 };
  const minutes: Minute[] = [];
  let ms = simulation.timeMs;
  for (let i = 0; i < days * 1440; i += 1) {
    ms += minuteMs;
    const state = simulation.plant.advance(ms);
    expect(Math.abs(balanceErrorW(state))).toBeLessThanOrEqual(balanceToleranceW(state));
    const fromBattery = JSON.parse(battery.takeReading(state, { live: false }).json).values;
    const fromMeter = JSON.parse(meter.takeReading(state, { live: false }).json).values;
    // the plant decides a step by the clock at its end, the reading's time
    localTime(simulation.config.timeZone, ms, local);
    minutes.push({
      minute: Math.floor(local.hour * 60 + 1e-9),
      weekday: local.weekday === 0 ? 7 : local.weekday,
      gridW: fromMeter.grid_power_w,
      loadW: fromMeter.load_power_w,
      batteryW: fromBattery.power_w,
      socPct: fromBattery.soc_pct,
    });
  }
  return minutes;
}

const between = (from: string, to: string) => {
  const [a, b] = [from, to].map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
  return (m: Minute) => m.minute >= a! && m.minute < b!;
};
const max = (values: number[]) => Math.max(...values);
const min = (values: number[]) => Math.min(...values);

describe('peak shaving', () => {
  it('keeps the import at or below 5 kW through a working day whose load peaks above it, SOC above the cut-off', () => {
    const config = peakShavingSite();
    const simulation = station(config, '2025-01-15', 70);
    follow(simulation, {
      mode: 'peak_shaving',
      max_grid_w: 5000,
      min_soc_pct: 20,
      grid_charge: true,
      charge_1_start: '00:00',
      charge_1_end: '06:00',
    });
    const minutes = run(simulation);
    // the load alone would have broken the limit: the battery held the import down
    expect(max(minutes.map((m) => m.loadW))).toBeGreaterThan(6500);
    expect(minutes.filter((m) => m.loadW > 5000).length).toBeGreaterThan(60);
    expect(max(minutes.map((m) => m.gridW))).toBeLessThanOrEqual(5000 + meterRoundingW);
    expect(min(minutes.map((m) => m.socPct))).toBeGreaterThanOrEqual(20 - socRoundingPct);
    expect(min(minutes.map((m) => m.batteryW))).toBeLessThan(-1000);
    // the valley refilled it from the grid within the limit
    const valley = minutes.filter(between('00:00', '06:00'));
    expect(max(valley.map((m) => m.batteryW))).toBeGreaterThan(1000);
  });
});

describe('time of use', () => {
  const params = {
    mode: 'time_of_use',
    min_soc_pct: 10,
    max_soc_pct: 95,
    charge_1_start: '01:00',
    charge_1_end: '05:00',
    charge_1_power_w: 3000,
    charge_1_soc_pct: 90,
    discharge_1_start: '17:00',
    discharge_1_end: '21:00',
    discharge_1_power_w: 2500,
    discharge_1_soc_pct: 30,
  };

  it('with grid charging: charges from the grid in the charge slot up to its SOC, discharges in the discharge slot', () => {
    const simulation = station(strategySite({}), '2025-01-15', 20);
    follow(simulation, { ...params, grid_charge: true });
    const minutes = run(simulation);
    const charging = minutes.filter(between('01:00', '05:00'));
    // at the slot's power, from the grid (a winter night has no PV)
    expect(charging[0]!.batteryW).toBe(3000);
    for (const m of charging.filter((m) => m.batteryW > 0))
      expect(m.gridW).toBeGreaterThanOrEqual(m.batteryW);
    expect(max(charging.map((m) => m.socPct))).toBeCloseTo(90, 0);
    expect(max(charging.map((m) => m.socPct))).toBeLessThanOrEqual(90 + socRoundingPct);
    // once there it holds
    expect(charging.at(-1)!.batteryW).toBe(0);
    const discharging = minutes.filter(between('17:00', '21:00'));
    expect(discharging[0]!.batteryW).toBe(-2500);
    // what the home does not take is exported
    expect(min(discharging.map((m) => m.gridW))).toBeLessThan(-500);
    expect(min(discharging.map((m) => m.socPct))).toBeGreaterThanOrEqual(30 - socRoundingPct);
    expect(discharging.at(-1)!.socPct).toBeLessThan(31);
  });

  it('without grid charging: the battery never charges while the site imports', () => {
    const simulation = station(strategySite({}), '2025-04-09', 20);
    follow(simulation, { ...params, charge_2_start: '10:00', charge_2_end: '15:00' });
    const minutes = run(simulation);
    // the sun filled it, the grid never did
    expect(max(minutes.map((m) => m.batteryW))).toBeGreaterThan(1000);
    for (const m of minutes.filter((m) => m.batteryW > 0))
      expect(m.gridW).toBeLessThanOrEqual(meterRoundingW);
    for (const m of minutes.filter(between('01:00', '05:00'))) expect(m.batteryW).toBeLessThanOrEqual(0);
  });

  it('fixed power: a charge slot holds its power, a discharge slot its power', () => {
    const simulation = station(strategySite({}), '2025-01-15', 30);
    follow(simulation, {
      mode: 'time_of_use_power',
      grid_charge: true,
      charge_1_start: '02:00',
      charge_1_end: '04:00',
      charge_1_power_w: 2000,
      discharge_1_start: '07:00',
      discharge_1_end: '08:30',
      discharge_1_power_w: 1500,
    });
    const minutes = run(simulation);
    for (const m of minutes.filter(between('02:00', '04:00'))) expect(m.batteryW).toBe(2000);
    for (const m of minutes.filter(between('07:00', '08:30'))) expect(m.batteryW).toBe(-1500);
    // outside the slots it serves the home: no charging from the grid at night
    for (const m of minutes.filter(between('04:00', '07:00'))) expect(m.batteryW).toBeLessThanOrEqual(0);
  });

  it('runs its slots only on its days', () => {
    // Friday 17 and Saturday 18 January 2025, slots on weekdays only
    const simulation = station(strategySite({}), '2025-01-17', 20);
    follow(simulation, { ...params, grid_charge: true, days: '12345' });
    const minutes = run(simulation, 2).filter(between('01:00', '05:00'));
    const friday = minutes.filter((m) => m.weekday === 5);
    const saturday = minutes.filter((m) => m.weekday === 6);
    expect(friday.length).toBe(240);
    expect(saturday.length).toBe(240);
    expect(max(friday.map((m) => m.batteryW))).toBe(3000);
    expect(max(saturday.map((m) => m.batteryW))).toBeLessThanOrEqual(0);
  });
});

describe('backup reserve', () => {
  it('refills below the reserve first, then never goes below it', () => {
    const simulation = station(strategySite({}), '2025-01-15', 20);
    follow(simulation, { mode: 'backup_reserve', min_soc_pct: 50, grid_charge: true });
    const minutes = run(simulation);
    const refilled = minutes.findIndex((m) => m.socPct >= 50);
    // at night, from the grid, at the battery's full power
    expect(refilled).toBeGreaterThan(0);
    expect(refilled).toBeLessThan(60);
    expect(minutes[0]!.batteryW).toBe(5000);
    expect(minutes[0]!.gridW).toBeGreaterThanOrEqual(5000);
    const after = minutes.slice(refilled);
    expect(min(after.map((m) => m.socPct))).toBeGreaterThanOrEqual(50 - socRoundingPct);
    // it served the home down to the reserve
    expect(min(after.map((m) => m.batteryW))).toBeLessThan(-200);
    expect(min(after.map((m) => m.socPct))).toBeLessThan(50.5);
  });
});

describe('cut-off', () => {
  it('stops discharging at the cut-off SOC', () => {
    const simulation = station(strategySite({}), '2025-01-15', 45);
    follow(simulation, { mode: 'cut_off', min_soc_pct: 35 });
    const minutes = run(simulation);
    expect(min(minutes.map((m) => m.socPct))).toBeGreaterThanOrEqual(35 - socRoundingPct);
    const empty = minutes.filter((m) => m.socPct <= 35);
    expect(empty.length).toBeGreaterThan(60);
    // There it gives next to nothing: only the last bits above the cut-off that the SOC's 0.1 %
    // hides (0.05 % of 10 kWh is 5 Wh), and what the sun put in meanwhile; the home imports.
    const givenWh = empty.reduce((sum, m) => sum + Math.max(0, -m.batteryW) / 60, 0);
    expect(givenWh / empty.length).toBeLessThan(0.5);
    expect(empty.filter((m) => m.gridW > 0).length).toBeGreaterThan(empty.length * 0.8);
  });
});

describe('priority', () => {
  it('grid: the surplus is exported instead of charging the battery', () => {
    const exported = (priority: string) => {
      const simulation = station(strategySite({}), '2025-06-18', 30);
      follow(simulation, { mode: 'self_consumption', priority });
      return run(simulation);
    };
    const grid = exported('grid');
    const load = exported('load');
    expect(max(grid.map((m) => m.batteryW))).toBeLessThanOrEqual(0);
    expect(min(grid.map((m) => m.gridW))).toBeLessThan(-2000);
    // the same day with the load first fills the battery from the same sun
    expect(max(load.map((m) => m.socPct))).toBeGreaterThan(90);
    expect(max(grid.map((m) => m.socPct))).toBeLessThanOrEqual(30 + socRoundingPct);
  });
});
