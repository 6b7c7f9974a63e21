import { chart } from '@helio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, readApiBase } from '../../../lib/api.ts';
import { type ChartRequest, chartBody } from './plant.ts';

/**
 * A chart as an .xlsx file: the same call with `export: 1` answers a single-use address of the
 * file, which is downloaded here and handed to the browser's downloads under the server's name.
 * Refusals of the call are shown by the API client; a download that fails rejects with `network`.
 */

/** The absolute address of a download the API answered (relative to the API's base or full). */
export function resolveDownloadUrl(downloadUrl: string, apiBase: string, pageUrl: string): string {
  return new URL(downloadUrl, new URL(apiBase, pageUrl)).toString();
}

/** A file name safe to save: the server's, else one made of the chart and its date. */
export function chartFileName(answered: string | undefined, fallback: string): string {
  const clean = [...(answered ?? '')]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  const name = clean || fallback;
  return name.toLowerCase().endsWith('.xlsx') ? name : `${name}.xlsx`;
}

/** Hands a file to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useChartExport() {
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (request: ChartRequest, language: string): Promise<string> => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    try {
      const answer = await call(chart.chartCallOf[request.kind], chartBody(request, language), {
        signal: controller.signal,
      });
      if (!chart.isChartDownload(answer)) throw new ApiError('network');
      let response: Response;
      try {
        response = await fetch(resolveDownloadUrl(answer.download_url, readApiBase(), window.location.href), {
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) throw error;
        throw new ApiError('network');
      }
      if (!response.ok) throw new ApiError('network');
      const fileName = chartFileName(
        answer.file_name,
        `${request.kind}-${request.stationId}-${request.date ?? 'total'}`,
      );
      saveFile(await response.blob(), fileName);
      return fileName;
    } finally {
      if (abort.current === controller) {
        abort.current = undefined;
        setRunning(false);
      }
    }
  }, []);

  return { start, running };
}
