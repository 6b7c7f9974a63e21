import type { DeviceType } from '../enums.ts';
import { HH_MM } from '../validation/common.ts';
import {
  groupsOf,
  minutesOf,
  type SettingParameter,
  type SettingValue,
  type SettingValues,
  SLOT_COUNT,
  type SlotKind,
  settingParameterOf,
  slotEndName,
  slotKinds,
  slotStartName,
} from './device-settings.ts';
import {
  type GridStandard,
  gridStandardOf,
  type ProtectionSettingName,
  protectionSettingNames,
} from './grid-standards.ts';

/**
 * The one check of a device's change set (`settingsIssues`): the catalogue's names, access and
 * ranges (control/device-settings.ts), the chosen grid standard's own ranges and the order of its
 * stages, the one slot rule (`slotIssues`, also the strategies'), the SOC pairs; and what a change
 * set becomes before it is checked (`completeChanges`: a new standard's protection defaults).
 */

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
    const parameter = settingParameterOf(name);
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
