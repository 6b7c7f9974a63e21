import {
  type GridStandard,
  type NumberParameter,
  parametersOf,
  protectionSettingNames,
  type SettingGroup,
  type SettingParameter,
  type SettingValue,
  type SettingValues,
  SLOT_COUNT,
  type SlotKind,
  slotEndName,
  slotStartName,
} from '@helio/contracts';

/**
 * The Settings tab's forms over the parameter catalogue (contracts' control/device-settings.ts):
 * a group's form values from the values the device last reported, the change set a form holds
 * (only what differs, only what may be written), and the range each number field says it takes.
 * The rule a change set must pass is the catalogue's `settingsIssues`, the server's own.
 */

/** A form field's value: what the catalogue takes, or nothing (an emptied number box). */
export type FormValue = SettingValue | null;
export type GroupFormValues = Record<string, FormValue>;

/** The group's parameters the form shows (read-only ones too, as values that cannot change). */
export function groupParameters(group: SettingGroup): SettingParameter[] {
  return parametersOf(group);
}

/** The group's form values from the values last read; a value the device did not report is empty. */
export function formValuesOf(group: SettingGroup, values: SettingValues | null): GroupFormValues {
  const form: GroupFormValues = {};
  for (const parameter of groupParameters(group)) form[parameter.name] = values?.[parameter.name] ?? null;
  return form;
}

function same(a: FormValue | undefined, b: SettingValue | undefined): boolean {
  if (a === null || a === undefined) return b === undefined;
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/**
 * The change set a group's form holds: each writable parameter whose value differs from the one
 * last read, texts trimmed. An emptied number stays in it as null, for the check to refuse.
 */
export function changedSettings(
  group: SettingGroup,
  form: Readonly<Record<string, unknown>>,
  current: SettingValues | null,
): Record<string, FormValue> {
  const changes: Record<string, FormValue> = {};
  for (const parameter of groupParameters(group)) {
    if (parameter.access !== 'rw' || !(parameter.name in form)) continue;
    const value = form[parameter.name] as FormValue | undefined;
    if (value === undefined || same(value, current?.[parameter.name])) continue;
    changes[parameter.name] = typeof value === 'string' ? value.trim() : value;
  }
  return changes;
}

/** Values of a form that followed the device: the ones the user did not change take the new reading. */
export function followReading(
  group: SettingGroup,
  form: Readonly<Record<string, unknown>>,
  before: SettingValues | null,
  after: SettingValues | null,
): GroupFormValues {
  const next: GroupFormValues = {};
  for (const parameter of groupParameters(group)) {
    const shown = form[parameter.name] as FormValue | undefined;
    if (shown === undefined || same(shown, before?.[parameter.name]))
      next[parameter.name] = after?.[parameter.name] ?? null;
  }
  return next;
}

/** The field a server's issue names: `changes.<name>` (the body's path) or `<name>`. */
export function settingOfIssuePath(path: string): string {
  return path.startsWith('changes.') ? path.slice('changes.'.length) : path;
}

const protectionNames: readonly string[] = protectionSettingNames;

export function isProtection(name: string): boolean {
  return protectionNames.includes(name);
}

/**
 * The range a number field takes: the chosen standard's for a protection setting, at most the
 * device's rating for a power, else the catalogue's.
 */
export function rangeOf(
  parameter: NumberParameter,
  standard: GridStandard | undefined,
  ratedPowerW: number | null,
): { min: number; max: number } {
  if (standard && isProtection(parameter.name)) {
    const bound = standard.settings[parameter.name as keyof GridStandard['settings']];
    if (bound) return { min: bound.min, max: bound.max };
  }
  const max = parameter.rated && ratedPowerW !== null ? Math.min(parameter.max, ratedPowerW) : parameter.max;
  return { min: parameter.min, max };
}

/** The protection settings of a standard's defaults: what choosing it fills into the form. */
export function standardDefaults(standard: GridStandard): GroupFormValues {
  const defaults: GroupFormValues = {};
  for (const name of protectionSettingNames) defaults[name] = standard.settings[name].default;
  return defaults;
}

/** The slots of a kind, in order: their number and their two fields. */
export function slotsOf(kind: SlotKind): { index: number; start: string; end: string }[] {
  return Array.from({ length: SLOT_COUNT }, (_, i) => ({
    index: i + 1,
    start: slotStartName(kind, i + 1),
    end: slotEndName(kind, i + 1),
  }));
}

export function isSlotField(name: string): boolean {
  return /^(charge|discharge)_\d_(start|end)$/.test(name);
}

/**
 * What a time box shows as it is typed: digits only, the colon put in after the hours
 * ("0830" → "08:30"), at most HH:mm.
 */
export function typedTime(text: string): string {
  // "8:30" typed with a one-digit hour
  const short = /^(\d)[:.h](\d{0,2})$/.exec(text.trim());
  if (short) return `0${short[1]}:${short[2]}`;
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
