import {
  type AlarmState,
  alarm,
  alarmStates,
  type CallBody,
  DEFAULT_PAGE_SIZE,
  type DeviceType,
  deviceTypes,
  type Language,
  MAX_ID,
  type ProcessingState,
  processingStates,
} from '@helio/contracts';
import { type FaultSeverity, faultSeverities } from '@helio/contracts/device-link';
import { rangeRefusal } from '../../../lib/time-range.ts';
import { ALARM_LIST_PATH } from './paths.ts';

/**
 * The alarm list's filters, order and page, kept in the address with the API's own names, so that a
 * reload, a shared link, a message's link or the way back keep them:
 * `?station_id=7&state=happening&severity=critical&start_time=…&end_time=…&sort_by=severity&page=2`.
 * Values the list cannot use are dropped; a time range is kept as written, so that a wrong one is
 * said (200601, 200603) rather than silently forgotten.
 */
export type AlarmSortColumn = (typeof alarm.alarmSortColumns)[number];
export type SortOrder = 'asc' | 'desc';

export interface AlarmListFilters {
  stationId?: number;
  /** Part of the SN, trimmed. */
  sn: string;
  /** Absent: every type. */
  deviceType?: DeviceType;
  severity?: FaultSeverity;
  state?: AlarmState;
  processingState?: ProcessingState;
  /** ISO 8601 instants with an offset: alarms that started in [startTime, endTime]. */
  startTime?: string;
  endTime?: string;
  sortBy: AlarmSortColumn;
  sortOrder: SortOrder;
  page: number;
  pageSize: number;
}

export const ALARM_PAGE_SIZES = [10, 20, 50, 100] as const;
/** The SN search the API takes is at most this long. */
export const SN_MAX_LENGTH = 64;
/** An instant in the address is at most this long (the API's limit). */
const INSTANT_MAX_LENGTH = 40;

export const DEFAULT_SORT: { sortBy: AlarmSortColumn; sortOrder: SortOrder } = {
  sortBy: 'raised_at',
  sortOrder: 'desc',
};

