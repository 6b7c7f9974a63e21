import {
  DeviceType,
  formatPercent,
  formatQuantity,
  GAP_TEXT,
  type PileState,
  pileStates,
} from '@helio/contracts';
import { deviceValues, type EmsPart, emsParts, PartState } from '@helio/contracts/device-link';
import { z } from 'zod';
import { energyText, powerText } from './figures.ts';

/**
 * The values of a device's reading (device-link/values.ts) as the device screens show them: what
 * each field measures, read from its name's suffix (`_w` W, `_kwh` kWh, `_pct` %, `_v` V, `_a` A,
 * `_c` °C, `_hz` Hz, `_dbm` dBm, `_s` s), its label, its group and its text. EMS 5000 parts come
 * flattened as `part.field`. A field this portal does not know yet (a newer device) is still shown,
 * by its name.
 */

export type ValueKind =
  | 'state'
  | 'pileState'
  | 'power'
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
  | 'plain';

/** Fields whose kind their name's suffix does not say. */
const namedKinds: Record<string, ValueKind> = {
  state: 'state',
  pile_state: 'pileState',
  power_factor: 'ratio',
  buffered: 'count',
};

/** Longest suffix first: `_kwh` must not be read as something ending in `_h`. */
const suffixKinds: readonly (readonly [string, ValueKind])[] = [
  ['_kwh', 'energy'],
  ['_dbm', 'signal'],
  ['_pct', 'percent'],
  ['_hz', 'frequency'],
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
  power: 'W',
  energy: 'kWh',
  percent: '%',
  voltage: 'V',
  current: 'A',
  temperature: '°C',
  frequency: 'Hz',
  signal: 'dBm',
  duration: 's',
  ratio: '',
  count: '',
  plain: '',
};

/** Text key of a field's label; a field without one is shown by its name. */
export function fieldLabelKey(field: string): string {
  return `devices.reading.field.${fieldName(field)}`;
}

/** A numbered working state's name, the key of its text; undefined for a number that is none. */
export function partStateName(value: number): keyof typeof PartState | undefined {
  return (Object.keys(PartState) as (keyof typeof PartState)[]).find((name) => PartState[name] === value);
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
    case 'energy':
      return energyText(value);
    case 'percent': {
      const figure = formatPercent(value / 100);
      return `${figure.value} ${figure.unit}`;
    }
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
  power: 'power',
  percent: 'battery',
  energy: 'energy',
  voltage: 'electrical',
  current: 'electrical',
  frequency: 'electrical',
  ratio: 'electrical',
  temperature: 'temperature',
  signal: 'link',
  duration: 'link',
  count: 'link',
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

/** The fields a device type reports, flattened and in the order its schema declares them. */
export function knownFields(type: DeviceType): string[] {
  const fields: string[] = [];
  for (const [key, schema] of Object.entries(deviceValues[type].shape)) {
    const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
    if (inner instanceof z.ZodObject) {
      for (const innerKey of Object.keys(inner.shape)) fields.push(`${key}.${innerKey}`);
    } else {
      fields.push(key);
    }
  }
  return fields;
}

/** Orders fields as the device type declares them; unknown ones last, by name. */
export function orderFields(type: DeviceType, fields: readonly string[]): string[] {
  const known = knownFields(type);
  const rank = (field: string) => {
    const index = known.indexOf(field);
    return index < 0 ? known.length : index;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
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
