import { control, MAX_ID, type StationType, stationDetailKind } from '@helio/contracts';

/** The device list's route (SPEC.md §2). */
export const DEVICE_LIST_PATH = '/device/deviceList';

/**
 * The device detail's route: under the list's, so the sidebar highlights "Devices" there too.
 * The device is `?device_id=`, the open tab `&tab=` (the basic information when absent); the link
 * of a mailed self-test report adds `&report=` (its command id) to the Settings tab's.
 */
export const DEVICE_DETAIL_PATH = `${DEVICE_LIST_PATH}/detail`;

/** The tabs of the device detail (SPEC.md §2), in their order on screen. */
export const deviceDetailTabs = [
  'basic',
  'realtime',
  'history',
  'alarms',
  'log',
  'settings',
  'strategy',
] as const;
export type DeviceDetailTab = (typeof deviceDetailTabs)[number];

export function deviceDetailPath(deviceId: number, tab: DeviceDetailTab = 'basic'): string {
  const search = new URLSearchParams({ device_id: String(deviceId) });
  if (tab !== 'basic') search.set('tab', tab);
  return `${DEVICE_DETAIL_PATH}?${search}`;
}

/** The device id of the detail's address, undefined when it is not a possible id. */
export function readDeviceId(search: URLSearchParams): number | undefined {
  const text = search.get('device_id');
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}

export function readDetailTab(search: URLSearchParams): DeviceDetailTab {
  const tab = search.get('tab');
  return (deviceDetailTabs as readonly string[]).includes(tab ?? '') ? (tab as DeviceDetailTab) : 'basic';
}

/** The self-test report the address names (`&report=`), undefined when it is not a possible id. */
export function readReportId(search: URLSearchParams): string | undefined {
  const text = search.get('report');
  if (text === null) return undefined;
  return control.selfTestReport.body.safeParse({ command_id: text }).success ? text : undefined;
}

/** The detail screen of a station, chosen by its type (PRODUCT.md §4). */
export function stationDetailPath(stationId: number, stationType: StationType): string {
  return `/station-detail/${stationDetailKind[stationType]}?station_id=${stationId}`;
}

/** What a link to the device detail carries: the screen it was opened from, for the back link. */
export interface DeviceDetailState {
  from?: string;
}
