import { type CallBody, type ChargingPlan, type ChargingPlanView, charging } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { isLive, useDeviceLive } from '../../../lib/use-device-live.ts';
import { commandFinished } from '../../devices/index.ts';

/**
 * The charging calls (api/charging/*): a charger's plan view (its plan, what it follows now, the
 * last plan command, the forecast and what the caller may do), the forecast of a plan being edited,
 * saving a plan and remote start, stop and current (each one command), and a station's charging
 * records with their totals and export. The calls are quiet: each card says a refusal in place.
 */

const chargingKey = ['charging'] as const;
const planKey = (sn: string) => [...chargingKey, 'plan', sn] as const;
const recordsKey = [...chargingKey, 'records'] as const;
const liveKey = (sn: string) => [...chargingKey, 'live', sn] as const;

/** The charger's state arrives this often while nothing is under way… */
export const PLAN_REFRESH_MS = 15_000;
/** …and this often while a command is on its way, so the state it changes shows at once. */
export const PLAN_FOLLOW_MS = 3_000;
/** With the charger's live stream open, its state is fetched when the stream says so, and this often besides. */
export const PLAN_LIVE_MS = 60_000;
/** Records grow while a car charges: asked again this often. */
const RECORDS_REFRESH_MS = 60_000;

type Command = ChargingPlanView['command'];

/** The last plan command has not ended (sent, taken, being applied). */
export function planCommandUnderWay(command: Command): boolean {
  return command !== null && !commandFinished(command.state);
}

/**
 * A charger's plan view, asked again every 15 s, or every 3 s while a command is under way (the
 * plan's own, or `following` one of the remote acts); only every minute while the charger's live
 * stream is open, which says when to ask again.
 */
export function useChargingPlan(sn: string, following: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: planKey(sn),
    queryFn: ({ signal }) => call(charging.plan, { equ_sn: sn }, { signal, quiet: true }),
    refetchInterval: (query) => {
      if (isLive(queryClient, liveKey(sn))) return PLAN_LIVE_MS;
      return following || planCommandUnderWay(query.state.data?.command ?? null)
        ? PLAN_FOLLOW_MS
        : PLAN_REFRESH_MS;
    },
  });
}

/**
 * While a charger's screen is open, its live stream (api/charging/live): a new reading or a command
 * that moved fetches the plan view and the records again at once (plugged, charging, stopped, a
 * session ended, a plan applied), and the plan view's polls slow down meanwhile. Answers whether
 * it is open.
 */
export function useChargerLive(sn: string): boolean {
  const queryClient = useQueryClient();
  return useDeviceLive(charging.live, { equ_sn: sn }, liveKey(sn), () => {
    void queryClient.invalidateQueries({ queryKey: planKey(sn) });
    void queryClient.invalidateQueries({ queryKey: recordsKey });
  });
}

export function useRefreshPlan(sn: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: planKey(sn) }), [queryClient, sn]);
}

/**
 * The forecast of a plan being edited (nothing while the form has a problem); the last forecast
 * stays on screen while the next one is asked.
 */
export function usePlanPreview(sn: string, plan: ChargingPlan | undefined) {
  return useQuery({
    queryKey: [...chargingKey, 'preview', sn, plan ? JSON.stringify(plan) : null],
    queryFn: ({ signal }) =>
      call(charging.preview, { equ_sn: sn, plan: plan as ChargingPlan }, { signal, quiet: true }),
    enabled: plan !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Saves a plan and sends it to the charger; the key is the user's one confirmation (kept for the retry after the device password). */
export function useSavePlan(sn: string) {
  const refresh = useRefreshPlan(sn);
  return useMutation({
    mutationFn: ({ plan, key }: { plan: ChargingPlan; key: string }) =>
      call(charging.savePlan, { equ_sn: sn, plan, key }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

export type RemoteAct = Omit<CallBody<typeof charging.remote>, 'equ_sn'>;

/** Starts, stops or limits the current now: one command to the charger. */
export function useRemote(sn: string) {
  const refresh = useRefreshPlan(sn);
  return useMutation({
    mutationFn: (act: RemoteAct) => call(charging.remote, { equ_sn: sn, ...act }, { quiet: true }),
    onSuccess: () => void refresh(),
  });
}

/** Which sessions the records card shows. */
export interface RecordsFilter {
  stationId: number;
  /** One charger only. */
  sn: string | undefined;
  /** Station-local dates (YYYY-MM-DD) of the first and last session start. */
  startDate: string | undefined;
  endDate: string | undefined;
  page: number;
  pageSize: number;
}

function recordsBody(filter: RecordsFilter) {
  return {
    station_id: filter.stationId,
    page: filter.page,
    page_size: filter.pageSize,
    ...(filter.sn ? { equ_sn: filter.sn } : {}),
    ...(filter.startDate ? { start_date: filter.startDate } : {}),
    ...(filter.endDate ? { end_date: filter.endDate } : {}),
  };
}

/** A station's sessions, totals and monthly totals; the page shown stays while the next loads. */
export function useChargingRecords(filter: RecordsFilter) {
  return useQuery({
    queryKey: [...recordsKey, filter],
    queryFn: async ({ signal }) => {
      const answer = await call(charging.records, recordsBody(filter), { signal, quiet: true });
      // Without `export` the answer is the records; anything else is not one this card can show.
      if ('download_url' in answer) throw new Error('the records call answered a download');
      return answer;
    },
    placeholderData: keepPreviousData,
    refetchInterval: RECORDS_REFRESH_MS,
  });
}

/** Every session the filter matches as an .xlsx file: the call answers its download address. */
export function askRecordsExport(filter: RecordsFilter, language: string, signal: AbortSignal) {
  const { page: _page, page_size: _size, ...body } = recordsBody(filter);
  return call(charging.records, { ...body, export: 1, language } as CallBody<typeof charging.records>, {
    signal,
  });
}
