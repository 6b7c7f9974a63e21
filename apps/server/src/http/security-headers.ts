import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './calls.ts';

/**
 * The headers every answer carries, and the Content-Security-Policy the web app and the API docs
 * work under. Set once for the whole application (@fastify/helmet, before any route): the web
 * app's HTML, its assets, the docs, every call's JSON, refusals and 404s. A route may tighten them
 * (photos answer `default-src 'none'`).
 */
export interface SecurityHeadersOptions {
  /** API_BASE: a path, or a whole URL when the API is on another origin than the page. */
  apiBase: string;
  /** MAP_TILE_URL: the tile template of the map, whose origin the page loads images from. */
  mapTileUrl: string;
}

/** Cross-origin answers send only the origin, never the path (which may hold a single-use link). */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Sent only to a client that came over TLS (directly, or through a proxy that says so). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** A serialized http(s) origin that is safe inside the header (no `;`, quotes or spaces). */
const SOURCE = /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/;

/** The origin of an absolute http(s) URL, else undefined (a path stays on 'self'). */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    const { origin } = new URL(url);
    return SOURCE.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin tiles come from. A template may name its host's first label as a placeholder
 * (`https://{s}.tile.example.com/…`), which becomes the wildcard `*.tile.example.com`; a
 * placeholder anywhere else in the host cannot be written as a source, so the scheme is allowed.
 */
export function tileSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const [, scheme, host] = match as unknown as [string, string, string];
  if (!host.includes('{')) return originOf(template);
  const [first, ...rest] = host.split('.');
  if (rest.length > 0 && /^\{[a-z]+\}$/i.test(first ?? '') && !rest.join('.').includes('{')) {
    const origin = originOf(`${scheme}://a.${rest.join('.')}/`);
    return origin?.replace('://a.', '://*.');
  }
  return `${scheme.toLowerCase()}:`;
}

/** The web app's policy: scripts only from this origin, nothing may frame it. */
export function contentSecurityPolicy(options: SecurityHeadersOptions): Record<string, string[]> {
  const api = originOf(options.apiBase);
  const tiles = tileSource(options.mapTileUrl);
  const extra = (...sources: (string | undefined)[]) => [
    ...new Set(sources.filter((s): s is string => s !== undefined)),
  ];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // antd's CSS-in-JS writes <style> elements at run time, echarts' tooltips carry style
    // attributes and index.html has its boot splash's <style>: see README "Accounts and security".
    'style-src': ["'self'", "'unsafe-inline'"],
    // photos come from the API (API_BASE may be another origin), map tiles from MAP_TILE_URL
    'img-src': ["'self'", 'data:', 'blob:', ...extra(api, tiles)],
    'connect-src': ["'self'", ...extra(api)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** HSTS only over TLS: the portal itself speaks plain HTTP, so it cannot promise HTTPS otherwise. */
function strictTransportSecurity(request: FastifyRequest, reply: FastifyReply): void {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** Registers the headers of every answer; call it before any route. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    // conditional, below
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => strictTransportSecurity(request, reply));
}

/**
 * Fastify's own answers to a URL it cannot route (a malformed escape, a path parameter over
 * `maxParamLength`) quote the URL and skip every hook. This `frameworkErrors` handler answers the
 * API envelope instead, never the URL, with the headers of every answer.
 */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ msg: `unroutable request: ${error.code}` });
  strictTransportSecurity(request, reply);
  const status =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  reply
    .status(status)
    .headers({
      'x-request-id': request.id,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': REFERRER_POLICY,
      'cache-control': 'no-store',
    })
    .send(errorEnvelope(status === 500 ? '9999' : '200005', request.id));
}
