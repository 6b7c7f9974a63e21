/** A device's parameter values: what the portal's remote console reads and writes, kept like a real inverter's. */
import {
  completeChanges,
  DeviceType,
  type GridStandard,
  gridStandardCodes,
  gridStandardOf,
  groupsOf,
  minutesOf,
  protectionSettingNames,
  reportIntervalsS,
  type SettingGroup,
  type SettingIssue,
  type SettingValue,
  type SettingValues,
  SLOT_COUNT,
  settingParameterOf,
  settingsIssues,
  slotEndName,
  slotKinds,
  slotStartName,
} from '@helio/contracts';
import type { BatterySlot, PlantConfig, PlantControl } from '../plant/model.ts';
import { Random } from '../random.ts';
import { batteryNominalV } from './telemetry/battery.ts';

/**
 * Every device keeps the values of the catalogue's parameters (`control/device-settings.ts` of the
 * contracts) for its type's groups, leaving out the groups its site lacks: `battery` only with a
 * battery, `offgrid` only off the grid or with a generator (its generator thresholds only with a
 * generator), `grid`, `export` and `power` only on a grid-connected site. They are its
 * non-volatile memory: a restart keeps them, `restore_defaults` brings back the defaults below.
 *
 * A change is checked by the contracts' one rule (`settingsIssues`, after `completeChanges` filled
 * a new standard's protection defaults) and by what the device has (a parameter of a group its
 * site lacks is unknown to it); any issue refuses the whole change. What a value does physically
 * goes to the plant as a `PlantControl` (`plantControlOf`).
 */

/** What a device's defaults derive from: the device, its site, its country and its seed. */
export interface ParameterSite {
  deviceType: DeviceType;
  /** The device's nameplate power, W, when it was registered with one. */
  ratedPowerW?: number;
  /** The station's plant as built: its hardware and its first settings. */
  plant: PlantConfig;
  /** ISO 3166-1 alpha-2 country of the station: it picks the grid standard. */
  countryCode?: string;
  /** Seeds what is drawn once for the device (its network address and signal). */
  seed: number;
}

/** The standard a device of a country without its own follows. */
export const FALLBACK_GRID_STANDARD = 'EN_50549_1';

/** The groups a device has: its type's, without those its site lacks. */
export function siteGroups(deviceType: DeviceType, plant: PlantConfig): SettingGroup[] {
  return groupsOf(deviceType).filter((group) => {
    switch (group) {
      case 'grid':
      case 'export':
      case 'power':
        return plant.gridConnected;
      case 'battery':
        return plant.battery !== undefined;
      case 'offgrid':
        return !plant.gridConnected || plant.generator !== undefined;
      default:
        return true;
    }
  });
}

/** The standard of the first of the catalogue whose countries include `countryCode`, else EN 50549-1. */
export function gridStandardFor(countryCode: string | undefined): GridStandard {
  const code = countryCode?.toUpperCase();
  for (const candidate of gridStandardCodes) {
    const standard = gridStandardOf(candidate);
    if (code && standard?.countries.includes(code)) return standard;
  }
  const fallback = gridStandardOf(FALLBACK_GRID_STANDARD);
  if (!fallback) throw new Error(`grid standard ${FALLBACK_GRID_STANDARD} is not in the catalogue`);
  return fallback;
}

/** The reporting interval of the catalogue's options nearest `intervalS`, as the choice's text. */
export function reportIntervalOption(intervalS: number): string {
  let best: number = reportIntervalsS[0];
  for (const option of reportIntervalsS) {
    if (Math.abs(option - intervalS) < Math.abs(best - intervalS)) best = option;
  }
  return String(best);
}

/** The rating power settings are bounded by, W: the device's own, else the plant's inverters'. */
export function ratingOf(site: ParameterSite): number | null {
  const rating = site.ratedPowerW ?? site.plant.pv?.inverterRatedW;
  return rating !== undefined && rating > 0 ? Math.floor(rating) : null;
}

