import {
  DeviceType,
  formatPercent,
  formatPower,
  formatQuantity,
  GAP_TEXT,
  type PileState,
  pileStates,
} from '@helio/contracts';
import {
  deviceValues,
  type EmsPart,
  type EmsStateSet,
  emsParts,
  emsStateName,
  PartState,
} from '@helio/contracts/device-link';
import { z } from 'zod';
import { energyText, powerText } from './figures.ts';

/**
 * The values of a device's reading (device-link/values.ts) as the device screens show them: what
 * each field measures, read from its name's suffix (`_w` W, `_kwh` kWh, `_pct` %, `_v` V, `_a` A,
 * `_c` °C, `_hz` Hz, `_dbm` dBm, `_s` s), its label, its group and its text. EMS 5000 parts come
 * flattened as `part.field`, a BMS's clusters as `bms.clusters.n.field`; each part's state is of its
 * own numbered set (`emsPartStates`), the EMS's own `state` of the system's. A field this portal does
 * not know yet (a newer device) is still shown, by its name.
 */

export type ValueKind =
  | 'state'
  | 'pileState'
  | 'mode'
  | 'chargingMode'
  | 'sessionStart'
  | 'flag'
  | 'power'
  | 'reactive'
  | 'cellVoltage'
  | 'energy'
  | 'percent'
  | 'voltage'
  | 'current'
  | 'temperature'
  | 'frequency'
  | 'signal'
  | 'duration'
  | 'ratio'
  | 'count'
  | 'hours'
  | 'plain';

/** Fields whose kind their name's suffix does not say. */
const namedKinds: Record<string, ValueKind> = {
  state: 'state',
  pile_state: 'pileState',
  mode: 'mode',
  // a wallbox's session and the plan it follows
  plan_mode: 'chargingMode',
  session_start: 'sessionStart',
  remote_hold: 'flag',
  session_no: 'count',
  phases: 'count',
  power_factor: 'ratio',
  buffered: 'count',
  transfers: 'count',
  max_cell_no: 'count',
  // a cell's volts in millivolts' detail: balancing acts on a few millivolts
  max_cell_v: 'cellVoltage',
  min_cell_v: 'cellVoltage',
  min_cell_no: 'count',
  run_hours: 'hours',
};

/** Longest suffix first: `_kwh` must not be read as something ending in `_h`. */
const suffixKinds: readonly (readonly [string, ValueKind])[] = [
  ['_kwh', 'energy'],
  ['_dbm', 'signal'],
  ['_pct', 'percent'],
  ['_hz', 'frequency'],
  ['_var', 'reactive'],
  ['_w', 'power'],
  ['_v', 'voltage'],
  ['_a', 'current'],
  ['_c', 'temperature'],
  ['_s', 'duration'],
];

/** The field's own name, without its EMS part: `pcs.ac_power_w` → `ac_power_w`. */
export function fieldName(field: string): string {
  return field.slice(field.lastIndexOf('.') + 1);
}

/** The EMS 5000 part a field belongs to, if any: `bms.soc_pct` → `bms`. */
export function fieldPart(field: string): EmsPart | undefined {
  const dot = field.indexOf('.');
  if (dot < 0) return undefined;
  const part = field.slice(0, dot);
  return (emsParts as readonly string[]).includes(part) ? (part as EmsPart) : undefined;
}

export function valueKind(field: string): ValueKind {
  const name = fieldName(field);
  const named = namedKinds[name];
  if (named) return named;
  return suffixKinds.find(([suffix]) => name.endsWith(suffix))?.[1] ?? 'plain';
}

/** The unit a kind is measured in (power and energy are shown scaled: kW, MWh, …). */
export const kindUnit: Record<ValueKind, string> = {
  state: '',
  pileState: '',
  mode: '',
  chargingMode: '',
  sessionStart: '',
  flag: '',
  power: 'W',
  reactive: 'var',
  energy: 'kWh',
  percent: '%',
  voltage: 'V',
  cellVoltage: 'V',
  current: 'A',
  temperature: '°C',
  frequency: 'Hz',
  signal: 'dBm',
  duration: 's',
  ratio: '',
  count: '',
  hours: 'h',
  plain: '',
};

/** Text key of a field's label; a field without one is shown by its name. */
export function fieldLabelKey(field: string): string {
  return `devices.reading.field.${fieldName(field)}`;
}

/** The battery cluster a BMS field belongs to: `bms.clusters.2.soc_pct` → 2. */
export function fieldCluster(field: string): number | undefined {
  const match = /^bms\.clusters\.(\d+)\./.exec(field);
  return match ? Number(match[1]) : undefined;
}

/** A numbered working state's name, the key of its text; undefined for a number that is none. */
export function partStateName(value: number): keyof typeof PartState | undefined {
  return (Object.keys(PartState) as (keyof typeof PartState)[]).find((name) => PartState[name] === value);
}

/**
 * The key of a state's text: an EMS 5000 part's state (`pcs.state`) and the EMS's own (`state`)
 * by their own numbered sets, any other device's working state by `PartState`; undefined for a
 * number that is none of its set.
 */
export function stateTextKey(type: DeviceType | undefined, field: string, value: number): string | undefined {
  const part = fieldPart(field);
  if (part || type === DeviceType.energyManagementBox) {
    const set: EmsStateSet = part ?? 'ems';
    const name = emsStateName(set, value);
    return name ? `devices.reading.emsState.${set}.${name}` : undefined;
  }
  const name = partStateName(value);
  return name ? `devices.reading.partState.${name}` : undefined;
}

export function isPileState(value: unknown): value is PileState {
  return typeof value === 'string' && (pileStates as readonly string[]).includes(value);
}

