import type { DeviceType } from '@helio/contracts';
import { headlineFigures } from '@helio/contracts/device-link';
import { fieldName, valueKind } from './reading-fields.ts';
import type { DurationUnit } from './zoned-time.ts';

/**
 * How the device history is shown: as a chart or a table (`&view=table`), and which fields
 * (`&fields=pcs.ac_power_w,bms.soc_pct`; absent: the device type's main power and SOC).
 */

export const historyViews = ['chart', 'table'] as const;
export type HistoryView = (typeof historyViews)[number];

export function readHistoryView(search: URLSearchParams): HistoryView {
  return search.get('view') === 'table' ? 'table' : 'chart';
}

export function writeHistoryView(search: URLSearchParams, view: HistoryView): URLSearchParams {
  const next = new URLSearchParams(search);
  if (view === 'chart') next.delete('view');
  else next.set('view', view);
  return next;
}

/** The fields chosen in the address (its `fields`); undefined when none were (the defaults apply). */
export function parseHistoryFields(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  return [...new Set(text.split(',').filter((field) => /^[a-z0-9_.]{1,64}$/.test(field)))];
}

export function writeHistoryFields(search: URLSearchParams, fields: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('fields', fields.join(','));
  return next;
}

/**
 * The fields a history can plot: its numbers, but not the numbered working states, whose average
 * over a bucket names no state.
 */
export function plottableFields(fields: readonly string[]): string[] {
  return fields.filter((field) => valueKind(field) !== 'state');
}

/**
 * The fields shown when none were chosen: the device type's main power (the one the device list
 * shows) and, when the range has it, the state of charge. When the range lacks the main power,
 * its first field, so that a range with readings never shows an empty chart.
 */
export function defaultHistoryFields(type: DeviceType, available: readonly string[]): string[] {
  const fields: string[] = [];
  const power = headlineFigures[type].power;
  if (power && available.includes(power)) fields.push(power);
  const soc = available.find((field) => fieldName(field) === 'soc_pct');
  if (soc) fields.push(soc);
  if (fields.length === 0 && available[0]) fields.push(available[0]);
  return fields;
}

/** The fields to show: those chosen that the range has, else the defaults. */
export function shownHistoryFields(
  type: DeviceType,
  chosen: readonly string[] | undefined,
  available: readonly string[],
): string[] {
  if (chosen === undefined) return defaultHistoryFields(type, available);
  return chosen.filter((field) => available.includes(field));
}

/**
 * How long each averaged point of a history lasts, in the largest unit it reaches (1 decimal at
 * most): 300 s → 5 minutes, 5400 s → 1.5 hours. Undefined for raw readings (bucket_s 0).
 */
export function bucketDuration(bucketS: number): { value: number; unit: DurationUnit } | undefined {
  if (!(bucketS > 0)) return undefined;
  const [unit, seconds]: [DurationUnit, number] =
    bucketS >= 86_400
      ? ['day', 86_400]
      : bucketS >= 3600
        ? ['hour', 3600]
        : bucketS >= 60
          ? ['minute', 60]
          : ['second', 1];
  return { value: Math.round((bucketS / seconds) * 10) / 10, unit };
}
