import { alarm } from '@helio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api.ts';
import { contentLength, fetchDownload, saveFile, xlsxFileName } from '../../../lib/download.ts';
import type { AlarmExportBody } from '../lib/filters.ts';

/** Where an export is: the server writing the file, then the browser downloading it. */
export type ExportProgress =
  | { phase: 'preparing' }
  | { phase: 'downloading'; loadedBytes: number; totalBytes: number | undefined };

export interface ExportResult {
  rows: number;
  truncated: boolean;
}

/** Reads a response body to the end, telling how many bytes have come. */
async function readWithProgress(response: Response, onBytes: (loaded: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onBytes(loaded);
  }
  return new Blob(chunks, {
    type:
      response.headers.get('Content-Type') ??
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

/**
 * The alarm list as an .xlsx file (api/alarm/export): the server writes it and answers a single-use
 * address, which is downloaded here with its progress and saved under the server's file name.
 * Refusals of the call are shown by the API client; a download that fails rejects with `network`.
 */
export function useAlarmExport() {
  const [progress, setProgress] = useState<ExportProgress | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (body: AlarmExportBody): Promise<ExportResult> => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ phase: 'preparing' });
    try {
      const file = await call(alarm.exportList, body, { signal: controller.signal });
      setProgress({ phase: 'downloading', loadedBytes: 0, totalBytes: undefined });
      const response = await fetchDownload(file.download_url, controller.signal);
      const totalBytes = contentLength(response.headers.get('Content-Length'));
      const blob = await readWithProgress(response, (loadedBytes) =>
        setProgress({ phase: 'downloading', loadedBytes, totalBytes }),
      );
      saveFile(blob, xlsxFileName(file.file_name, `alarms-${new Date().toISOString().slice(0, 10)}`));
      return { rows: file.rows, truncated: file.truncated };
    } finally {
      if (abort.current === controller) {
        abort.current = undefined;
        setProgress(undefined);
      }
    }
  }, []);

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { start, cancel, progress };
}
