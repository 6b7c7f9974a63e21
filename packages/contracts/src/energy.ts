import type { EnergyCounter } from './device-link/values.ts';
import { type DeviceState, DeviceType, type RangeUnit } from './enums.ts';

/**
 * What a plant did, as figures (PRODUCT.md §4 "Energy"): the rates, income and CO2 the station
 * overview and the fleet dashboard show, the station's live powers taken from its devices' newest
 * readings, and the power flow between PV, battery, grid, home, wallbox and generator. Pure
 * functions shared by the server (which answers them) and the web app (which draws them).
 */

/**
 * CO2 a kWh of PV energy saves, in kg: the world average carbon intensity of electricity
 * generation (IEA, "Global Energy Review", about 0.475 kg CO2 per kWh), since the grid a plant's
 * energy displaces differs by country and hour and no per-country figure would be more honest
 * for a fleet spread over three continents.
 */
export const CO2_KG_PER_KWH = 0.475;

export type EnergyFigures = Record<EnergyCounter, number>;

/**
 * Energy the site used (home load and wallbox). A device that measures the load (an off-grid
 * inverter) gives it directly; otherwise it follows from the balance of what came in (PV,
 * generator, grid import, battery discharge) and what went elsewhere (export, battery charge),
 * never below zero.
 */