/** How a device type reaches the portal. */
function linkOf(deviceType: DeviceType): 'wifi' | 'ethernet' | 'cellular' {
  switch (deviceType) {
    case DeviceType.chargingPile:
      return 'cellular';
    case DeviceType.dataLogger:
    case DeviceType.energyManagementBox:
    case DeviceType.commercialHybrid:
      return 'ethernet';
    default:
      return 'wifi';
  }
}

/**
 * The address a device gets from the site's router (DHCP) or its mobile network: a private one,
 * drawn once from the device's seed, with its signal on a radio link.
 */
export function defaultNetwork(deviceType: DeviceType, seed: number): Record<string, SettingValue> {
  const random = new Random(seed);
  const link = linkOf(deviceType);
  const host = 100 + Math.floor(random.next() * 150);
  let subnet: string;
  if (link === 'cellular') {
    subnet = `10.${64 + Math.floor(random.next() * 64)}.${Math.floor(random.next() * 256)}`;
  } else {
    const thirds = [0, 1, 2, 10, 178];
    subnet = `192.168.${thirds[Math.floor(random.next() * thirds.length)]}`;
  }
  const values: Record<string, SettingValue> = {
    net_link: link,
    net_dhcp: true,
    net_ip: `${subnet}.${host}`,
    net_mask: '255.255.255.0',
    net_gateway: `${subnet}.1`,
    net_dns: `${subnet}.1`,
  };
  if (link === 'wifi') values.net_signal_dbm = -45 - Math.floor(random.next() * 31);
  if (link === 'cellular') values.net_signal_dbm = -65 - Math.floor(random.next() * 41);
  return values;
}

/**
 * A device's values as it leaves the factory for its site: the country's grid standard with its
 * protection defaults, no export limit (the limit at the rating), full active power, no reactive
 * power control, every slot off, the plant's own SOC window and battery powers (at most the
 * rating), the generator at 20–80 %, the standard's voltage and frequency off the grid, reporting
 * at `runIntervalS` (the nearest option), the plant's zone and a synchronised clock, and the
 * network from `network` (drawn once per device).
 */
export function defaultParameterValues(
  site: ParameterSite,
  runIntervalS: number,
  network: Readonly<Record<string, SettingValue>>,
): Record<string, SettingValue> {
  const { plant } = site;
  const groups = siteGroups(site.deviceType, plant);
  const standard = gridStandardFor(site.countryCode);
  const rating = ratingOf(site);
  const atMostRating = (watts: number) => Math.floor(rating === null ? watts : Math.min(watts, rating));
  const values: Record<string, SettingValue> = {};
  if (groups.includes('grid')) {
    values.grid_standard = standard.code;
    for (const name of protectionSettingNames) values[name] = standard.settings[name].default;
  }
  if (groups.includes('export')) {
    values.export_limit_enabled = false;
    values.export_limit_w = rating ?? 0;
  }
  if (groups.includes('power')) {
    values.active_power_pct = 100;
    values.reactive_mode = 'off';
    values.power_factor = 1;
    values.pf_excitation = 'over';
  }
  const battery = plant.battery;
  if (groups.includes('battery') && battery) {
    for (const kind of slotKinds) {
      for (let i = 1; i <= SLOT_COUNT; i += 1) {
        values[slotStartName(kind, i)] = '00:00';
        values[slotEndName(kind, i)] = '00:00';
      }
    }
    values.charge_stop_soc_pct = Math.round(battery.maxSocPct);
    values.discharge_stop_soc_pct = Math.round(battery.minSocPct);
    // about 86 % of the pack's nominal voltage: 44 V for a 51.2 V low-voltage pack
    values.discharge_stop_v = Math.round(batteryNominalV(battery.capacityKwh) * 0.86);
    values.max_charge_w = atMostRating(battery.maxChargeW);
    values.max_discharge_w = atMostRating(battery.maxDischargeW);
  }
  if (groups.includes('offgrid')) {
    if (plant.generator) {
      values.gen_start_soc_pct = plant.generator.startSocPct ?? 20;
      values.gen_stop_soc_pct = plant.generator.stopSocPct ?? 80;
    }
    const nominal = String(standard.nominalVoltageV);
    values.output_voltage_v = ['220', '230', '240', '120'].includes(nominal)
      ? nominal
      : standard.nominalFrequencyHz === 60
        ? '120'
        : '230';
    values.output_frequency_hz = String(standard.nominalFrequencyHz);
  }
  if (groups.includes('system')) {
    values.report_interval_s = reportIntervalOption(runIntervalS);
    values.time_zone = plant.timeZone;
    values.clock_offset_s = 0;
  }
  if (groups.includes('network')) Object.assign(values, network);
  return values;
}

