import { DeviceType } from '../enums.ts';
import { HH_MM } from '../validation/common.ts';
import {
  type GridStandard,
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

/** Why a change set is refused, by field: a validation message key of `validation/keys.ts`. */
export type SettingIssue = {
  field: string;
  message:
    | 'validation.settingUnknown'
    | 'validation.settingReadOnly'
    | 'validation.settingRange'
    | 'validation.aboveRating'
    | 'validation.timeFormat'
    | 'validation.timeRangeOrder'
    | 'validation.slotOverlap'
    | 'validation.stageOrder'
    | 'validation.socOrder'
    | 'validation.invalidValue';
};

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 || text.includes('e') ? 0 : text.length - dot - 1;
}

/** The one value check of a parameter, without the device's rating or standard. */
function valueIssue(parameter: SettingParameter, value: unknown): SettingIssue['message'] | undefined {
  switch (parameter.kind) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'validation.invalidValue';
      if (value < parameter.min || value > parameter.max || decimalsOf(value) > parameter.decimals)
        return 'validation.settingRange';
      return undefined;
    case 'choice':
      return typeof value === 'string' && parameter.options.includes(value)
        ? undefined
        : 'validation.invalidValue';
    case 'time':
      return typeof value === 'string' && HH_MM.test(value) ? undefined : 'validation.timeFormat';
    case 'switch':
      return typeof value === 'boolean' ? undefined : 'validation.invalidValue';
    case 'text':
      return typeof value === 'string' && value.length <= parameter.maxLength
        ? undefined
        : 'validation.invalidValue';
  }
}

/** What a change set is checked against: the device and the values it last reported. */
export interface SettingsContext {
  deviceType: DeviceType;
  /** The device's rated power, W: no power setting may exceed it. Null: not known, the catalogue's bound only. */
  ratedPowerW: number | null;
  /** The values the device reported last (the change is checked merged with them). */
  current: SettingValues;
}

/** The standard a merged set of values follows. */
export function standardOf(values: SettingValues): GridStandard | undefined {
  const code = values.grid_standard;
  return typeof code === 'string' ? gridStandardOf(code) : undefined;
}

/**
 * A change set completed as the device must take it: choosing another grid standard without
 * protection values fills that standard's defaults (SPEC: "choosing a standard fills its defaults").
 */
export function completeChanges(
  changes: SettingValues,
  current: SettingValues,
): Record<string, SettingValue> {
  const completed: Record<string, SettingValue> = { ...changes };
  const chosen =
    typeof changes.grid_standard === 'string' ? gridStandardOf(changes.grid_standard) : undefined;
  if (chosen && changes.grid_standard !== current.grid_standard) {
    for (const name of protectionSettingNames) {
      if (!(name in completed)) completed[name] = chosen.settings[name].default;
    }
  }
  return completed;
}

/** Stage pairs that must keep their order: [nearer, farther, which side is farther]. */
const stageOrder: readonly [ProtectionSettingName, ProtectionSettingName, 'above' | 'below'][] = [
  ['ov1_v', 'ov2_v', 'above'],
  ['uv1_v', 'uv2_v', 'below'],
  ['of1_hz', 'of2_hz', 'above'],
  ['uf1_hz', 'uf2_hz', 'below'],
  ['reconnect_v_min', 'reconnect_v_max', 'above'],
  ['reconnect_hz_min', 'reconnect_hz_max', 'above'],
];

/** The active slots of merged values, as minutes [start, end) with their start field. */
export function activeSlots(
  values: SettingValues,
): { field: string; kind: SlotKind; start: number; end: number }[] {
  const found: { field: string; kind: SlotKind; start: number; end: number }[] = [];
  for (const kind of slotKinds) {
    for (let i = 1; i <= SLOT_COUNT; i += 1) {
      const start = values[slotStartName(kind, i)];
      const end = values[slotEndName(kind, i)];
      if (typeof start !== 'string' || typeof end !== 'string' || !HH_MM.test(start) || !HH_MM.test(end))
        continue;
      if (start === end) continue; // 00:00–00:00: the slot is off
      found.push({ field: slotStartName(kind, i), kind, start: minutesOf(start), end: minutesOf(end) });
    }
  }
  return found;
}

/** The start and end names of every slot, charge then discharge. */
export const slotFieldNames: readonly string[] = slotKinds.flatMap((kind) =>
  Array.from({ length: SLOT_COUNT }, (_, i) => [slotStartName(kind, i + 1), slotEndName(kind, i + 1)]).flat(),
);

