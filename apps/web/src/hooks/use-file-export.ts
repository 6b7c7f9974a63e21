import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api.ts';
import { fetchDownload, saveFile, xlsxFileName } from '../lib/download.ts';

/** What an export call answers when asked for a file. */
interface FileAnswer {
  download_url: string;
  file_name?: string | undefined;
}

function isFileAnswer(answer: unknown): answer is FileAnswer {
  return typeof answer === 'object' && answer !== null && 'download_url' in answer;
}

/**
 * A figure exported as an .xlsx file: `ask` makes the call with `export: 1`, whose answer is a
 * single-use address; the file is downloaded and saved under the server's name (else
 * `fallbackName`). A new start aborts the one running; leaving the screen aborts it too.
 * Refusals of the call are shown by the API client; a download that fails rejects with `network`.
 */
export function useFileExport<Request>(
  ask: (request: Request, language: string, signal: AbortSignal) => Promise<unknown>,
  fallbackName: (request: Request) => string,
) {
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);
  const latest = useRef({ ask, fallbackName });
  latest.current = { ask, fallbackName };

  const start = useCallback(async (request: Request, language: string): Promise<string> => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    try {
      const answer = await latest.current.ask(request, language, controller.signal);
      if (!isFileAnswer(answer)) throw new ApiError('network');
      const response = await fetchDownload(answer.download_url, controller.signal);
      const fileName = xlsxFileName(answer.file_name, latest.current.fallbackName(request));
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
