import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { alarm, common, station, user } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from '../src/http/security-headers.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The headers of every kind of answer (web app, assets, docs, calls, refusals, 404s, photos,
 * downloads), the API's answer to a GET on its paths, and URLs never quoted back.
 */
let server: TestServer;
let installer: Account;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'helio-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta name="helio-api-base" content="/"><meta name="helio-map-tiles" content="x"><meta name="helio-map-attribution" content="x"></head><body>app</body></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js'), 'console.log("helio");');
  server = await startTestServer({
    env: {
      WEB_DIST: webDist,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'helio-headers-')),
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      // X-Forwarded-Proto tells a TLS client from a plain one
      TRUST_PROXY: '1',
    },
  });
  installer = await registerAccount(server, 1, 'headers');
});
afterAll(() => server.close());

/** The web app's policy with MAP_TILE_URL above and API_BASE `/`. */
const appPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.tiles.example.com'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function policyOf(headers: Headers): Record<string, string[]> {
  const header = headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries, whatever it is. */
function expectEveryAnswerHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  // plain HTTP: no promise of HTTPS
  expect(headers.get('strict-transport-security'), what).toBeNull();
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${url}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('headers of every kind of answer', () => {
  it('the web app at /, /login and /index.html: the strict policy, never framed', async () => {
    for (const url of ['/', '/login', '/index.html', '/dashboard']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type'), url).toContain('text/html');
      expectEveryAnswerHeaders(answer.headers, url);
      expect(policyOf(answer.headers), url).toEqual(appPolicy);
    }
  });

  it('a static asset of the web app', async () => {
    const answer = await get('/assets/app-1a2b3c.js');
    expect(answer.status).toBe(200);
    expectEveryAnswerHeaders(answer.headers, 'asset');
    expect(policyOf(answer.headers)).toEqual(appPolicy);
  });

  it('the API docs and their files, and the OpenAPI document', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js', '/openapi.json']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expectEveryAnswerHeaders(answer.headers, url);
      const policy = policyOf(answer.headers);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
    }
  });

  it('a call answered, a call refused and an unknown call: JSON never sniffed', async () => {
    const ok = await server.call(common.getWebVer, {});
    expect(ok.body.code).toBe(1);
    const refused = await server.call(user.info, {});
    expect([refused.status, refused.body.msg]).toEqual([401, '1000']);
    const unknown = await server.post('api/no/such/call', {});
    expect([unknown.status, unknown.body.msg]).toEqual([404, '100001']);
    const malformed = await server.post('api/user/login', undefined, {
      raw: '{',
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    for (const [what, answer] of Object.entries({ ok, refused, unknown, malformed })) {
      expect(answer.headers.get('content-type'), what).toContain('application/json');
      expectEveryAnswerHeaders(answer.headers, what);
      expect(policyOf(answer.headers)['frame-ancestors'], what).toEqual(["'none'"]);
    }
  });

  it('404s of the web app and the health check', async () => {
    for (const url of ['/assets/missing-123.js', '/health']) {
      const answer = await get(url);
      expectEveryAnswerHeaders(answer.headers, url);
      expect(policyOf(answer.headers)['frame-ancestors'], url).toEqual(["'none'"]);
    }
  });

  it('a photo keeps its own stricter policy, and may be shown by a web app on another origin', async () => {
    const form = new FormData();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('IHDR…'),
    ]);
    form.append('file', new Blob([new Uint8Array(png)]), 'roof.png');
    const uploaded = await fetch(`${server.url}/${station.photo.path}`, {
      method: 'POST',
      headers: { token: installer.token },
      body: form,
    });
    expectEveryAnswerHeaders(uploaded.headers, 'upload');
    const { data } = (await uploaded.json()) as { data: { photo_url: string } };
    const photo = await get(data.photo_url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expectEveryAnswerHeaders(photo.headers, 'photo');
    expect(photo.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(photo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const missing = await get(`/photos/${'0'.repeat(32)}.png`);
    expect(missing.status).toBe(404);
    expectEveryAnswerHeaders(missing.headers, 'missing photo');
  });

  it('a download ticket, its file, and the ticket used again', async () => {
    const ticket = await server.call(alarm.exportList, {}, installer.token);
    expect(ticket.body.code).toBe(1);
    expectEveryAnswerHeaders(ticket.headers, 'ticket');
    const url = (ticket.body.data as { download_url: string }).download_url;
    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expectEveryAnswerHeaders(file.headers, 'download');
    expect(policyOf(file.headers)['frame-ancestors']).toEqual(["'none'"]);
    const used = await get(url);
    expect(used.status).toBe(404);
    expectEveryAnswerHeaders(used.headers, 'used ticket');
  });

  it('HSTS only to a client that came over TLS', async () => {
    for (const url of ['/', '/api/user/login', '/health']) {
      const overTls = await get(url, { 'x-forwarded-proto': 'https' });
      expect(overTls.headers.get('strict-transport-security'), url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect((await get(url)).headers.get('strict-transport-security'), url).toBeNull();
    }
    const call = await fetch(`${server.url}/${common.getWebVer.path}`, {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(call.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('a GET on an API path', () => {
  it('a call path answers 405 with Allow: POST in the envelope, never the web app', async () => {
    for (const callPath of ['api/user/login', 'bg/station/add', 'cml/ems/index', station.photo.path]) {
      for (const method of ['GET', 'HEAD', 'PUT']) {
        const response = await fetch(`${server.url}/${callPath}?x=1`, { method });
        const what = `${method} ${callPath}`;
        expect(response.status, what).toBe(405);
        expect(response.headers.get('allow'), what).toBe('POST');
        expect(response.headers.get('content-type'), what).toContain('application/json');
        expectEveryAnswerHeaders(response.headers, what);
        if (method !== 'HEAD') {
          expect(await response.json(), what).toEqual({
            code: 400,
            msg: '100001',
            request_id: response.headers.get('x-request-id'),
          });
        }
      }
    }
  });

  it('an unknown path in the API namespaces answers 404 in the envelope', async () => {
    for (const url of [
      '/api',
      '/api/',
      '/api/no/such',
      '/bg/nothing',
      '/cml/x',
      '/photos',
      '/downloads',
      '/api/user/login/',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get('content-type'), url).toContain('application/json');
      expectEveryAnswerHeaders(answer.headers, url);
      expect(JSON.parse(answer.text), url).toEqual({
        code: 400,
        msg: '100001',
        request_id: answer.headers.get('x-request-id'),
      });
    }
  });

  it('client routes of the web app still answer the web app', async () => {
    for (const url of ['/apis', '/device/deviceList', '/statistics/en']) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      expect(answer.text, url).toContain('<body>app</body>');
    }
  });
});

describe('a 10,000-character URL', () => {
  const long = 'probe-'.repeat(1667).slice(0, 10_000);
  it.each([
    ['a photo id', `/photos/${long}`],
    ['a download ticket', `/downloads/${long}`],
    ['an API path', `/api/${long}`],
    ['a malformed escape', `/%zz${long}`],
    ['a docs file', `/docs/static/${long}`],
    ['a client route', `/${long}`],
    ['a query', `/api/user/login?${long}`],
  ])('under %s is never quoted back', async (_what, url) => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${server.url}${url}`, { method });
      const text = await response.text();
      const what = `${method} ${url.slice(0, 30)}`;
      expect(text, what).not.toContain('probe-probe');
      expect([...response.headers.values()].join(' '), what).not.toContain('probe-probe');
      expectEveryAnswerHeaders(response.headers, what);
      if (url.startsWith('/api/') || url.startsWith('/photos/') || url.startsWith('/downloads/')) {
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(text), what).toMatchObject({ code: 400, request_id: expect.any(String) });
      }
    }
  });
});

describe('the policy', () => {
  it('allows the API origin when API_BASE is a whole URL, and the tile origin', () => {
    const policy = contentSecurityPolicy({
      apiBase: 'https://api.example.com:8443/portal/',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.com:8443']);
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.example.com:8443',
      'https://tile.openstreetmap.org',
    ]);
    expect(
      contentSecurityPolicy({ apiBase: '/portal/', mapTileUrl: '/tiles/{z}/{x}/{y}.png' }),
    ).toMatchObject({
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
    });
  });

  it('writes a tile template host with a placeholder as a source a browser accepts', () => {
    expect(tileSource('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileSource('http://127.0.0.1:8081/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8081');
    expect(tileSource('https://tiles-{s}.example.com/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource("https://x.example.com;script-src 'unsafe-inline'/{z}.png")).toBeUndefined();
    expect(tileSource('https://{s}.a;script-src/{z}.png')).toBeUndefined();
  });
});
