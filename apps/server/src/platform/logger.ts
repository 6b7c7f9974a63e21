import type { FastifyServerOptions } from 'fastify';

/** The web app's credentialed sign-in route `/login/{name}/{pwd}` must never be logged as typed. */
const credentialedLogin = /^(\/login\/)[^/?#]*\/[^/?#]*/;

/** The fleet dashboard's link `/statistics/{lang}/{user_id}/{ticket}` carries a single-use ticket. */
const dashboardLink = /^(\/statistics\/[^/?#]*\/[^/?#]*\/)[^/?#]+/;

/** Masks the secrets a URL can carry before it reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(credentialedLogin, '$1[redacted]/[redacted]').replace(dashboardLink, '$1[redacted]');
}

/**
 * Pino options: request logs carry the request id (`reqId`), method, redacted URL and client
 * address only. Bodies are never logged, and the headers that carry secrets are not serialised.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        '*.pwd',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}
