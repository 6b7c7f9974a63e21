import {
  DEFAULT_PAGE_SIZE,
  type DeviceState,
  type DeviceType,
  deviceStates,
  deviceTypes,
  MAX_ID,
} from '@helio/contracts';
import type { DeviceListParams } from '../api/devices.ts';

/**
 * The device list's filters and page, kept in the address so that a reload, a shared link or the
 * way back from a device keep them: `?device_type=1&status=online&station_id=7&sn=INV2&page=2&page_size=20`.
 * Values the list cannot use are dropped rather than sent to the server.
 */
export interface DeviceListFilters {
  /** Absent: every type (SPEC.md §3 "blank means all"). */
  deviceType?: DeviceType;
  status?: DeviceState;
  stationId?: number;
  /** Part of the SN, trimmed. */
  keyword: string;
  page: number;
  pageSize: number;
}

export const DEVICE_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The SN search the API takes is at most this long. */
export const KEYWORD_MAX_LENGTH = 64;

export const defaultDeviceFilters: DeviceListFilters = { keyword: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

const param = {
  deviceType: 'device_type',
  status: 'status',
  stationId: 'station_id',
  keyword: 'sn',
  page: 'page',
  pageSize: 'page_size',
} as const;

/** A positive whole number written plainly ("7", not "07", "7.0" or "1e3"), up to `max`. */
function positiveInteger(text: string | null, max = MAX_ID): number | undefined {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

export function readDeviceFilters(search: URLSearchParams): DeviceListFilters {
  const type = positiveInteger(search.get(param.deviceType));
  const status = search.get(param.status);
  const pageSize = positiveInteger(search.get(param.pageSize));
  const keyword = (search.get(param.keyword) ?? '').trim().slice(0, KEYWORD_MAX_LENGTH);
  const stationId = positiveInteger(search.get(param.stationId));
  return {
    ...(type !== undefined && deviceTypes.includes(type as DeviceType)
      ? { deviceType: type as DeviceType }
      : {}),
    ...(deviceStates.includes(status as DeviceState) ? { status: status as DeviceState } : {}),
    ...(stationId !== undefined ? { stationId } : {}),
    keyword,
    page: positiveInteger(search.get(param.page)) ?? 1,
    pageSize:
      pageSize !== undefined && (DEVICE_PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : DEFAULT_PAGE_SIZE,
  };
}

/** The address query of some filters; what equals the default is left out, so "all" reads clean. */
export function writeDeviceFilters(filters: DeviceListFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.deviceType !== undefined) search.set(param.deviceType, String(filters.deviceType));
  if (filters.status !== undefined) search.set(param.status, filters.status);
  if (filters.stationId !== undefined) search.set(param.stationId, String(filters.stationId));
  const keyword = filters.keyword.trim();
  if (keyword !== '') search.set(param.keyword, keyword);
  if (filters.page !== 1) search.set(param.page, String(filters.page));
  if (filters.pageSize !== DEFAULT_PAGE_SIZE) search.set(param.pageSize, String(filters.pageSize));
  return search;
}

/**
 * Filters after a change of some of them: any change other than the page itself starts again at
 * page 1 (a narrower list may not have the page one was on).
 */
export function changeDeviceFilters(
  current: DeviceListFilters,
  change: Partial<DeviceListFilters>,
): DeviceListFilters {
  const next = { ...current, ...change };
  for (const key of Object.keys(change) as (keyof DeviceListFilters)[]) {
    if (change[key] === undefined) delete next[key];
  }
  next.keyword = next.keyword?.trim() ?? '';
  next.page = change.page ?? 1;
  if (next.pageSize === undefined) next.pageSize = DEFAULT_PAGE_SIZE;
  return next;
}

/** The body of api/device/list for some filters. */
export function deviceListBody(filters: DeviceListFilters): DeviceListParams {
  return {
    page: filters.page,
    page_size: filters.pageSize,
    ...(filters.deviceType !== undefined ? { device_type: filters.deviceType } : {}),
    ...(filters.status !== undefined ? { status: filters.status } : {}),
    ...(filters.stationId !== undefined ? { station_id: filters.stationId } : {}),
    ...(filters.keyword !== '' ? { keyword: filters.keyword } : {}),
  };
}

/** True when any filter narrows the list (then an empty list means "no match", not "no devices"). */
export function isFiltered(filters: DeviceListFilters): boolean {
  return (
    filters.deviceType !== undefined ||
    filters.status !== undefined ||
    filters.stationId !== undefined ||
    filters.keyword !== ''
  );
}
