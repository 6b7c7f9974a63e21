import { type CallBody, type EmsModeKind, ems5000, type SettingValue } from '@helio/contracts';
import type { EmsPart } from '@helio/contracts/device-link';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError, call } from '../../../lib/api.ts';
import { isLive, useDeviceLive } from '../../../lib/use-device-live.ts';

/**
 * The EMS 5000 console's calls (api/ems5000/*): the system at a glance, a part's values and day
 * history, its parameters (read from the device and written through commands), a command's answer
 * polled by id (7005 while the device has not answered), and the modes. The calls are quiet: the
 * console says a refusal where it happened.
 */

const emsKey = (stationId: number) => ['ems5000', stationId] as const;

/** Live values follow the device's reports: asked again this often without the live stream. */
export const LIVE_REFRESH_MS = 12_000;
/** With the live stream open, values are fetched again when it says so, and this often besides. */
export const LIVE_FALLBACK_MS = 120_000;

const liveKey = (stationId: number) => [...emsKey(stationId), 'live'] as const;

/** How often the console's live values are asked again: rarely while the live stream is open. */
function liveInterval(queryClient: QueryClient, stationId: number): number {
  return isLive(queryClient, liveKey(stationId)) ? LIVE_FALLBACK_MS : LIVE_REFRESH_MS;
}
/** A command the console follows is asked again this often until the device has answered. */
export const COMMAND_POLL_MS = 2_000;

/** The system: its state and mode, each part's state, key values, alarms and write right. */
export function useEmsSystem(stationId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...emsKey(stationId), 'system'],
    queryFn: ({ signal }) => call(ems5000.sysIndex, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: () => liveInterval(queryClient, stationId),
  });
}

/** One part's values and its day history; a past day does not change, today's is asked again. */
export function useEmsPart(stationId: number, part: EmsPart, date: string | undefined, live: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...emsKey(stationId), 'part', part, date ?? 'today'],
    queryFn: ({ signal }) =>
      call(
        ems5000.ex,
        { station_id: stationId, part, ...(date === undefined ? {} : { date }) },
        { signal, quiet: true },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: () => (live ? liveInterval(queryClient, stationId) : false),
  });
}

const parametersKey = (stationId: number, part: EmsPart) =>
  [...emsKey(stationId), 'parameters', part] as const;

/** A part's parameters as last read, with the caller's right to write them. */
export function useEmsParameters(stationId: number, part: EmsPart) {
  return useQuery({
    queryKey: parametersKey(stationId, part),
    queryFn: ({ signal }) => call(ems5000.sysRw, { station_id: stationId, part }, { signal, quiet: true }),
  });
}

export function useRefreshParameters(stationId: number, part: EmsPart): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: parametersKey(stationId, part) }),
    [queryClient, stationId, part],
  );
}

/** Asks the device for the part's values now: the answer names the read command to follow. */
export function useReadParameters(stationId: number, part: EmsPart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ems5000.sysRw, { station_id: stationId, part, read: true }, { quiet: true }),
    onSuccess: (answer) => queryClient.setQueryData(parametersKey(stationId, part), answer),
  });
}

export type ParameterChanges = Record<string, SettingValue>;

/**
 * Writes a part's change set (unprefixed names). The same changes sent again (a double click, the
 * retry after the device password) carry the same idempotency key; other changes get a new one.
 */
export function useSaveParameters(stationId: number, part: EmsPart) {
  const last = useRef<{ json: string; key: string } | null>(null);
  const keyOf = (changes: ParameterChanges) => {
    const json = JSON.stringify(changes);
    if (last.current?.json !== json) last.current = { json, key: crypto.randomUUID() };
    return last.current.key;
  };
  return useMutation({
    mutationFn: (changes: ParameterChanges) =>
      call(
        ems5000.setSave,
        { station_id: stationId, part, key: keyOf(changes), changes } satisfies CallBody<
          typeof ems5000.setSave
        >,
        { quiet: true },
      ),
  });
}

/** The device's answer is not there yet (the reply call's 7005). */
export const NOT_ANSWERED = '7005';

/**
 * A command's answer by id, asked every 2 s while the device has not answered (7005, said as
 * `null`) and until it has finished; nothing without an id.
 */
export function useCommandReply(commandId: string | undefined, part?: EmsPart) {
  return useQuery({
    queryKey: ['ems5000', 'reply', commandId, part ?? null],
    queryFn: async ({ signal }) => {
      try {
        return await call(
          ems5000.pollingReply,
          { command_id: commandId ?? '', ...(part ? { part } : {}) },
          { signal, quiet: true },
        );
      } catch (error) {
        if (error instanceof ApiError && error.code === NOT_ANSWERED) return null;
        throw error;
      }
    },
    enabled: commandId !== undefined,
    refetchInterval: (query) => (query.state.data ? false : COMMAND_POLL_MS),
  });
}

const modesKey = (stationId: number) => [...emsKey(stationId), 'modes'] as const;

/** The modes, the active one, one pending and the one the EMS reports running. */
export function useEmsModes(stationId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: modesKey(stationId),
    queryFn: ({ signal }) => call(ems5000.modeShow, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: () => liveInterval(queryClient, stationId),
  });
}

export function useRefreshModes(stationId: number): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: emsKey(stationId) }),
    [queryClient, stationId],
  );
}

/** One mode's parameters and their values. */
export function useModeDetail(stationId: number, kind: EmsModeKind | undefined) {
  return useQuery({
    queryKey: [...modesKey(stationId), 'detail', kind],
    queryFn: ({ signal }) =>
      call(ems5000.modeDetail, { station_id: stationId, kind: kind ?? 'manual' }, { signal, quiet: true }),
    enabled: kind !== undefined,
  });
}

const finished: readonly string[] = ['succeeded', 'failed', 'expired'];

/**
 * While the console is open, the live stream (api/ems5000/live): a new reading fetches the
 * system, today's part values and the modes again, a command that moved fetches its answer (and,
 * once finished, the parameters and the modes) at once, so the screen follows the device without
 * waiting for a poll; the polls slow down meanwhile. Answers whether it is open.
 */
export function useEmsLive(stationId: number): boolean {
  const queryClient = useQueryClient();
  const refresh = (...key: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey: [...emsKey(stationId), ...key] });
  const refreshModes = () =>
    void queryClient.invalidateQueries({ queryKey: modesKey(stationId), exact: true });
  return useDeviceLive(ems5000.live, { station_id: stationId }, liveKey(stationId), (event) => {
    if (event.type === 'reading') {
      refresh('system');
      refresh('part');
      refreshModes();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['ems5000', 'reply', event.command_id] });
    if (finished.includes(event.state)) {
      refresh('parameters');
      refreshModes();
    }
  });
}
