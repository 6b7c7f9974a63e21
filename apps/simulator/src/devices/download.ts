/**
 * A firmware image's download as a device does it: streamed into its SHA-256 and length as the
 * bytes arrive (a real device writes them to a staging area of its flash; the simulator keeps only
 * the hash), resumed with `Range: bytes=<received>-` after a broken connection.
 */
import { createHash, type Hash } from 'node:crypto';

/** Why a download did not finish: an HTTP answer, too many breaks, more bytes than announced, or its run ended. */
export class DownloadError extends Error {
  constructor(
    readonly reason: 'http' | 'broken' | 'too_long' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

export interface DownloadOptions {
  url: string;
  /** The length announced: a file that grows past it is not read on (the staging area's size). */
  sizeBytes: number;
  /** Ends the download (its run stopped). */
  signal: AbortSignal;
  /** Resumes after a broken connection before it gives up. */
  resumes: number;
  /** Awaited before each resume. */
  beforeResume: () => Promise<void>;
  /**
   * Awaited after each chunk with the bytes so far: it may pause the download (the socket is
   * not read meanwhile) or throw to end it.
   */
  onBytes: (receivedBytes: number) => Promise<void> | void;
}

export interface Downloaded {
  receivedBytes: number;
  /** Lower-case hex. */
  sha256: string;
}

/** Downloads `url` whole (see the module comment); throws a `DownloadError` when it cannot. */
export async function downloadImage(options: DownloadOptions): Promise<Downloaded> {
  let hash: Hash = createHash('sha256');
  let received = 0;
  let breaks = 0;
  let lastBreak = '';
  // a resume names the file it resumes: a server whose file changed sends the new one whole
  const validator = { etag: undefined as string | undefined };
  for (;;) {
    const outcome = await fetchFrom(received, validator, options, (restart) => {
      // the server ignored the range: the file comes again from its first byte
      if (restart) {
        hash = createHash('sha256');
        received = 0;
      }
      return {
        add(chunk: Uint8Array) {
          received += chunk.byteLength;
          if (received > options.sizeBytes)
            throw new DownloadError('too_long', `the file is longer than ${options.sizeBytes} bytes`);
          hash.update(chunk);
          return received;
        },
      };
    });
    if (outcome === 'done') return { receivedBytes: received, sha256: hash.digest('hex') };
    breaks += 1;
    lastBreak = outcome.broken;
    if (breaks > options.resumes)
      throw new DownloadError(
        'broken',
        `connection lost ${breaks} times (${lastBreak}), ${received} of ${options.sizeBytes} bytes`,
      );
    await options.beforeResume();
    if (options.signal.aborted) throw new DownloadError('aborted', 'stopped');
  }
}

/**
 * One request from byte `from`: 'done' when the body ended, or why the connection broke. HTTP
 * answers other than the file (or its rest) and the caller's errors are thrown.
 */
async function fetchFrom(
  from: number,
  validator: { etag: string | undefined },
  options: DownloadOptions,
  open: (restart: boolean) => { add(chunk: Uint8Array): number },
): Promise<'done' | { broken: string }> {
  const { signal } = options;
  let response: Response;
  try {
    const resume =
      from > 0 ? { range: `bytes=${from}-`, ...(validator.etag ? { 'if-range': validator.etag } : {}) } : {};
    response = await fetch(options.url, {
      headers: resume,
      signal,
      redirect: 'follow',
    });
  } catch (error) {
    if (signal.aborted) throw new DownloadError('aborted', 'stopped');
    return { broken: causeOf(error) };
  }
  const resumed = from > 0 && response.status === 206;
  const resumable = resumed && response.headers.get('content-range')?.startsWith(`bytes ${from}-`);
  if (!response.body || !(response.status === 200 || resumable)) {
    await response.body?.cancel().catch(() => {});
    const what = resumed ? `unexpected Content-Range ${response.headers.get('content-range')}` : '';
    throw new DownloadError('http', `HTTP ${response.status}${what ? ` (${what})` : ''}`);
  }
  const sink = open(from > 0 && response.status === 200);
  const etag = response.headers.get('etag');
  // only a strong validator may name the file in If-Range
  if (response.status === 200) validator.etag = etag && !etag.startsWith('W/') ? etag : undefined;
  const reader = response.body.getReader();
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw new DownloadError('aborted', 'stopped');
        return { broken: causeOf(error) };
      }
      if (chunk.done) return 'done';
      await options.onBytes(sink.add(chunk.value));
      if (signal.aborted) throw new DownloadError('aborted', 'stopped');
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The network's words for a failed request (undici hides them in `cause`). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
