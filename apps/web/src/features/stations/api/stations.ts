import { type CallBody, type StationListColumn, station } from '@helio/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';

/** Every answer about stations sits under this key, so one invalidation refreshes them all. */
export const stationsKey = ['stations'] as const;

export type StationListParams = CallBody<typeof station.list>;

/** Counts and live columns follow the devices' reports: refresh them while the screen is open. */
const LIVE_REFRESH_MS = 60_000;

export function stationListQuery(params: StationListParams) {
  return queryOptions({
    queryKey: [...stationsKey, 'list', params],
    queryFn: ({ signal }) => call(station.list, params, { signal }),
  });
}

/** A page of the caller's stations; the previous page stays on screen while the next one loads. */
export function useStationList(params: StationListParams) {
  return useQuery({
    ...stationListQuery(params),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function stationDetailQuery(stationId: number) {
  return queryOptions({
    queryKey: [...stationsKey, 'detail', stationId],
    queryFn: ({ signal }) => call(station.stationDetail, { station_id: stationId }, { signal }),
    // 9001 (not in scope, or deleted) will not change by asking again.
    retry: false,
  });
}

export function useStationDetail(stationId: number | undefined) {
  return useQuery({
    ...stationDetailQuery(stationId ?? 0),
    enabled: stationId !== undefined,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useStationStat() {
  return useQuery({
    queryKey: [...stationsKey, 'stationStat'],
    queryFn: ({ signal }) => call(station.stationStat, {}, { signal, quiet: true }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useEquipStat() {
  return useQuery({
    queryKey: [...stationsKey, 'equipStat'],
    queryFn: ({ signal }) => call(station.equipStat, {}, { signal, quiet: true }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export const stationColumnsKey = [...stationsKey, 'columns'] as const;

/** The columns the user chose for the list, or the default ones (api/station/list/columns). */
export function useStationColumns() {
  return useQuery({
    queryKey: stationColumnsKey,
    queryFn: ({ signal }) => call(station.listColumns, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function saveStationColumns(columns: StationListColumn[]) {
  return call(station.listColumns, { columns });
}

/**
 * Refreshes every list, count and detail showing stations, after any change to them. A deleted
 * station's own detail is left alone: asking for it again would only be refused (9001).
 */
export function useRefreshStations(): (deletedStationId?: number) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (deletedStationId?: number) =>
      queryClient.invalidateQueries({
        queryKey: stationsKey,
        predicate: (query) =>
          deletedStationId === undefined ||
          !(query.queryKey[1] === 'detail' && query.queryKey[2] === deletedStationId),
      }),
    [queryClient],
  );
}
