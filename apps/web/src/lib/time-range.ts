import { checkTimeRange, RANGE_MAX_DAYS } from '@helio/contracts';

/**
 * The time ranges of the alarm list, its export and the operation log (SPEC.md §9): the contracts'
 * own check, so the screens refuse what the server would (200601 one-sided, malformed or reversed;
 * 200603 over 30 days) before asking, and the date picker does not offer such ranges at all.
 */

const DAY_MS = 86_400_000;

/** The catalogue code a range would be refused with, undefined for no range or an accepted one. */
export function rangeRefusal(
  start: string | undefined,
  end: string | undefined,
): '200601' | '200602' | '200603' | undefined {
  const checked = checkTimeRange(start, end);
  return 'refusal' in checked ? checked.refusal : undefined;
}

/** Refusals that concern the time range, so that they show under its field. */
export function isRangeRefusal(code: string): code is '200601' | '200602' | '200603' {
  return code === '200601' || code === '200602' || code === '200603';
}

/**
 * True for a day of the picker that no range starting or ending at `anchorMs` may reach: the whole
 * day lies more than 30 days after or before it. (The time of day is checked by `rangeRefusal`.)
 */
export function dayOutOfReach(dayStartMs: number, dayEndMs: number, anchorMs: number): boolean {
  const reach = RANGE_MAX_DAYS * DAY_MS;
  return dayStartMs > anchorMs + reach || dayEndMs < anchorMs - reach;
}

/** Quick ranges of the picker, ending now. Each is within the 30 days a range may span. */
export const rangePresets = [
  { key: 'last24h', ms: DAY_MS },
  { key: 'last7d', ms: 7 * DAY_MS },
  { key: 'last30d', ms: RANGE_MAX_DAYS * DAY_MS },
] as const;
