import { DeviceType } from '../enums.ts';
import {
  gridStandardCodes,
  gridStandardOf,
  type ProtectionSettingName,
  protectionDecimals,
  protectionSettingNames,
  protectionUnits,
} from './grid-standards.ts';

/**
 * A device's parameter settings (SPEC.md §3 "device parameter labels", PRODUCT.md §8): every
 * parameter the portal reads and writes, by group, with its unit, range and access, and which
 * device types have each group. One list for the server (it checks a change set before it becomes a
 * command), the web form (fields, ranges, defaults), the simulator (the device keeps and refuses the
 * same values) and the device protocol document (its parameter tables are generated from here).
 * The one check of a change set against it is settings-check.ts (`settingsIssues`).
 */

/**
 * Groups of parameters. `grid`: the standard and its interface protection; `export`: the export
 * limit; `power`: active and reactive power control; `battery`: three timed charge and three timed
 * discharge slots, stop SOC and voltage, powers; `offgrid`: backup output and generator; `system`:
 * reporting; `network`: the device's own link (read here, written by the network command). The EMS
 * 5000's parts (`emsPartGroups`) are a group each, their parameters named `part.name`.
 */
export const emsPartGroups = ['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter'] as const;
export type EmsPartGroup = (typeof emsPartGroups)[number];
export const settingGroups = [
  'grid',
  'export',
  'power',
  'battery',
  'offgrid',
  'system',
  'network',
  ...emsPartGroups,
] as const;
export type SettingGroup = (typeof settingGroups)[number];

/** A value on the wire: numbers, texts (times as HH:mm, choices) and switches. */
export type SettingValue = number | string | boolean;
export type SettingValues = Readonly<Record<string, SettingValue>>;

interface ParameterBase {
  name: string;
  group: SettingGroup;
  /** `r`: the device reports it, nobody sets it with a settings command. */
  access: 'rw' | 'r';
}
export interface NumberParameter extends ParameterBase {
  kind: 'number';
  unit: 'V' | 's' | 'Hz' | '%/min' | '%' | 'W' | 'dBm' | 'A' | 'mV' | 'kWh' | '';
  min: number;
  max: number;
  decimals: number;
  /** A power bounded by the device's rated power too (checked with the device's rating). */
  rated?: boolean;
}
export interface ChoiceParameter extends ParameterBase {
  kind: 'choice';
  options: readonly string[];
}
export interface TimeParameter extends ParameterBase {
  kind: 'time';
}
export interface SwitchParameter extends ParameterBase {
  kind: 'switch';
}
export interface TextParameter extends ParameterBase {
  kind: 'text';
  maxLength: number;
}
export type SettingParameter =
  | NumberParameter
  | ChoiceParameter
  | TimeParameter
  | SwitchParameter
  | TextParameter;

/** The device types that have each group (a device also leaves out a group its site lacks, e.g. a battery). */
export const groupDeviceTypes: Readonly<Record<SettingGroup, readonly DeviceType[]>> = {
  grid: [DeviceType.inverter, DeviceType.commercialHybrid],
  export: [DeviceType.inverter, DeviceType.commercialHybrid, DeviceType.energyManagementBox],
  power: [DeviceType.inverter, DeviceType.commercialHybrid],
  battery: [DeviceType.inverter, DeviceType.offGrid, DeviceType.commercialHybrid],
  offgrid: [DeviceType.offGrid, DeviceType.commercialHybrid],
  system: [
    DeviceType.inverter,
    DeviceType.battery,
    DeviceType.offGrid,
    DeviceType.chargingPile,
    DeviceType.meter,
    DeviceType.commercialHybrid,
    DeviceType.energyManagementBox,
    DeviceType.dataLogger,
  ],
  network: [
    DeviceType.inverter,
    DeviceType.offGrid,
    DeviceType.chargingPile,
    DeviceType.commercialHybrid,
    DeviceType.energyManagementBox,
    DeviceType.dataLogger,
  ],
  pcs: [DeviceType.energyManagementBox],
  pvs: [DeviceType.energyManagementBox],
  bms: [DeviceType.energyManagementBox],
  sts: [DeviceType.energyManagementBox],
  generator: [DeviceType.energyManagementBox],
  meter: [DeviceType.energyManagementBox],
};

/** The groups an end user may change on their own devices; the rest is the installer's (PRODUCT.md §8). */
export const endUserGroups: readonly SettingGroup[] = ['export', 'battery'];

/** Timed slots: three to charge, three to discharge (SPEC.md §9). */
export const SLOT_COUNT = 3;
export const slotKinds = ['charge', 'discharge'] as const;
export type SlotKind = (typeof slotKinds)[number];
export const slotStartName = (kind: SlotKind, index: number) => `${kind}_${index}_start`;
export const slotEndName = (kind: SlotKind, index: number) => `${kind}_${index}_end`;

