import { type AlarmItem, alarm, type CallBody } from '@helio/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import type { AlarmListBody } from '../lib/filters.ts';

/** Every answer about alarms sits under this key, so one invalidation refreshes them all. */
export const alarmsKey = ['alarms'] as const;

/**
 * Root key of the device screens' answers: a device's status (alarm or online) follows its
 * happening alarms, which the screens here refresh by themselves.
 */
const devicesKey = ['devices'] as const;

/** Alarms open and end as devices report: lists refresh while they are shown. */
export const ALARM_REFRESH_MS = 60_000;

export function alarmListQuery(body: AlarmListBody) {
  return queryOptions({
    queryKey: [...alarmsKey, 'list', body],
    // The screen says why it has no list in place: under the time range (200601, 200603) or the table.
    queryFn: ({ signal }) => call(alarm.list, body, { signal, quiet: true }),
  });
}

/** A page of alarms; the previous page stays on screen while the next one loads. */
export function useAlarmList(body: AlarmListBody, enabled = true) {
  return useQuery({
    ...alarmListQuery(body),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/** One alarm, for the detail drawer (a row of the list shown meanwhile when there is one). */
export function useAlarmDetail(alarmId: number | undefined, shown?: AlarmItem) {
  return useQuery({
    queryKey: [...alarmsKey, 'detail', alarmId],
    // 9001 answers both an alarm that does not exist and one out of reach: the drawer says so.
    queryFn: ({ signal }) => call(alarm.detail, { alarm_id: alarmId ?? 0 }, { signal, quiet: true }),
    enabled: alarmId !== undefined,
    placeholderData: shown?.alarm_id === alarmId ? shown : undefined,
    retry: false,
  });
}

export type StationErrorsBody = CallBody<typeof alarm.errorList2>;

/** A station's error list (api/home/errorList2): happening alarms first, then the newest. */
export function useStationErrors(body: StationErrorsBody) {
  return useQuery({
    queryKey: [...alarmsKey, 'station-errors', body],
    queryFn: ({ signal }) => call(alarm.errorList2, body, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/** Happening and unprocessed alarms of some stations and devices, and of the caller's whole scope. */
export function useAlarmCounts(stationIds: readonly number[], deviceIds: readonly number[] = []) {
  const body = {
    station_ids: [...stationIds].slice(0, alarm.MAX_ALARM_BATCH),
    device_ids: [...deviceIds].slice(0, alarm.MAX_ALARM_BATCH),
  };
  return useQuery({
    queryKey: [...alarmsKey, 'count', body],
    // The counts are a hint beside other figures: a failure leaves them out rather than interrupting.
    queryFn: ({ signal }) => call(alarm.count, body, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: ALARM_REFRESH_MS,
  });
}

/** Refreshes every alarm list, detail and count (and the device screens, whose status follows). */
export function useRefreshAlarms(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: alarmsKey }),
      queryClient.invalidateQueries({ queryKey: devicesKey }),
    ]);
  }, [queryClient]);
}

export type ProcessBody = CallBody<typeof alarm.processAlarms>;

/**
 * Marks alarms processed or unprocessed with a handling opinion (installers; all or nothing). The
 * answered alarms replace their details at once; the lists are asked for again.
 */
export function useProcessAlarms(onDone?: (items: AlarmItem[]) => void) {
  const queryClient = useQueryClient();
  const refreshAlarms = useRefreshAlarms();
  return useMutation({
    mutationFn: (body: ProcessBody) => call(alarm.processAlarms, body),
    onSuccess: (items) => {
      for (const item of items) queryClient.setQueryData([...alarmsKey, 'detail', item.alarm_id], item);
      onDone?.(items);
      void refreshAlarms();
    },
  });
}
