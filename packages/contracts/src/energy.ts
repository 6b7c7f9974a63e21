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

/**
 * Self-sufficiency and self-consumption from the flows (issue 17): a day's five-minute station
 * powers, allocated by `powerFlows`, integrated into energy per source → sink pair. The battery's
 * content has an origin: grid → battery adds grid energy, PV or generator → battery adds own
 * energy, and a discharge takes out both in proportion, so energy bought at night and used at home
 * in the day counts as bought, not as the battery's. The day-total rates (`autarkyPct`,
 * `selfConsumptionPct`) read a night of grid charging as the home's own supply gone missing and
 * fall to 0 %; these stay true, and equal them when no energy moves between grid and battery.
 */

/** Energy of each flow pair over a period, kWh, keyed `from>to` (`grid>battery`). */
export type FlowEnergy = Partial<Record<`${FlowNode}>${FlowNode}`, number>>;

/** Where the battery's stored energy came from, carried from one day to the next. */
export interface BatteryOrigin {
  /** The share of the stored energy charged from the grid, 0–1. */
  grid_share: number;
}

/** What the two rates are summed from, kWh; days add up field by field. */
export interface FlowSum {
  /** Into the home and the wallbox. */
  consumption_kwh: number;
  /** Consumption not from the grid: PV, generator, and the battery's own (not grid-charged) share. */
  self_supplied_kwh: number;
  pv_kwh: number;
  /** PV not exported: PV → grid, and the battery's own share of battery → grid, are not on site. */
  pv_on_site_kwh: number;
}

export interface FlowDay extends FlowSum {
  flows_kwh: FlowEnergy;
  /** The battery's origin at the day's end (the next day's carry). */
  battery: BatteryOrigin;
  /** Buckets that had powers (a day without any says nothing about its flows). */
  buckets_with_data: number;
}

const FIVE_MINUTES_MS = 5 * 60_000;
const clampShare = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/**
 * The flows of one day from its buckets of station powers (null: no reading in the bucket), each
 * `bucketMs` long. The battery's content is weighed by its SOC where both this bucket and an
 * earlier one report it (a charge that lifts the SOC from 40 to 60 % is a third of what is then
 * stored, whatever the capacity and the losses), the day's first SOC holding the carry; without
 * SOC by the kWh charged less those taken out since the day began. `carry` is the previous day's
 * origin; without it the battery's content is taken as own energy.
 */
export function flowDay(
  buckets: readonly (StationPowers | null)[],
  options: { bucketMs?: number; carry?: BatteryOrigin } = {},
): FlowDay {
  const hours = (options.bucketMs ?? FIVE_MINUTES_MS) / 3_600_000;
  let share = clampShare(options.carry?.grid_share ?? 0);
  let soc: number | null = null;
  let storedKwh = 0;
  const flows: FlowEnergy = {};
  const sum: FlowSum = { consumption_kwh: 0, self_supplied_kwh: 0, pv_kwh: 0, pv_on_site_kwh: 0 };
  let withData = 0;
  for (const powers of buckets) {
    if (!powers) continue;
    withData += 1;
    const e: FlowEnergy = {};
    for (const flow of powerFlows(powers)) {
      const key = `${flow.from}>${flow.to}` as const;
      const kwh = (flow.power_w * hours) / 1000;
      e[key] = (e[key] ?? 0) + kwh;
      flows[key] = (flows[key] ?? 0) + kwh;
    }
    const at = (key: keyof FlowEnergy) => e[key] ?? 0;
    const batteryHome = at('battery>load') + at('battery>ev');
    const batteryGrid = at('battery>grid');
    // what the battery gave this bucket left with the origin it had
    const ownShare = 1 - share;
    const pv = at('pv>load') + at('pv>ev') + at('pv>battery') + at('pv>grid');
    sum.pv_kwh += pv;
    sum.pv_on_site_kwh += pv - at('pv>grid') - batteryGrid * ownShare;
    const ownToHome = at('pv>load') + at('pv>ev') + at('generator>load') + at('generator>ev');
    sum.consumption_kwh += ownToHome + batteryHome + at('grid>load') + at('grid>ev');
    sum.self_supplied_kwh += ownToHome + batteryHome * ownShare;
    const fromGrid = at('grid>battery');
    const charged = fromGrid + at('pv>battery') + at('generator>battery');
    if (charged > 0) {
      // the first SOC of the day: what it holds is the carry's, this bucket's charge unweighed
      const [content, added] =
        powers.soc_pct !== null
          ? soc === null
            ? [Math.max(0, powers.soc_pct), 0]
            : [Math.max(0, soc), Math.max(0, powers.soc_pct - soc)]
          : [storedKwh, charged];
      if (content + added > 0)
        share = clampShare((content * share + added * (fromGrid / charged)) / (content + added));
    }
    storedKwh = Math.max(0, storedKwh + charged - batteryHome - batteryGrid);
    if (powers.soc_pct !== null) soc = powers.soc_pct;
  }
  sum.pv_on_site_kwh = Math.min(sum.pv_kwh, Math.max(0, sum.pv_on_site_kwh));
  sum.self_supplied_kwh = Math.min(sum.consumption_kwh, Math.max(0, sum.self_supplied_kwh));
  return { ...sum, flows_kwh: flows, battery: { grid_share: share }, buckets_with_data: withData };
}

/**
 * A day's sum from its energy totals, for a day whose flows are not known (no five-minute powers,
 * or not yet computed): the day-total rule, all import counted as bought, all export as PV's.
 */
export function flowSumFromTotals(f: EnergyFigures): FlowSum {
  const consumption = consumptionKwh(f);
  return {
    consumption_kwh: consumption,
    self_supplied_kwh: consumption - Math.min(f.import_kwh, consumption),
    pv_kwh: f.pv_kwh,
    pv_on_site_kwh: f.pv_kwh - Math.min(f.export_kwh, f.pv_kwh),
  };
}

/** Days added up. */
export function addFlowSums(...sums: readonly FlowSum[]): FlowSum {
  const total: FlowSum = { consumption_kwh: 0, self_supplied_kwh: 0, pv_kwh: 0, pv_on_site_kwh: 0 };
  for (const sum of sums) {
    total.consumption_kwh += sum.consumption_kwh;
    total.self_supplied_kwh += sum.self_supplied_kwh;
    total.pv_kwh += sum.pv_kwh;
    total.pv_on_site_kwh += sum.pv_on_site_kwh;
  }
  return total;
}

/**
 * Self-sufficiency (autarky) over summed days: the share of the consumption not bought from the
 * grid, the battery's grid-charged share counted as bought, 0–100 %. Null without consumption.
 */
export function selfSufficiencyPct(sum: FlowSum): number | null {
  if (!(sum.consumption_kwh > 0)) return null;
  return clampPercent((sum.self_supplied_kwh / sum.consumption_kwh) * 100);
}

/**
 * Self-consumption over summed days: the share of the PV energy used on site (at home, in the
 * wallbox, or stored and not later exported), 0–100 %. Null without PV energy.
 */
export function selfConsumptionFromFlowsPct(sum: FlowSum): number | null {
  if (!(sum.pv_kwh > 0)) return null;
  return clampPercent((sum.pv_on_site_kwh / sum.pv_kwh) * 100);
}
