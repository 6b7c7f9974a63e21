/**
 * Downloading the export's file: where its address points (the API answers it relative to the API's
 * base or as a full address) and how far the download has come.
 */

/** The absolute address of a download the API answered, resolved like the API's own calls. */
export function resolveDownloadUrl(downloadUrl: string, apiBase: string, pageUrl: string): string {
  return new URL(downloadUrl, new URL(apiBase, pageUrl)).toString();
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

/** A file name safe to save: the server's, else one made of the date. */
export function exportFileName(answered: string | undefined, now: Date): string {
  const clean = [...(answered ?? '')]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  if (clean !== '') return clean.toLowerCase().endsWith('.xlsx') ? clean : `${clean}.xlsx`;
  return `alarms-${now.toISOString().slice(0, 10)}.xlsx`;
}
