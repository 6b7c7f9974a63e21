import { type CallDef, type ChartData, type ChartKind, chart, plant, weather } from '@helio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { stationsKey } from './stations.ts';

/**
 * What a plant did and does, for the station-detail screens: overview figures, batteries, power
 * flow, weather, wallbox and EMS 5000 overviews, and the charts. They sit under the stations' key,
 * so a device registered or removed refreshes them too. The calls are quiet: each card shows its
 * own failure in place, so that a poll failing every 10 s does not stack up messages.
 */

const plantKey = [...stationsKey, 'plant'] as const;

/** Live figures follow the devices' reports (every 10 s for flows and chargers, 30 s for energy). */
export const FLOW_REFRESH_MS = 10_000;
export const OVERVIEW_REFRESH_MS = 30_000;
const WEATHER_REFRESH_MS = 30 * 60_000;
/** A chart whose range holds today grows: it is asked again this often. */
const OPEN_CHART_REFRESH_MS = 5 * 60_000;

export function useStationOverview(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'overview', stationId],
    queryFn: ({ signal }) => call(plant.overview, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

export function useStorageOverview(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'storage', stationId],
    queryFn: ({ signal }) => call(plant.storageOverview, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

export function usePowerFlow(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'powerFlow', stationId],
    queryFn: ({ signal }) => call(plant.powerFlow, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: FLOW_REFRESH_MS,
  });
}

export function useStationWeather(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'weather', stationId],
    queryFn: ({ signal }) => call(weather.stationWeather, { station_id: stationId }, { signal, quiet: true }),
    staleTime: WEATHER_REFRESH_MS,
    refetchInterval: WEATHER_REFRESH_MS,
  });
}

export function usePileOverview(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'pile', stationId],
    queryFn: ({ signal }) => call(plant.pileOverview, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: FLOW_REFRESH_MS,
  });
}

export function useEmsIndex(stationId: number) {
  return useQuery({
    queryKey: [...plantKey, 'ems', stationId],
    queryFn: ({ signal }) => call(plant.emsIndex, { station_id: stationId }, { signal, quiet: true }),
    refetchInterval: FLOW_REFRESH_MS,
  });
}

export type { ChartKind };

export interface ChartRequest {
  kind: ChartKind;
  stationId: number;
  type: number;
  /** In the selector's format for the type; none for total. */
  date: string | undefined;
}

/** The body of a chart call, for the chart or (with `exportLanguage`) for its .xlsx export. */
export function chartBody(request: ChartRequest, exportLanguage?: string) {
  return {
    station_id: request.stationId,
    type: request.type,
    ...(request.date === undefined ? {} : { date: request.date }),
    ...(exportLanguage === undefined ? {} : { export: 1, language: exportLanguage }),
  };
}

async function fetchChart(def: CallDef, request: ChartRequest, signal: AbortSignal): Promise<ChartData> {
  const answer = await call(def as typeof chart.chart, chartBody(request), { signal, quiet: true });
  // Without `export` the answer is the chart; anything else is not one this screen can draw.
  if (chart.isChartDownload(answer)) throw new Error('a chart call answered a download');
  return answer;
}

/**
 * One chart of a station for a range; the chart shown stays while the next range loads. A range
 * holding today is asked again now and then, as its figures grow.
 */
export function useStationChart(request: ChartRequest, growing: boolean) {
  return useQuery({
    queryKey: [...plantKey, 'chart', request.kind, request.stationId, request.type, request.date ?? null],
    queryFn: ({ signal }) => fetchChart(chart.chartCallOf[request.kind], request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: growing ? OPEN_CHART_REFRESH_MS : false,
  });
}