/**
 * The one slot rule (SPEC.md §4, §9), for device settings and strategies alike: in flat values
 * (`charge_1_start` … `discharge_3_end`, HH:mm), each slot's start is not after its end within the
 * day (00:00–00:00 is off) and no two active slots overlap. `changes` names the fields the user
 * touched: a rule broken by an untouched slot is named on the touched one; without it, every slot
 * counts as touched. Answers nothing when no slot field is touched.
 */
export function slotIssues(
  values: SettingValues,
  changes: Readonly<Record<string, unknown>> = values,
): { field: string; message: 'validation.timeRangeOrder' | 'validation.slotOverlap' }[] {
  if (!slotFieldNames.some((name) => name in changes)) return [];
  const issues: { field: string; message: 'validation.timeRangeOrder' | 'validation.slotOverlap' }[] = [];
  for (const kind of slotKinds) {
    for (let i = 1; i <= SLOT_COUNT; i += 1) {
      const start = values[slotStartName(kind, i)];
      const end = values[slotEndName(kind, i)];
      if (typeof start === 'string' && typeof end === 'string' && start > end)
        issues.push({ field: slotEndName(kind, i), message: 'validation.timeRangeOrder' });
    }
  }
  const active = activeSlots(values).sort((a, b) => a.start - b.start);
  for (let i = 1; i < active.length; i += 1) {
    const previous = active[i - 1]!;
    const slot = active[i]!;
    if (slot.start < previous.end)
      issues.push({
        field: slot.field in changes ? slot.field : previous.field,
        message: 'validation.slotOverlap',
      });
  }
  return issues;
}

/**
 * Checks a change set for a device: every name known, writable and of the device's groups, every
 * value in its range (the chosen standard's for protection, the rating for powers), the stages in
 * order, slots within a day (start before end, SPEC.md §4) and not overlapping, charge stop SOC
 * above discharge stop SOC, the generator's start SOC below its stop SOC. Answers the issues, by
 * field; none means the set may become a command.
 */
export function settingsIssues(
  changes: Readonly<Record<string, unknown>>,
  context: SettingsContext,
): SettingIssue[] {
  const issues: SettingIssue[] = [];
  const groups = groupsOf(context.deviceType);
  const add = (field: string, message: SettingIssue['message']) => {
    if (!issues.some((issue) => issue.field === field)) issues.push({ field, message });
  };
  for (const [name, value] of Object.entries(changes)) {
    const parameter = byName.get(name);
    if (!parameter || !groups.includes(parameter.group)) add(name, 'validation.settingUnknown');
    else if (parameter.access !== 'rw') add(name, 'validation.settingReadOnly');
    else {
      const issue = valueIssue(parameter, value);
      if (issue) add(name, issue);
      else if (
        parameter.kind === 'number' &&
        parameter.rated &&
        context.ratedPowerW !== null &&
        (value as number) > context.ratedPowerW
      )
        add(name, 'validation.aboveRating');
    }
  }
  if (issues.length > 0) return issues;

  const merged: SettingValues = { ...context.current, ...(changes as SettingValues) };
  const touches = (names: readonly string[]) => names.some((name) => name in changes);

  // The chosen standard's own ranges and the stages' order.
  const standard = standardOf(merged);
  if (standard && touches(['grid_standard', ...protectionSettingNames])) {
    for (const name of protectionSettingNames) {
      const value = merged[name];
      if (!(name in changes) && changes.grid_standard === undefined) continue;
      if (typeof value !== 'number') continue;
      const bound = standard.settings[name];
      if (value < bound.min || value > bound.max) add(name, 'validation.settingRange');
    }
    for (const [nearer, farther, side] of stageOrder) {
      const a = merged[nearer];
      const b = merged[farther];
      if (typeof a !== 'number' || typeof b !== 'number') continue;
      if (side === 'above' ? b <= a : b >= a) add(name2(changes, nearer, farther), 'validation.stageOrder');
    }
  }

  // Slots: start before end within the day, and no two active slots overlapping.
  for (const issue of slotIssues(merged, changes)) add(issue.field, issue.message);

  const socPair = (low: string, high: string) => {
    const a = merged[low];
    const b = merged[high];
    if (touches([low, high]) && typeof a === 'number' && typeof b === 'number' && a >= b)
      add(name2(changes, low, high), 'validation.socOrder');
  };
  socPair('discharge_stop_soc_pct', 'charge_stop_soc_pct');
  socPair('gen_start_soc_pct', 'gen_stop_soc_pct');
  socPair('bms.discharge_stop_soc_pct', 'bms.charge_stop_soc_pct');
  socPair('generator.start_soc_pct', 'generator.stop_soc_pct');
  return issues;
}

/** The field of a pair to name: the one changed (the second when both were). */
function name2(changes: Readonly<Record<string, unknown>>, first: string, second: string): string {
  return second in changes || !(first in changes) ? second : first;
}
