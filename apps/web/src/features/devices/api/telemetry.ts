import { device, station } from '@helio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { knownZone, localZone } from '../lib/zoned-time.ts';
import { devicesKey } from './devices.ts';

/**
 * What a device reported (api/device/realtime, api/device/history) and the zone its station
 * keeps time in. The tabs show their own failure with a way to try again, so these calls are
 * quiet: a poll failing every 10 s must not stack up messages.
 */

/** The real-time tab asks again this often while it is open (and the browser tab is visible). */
export const REALTIME_REFRESH_MS = 10_000;

export function deviceRealtimeQuery(deviceId: number) {
  return queryOptions({
    queryKey: [...devicesKey, 'realtime', deviceId],
    queryFn: ({ signal }) => call(device.realtime, { device_id: deviceId }, { signal, quiet: true }),
  });
}

export function useDeviceRealtime(deviceId: number) {
  return useQuery({ ...deviceRealtimeQuery(deviceId), refetchInterval: REALTIME_REFRESH_MS });
}

/** A range that reaches the present grows while it is shown: it is asked again this often. */
const OPEN_RANGE_REFRESH_MS = 60_000;

export function deviceHistoryQuery(deviceId: number, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...devicesKey, 'history', deviceId, range.from, range.to],
    queryFn: ({ signal }) => call(device.history, { device_id: deviceId, ...range }, { signal, quiet: true }),
  });
}

export function useDeviceHistory(deviceId: number, range: { from: string; to: string }) {
  return useQuery({
    ...deviceHistoryQuery(deviceId, range),
    refetchInterval: () => (Date.parse(range.to) > Date.now() ? OPEN_RANGE_REFRESH_MS : false),
  });
}

/** A station's time zone hardly ever changes. */
const ZONE_STALE_MS = 10 * 60_000;

/**
 * The IANA zone of a device's station. Quiet and not retried: without it, times are shown in the
 * browser's zone, which the tabs say.
 */
export function useStationZone(stationId: number | undefined) {
  return useQuery({
    queryKey: [...devicesKey, 'station-zone', stationId],
    queryFn: async ({ signal }) =>
      (await call(station.stationDetail, { station_id: stationId ?? 0 }, { signal, quiet: true })).timezone,
    enabled: stationId !== undefined,
    staleTime: ZONE_STALE_MS,
    retry: false,
  });
}

/** The zone a device's times are shown in, and whether it is its station's. */
export interface ShownZone {
  zone: string;
  ofStation: boolean;
}

/**
 * The station's zone when it is known (and the browser knows it), else the browser's own.
 * Undefined while it is asked, so that times and days are not first cut in the wrong zone.
 */
export function useShownZone(stationId: number | undefined): ShownZone | undefined {
  const query = useStationZone(stationId);
  if (query.isPending) return undefined;
  const station = knownZone(query.data);
  return station ? { zone: station, ofStation: true } : { zone: localZone(), ofStation: false };
}
