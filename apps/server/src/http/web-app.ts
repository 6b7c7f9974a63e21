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
 * index.html, with the API base written into its meta tag. Unknown calls answer an envelope, and
 * so does any path in the API's namespaces: a GET there is never the web app.
 */
export interface WebAppOptions {
  webDist: string;
  apiBase: string;
  /** Tile URL template of the map picker, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. */
  mapTileUrl: string;
  mapAttribution: string;
  api: ApiPaths;
}

/** The paths the API answers, which the web app's fallback must leave alone. */
export interface ApiPaths {
  /** Path prefix of the API, e.g. `/` or `/portal/`. */
  prefix: string;
  /** Every call path (`api/user/login`, `bg/station/photo`, …): POST only. */
  calls: ReadonlySet<string>;
  /** First segments of the API's paths (`api`, `bg`, `cml`, `photos`, `downloads`). */
  namespaces: ReadonlySet<string>;
}

/**
 * What the API says to a request no route took: 405 (Allow: POST) for a call asked with another
 * method, 404 for any other path in its namespaces; undefined when the path is not the API's.
 */
function apiMiss(api: ApiPaths, url: string): { status: 404 | 405 } | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  if (!pathname.startsWith(api.prefix)) return undefined;
  const rest = pathname.slice(api.prefix.length);
  if (api.calls.has(rest)) return { status: 405 };
  return api.namespaces.has(rest.split('/', 1)[0] ?? '') ? { status: 404 } : undefined;
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
    const miss = apiMiss(options.api, request.url);
    if (miss?.status === 405) {
      return reply.status(405).header('allow', 'POST').send(errorEnvelope('100001', request.id));
    }
    if (miss === undefined && (request.method === 'GET' || request.method === 'HEAD')) {
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
