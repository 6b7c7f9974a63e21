import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

/**
 * Map tiles for the browser tests: the machine has no internet, so a tiny HTTP server answers any
 * `/{z}/{x}/{y}.png` with one generated 256×256 PNG and counts the requests, which the tests read
 * from `GET /count` to check that the map really loaded its tiles.
 */
export interface TileServer {
  /** Base address, e.g. http://127.0.0.1:41234 */
  base: string;
  /** The template for MAP_TILE_URL. */
  template: string;
  close: () => Promise<void>;
}

const TILE_PATH = /^\/\d+\/-?\d+\/-?\d+\.png$/;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG: a pale land colour with a grid every 32 px, so a map looks like one. */
export function tilePng(size = 256): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const line = x % 32 === 0 || y % 32 === 0;
      const at = row + 1 + x * 3;
      rows[at] = line ? 0xc8 : 0xe6;
      rows[at + 1] = line ? 0xd6 : 0xef;
      rows[at + 2] = line ? 0xcc : 0xe2;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startTileServer(): Promise<TileServer> {
  const png = tilePng();
  let served = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://tiles').pathname;
    if (request.method === 'GET' && TILE_PATH.test(path)) {
      served++;
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      response.end(png);
      return;
    }
    if (request.method === 'GET' && path === '/count') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ served }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    template: `${base}/{z}/{x}/{y}.png`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** How many tiles the server has answered so far. */
export async function tilesServed(base: string): Promise<number> {
  const answer = (await (await fetch(`${base}/count`)).json()) as { served: number };
  return answer.served;
}