/** Reporting intervals a device may be set to, s. */
export const reportIntervalsS = [60, 120, 300, 600, 900] as const;

function protection(name: ProtectionSettingName): NumberParameter {
  // The widest range any standard allows; the chosen standard's own range is checked too.
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const code of gridStandardCodes) {
    const bound = gridStandardOf(code)?.settings[name];
    if (!bound) continue;
    min = Math.min(min, bound.min);
    max = Math.max(max, bound.max);
  }
  return {
    name,
    group: 'grid',
    access: 'rw',
    kind: 'number',
    unit: protectionUnits[name],
    min,
    max,
    decimals: protectionDecimals[name],
  };
}

/** A writable number; `rated`: a power also bounded by the device's rated power. */
function number(
  name: string,
  group: SettingGroup,
  unit: NumberParameter['unit'],
  min: number,
  max: number,
  decimals: number,
  rated = false,
): NumberParameter {
  return { name, group, access: 'rw', kind: 'number', unit, min, max, decimals, ...(rated ? { rated } : {}) };
}

/** A parameter the device reports and nobody sets. */
function reported(
  name: string,
  group: SettingGroup,
  unit: NumberParameter['unit'],
  max: number,
  decimals: number,
): NumberParameter {
  return { name, group, access: 'r', kind: 'number', unit, min: 0, max, decimals };
}

/**
 * The EMS 5000's parts (PRODUCT.md §8 "EMS 5000 calls": `api/ems5000/sys/rw` lists a part's
 * parameters): each part's own limits, written by an installer through the `settings` command like
 * any device's, named `part.name`.
 */
const emsPartParameters: SettingParameter[] = [
  { name: 'pcs.enabled', group: 'pcs', access: 'rw', kind: 'switch' },
  number('pcs.max_charge_w', 'pcs', 'W', 0, 1_000_000, 0, true),
  number('pcs.max_discharge_w', 'pcs', 'W', 0, 1_000_000, 0, true),
  number('pcs.ramp_pct_min', 'pcs', '%/min', 1, 100, 0),
  {
    name: 'pcs.reactive_mode',
    group: 'pcs',
    access: 'rw',
    kind: 'choice',
    options: ['off', 'fixed_pf', 'q_u'],
  },
  number('pcs.power_factor', 'pcs', '', 0.8, 1, 2),
  reported('pcs.rated_power_w', 'pcs', 'W', 1_000_000, 0),
  { name: 'pvs.enabled', group: 'pvs', access: 'rw', kind: 'switch' },
  number('pvs.power_limit_pct', 'pvs', '%', 0, 100, 0),
  { name: 'pvs.mppt_scan', group: 'pvs', access: 'rw', kind: 'switch' },
  number('pvs.start_voltage_v', 'pvs', 'V', 150, 1000, 0),
  reported('pvs.rated_power_w', 'pvs', 'W', 1_000_000, 0),
  number('bms.charge_stop_soc_pct', 'bms', '%', 50, 100, 0),
  number('bms.discharge_stop_soc_pct', 'bms', '%', 5, 50, 0),
  number('bms.max_charge_a', 'bms', 'A', 0, 2000, 0),
  number('bms.max_discharge_a', 'bms', 'A', 0, 2000, 0),
  { name: 'bms.balancing', group: 'bms', access: 'rw', kind: 'switch' },
  number('bms.balance_start_mv', 'bms', 'mV', 5, 200, 0),
  reported('bms.capacity_kwh', 'bms', 'kWh', 100_000, 1),
  reported('bms.cluster_count', 'bms', '', 64, 0),
  reported('bms.cells_per_cluster', 'bms', '', 1000, 0),
  { name: 'sts.transfer_mode', group: 'sts', access: 'rw', kind: 'choice', options: ['auto', 'manual'] },
  { name: 'sts.island_enabled', group: 'sts', access: 'rw', kind: 'switch' },
  number('sts.reconnect_delay_s', 'sts', 's', 10, 900, 0),
  number('sts.transfer_uv_v', 'sts', 'V', 150, 220, 0),
  { name: 'generator.auto_start', group: 'generator', access: 'rw', kind: 'switch' },
  number('generator.start_soc_pct', 'generator', '%', 5, 90, 0),
  number('generator.stop_soc_pct', 'generator', '%', 15, 100, 0),
  number('generator.max_power_pct', 'generator', '%', 10, 100, 0),
  number('generator.warmup_s', 'generator', 's', 10, 300, 0),
  number('generator.cooldown_s', 'generator', 's', 30, 900, 0),
  reported('generator.rated_power_w', 'generator', 'W', 1_000_000, 0),
  number('meter.ct_ratio', 'meter', '', 1, 5000, 0),
  {
    name: 'meter.demand_window_min',
    group: 'meter',
    access: 'rw',
    kind: 'choice',
    options: ['5', '15', '30'],
  },
];