/** The slots of a device's values, in the plant's terms. */
export function slotsOf(values: SettingValues): BatterySlot[] {
  const slots: BatterySlot[] = [];
  for (const kind of slotKinds) {
    for (let i = 1; i <= SLOT_COUNT; i += 1) {
      const start = values[slotStartName(kind, i)];
      const end = values[slotEndName(kind, i)];
      if (typeof start !== 'string' || typeof end !== 'string' || start === end) continue;
      slots.push({ kind, startMin: minutesOf(start), endMin: minutesOf(end) });
    }
  }
  return slots.sort((a, b) => a.startMin - b.startMin);
}

const slotNames: readonly string[] = slotKinds.flatMap((kind) =>
  Array.from({ length: SLOT_COUNT }, (_, i) => [slotStartName(kind, i + 1), slotEndName(kind, i + 1)]).flat(),
);

/**
 * What `values` do physically, for the parameters among `changed` (all when absent): the export
 * limit (when enabled), the active power limit, the slots, the stop SOCs, the battery's power
 * limits and the generator's thresholds. Protection, reactive power, output voltage and the
 * discharge stop voltage are kept by the device only.
 */
export function plantControlOf(values: SettingValues, changed?: ReadonlySet<string>): PlantControl {
  const touched = (...names: string[]) => !changed || names.some((name) => changed.has(name));
  const number = (name: string) => (typeof values[name] === 'number' ? (values[name] as number) : undefined);
  const control: PlantControl = {};
  if ('export_limit_enabled' in values && touched('export_limit_enabled', 'export_limit_w')) {
    control.exportLimitW = values.export_limit_enabled === true ? (number('export_limit_w') ?? null) : null;
  }
  if (touched('active_power_pct')) control.activePowerPct = number('active_power_pct');
  if (slotNames.some((name) => name in values) && touched(...slotNames)) control.slots = slotsOf(values);
  if (touched('charge_stop_soc_pct')) control.chargeStopSocPct = number('charge_stop_soc_pct');
  if (touched('discharge_stop_soc_pct')) control.dischargeStopSocPct = number('discharge_stop_soc_pct');
  if (touched('max_charge_w')) control.maxChargeW = number('max_charge_w');
  if (touched('max_discharge_w')) control.maxDischargeW = number('max_discharge_w');
  if (touched('gen_start_soc_pct')) control.generatorStartSocPct = number('gen_start_soc_pct');
  if (touched('gen_stop_soc_pct')) control.generatorStopSocPct = number('gen_stop_soc_pct');
  // what the device does not have stays out
  for (const key of Object.keys(control) as (keyof PlantControl)[]) {
    if (control[key] === undefined) delete control[key];
  }
  return control;
}

/** A change a device refused, by field, in the contracts' words. */
export type ParameterIssue = SettingIssue;

/**
 * One device's values. Its reporting interval follows the run's until a settings command sets
 * `report_interval_s` (and again after `restore_defaults`).
 */
export class DeviceParameters {
  private current: Record<string, SettingValue>;
  private readonly network: Record<string, SettingValue>;
  private runIntervalS: number;
  /** True once `report_interval_s` was set: the device reports at it rather than at the run's. */
  private intervalSet = false;
  readonly groups: readonly SettingGroup[];

  constructor(
    private readonly site: ParameterSite,
    runIntervalS = 300,
  ) {
    this.groups = siteGroups(site.deviceType, site.plant);
    this.network = defaultNetwork(site.deviceType, site.seed);
    this.runIntervalS = runIntervalS;
    this.current = defaultParameterValues(site, runIntervalS, this.network);
  }

