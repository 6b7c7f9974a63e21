import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firmwareSignedText } from '@helio/contracts';

/**
 * Firmware for the simulator's upgrade tests: a maker's Ed25519 key pair, images signed as the
 * signing script signs them (over `firmwareSignedText`), and a file server with range requests
 * that can break a download off, answer an error, or ignore the range.
 */

export interface MakerKey {
  /** Base64 of the raw 32-byte public key, as FIRMWARE_KEYS lists it. */
  publicKey: string;
  /** Signs an image's SHA-256 and length; base64. */
  sign(sha256: string, sizeBytes: number): string;
}

export function makerKey(): MakerKey {
  const pair = generateKeyPairSync('ed25519');
  return {
    publicKey: rawPublicKey(pair.publicKey),
    sign: (sha256, sizeBytes) =>
      sign(null, Buffer.from(firmwareSignedText(sha256, sizeBytes), 'utf8'), pair.privateKey).toString(
        'base64',
      ),
  };
}

/** The last 32 bytes of the key's SPKI DER are the raw key. */
function rawPublicKey(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');
}

/** `sizeBytes` bytes of an image, the same for the same `label`. */
export function imageBytes(sizeBytes: number, label: string): Buffer {
  const bytes = Buffer.alloc(sizeBytes);
  let block = createHash('sha256').update(label).digest();
  for (let offset = 0; offset < sizeBytes; offset += block.length) {
    block.copy(bytes, offset);
    block = createHash('sha256').update(block).digest();
  }
  return bytes;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** How the server answers a file's requests. */
export interface Serving {
  bytes: Buffer;
  /** Answer this status instead of the file (404 for an expired link). */
  status?: number;
  /** The first `times` requests break off after this share of what they send (0–1). */
  cutAfter?: { share: number; times: number };
  /** Answer 200 with the whole file even to a range request. */
  ignoreRange?: boolean;
}

export interface ImageServer {
  /** Serves `serving` at `/<name>`; answers its URL. */
  serve(name: string, serving: Serving): string;
  /** Requests so far: path, Range and If-Range headers. */
  requests: { path: string; range: string | undefined; ifRange: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A file server on loopback with `Range: bytes=<from>-` requests (206 with Content-Range); the
 * whole file carries its SHA-256 as its ETag.
 */
export async function startImageServer(): Promise<ImageServer> {
  const files = new Map<string, Serving & { cuts: number }>();
  const requests: ImageServer['requests'] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    requests.push({
      path,
      range: request.headers.range,
      ifRange: request.headers['if-range'] as string | undefined,
    });
    const file = files.get(path);
    if (!file || file.status) {
      response.writeHead(file?.status ?? 404).end();
      return;
    }
    const total = file.bytes.length;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    let from = 0;
    if (range && !file.ignoreRange) {
      from = Number(range[1]);
      if (from >= total) {
        response.writeHead(416, { 'content-range': `bytes */${total}` }).end();
        return;
      }
      response.writeHead(206, {
        'content-length': total - from,
        'content-range': `bytes ${from}-${total - 1}/${total}`,
      });
    } else {
      response.writeHead(200, {
        'content-length': total,
        'accept-ranges': 'bytes',
        etag: `"${sha256Of(file.bytes)}"`,
      });
    }
    const body = file.bytes.subarray(from);
    if (file.cutAfter && file.cuts < file.cutAfter.times) {
      file.cuts += 1;
      // a connection that breaks: part of the body, then the socket is gone
      response.write(body.subarray(0, Math.floor(body.length * file.cutAfter.share)), () =>
        response.socket?.destroy(),
      );
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    serve(name, serving) {
      files.set(`/${name}`, { ...serving, cuts: 0 });
      return `http://127.0.0.1:${port}/${name}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The params of an `upgrade` command for `bytes` at `url`, signed by `key` (or as `overrides` say). */
export function upgradeParams(
  url: string,
  bytes: Buffer,
  key: MakerKey,
  version: string,
  overrides: Partial<{ size_bytes: number; sha256: string; signature: string; part: string }> = {},
) {
  const sha256 = overrides.sha256 ?? sha256Of(bytes);
  const size_bytes = overrides.size_bytes ?? bytes.length;
  return {
    url,
    version,
    size_bytes,
    sha256,
    signature: overrides.signature ?? key.sign(sha256, size_bytes),
    ...(overrides.part ? { part: overrides.part } : {}),
  };
}