export function consumptionKwh(f: EnergyFigures): number {
  if (f.load_kwh > 0) return f.load_kwh + f.ev_kwh;
  return Math.max(
    0,
    f.pv_kwh + f.generator_kwh + f.import_kwh + f.discharge_kwh - f.export_kwh - f.charge_kwh,
  );
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Self-consumption rate: the share of the PV energy used on site (not exported), 0–100 %.
 * Null without PV energy (a rate of nothing is not 0 %).
 */
export function selfConsumptionPct(pvKwh: number, exportKwh: number): number | null {
  if (!(pvKwh > 0)) return null;
  return clampPercent(((pvKwh - Math.min(exportKwh, pvKwh)) / pvKwh) * 100);
}

/**
 * Autarky (self-sufficiency): the share of the consumption not bought from the grid, 0–100 %.
 * Null without consumption.
 */
export function autarkyPct(consumption: number, importKwh: number): number | null {
  if (!(consumption > 0)) return null;
  return clampPercent(((consumption - Math.min(importKwh, consumption)) / consumption) * 100);
}

/** Income of PV energy at the station's unit price, in its currency, to the cent. */
export function incomeOf(pvKwh: number, unitPrice: number): number {
  return Math.round(pvKwh * unitPrice * 100) / 100;
}

/** CO2 saved by PV energy, kg. */
export function co2SavedKg(pvKwh: number): number {
  return pvKwh * CO2_KG_PER_KWH;
}

/** The nodes of a station's power flow. */
export const flowNodes = ['pv', 'generator', 'grid', 'battery', 'load', 'ev'] as const;
export type FlowNode = (typeof flowNodes)[number];

/**
 * A station's powers at one moment, W: null where no device of the station measures it.
 * Signs: `grid_w` + import / − export; `battery_w` + charging / − discharging.
 */
export interface StationPowers {
  pv_w: number | null;
  generator_w: number | null;
  grid_w: number | null;
  battery_w: number | null;
  soc_pct: number | null;
  load_w: number | null;
  ev_w: number | null;
}

/** One device's newest (or averaged) values, flattened as stored (`part.field` for EMS parts). */
export interface DeviceValues {
  device_type: DeviceType;
  values: Record<string, number | string>;
}

/**
 * Where each station power is read, best source first. Several devices may measure one thing (an
 * off-grid inverter and the battery beside it both report the battery's power; an EMS 5000's PVS
 * and a hybrid inverter both the PV): a power is the sum over the devices of the first source that
 * reports it, in the order energy counters are given to devices, so nothing is counted twice.
 */
const E = DeviceType.energyManagementBox;
const powerSources: Record<keyof StationPowers, readonly (readonly [DeviceType, string])[]> = {
  pv_w: [
    [E, 'pvs.pv_power_w'],
    [DeviceType.inverter, 'pv_power_w'],
    [DeviceType.commercialHybrid, 'pv_power_w'],
    [DeviceType.offGrid, 'pv_power_w'],
  ],
  battery_w: [
    [E, 'pcs.ac_power_w'],
    [DeviceType.battery, 'power_w'],
    [DeviceType.commercialHybrid, 'battery_power_w'],
    [DeviceType.offGrid, 'battery_power_w'],
  ],
  soc_pct: [
    [E, 'bms.soc_pct'],
    [DeviceType.battery, 'soc_pct'],
    [DeviceType.commercialHybrid, 'soc_pct'],
    [DeviceType.offGrid, 'soc_pct'],
  ],
  grid_w: [
    [E, 'meter.grid_power_w'],
    [DeviceType.meter, 'grid_power_w'],
  ],
  load_w: [
    [E, 'load_power_w'],
    [DeviceType.offGrid, 'load_power_w'],
  ],
  ev_w: [[DeviceType.chargingPile, 'power_w']],
  generator_w: [[E, 'generator.power_w']],
};
const powerNames = Object.keys(powerSources) as (keyof StationPowers)[];

/**
 * Where a station power is read, best source first: `[device type, value key]` pairs. What SQL
 * mirrors of `stationPowers` build their expressions from, so both read the same sources.
 */
export function powerSourcesOf(name: keyof StationPowers): readonly (readonly [DeviceType, string])[] {
  return powerSources[name];
}
/** Each power's sources by device type: the rank of the type among them. */
const sourceRank = Object.fromEntries(
  powerNames.map((name) => [name, new Map(powerSources[name].map(([type], rank) => [type, rank]))]),
) as Record<keyof StationPowers, Map<DeviceType, number>>;

/** The station powers a device type measures. */
export function powersOf(type: DeviceType): (keyof StationPowers)[] {
  return powerNames.filter((name) => powerSources[name].some(([source]) => source === type));
}

/**
 * The powers a station with these device types has: what its devices measure, and the home load
 * wherever it is measured or the grid is (it is then the balance).
 */
export function stationMeasures(types: Iterable<DeviceType>): Set<keyof StationPowers> {
  const measured = new Set<keyof StationPowers>();
  for (const type of types) for (const name of powersOf(type)) measured.add(name);
  if (measured.has('grid_w')) measured.add('load_w');
  return measured;
}

/** The value keys a device type's powers are read from (what a day curve needs of its readings). */
export function powerValueKeys(type: DeviceType): string[] {
  return powerNames.flatMap((name) =>
    powerSources[name].filter(([source]) => source === type).map(([, key]) => key),
  );
}

/**
 * A station's powers from its devices' values: each power summed over the devices of its best
 * source (see `powerSources`), SOC the mean over them. The home load is the balance of the others
 * wherever the grid is measured, so the flow always balances; without a grid meter a measured load
 * is taken as it is (an off-grid site); otherwise the load is unknown.
 */
export function stationPowers(devices: readonly DeviceValues[]): StationPowers {
  const powers = {} as StationPowers;
  for (const name of powerNames) {
    // the best (lowest) source rank that reports this power, and the sum over its devices
    let rank = Number.POSITIVE_INFINITY;
    let sum = 0;
    let count = 0;
    for (const device of devices) {
      const at = sourceRank[name].get(device.device_type);
      if (at === undefined || at > rank) continue;
      const value = device.values[(powerSources[name][at] as readonly [DeviceType, string])[1]];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (at < rank) {
        rank = at;
        sum = 0;
        count = 0;
      }
      sum += value;
      count += 1;
    }
    powers[name] = count === 0 ? null : name === 'soc_pct' ? sum / count : sum;
  }
  if (powers.grid_w !== null) {
    const balance =
      (powers.pv_w ?? 0) +
      (powers.generator_w ?? 0) +
      powers.grid_w -
      (powers.battery_w ?? 0) -
      (powers.ev_w ?? 0);
    powers.load_w = Math.max(0, balance);
  }
  return powers;
}

/**
 * The headline PV power of a station now, W (station list, station overview, fleet statistics):
 * `stationPowers`' PV over the newest values of its devices that are not offline (an offline
 * device's last values are not "now"); null when none of them reports PV. The server computes it in
 * SQL with `stationPvPowerSql` (apps/server/src/domains/stations/station-query.ts), proven equal.
 */
export function stationPvPowerW(devices: readonly (DeviceValues & { status: DeviceState })[]): number | null {
  return stationPowers(devices.filter(reportsNow)).pv_w;
}

/** Whether a device's newest values say what it does now: an offline device's last values do not. */
export function reportsNow(device: { status: DeviceState }): boolean {
  return device.status !== 'offline';
}

export interface Flow {
  from: FlowNode;
  to: FlowNode;
  power_w: number;
}

/** Below this a power is noise: no flow is drawn. */
export const FLOW_THRESHOLD_W = 5;

/**
 * The flows between the nodes: what each source (PV, generator, grid import, battery discharge)
 * gives to each sink (home load, wallbox, battery charge, grid export), PV first to the home, then
 * the wallbox, the battery and the grid; the generator next, then the battery, then the grid. The
 * flows out of each source add up to its power and those into each sink to its power, whenever the
 * powers balance (as `stationPowers` makes them when the grid is measured).
 */
export function powerFlows(p: StationPowers): Flow[] {
  const positive = (value: number | null) => Math.max(0, value ?? 0);
  const sources: [FlowNode, number][] = [
    ['pv', positive(p.pv_w)],
    ['generator', positive(p.generator_w)],
    ['battery', positive(p.battery_w === null ? null : -p.battery_w)],
    ['grid', positive(p.grid_w)],
  ];
  const sinks: [FlowNode, number][] = [
    ['load', positive(p.load_w)],
    ['ev', positive(p.ev_w)],
    ['battery', positive(p.battery_w)],
    ['grid', positive(p.grid_w === null ? null : -p.grid_w)],
  ];
  const flows: Flow[] = [];
  for (const source of sources) {
    for (const sink of sinks) {
      if (source[1] <= 0) break;
      if (sink[1] <= 0 || sink[0] === source[0]) continue;
      const power = Math.min(source[1], sink[1]);
      source[1] -= power;
      sink[1] -= power;
      if (power >= FLOW_THRESHOLD_W) flows.push({ from: source[0], to: sink[0], power_w: power });
    }
  }
  return flows;
}

/** Chart rows a range unit has, and how the selector's date names them. */
export const rangeResolution: Record<RangeUnit, 'five_minutes' | 'day' | 'month' | 'year'> = {
  day: 'five_minutes',
  week: 'day',
  month: 'day',
  year: 'month',
  total: 'year',
};

const datePatterns: Record<RangeUnit, RegExp | null> = {
  day: /^\d{4}-\d{2}-\d{2}$/,
  week: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-\d{2}$/,
  year: /^\d{4}$/,
  total: null,
};

/**
 * Whether `date` is a real date in the selector's format for `unit` (SPEC.md §4: day and week
 * yyyy-MM-dd, month yyyy-MM, year yyyy; total has none, and any date sent with it is ignored).
 */
export function isRangeDate(unit: RangeUnit, date: string | undefined): boolean {
  const pattern = datePatterns[unit];
  if (!pattern) return true;
  if (date === undefined || !pattern.test(date)) return false;
  const [year, month = 1, day = 1] = date.split('-').map(Number) as [number, number?, number?];
  if (year < 1970 || year > 2200 || month < 1 || month > 12) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