  /** Every value now (a copy). */
  values(): Record<string, SettingValue> {
    return { ...this.current };
  }

  /** True when the device has `group` (its type has it and its site too). */
  has(group: SettingGroup): boolean {
    return this.groups.includes(group);
  }

  /** The rating its power settings are bounded by, W (null: unknown). */
  get ratedPowerW(): number | null {
    return ratingOf(this.site);
  }

  /** Seconds between its readings, unless a debug session runs: its setting, else the run's. */
  get reportIntervalS(): number {
    const set = Number(this.current.report_interval_s);
    return this.intervalSet && Number.isFinite(set) && set > 0 ? set : this.runIntervalS;
  }

  /** The run it reports in: its interval follows the run's until it is set. */
  setRunInterval(intervalS: number): void {
    this.runIntervalS = intervalS;
    if (!this.intervalSet && 'report_interval_s' in this.current)
      this.current.report_interval_s = reportIntervalOption(intervalS);
  }

  /**
   * A settings command's parameters, checked: completed (a new standard brings its protection
   * defaults) and answered with the issues, by field. No issue: `changes` may be applied.
   */
  check(params: SettingValues): { changes: Record<string, SettingValue>; issues: ParameterIssue[] } {
    const changes = completeChanges(params, this.current);
    const issues: ParameterIssue[] = [];
    // the catalogue knows the name but this device's site lacks it (a battery, a generator)
    for (const name of Object.keys(changes)) {
      const parameter = settingParameterOf(name);
      if (parameter && groupsOf(this.site.deviceType).includes(parameter.group) && !(name in this.current))
        issues.push({ field: name, message: 'validation.settingUnknown' });
    }
    for (const issue of settingsIssues(changes, {
      deviceType: this.site.deviceType,
      ratedPowerW: this.ratedPowerW,
      current: this.current,
    })) {
      if (!issues.some((known) => known.field === issue.field)) issues.push(issue);
    }
    return { changes, issues };
  }

  /** Stores checked `changes`; answers what they do physically. */
  apply(changes: SettingValues): PlantControl {
    Object.assign(this.current, changes);
    if ('report_interval_s' in changes) this.intervalSet = true;
    return plantControlOf(this.current, new Set(Object.keys(changes)));
  }

  /** Every slot off (00:00–00:00): a strategy command replaced them; the plant is told by the strategy. */
  clearSlots(): void {
    for (const name of slotNames) if (name in this.current) this.current[name] = '00:00';
  }

  /** The clock set by the portal: its zone, no offset. */
  syncClock(timeZone: string): void {
    if ('time_zone' in this.current) this.current.time_zone = timeZone;
    if ('clock_offset_s' in this.current) this.current.clock_offset_s = 0;
  }

  /**
   * A new IP configuration: DHCP takes the lease the site's network gives (the default address);
   * a static one its four fields.
   */
  setNetwork(config: { dhcp: boolean; ip?: string; mask?: string; gateway?: string; dns?: string }): void {
    if (!this.has('network')) return;
    if (config.dhcp) {
      for (const name of ['net_dhcp', 'net_ip', 'net_mask', 'net_gateway', 'net_dns'])
        this.current[name] = this.network[name]!;
      return;
    }
    this.current.net_dhcp = false;
    if (config.ip !== undefined) this.current.net_ip = config.ip;
    if (config.mask !== undefined) this.current.net_mask = config.mask;
    if (config.gateway !== undefined) this.current.net_gateway = config.gateway;
    if (config.dns !== undefined) this.current.net_dns = config.dns;
  }

  /**
   * Back to the factory values (its network stays: the device keeps the link it is reached by);
   * answers what they do physically, every physical parameter included.
   */
  restoreDefaults(): PlantControl {
    const network = Object.fromEntries(
      Object.entries(this.current).filter(([name]) => settingParameterOf(name)?.group === 'network'),
    );
    this.intervalSet = false;
    this.current = { ...defaultParameterValues(this.site, this.runIntervalS, this.network), ...network };
    return plantControlOf(this.current);
  }
}