/**
 * A number of a reading as text with its unit, by the display rules of SPEC.md §9: power in kW
 * or MW, energy in kWh or MWh, voltage, current and temperature with 1 decimal, frequency and the
 * power factor with 2, SOC and SOH with 1. States are named by the caller (they need texts).
 */
export function numberText(kind: ValueKind, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return GAP_TEXT;
  switch (kind) {
    case 'power':
      return powerText(value);
    case 'reactive': {
      const figure = formatPower(value);
      return `${figure.value} ${figure.unit.replace('W', 'var')}`;
    }
    case 'energy':
      return energyText(value);
    case 'percent': {
      const figure = formatPercent(value / 100);
      return `${figure.value} ${figure.unit}`;
    }
    case 'cellVoltage':
      return `${value.toFixed(3)} ${kindUnit[kind]}`;
    case 'voltage':
    case 'current':
    case 'temperature':
    case 'frequency':
      return `${formatQuantity(value, kind)} ${kindUnit[kind]}`;
    case 'signal':
    case 'duration':
      return `${Math.round(value)} ${kindUnit[kind]}`;
    case 'count':
      return String(Math.round(value));
    case 'hours':
      return `${formatQuantity(value, 'other')} ${kindUnit[kind]}`;
    default:
      return formatQuantity(value, 'other');
  }
}

/** What `+` means for a field whose sign matters, as values.ts describes it. */
export type SignConvention = 'charging' | 'import';

const signConventions: Partial<Record<DeviceType, Record<string, SignConvention>>> = {
  [DeviceType.battery]: { power_w: 'charging' },
  [DeviceType.offGrid]: { battery_power_w: 'charging' },
  [DeviceType.commercialHybrid]: { battery_power_w: 'charging' },
  [DeviceType.meter]: { grid_power_w: 'import' },
  [DeviceType.energyManagementBox]: { 'pcs.ac_power_w': 'charging', 'meter.grid_power_w': 'import' },
};

export function signConvention(type: DeviceType, field: string): SignConvention | undefined {
  return signConventions[type]?.[field];
}

/** The groups a reading is shown in: an EMS 5000's system and parts, else what the values measure. */
export type ReadingGroupId =
  | 'system'
  | EmsPart
  | 'status'
  | 'power'
  | 'battery'
  | 'energy'
  | 'electrical'
  | 'temperature'
  | 'link'
  | 'other';

const kindGroups: Record<ValueKind, ReadingGroupId> = {
  state: 'status',
  pileState: 'status',
  mode: 'status',
  chargingMode: 'status',
  sessionStart: 'status',
  flag: 'status',
  power: 'power',
  reactive: 'power',
  percent: 'battery',
  energy: 'energy',
  voltage: 'electrical',
  cellVoltage: 'electrical',
  current: 'electrical',
  frequency: 'electrical',
  ratio: 'electrical',
  temperature: 'temperature',
  signal: 'link',
  duration: 'link',
  count: 'link',
  hours: 'other',
  plain: 'other',
};

const kindGroupOrder: readonly ReadingGroupId[] = [
  'status',
  'power',
  'battery',
  'energy',
  'electrical',
  'temperature',
  'link',
  'other',
];
const emsGroupOrder: readonly ReadingGroupId[] = ['system', ...emsParts];

export interface ReadingGroup {
  id: ReadingGroupId;
  fields: string[];
}

const unwrapped = (schema: unknown) => (schema instanceof z.ZodOptional ? schema.unwrap() : schema);

/**
 * The fields a device type reports, flattened and in the order its schema declares them; a list
 * of a part (a BMS's clusters) by the fields of its first item (`bms.clusters.1.soc_pct`).
 */
export function knownFields(type: DeviceType): string[] {
  const fields: string[] = [];
  for (const [key, schema] of Object.entries(deviceValues[type].shape)) {
    const inner = unwrapped(schema);
    if (inner instanceof z.ZodObject) {
      for (const [innerKey, innerSchema] of Object.entries(inner.shape)) {
        const list = unwrapped(innerSchema);
        const item = list instanceof z.ZodArray ? list.element : undefined;
        if (item instanceof z.ZodObject)
          for (const leaf of Object.keys(item.shape)) fields.push(`${key}.${innerKey}.1.${leaf}`);
        else fields.push(`${key}.${innerKey}`);
      }
    } else {
      fields.push(key);
    }
  }
  return fields;
}

/** A cluster's field as its first cluster's (`bms.clusters.3.soc_pct` → `bms.clusters.1.soc_pct`). */
const asFirstCluster = (field: string) => field.replace(/^bms\.clusters\.\d+\./, 'bms.clusters.1.');

/** Orders fields as the device type declares them (clusters in their order); unknown ones last, by name. */
export function orderFields(type: DeviceType, fields: readonly string[]): string[] {
  const known = knownFields(type);
  const rank = (field: string) => {
    const index = known.indexOf(asFirstCluster(field));
    return index < 0 ? known.length : index;
  };
  return [...fields].sort(
    (a, b) => (fieldCluster(a) ?? 0) - (fieldCluster(b) ?? 0) || rank(a) - rank(b) || a.localeCompare(b),
  );
}

/**
 * The fields of a reading in groups: an EMS 5000 by its parts (its own values under "system"),
 * any other device by what the values measure. Empty groups are left out.
 */
export function groupReading(type: DeviceType, fields: readonly string[]): ReadingGroup[] {
  const ems = type === DeviceType.energyManagementBox;
  const groupOf = (field: string): ReadingGroupId =>
    ems ? (fieldPart(field) ?? 'system') : kindGroups[valueKind(field)];
  return (ems ? emsGroupOrder : kindGroupOrder)
    .map((id) => ({ id, fields: orderFields(type, fields).filter((field) => groupOf(field) === id) }))
    .filter((group) => group.fields.length > 0);
}
