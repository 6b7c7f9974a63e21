import { addDays, daysBetween, device, isLocalDate, localPeriod } from '@helio/contracts';

/**
 * The range of the device history (api/device/history) as whole calendar days of the station's
 * zone, from its first day to its last, both included. The address keeps it
 * (`&range=last7Days`, or `&range=custom&from=2025-03-01&to=2025-03-31`), so a reload or a shared
 * link shows the same readings.
 */

export const historyPresets = ['today', 'yesterday', 'last7Days', 'last30Days', 'custom'] as const;
export type HistoryPreset = (typeof historyPresets)[number];

export interface HistoryRange {
  preset: HistoryPreset;
  /** First day, YYYY-MM-DD in the station's zone. */
  from: string;
  /** Last day, included. */
  to: string;
}

export const DEFAULT_HISTORY_PRESET: Exclude<HistoryPreset, 'custom'> = 'today';

const MS_PER_DAY = 86_400_000;
const { HISTORY_MAX_DAYS } = device;

/** The days a preset covers, ending today (`today` is the station's date now). */
export function presetDays(preset: Exclude<HistoryPreset, 'custom'>, today: string): HistoryRange {
  switch (preset) {
    case 'today':
      return { preset, from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { preset, from: yesterday, to: yesterday };
    }
    case 'last7Days':
      return { preset, from: addDays(today, -6), to: today };
    case 'last30Days':
      return { preset, from: addDays(today, -29), to: today };
  }
}

/** Whether a chosen span of days may be asked for: in order, and at most HISTORY_MAX_DAYS days. */
export function customRangeAllowed(from: string, to: string): boolean {
  const days = daysBetween(from, to);
  return days >= 0 && days + 1 <= HISTORY_MAX_DAYS;
}

/** The range in the address; a missing or broken one is the default preset. */
export function readHistoryRange(search: URLSearchParams, today: string): HistoryRange {
  const preset = search.get('range') ?? '';
  if (preset === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    if (isLocalDate(from) && isLocalDate(to) && customRangeAllowed(from, to)) {
      return { preset, from, to };
    }
  } else if ((historyPresets as readonly string[]).includes(preset)) {
    return presetDays(preset as Exclude<HistoryPreset, 'custom'>, today);
  }
  return presetDays(DEFAULT_HISTORY_PRESET, today);
}

/** The address with `range` written in; the default preset is left out, and so are days a preset implies. */
export function writeHistoryRange(search: URLSearchParams, range: HistoryRange): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('from');
  next.delete('to');
  if (range.preset === DEFAULT_HISTORY_PRESET) next.delete('range');
  else next.set('range', range.preset);
  if (range.preset === 'custom') {
    next.set('from', range.from);
    next.set('to', range.to);
  }
  return next;
}

/**
 * The instants api/device/history takes for a range: from the start of its first day to the
 * start of the day after its last, in `zone`. A span of HISTORY_MAX_DAYS days that gains an hour
 * when clocks go back would exceed the limit: its start then moves later by that hour.
 */
export function historyInstants(range: HistoryRange, zone: string): { from: string; to: string } {
  const to = localPeriod('day', range.to, zone).endMs;
  const from = Math.max(localPeriod('day', range.from, zone).startMs, to - HISTORY_MAX_DAYS * MS_PER_DAY);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
