import { DEFAULT_PAGE_SIZE, MAX_ID, type OperationAction, operationActions } from '@helio/contracts';
import { rangeRefusal } from '../../../lib/time-range.ts';
import type { LogListBody } from '../api/operation-log.ts';

/**
 * The operation log's filters and page, in the address beside `?tab=log`: an action, the time range
 * (kept as written, so that a wrong one is said) and the page.
 */
export interface LogFilters {
  action?: OperationAction;
  startTime?: string;
  endTime?: string;
  page: number;
  pageSize: number;
}

export const LOG_PAGE_SIZES = [10, 20, 50, 100] as const;
const INSTANT_MAX_LENGTH = 40;
const names = ['action', 'start_time', 'end_time', 'page', 'page_size'] as const;

function positiveInteger(text: string | null): number | undefined {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_ID ? value : undefined;
}

function instant(text: string | null): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed.slice(0, INSTANT_MAX_LENGTH);
}

export function readLogFilters(search: URLSearchParams): LogFilters {
  const action = search.get('action');
  const pageSize = positiveInteger(search.get('page_size'));
  const start = instant(search.get('start_time'));
  const end = instant(search.get('end_time'));
  return {
    ...((operationActions as readonly string[]).includes(action ?? '')
      ? { action: action as OperationAction }
      : {}),
    ...(start !== undefined ? { startTime: start } : {}),
    ...(end !== undefined ? { endTime: end } : {}),
    page: positiveInteger(search.get('page')) ?? 1,
    pageSize:
      pageSize !== undefined && (LOG_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_PAGE_SIZE,
  };
}

/** The address of some filters on top of `base`, whose other parameters (the tab) stay. */
export function writeLogFilters(filters: LogFilters, base: URLSearchParams): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const name of names) search.delete(name);
  if (filters.action) search.set('action', filters.action);
  if (filters.startTime) search.set('start_time', filters.startTime);
  if (filters.endTime) search.set('end_time', filters.endTime);
  if (filters.page !== 1) search.set('page', String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) search.set('page_size', String(filters.pageSize));
  return search;
}

/** After a change of anything but the page, the log starts again at its first page. */
export function changeLogFilters(current: LogFilters, change: Partial<LogFilters>): LogFilters {
  const next: LogFilters = { ...current, ...change };
  for (const key of Object.keys(change) as (keyof LogFilters)[]) {
    if (change[key] === undefined) delete next[key];
  }
  next.pageSize ??= DEFAULT_PAGE_SIZE;
  next.page = change.page ?? 1;
  return next;
}

export function logListBody(filters: LogFilters): LogListBody {
  return {
    page: filters.page,
    page_size: filters.pageSize,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.startTime ? { start_time: filters.startTime } : {}),
    ...(filters.endTime ? { end_time: filters.endTime } : {}),
  };
}

/** The refusal the log's range would get (200601, 200603), undefined when it is fine. */
export function logRangeRefusal(filters: LogFilters) {
  return rangeRefusal(filters.startTime, filters.endTime);
}
