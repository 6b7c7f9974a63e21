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
import { ratedPowerOf } from '../runtime/fleet-plan.ts';
import { batteryNominalV, bmsLayout } from './telemetry/battery.ts';

/**
 * Every device keeps the values of the catalogue's parameters (`control/device-settings.ts` of the
 * contracts) for its type's groups, leaving out the groups its site lacks: `battery` only with a
 * battery, `offgrid` only off the grid or with a generator (its generator thresholds only with a
 * generator), `grid`, `export` and `power` only on a grid-connected site; an EMS 5000's parts the
 * same way: `pcs` and `bms` with a battery, `pvs` with PV, `generator` with a generator, `sts` and
 * `meter` on a grid-connected site. They are its
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
      case 'pcs':
      case 'bms':
        return plant.battery !== undefined;
      case 'pvs':
        return plant.pv !== undefined;
      case 'generator':
        return plant.generator !== undefined;
      case 'sts':
      case 'meter':
        return plant.gridConnected;
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

/**
 * The rating power settings are bounded by, W: the device's own, else the plant's inverters' (an
 * EMS 5000's: the largest of its site's PV, battery and generator).
 */
export function ratingOf(site: ParameterSite): number | null {
  const rating =
    site.ratedPowerW ??
    (site.deviceType === DeviceType.energyManagementBox
      ? ratedPowerOf(site.deviceType, site.plant, 1)
      : site.plant.pv?.inverterRatedW);
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
  Object.assign(values, emsPartDefaults(plant, groups, atMostRating, standard.nominalVoltageV));
  if (groups.includes('system')) {
    values.report_interval_s = reportIntervalOption(runIntervalS);
    values.time_zone = plant.timeZone;
    values.clock_offset_s = 0;
  }
  if (groups.includes('network')) Object.assign(values, network);
  return values;
}

/** `value` held in [low, high] and rounded. */
const within = (value: number, low: number, high: number) => Math.round(Math.min(high, Math.max(low, value)));

/**
 * An EMS 5000's parts as its site was built: the PCS at the battery's powers (at most the rating),
 * the BMS at the battery's stop SOCs, currents, capacity and layout (`bmsLayout`), the PVS at full
 * power, the STS islanding automatically after a minute's wait, the generator at the plant's
 * thresholds (20–80 % by default), a minute's warm-up and two minutes' cool-down, the meter's CT
 * sized for the site and a 15-minute demand window.
 */
function emsPartDefaults(
  plant: PlantConfig,
  groups: readonly SettingGroup[],
  atMostRating: (watts: number) => number,
  nominalGridV: number,
): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = {};
  const battery = plant.battery;
  if (groups.includes('pcs') && battery) {
    values['pcs.enabled'] = plant.pcsEnabled !== false;
    values['pcs.max_charge_w'] = atMostRating(battery.maxChargeW);
    values['pcs.max_discharge_w'] = atMostRating(battery.maxDischargeW);
    values['pcs.ramp_pct_min'] = 10;
    values['pcs.reactive_mode'] = 'off';
    values['pcs.power_factor'] = 1;
    values['pcs.rated_power_w'] = Math.round(Math.max(battery.maxChargeW, battery.maxDischargeW));
  }
  if (groups.includes('pvs') && plant.pv) {
    values['pvs.enabled'] = plant.pvEnabled !== false;
    values['pvs.power_limit_pct'] = within(plant.activePowerPct ?? 100, 0, 100);
    values['pvs.mppt_scan'] = true;
    values['pvs.start_voltage_v'] = 200;
    values['pvs.rated_power_w'] = Math.round(plant.pv.inverterRatedW);
  }
  if (groups.includes('bms') && battery) {
    const nominalV = batteryNominalV(battery.capacityKwh);
    const layout = bmsLayout(battery.capacityKwh);
    values['bms.charge_stop_soc_pct'] = within(battery.maxSocPct, 50, 100);
    values['bms.discharge_stop_soc_pct'] = within(battery.minSocPct, 5, 50);
    values['bms.max_charge_a'] = within(battery.maxChargeW / nominalV, 0, 2000);
    values['bms.max_discharge_a'] = within(battery.maxDischargeW / nominalV, 0, 2000);
    values['bms.balancing'] = battery.balancing !== false;
    values['bms.balance_start_mv'] = within(battery.balanceStartMv ?? 30, 5, 200);
    values['bms.capacity_kwh'] = battery.capacityKwh;
    values['bms.cluster_count'] = layout.clusters;
    values['bms.cells_per_cluster'] = layout.cellsPerCluster;
  }
  if (groups.includes('sts')) {
    const sts = plant.sts;
    values['sts.transfer_mode'] = sts?.transferMode ?? 'auto';
    values['sts.island_enabled'] = sts?.islandEnabled ?? true;
    values['sts.reconnect_delay_s'] = within(sts?.reconnectDelayS ?? 60, 10, 900);
    // transfer below 80 % of the nominal voltage
    values['sts.transfer_uv_v'] = within(nominalGridV * 0.8, 150, 220);
  }
  const generator = plant.generator;
  if (groups.includes('generator') && generator) {
    values['generator.auto_start'] = generator.autoStart !== false;
    values['generator.start_soc_pct'] = within(generator.startSocPct ?? 20, 5, 90);
    values['generator.stop_soc_pct'] = within(generator.stopSocPct ?? 80, 15, 100);
    values['generator.max_power_pct'] = within(generator.maxPowerPct ?? 100, 10, 100);
    values['generator.warmup_s'] = within(generator.warmupS ?? 60, 10, 300);
    values['generator.cooldown_s'] = within(generator.cooldownS ?? 120, 30, 900);
    values['generator.rated_power_w'] = Math.round(generator.ratedW);
  }
  if (groups.includes('meter')) {
    // a CT for the site's largest current at 400 V three-phase, in steps of 100 A over 5 A
    const siteW = ratedPowerOf(DeviceType.energyManagementBox, plant, 1);
    const primaryA = Math.max(100, Math.ceil(siteW / (Math.sqrt(3) * 400) / 100) * 100);
    values['meter.ct_ratio'] = within(primaryA / 5, 1, 5000);
    values['meter.demand_window_min'] = String(plant.demandWindowMin ?? 15);
  }
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
 * limits and the generator's thresholds; an EMS 5000's parts (`emsPartControl`): the PCS on or off
 * and its powers, the PVS on or off and its limit, the BMS's stop SOCs and balancing, the STS, the
 * generator and the meter's demand window. Protection, reactive power, output voltage, the discharge
 * stop voltage, the PCS's ramp, the BMS's currents, the PVS's MPPT settings, the STS's transfer
 * voltage and the CT ratio are kept by the device only.
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
  Object.assign(control, emsPartControl(values, touched));
  // what the device does not have stays out
  for (const key of Object.keys(control) as (keyof PlantControl)[]) {
    if (control[key] === undefined) delete control[key];
  }
  return control;
}