const slots: SettingParameter[] = slotKinds.flatMap((kind) =>
  Array.from({ length: SLOT_COUNT }, (_, i) => [
    { name: slotStartName(kind, i + 1), group: 'battery', access: 'rw', kind: 'time' } as const,
    { name: slotEndName(kind, i + 1), group: 'battery', access: 'rw', kind: 'time' } as const,
  ]).flat(),
);

/** Every parameter, in the form's order. */
export const settingParameters: readonly SettingParameter[] = [
  { name: 'grid_standard', group: 'grid', access: 'rw', kind: 'choice', options: gridStandardCodes },
  ...protectionSettingNames.map(protection),
  { name: 'export_limit_enabled', group: 'export', access: 'rw', kind: 'switch' },
  number('export_limit_w', 'export', 'W', 0, 1_000_000, 0, true),
  number('active_power_pct', 'power', '%', 0, 100, 0),
  {
    name: 'reactive_mode',
    group: 'power',
    access: 'rw',
    kind: 'choice',
    options: ['off', 'fixed_pf', 'q_u'],
  },
  number('power_factor', 'power', '', 0.8, 1, 2),
  { name: 'pf_excitation', group: 'power', access: 'rw', kind: 'choice', options: ['over', 'under'] },
  ...slots,
  number('charge_stop_soc_pct', 'battery', '%', 10, 100, 0),
  number('discharge_stop_soc_pct', 'battery', '%', 5, 95, 0),
  number('discharge_stop_v', 'battery', 'V', 40, 1000, 1),
  number('max_charge_w', 'battery', 'W', 0, 1_000_000, 0, true),
  number('max_discharge_w', 'battery', 'W', 0, 1_000_000, 0, true),
  number('gen_start_soc_pct', 'offgrid', '%', 5, 90, 0),
  number('gen_stop_soc_pct', 'offgrid', '%', 15, 100, 0),
  {
    name: 'output_voltage_v',
    group: 'offgrid',
    access: 'rw',
    kind: 'choice',
    options: ['220', '230', '240', '120'],
  },
  { name: 'output_frequency_hz', group: 'offgrid', access: 'rw', kind: 'choice', options: ['50', '60'] },
  {
    name: 'report_interval_s',
    group: 'system',
    access: 'rw',
    kind: 'choice',
    options: reportIntervalsS.map(String),
  },
  { name: 'time_zone', group: 'system', access: 'r', kind: 'text', maxLength: 64 },
  {
    name: 'clock_offset_s',
    group: 'system',
    access: 'r',
    kind: 'number',
    unit: 's',
    min: -1e9,
    max: 1e9,
    decimals: 0,
  },
  {
    name: 'net_link',
    group: 'network',
    access: 'r',
    kind: 'choice',
    options: ['wifi', 'ethernet', 'cellular'],
  },
  { name: 'net_dhcp', group: 'network', access: 'r', kind: 'switch' },
  { name: 'net_ip', group: 'network', access: 'r', kind: 'text', maxLength: 15 },
  { name: 'net_mask', group: 'network', access: 'r', kind: 'text', maxLength: 15 },
  { name: 'net_gateway', group: 'network', access: 'r', kind: 'text', maxLength: 15 },
  { name: 'net_dns', group: 'network', access: 'r', kind: 'text', maxLength: 15 },
  {
    name: 'net_signal_dbm',
    group: 'network',
    access: 'r',
    kind: 'number',
    unit: 'dBm',
    min: -140,
    max: 0,
    decimals: 0,
  },
  ...emsPartParameters,
];

const byName = new Map(settingParameters.map((parameter) => [parameter.name, parameter]));

export function settingParameterOf(name: string): SettingParameter | undefined {
  return byName.get(name);
}

/** The groups a device type has, in order. */
export function groupsOf(deviceType: DeviceType): SettingGroup[] {
  return settingGroups.filter((group) => groupDeviceTypes[group].includes(deviceType));
}

/** The parameters of a group. */
export function parametersOf(group: SettingGroup): SettingParameter[] {
  return settingParameters.filter((parameter) => parameter.group === group);
}

/** Every parameter a device type has (`rw` only when `writable`). */
export function deviceParameters(deviceType: DeviceType, writable = false): SettingParameter[] {
  const groups = groupsOf(deviceType);
  return settingParameters.filter(
    (parameter) => groups.includes(parameter.group) && (!writable || parameter.access === 'rw'),
  );
}

/** Minutes since midnight of an HH:mm time. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}
