import type { FastifyInstance } from 'fastify';
import type { LinkedImage } from './links.ts';
import type { FirmwareStore } from './store.ts';

/** What a Range header asks of an image of `sizeBytes` bytes. */
export type ByteRange =
  /** No range, or one this server ignores (several ranges, malformed): the whole image. */
  | { kind: 'whole' }
  /** Bytes `start`…`end`, inclusive, within the image. */
  | { kind: 'part'; start: number; end: number }
  /** A well-formed range that lies beyond the image: 416. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header (RFC 9110 §14.1.2) of one range: `bytes=a-b`, `bytes=a-` (from a to the
 * end, a device resuming) and `bytes=-n` (the last n bytes). An end past the image is the image's
 * end. Several ranges or a malformed header are ignored (the whole image), as the RFC allows.
 */
export function byteRangeOf(header: string | undefined, sizeBytes: number): ByteRange {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || sizeBytes === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= sizeBytes) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? sizeBytes - 1 : Math.min(Number(last), sizeBytes - 1) };
}

/**
 * `GET|HEAD <prefix>firmware/download/<token>`: the image a device's link names, streamed from its
 * blob in chunks (memory does not grow with the image's size or the number of downloads), with
 * single range requests so a broken download resumes where it stopped. Takes no token header: the
 * link's 256 random bits are the capability. Unknown and expired links answer the same bare 404.
 */
export function firmwareDownloadRoute(
  app: FastifyInstance,
  options: {
    prefix: string;
    resolve: (token: string) => Promise<LinkedImage | undefined>;
    store: FirmwareStore;
  },
): void {
  const { store } = options;
  app.route<{ Params: { token: string } }>({
    method: ['GET', 'HEAD'],
    url: `${options.prefix}firmware/download/:token`,
    // Fastify's own HEAD route would read the whole stream and answer a length of 0 without one
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      const image = await options.resolve(request.params.token);
      if (!image || !(await store.has(image.sha256)))
        return reply.status(404).type('text/plain').send('Not found');

      const size = image.sizeBytes;
      const etag = `"${image.sha256}"`;
      reply.type('application/octet-stream').header('accept-ranges', 'bytes').header('etag', etag);
      // a resume of another image (If-Range naming another version) gets the whole current one
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag
          ? byteRangeOf(request.headers.range, size)
          : ({ kind: 'whole' } as const);
      if (range.kind === 'unsatisfiable')
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      const { start, end } = range.kind === 'part' ? range : { start: 0, end: size - 1 };
      if (range.kind === 'part') reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD') return reply.send();
      return reply.send(store.open(image.sha256, { start, end }));
    },
  });
}