/** What an EMS 5000's part parameters among the touched ones do physically (see `plantControlOf`). */
function emsPartControl(values: SettingValues, touched: (...names: string[]) => boolean): PlantControl {
  const number = (name: string) => (typeof values[name] === 'number' ? (values[name] as number) : undefined);
  const flag = (name: string) => (typeof values[name] === 'boolean' ? (values[name] as boolean) : undefined);
  const present = (name: string) => name in values && touched(name);
  const control: PlantControl = {};
  if (present('pcs.enabled')) control.pcsEnabled = flag('pcs.enabled');
  if (present('pcs.max_charge_w')) control.maxChargeW = number('pcs.max_charge_w');
  if (present('pcs.max_discharge_w')) control.maxDischargeW = number('pcs.max_discharge_w');
  if (present('pvs.enabled')) control.pvEnabled = flag('pvs.enabled');
  if (present('pvs.power_limit_pct')) control.activePowerPct = number('pvs.power_limit_pct');
  if (present('bms.charge_stop_soc_pct')) control.chargeStopSocPct = number('bms.charge_stop_soc_pct');
  if (present('bms.discharge_stop_soc_pct'))
    control.dischargeStopSocPct = number('bms.discharge_stop_soc_pct');
  if (present('bms.balancing')) control.balancing = flag('bms.balancing');
  if (present('bms.balance_start_mv')) control.balanceStartMv = number('bms.balance_start_mv');
  if (present('sts.island_enabled')) control.stsIslandEnabled = flag('sts.island_enabled');
  if (present('sts.transfer_mode'))
    control.stsTransferMode = values['sts.transfer_mode'] === 'manual' ? 'manual' : 'auto';
  if (present('sts.reconnect_delay_s')) control.stsReconnectDelayS = number('sts.reconnect_delay_s');
  if (present('generator.auto_start')) control.generatorAutoStart = flag('generator.auto_start');
  if (present('generator.start_soc_pct')) control.generatorStartSocPct = number('generator.start_soc_pct');
  if (present('generator.stop_soc_pct')) control.generatorStopSocPct = number('generator.stop_soc_pct');
  if (present('generator.max_power_pct')) control.generatorMaxPowerPct = number('generator.max_power_pct');
  if (present('generator.warmup_s')) control.generatorWarmupS = number('generator.warmup_s');
  if (present('generator.cooldown_s')) control.generatorCooldownS = number('generator.cooldown_s');
  if (present('meter.demand_window_min')) {
    const minutes = Number(values['meter.demand_window_min']);
    if (Number.isFinite(minutes) && minutes > 0) control.demandWindowMin = minutes;
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
