import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './calls.ts';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Serves the built web app. Its routes are client-side, so any GET that is not a file answers
 * index.html, with the API base written into its meta tag. Unknown calls answer an envelope.
 */
export interface WebAppOptions {
  webDist: string;
  apiBase: string;
  /** Tile URL template of the map picker, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. */
  mapTileUrl: string;
  mapAttribution: string;
}

/** Writes a runtime setting into its `<meta name="…">` tag of index.html. */
function writeMeta(html: string, name: string, value: string): string {
  return html.replace(
    new RegExp(`(<meta name="${name}" content=")[^"]*(")`),
    `$1${escapeAttribute(value)}$2`,
  );
}

export async function serveWebApp(app: FastifyInstance, options: WebAppOptions) {
  const indexPath = path.join(options.webDist, 'index.html');
  const built = existsSync(indexPath);
  let indexHtml: string | undefined;
  if (built) {
    indexHtml = writeMeta(readFileSync(indexPath, 'utf8'), 'helio-api-base', options.apiBase);
    indexHtml = writeMeta(indexHtml, 'helio-map-tiles', options.mapTileUrl);
    indexHtml = writeMeta(indexHtml, 'helio-map-attribution', options.mapAttribution);
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset; they are sent as the client accepts.
      preCompressed: true,
      // Hashed asset names never change, so they can be cached for a year.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn(`web app not built (${indexPath} missing): run "npm run build"`);
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (indexHtml === undefined) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run "npm run build".');
      }
      if (/\/assets\//.test(request.url)) return reply.status(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    }
    return reply.status(404).send(errorEnvelope('100001', request.id));
  });
}
