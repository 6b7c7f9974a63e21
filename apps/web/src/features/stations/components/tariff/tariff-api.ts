import { type Tariff, type TariffView, tariff, type UsageData } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFileExport } from '../../../../hooks/use-file-export.ts';
import { call } from '../../../../lib/api.ts';
import { stationsKey } from '../../api/stations.ts';

/**
 * Peak-valley usage of one station (contracts api/calls/tariff.ts): its tariff, saved and loaded,
 * and the usage figures the nightly split wrote. Both sit under the stations' key, so a saved
 * tariff refreshes the figures too (a recomputation changes them).
 */

const tariffKey = (stationId: number) => [...stationsKey, 'tariff', stationId] as const;

/** While a recomputation is under way, the tariff (and so its progress) is asked again this often. */
const RECOMPUTE_REFRESH_MS = 10_000;
/** A tariff waiting for its first night: asked again now and then. */
const FIRST_SPLIT_REFRESH_MS = 5 * 60_000;
/** A range holding today waits for the next night's split: asked again now and then. */
const OPEN_USAGE_REFRESH_MS = 10 * 60_000;

export function useStationTariff(stationId: number) {
  return useQuery({
    queryKey: [...tariffKey(stationId), 'view'],
    queryFn: ({ signal }) => call(tariff.loadEmbps, { station_id: stationId }, { signal, quiet: true }),
    // while history is split again, and until the first night's split, its progress is asked for
    refetchInterval: (query) => {
      const view = query.state.data;
      if (view?.recompute) return RECOMPUTE_REFRESH_MS;
      return view?.tariff && view.updated_through === null ? FIRST_SPLIT_REFRESH_MS : false;
    },
  });
}

export interface UsageRequest {
  stationId: number;
  /** The EMS range type: 1 day, 2 month, 3 year, 4 total. */
  type: number;
  /** In the selector's format for the type; none for total. */
  date: string | undefined;
  /** The newest split day the tariff's view knows: a new night's split (or a recomputation) asks again. */
  splitThrough?: string | null | undefined;
}

/** The body of the usage call, for the figures or (with `exportLanguage`) for their .xlsx export. */
export function usageBody(request: UsageRequest, exportLanguage?: string) {
  return {
    station_id: request.stationId,
    type: request.type,
    ...(request.date === undefined ? {} : { date: request.date }),
    ...(exportLanguage === undefined ? {} : { export: 1, language: exportLanguage }),
  };
}

/** The usage figures of a range; those shown stay while the next range loads. */
export function useUsage(request: UsageRequest, growing: boolean) {
  return useQuery({
    queryKey: [
      ...tariffKey(request.stationId),
      'usage',
      request.type,
      request.date ?? null,
      request.splitThrough ?? null,
    ],
    queryFn: async ({ signal }): Promise<UsageData> => {
      const answer = await call(tariff.usageChart, usageBody(request), { signal, quiet: true });
      if ('download_url' in answer) throw new Error('the usage call answered a download');
      return answer;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      growing || query.state.data?.updated_through == null ? OPEN_USAGE_REFRESH_MS : false,
  });
}

/** Saves the tariff, with the day from which history is split again (none: from tonight on). */
export function useSaveTariff(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, recomputeFrom }: { value: Tariff; recomputeFrom: string | undefined }) =>
      call(
        tariff.updateEmbps,
        {
          station_id: stationId,
          tariff: value,
          ...(recomputeFrom === undefined ? {} : { recompute_from: recomputeFrom }),
        },
        { quiet: true },
      ),
    onSuccess: (view: TariffView) => {
      queryClient.setQueryData([...tariffKey(stationId), 'view'], view);
      void queryClient.invalidateQueries({ queryKey: [...tariffKey(stationId), 'usage'] });
    },
  });
}

/** The usage figures as an .xlsx file, as the other charts export theirs (hooks/use-file-export.ts). */
export function useUsageExport() {
  return useFileExport(
    (request: UsageRequest, language: string, signal: AbortSignal) =>
      call(tariff.usageChart, usageBody(request, language), { signal }),
    (request) => `peak-valley-${request.stationId}-${request.date ?? 'total'}`,
  );
}
