import { type CallBody, device, type StationType, station } from '@helio/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';

/** Every answer about devices sits under this key, so one invalidation refreshes them all. */
export const devicesKey = ['devices'] as const;

/**
 * Root key of the stations screens' answers: a station's status and device count follow from its
 * devices, so registering or removing one refreshes them too.
 */
const stationsKey = ['stations'] as const;

export type DeviceListParams = CallBody<typeof device.list>;

export function deviceListQuery(params: DeviceListParams) {
  return queryOptions({
    queryKey: [...devicesKey, 'list', params],
    queryFn: ({ signal }) => call(device.list, params, { signal }),
  });
}

/** Status and live figures follow the devices' reports: refresh them while a screen shows them. */
const LIVE_REFRESH_MS = 60_000;

/** A page of devices; the previous page stays on screen while the next one loads. */
export function useDeviceList(params: DeviceListParams, enabled = true) {
  return useQuery({
    ...deviceListQuery(params),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** Most devices a station holds is 32 (fleet-rules.ts): one page of this size has them all. */
const STATION_FLEET_PAGE = 50;

/** Every device of one station: what the register dialog checks a new device against. */
export function useStationFleet(stationId: number | undefined) {
  return useQuery({
    ...deviceListQuery({ page: 1, page_size: STATION_FLEET_PAGE, station_id: stationId ?? 0 }),
    enabled: stationId !== undefined,
    staleTime: 0,
  });
}

export function deviceDetailQuery(deviceId: number) {
  return queryOptions({
    queryKey: [...devicesKey, 'detail', deviceId],
    // The detail screen says itself why it has no device: not found (9001) or not loaded.
    queryFn: ({ signal }) => call(device.detail, { device_id: deviceId }, { signal, quiet: true }),
    // 9001 (not in scope, or removed) will not change by asking again.
    retry: false,
  });
}

export function useDeviceDetail(deviceId: number | undefined) {
  return useQuery({
    ...deviceDetailQuery(deviceId ?? 0),
    enabled: deviceId !== undefined,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** A station as the device screens need it: to pick it, fix it in the dialog and link to it. */
export interface StationChoice {
  station_id: number;
  station_name: string;
  station_type: StationType;
}

/** Stations of the caller's scope whose name contains `keyword`, by name. */
export function useStationChoices(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...devicesKey, 'station-choices', keyword],
    queryFn: async ({ signal }): Promise<{ total: number; list: StationChoice[] }> => {
      const page = await call(
        station.list,
        {
          page: 1,
          page_size: STATION_CHOICE_COUNT,
          sort_by: 'name',
          sort_order: 'asc',
          ...(keyword ? { keyword } : {}),
        },
        { signal },
      );
      return { total: page.total, list: page.list.map(toChoice) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many stations one search of the picker shows; typing narrows it down on the server. */
export const STATION_CHOICE_COUNT = 50;

/** One station by id, for a picker whose chosen station is not among the listed ones. */
export function useStationChoice(stationId: number | undefined) {
  return useQuery({
    queryKey: [...devicesKey, 'station-choice', stationId],
    queryFn: async ({ signal }) =>
      toChoice(await call(station.stationDetail, { station_id: stationId ?? 0 }, { signal })),
    enabled: stationId !== undefined,
    staleTime: 60_000,
    retry: false,
  });
}

function toChoice(item: StationChoice): StationChoice {
  return { station_id: item.station_id, station_name: item.station_name, station_type: item.station_type };
}

/**
 * Refreshes every list and detail showing devices (and the stations' counts), after a change.
 * A removed device's detail is left alone: asking for it again could only be refused (9001).
 */
export function useRefreshDevices(): (removedDeviceId?: number) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (removedDeviceId?: number) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: devicesKey,
          predicate: (query) =>
            removedDeviceId === undefined ||
            !(query.queryKey[1] === 'detail' && query.queryKey[2] === removedDeviceId),
        }),
        queryClient.invalidateQueries({ queryKey: stationsKey }),
      ]);
    },
    [queryClient],
  );
}