export const defaultAlarmFilters: AlarmListFilters = {
  sn: '',
  ...DEFAULT_SORT,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const param = {
  stationId: 'station_id',
  sn: 'sn',
  deviceType: 'device_type',
  severity: 'severity',
  state: 'state',
  processingState: 'processing_state',
  startTime: 'start_time',
  endTime: 'end_time',
  sortBy: 'sort_by',
  sortOrder: 'sort_order',
  page: 'page',
  pageSize: 'page_size',
} as const;

/** The address parameters the list owns; others (the open alarm, the tab) are left alone. */
export const alarmFilterParams: readonly string[] = Object.values(param);

/** A positive whole number written plainly ("7", not "07", "7.0" or "1e3"), up to `max`. */
export function positiveInteger(text: string | null, max = MAX_ID): number | undefined {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

function oneOf<T extends string>(values: readonly T[], text: string | null): T | undefined {
  return values.includes(text as T) ? (text as T) : undefined;
}

function instant(text: string | null): string | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed.slice(0, INSTANT_MAX_LENGTH);
}

export function readAlarmFilters(search: URLSearchParams): AlarmListFilters {
  const type = positiveInteger(search.get(param.deviceType));
  const pageSize = positiveInteger(search.get(param.pageSize));
  const filters: AlarmListFilters = {
    sn: (search.get(param.sn) ?? '').trim().slice(0, SN_MAX_LENGTH),
    sortBy: oneOf(alarm.alarmSortColumns, search.get(param.sortBy)) ?? DEFAULT_SORT.sortBy,
    sortOrder: oneOf(['asc', 'desc'] as const, search.get(param.sortOrder)) ?? DEFAULT_SORT.sortOrder,
    page: positiveInteger(search.get(param.page)) ?? 1,
    pageSize:
      pageSize !== undefined && (ALARM_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_PAGE_SIZE,
  };
  const stationId = positiveInteger(search.get(param.stationId));
  if (stationId !== undefined) filters.stationId = stationId;
  if (type !== undefined && deviceTypes.includes(type as DeviceType)) filters.deviceType = type as DeviceType;
  const severity = oneOf(faultSeverities, search.get(param.severity));
  if (severity) filters.severity = severity;
  const state = oneOf(alarmStates, search.get(param.state));
  if (state) filters.state = state;
  const processing = oneOf(processingStates, search.get(param.processingState));
  if (processing) filters.processingState = processing;
  const start = instant(search.get(param.startTime));
  if (start !== undefined) filters.startTime = start;
  const end = instant(search.get(param.endTime));
  if (end !== undefined) filters.endTime = end;
  return filters;
}

/**
 * The address of some filters on top of `base` (whose other parameters stay): what equals the
 * default is left out, so "all" reads clean.
 */
export function writeAlarmFilters(
  filters: AlarmListFilters,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const name of alarmFilterParams) search.delete(name);
  if (filters.stationId !== undefined) search.set(param.stationId, String(filters.stationId));
  if (filters.sn.trim() !== '') search.set(param.sn, filters.sn.trim());
  if (filters.deviceType !== undefined) search.set(param.deviceType, String(filters.deviceType));
  if (filters.severity) search.set(param.severity, filters.severity);
  if (filters.state) search.set(param.state, filters.state);
  if (filters.processingState) search.set(param.processingState, filters.processingState);
  if (filters.startTime) search.set(param.startTime, filters.startTime);
  if (filters.endTime) search.set(param.endTime, filters.endTime);
  if (filters.sortBy !== DEFAULT_SORT.sortBy) search.set(param.sortBy, filters.sortBy);
  if (filters.sortOrder !== DEFAULT_SORT.sortOrder) search.set(param.sortOrder, filters.sortOrder);
  if (filters.page !== 1) search.set(param.page, String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) search.set(param.pageSize, String(filters.pageSize));
  return search;
}

/** The link to the alarm list showing some filters (e.g. a station's happening alarms). */
export function alarmListPath(filters: Partial<AlarmListFilters> = {}): string {
  const query = writeAlarmFilters({ ...defaultAlarmFilters, ...filters }).toString();
  return query ? `${ALARM_LIST_PATH}?${query}` : ALARM_LIST_PATH;
}

/**
 * Filters after a change of some of them: any change other than the page itself starts again at
 * page 1 (a narrower list may not have the page one was on). `undefined` clears a filter.
 */
export function changeAlarmFilters(
  current: AlarmListFilters,
  change: Partial<AlarmListFilters>,
): AlarmListFilters {
  const next: AlarmListFilters = { ...current, ...change };
  for (const key of Object.keys(change) as (keyof AlarmListFilters)[]) {
    if (change[key] === undefined) delete next[key];
  }
  next.sn = next.sn?.trim() ?? '';
  next.sortBy ??= DEFAULT_SORT.sortBy;
  next.sortOrder ??= DEFAULT_SORT.sortOrder;
  next.pageSize ??= DEFAULT_PAGE_SIZE;
  next.page = change.page ?? 1;
  return next;
}

/** The filters of api/alarm/list and api/alarm/export, which take the same ones. */
function filterBody(filters: AlarmListFilters) {
  return {
    ...(filters.stationId !== undefined ? { station_id: filters.stationId } : {}),
    ...(filters.sn !== '' ? { sn: filters.sn } : {}),
    ...(filters.deviceType !== undefined ? { device_type: filters.deviceType } : {}),
    ...(filters.severity ? { severity: filters.severity } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.processingState ? { processing_state: filters.processingState } : {}),
    ...(filters.startTime ? { start_time: filters.startTime } : {}),
    ...(filters.endTime ? { end_time: filters.endTime } : {}),
    sort_by: filters.sortBy,
    sort_order: filters.sortOrder,
  };
}

export type AlarmListBody = CallBody<typeof alarm.list>;
export type AlarmExportBody = CallBody<typeof alarm.exportList>;

export function alarmListBody(filters: AlarmListFilters): AlarmListBody {
  return { page: filters.page, page_size: filters.pageSize, ...filterBody(filters) };
}

export function alarmExportBody(filters: AlarmListFilters, language: Language): AlarmExportBody {
  return { ...filterBody(filters), language };
}

/** The refusal the filters' time range would get (200601, 200603), undefined when it is fine. */
export function filtersRangeRefusal(filters: AlarmListFilters) {
  return rangeRefusal(filters.startTime, filters.endTime);
}

/** True when any filter narrows the list (then an empty list means "no match", not "no alarms"). */
export function isFiltered(filters: AlarmListFilters): boolean {
  return (
    filters.stationId !== undefined ||
    filters.sn !== '' ||
    filters.deviceType !== undefined ||
    filters.severity !== undefined ||
    filters.state !== undefined ||
    filters.processingState !== undefined ||
    filters.startTime !== undefined ||
    filters.endTime !== undefined
  );
}

/** Every filter cleared; the order and the page size stay. */
export function clearedAlarmFilters(current: AlarmListFilters): AlarmListFilters {
  return {
    ...defaultAlarmFilters,
    sortBy: current.sortBy,
    sortOrder: current.sortOrder,
    pageSize: current.pageSize,
  };
}
