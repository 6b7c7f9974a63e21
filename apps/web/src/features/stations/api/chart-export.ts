import { chart } from '@helio/contracts';
import { useFileExport } from '../../../hooks/use-file-export.ts';
import { call } from '../../../lib/api.ts';
import { type ChartRequest, chartBody } from './plant.ts';

/** A chart as an .xlsx file: the same call with `export: 1` (hooks/use-file-export.ts). */
export function useChartExport() {
  return useFileExport(
    (request: ChartRequest, language: string, signal: AbortSignal) =>
      call(chart.chartCallOf[request.kind], chartBody(request, language), { signal }),
    (request) => `${request.kind}-${request.stationId}-${request.date ?? 'total'}`,
  );
}
