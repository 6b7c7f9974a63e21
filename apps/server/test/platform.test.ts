import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { allCalls } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'helio-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta name="helio-api-base" content="/"><meta name="helio-map-tiles" content="x"></head><body>app</body></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  const script = 'console.log("helio");'.repeat(100);
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js'), script);
  writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));
  server = await startTestServer({
    env: {
      WEB_DIST: webDist,
      API_BASE: 'https://api.example.com/portal/',
      MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png?key="a&b"',
    },
  });
});
afterAll(() => server.close());

describe('API base path', () => {
  it('mounts every call under the path of API_BASE', async () => {
    const answer = await server.post('portal/api/com/getWebVer', {});
    expect(answer.body).toMatchObject({ code: 1, data: 'v1.0.1' });
  });
});

describe('OpenAPI', () => {
  it('documents every call of the contracts, with its body and answer', async () => {
    const response = await fetch(`${server.url}/portal/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: Record<string, { post: unknown }> };
    expect(document.openapi).toBe('3.0.3');
    for (const call of allCalls) expect(document.paths[`/portal/${call.path}`]?.post).toBeTruthy();
    const login = document.paths['/portal/api/user/login']?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      security: unknown[];
    };
    expect(login.requestBody.content['application/json']?.schema.required).toEqual(['user_name', 'pwd']);
    expect(login.security).toEqual([]);
  });

  it('serves the interactive docs page', async () => {
    const response = await fetch(`${server.url}/portal/docs/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('health', () => {
  it('answers ok with the database kind', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('is live, and ready while the database and the device link are', async () => {
    const live = await fetch(`${server.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: true, device_link: true });
  });

  it('is not ready without its device link, though still live', async () => {
    const other = await startTestServer();
    try {
      await other.deviceLink.close();
      const ready = await fetch(`${other.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: true, device_link: false });
      expect((await fetch(`${other.url}/health/live`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('web app', () => {
  it('answers index.html for client routes, with the API base written in', async () => {
    for (const route of ['/', '/login', '/dashboard', '/device/deviceList', '/no/such/page']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html).toContain('<meta name="helio-api-base" content="https://api.example.com/portal/">');
      expect(html).toContain(
        '<meta name="helio-map-tiles" content="https://tiles.example.com/{z}/{x}/{y}.png?key=&quot;a&amp;b&quot;">',
      );
    }
  });

  it('sends the precompressed asset to a browser that accepts it, cached for a year', async () => {
    const response = await fetch(`${server.url}/assets/app-1a2b3c.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toContain('console.log("helio")');
  });

  it('does not answer index.html for a missing asset', async () => {
    const response = await fetch(`${server.url}/assets/missing-123.js`);
    expect(response.status).toBe(404);
  });
});
