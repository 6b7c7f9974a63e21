import { ApiError, readApiBase } from './api.ts';

/**
 * Downloading a file the API prepared (an alarm list, a chart, the peak-valley usage): the call
 * answers a single-use address, relative to the API's base or full; the file is fetched from it
 * and handed to the browser's downloads under a safe name.
 */

/** The absolute address of a download the API answered, resolved like the API's own calls. */
export function resolveDownloadUrl(downloadUrl: string, apiBase: string, pageUrl: string): string {
  return new URL(downloadUrl, new URL(apiBase, pageUrl)).toString();
}

/** Fetches a download the API answered; a failure that is not the caller's abort is `network`. */
export async function fetchDownload(downloadUrl: string, signal: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(resolveDownloadUrl(downloadUrl, readApiBase(), window.location.href), { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError('network');
  }
  if (!response.ok) throw new ApiError('network');
  return response;
}

/** Whole percent of a download, undefined when the size is not known (no Content-Length). */
export function downloadPercent(loadedBytes: number, totalBytes: number | undefined): number | undefined {
  if (totalBytes === undefined || !Number.isFinite(totalBytes) || totalBytes <= 0) return undefined;
  return Math.min(100, Math.floor((loadedBytes / totalBytes) * 100));
}

/** The byte count of a Content-Length header, undefined when it is absent or not a size. */
export function contentLength(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** A spreadsheet's name safe to save: the server's, else `fallback`; `.xlsx` added when missing. */
export function xlsxFileName(answered: string | undefined, fallback: string): string {
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
