import { defineCall } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from './support/server.ts';

/** A write call that exists only in this test, to exercise the pipeline's demo and validation rules. */
const probeWrite = defineCall({
  path: 'api/test/probeWrite',
  summary: 'test probe',
  domain: 'test',
  access: 'user',
  kind: 'write',
  body: z.object({ station_id: z.number().int(), name: z.string().min(3) }),
  data: z.object({ echoed: z.string() }),
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    extend(calls) {
      calls.handle(probeWrite, async ({ body }) => ({ echoed: body.name }));
    },
  });
});
afterAll(() => server.close());

describe('the demo account is read-only', () => {
  it('refuses every write with 9001 before looking at the body', async () => {
    const token = await server.login();
    const answer = await server.call(probeWrite, { station_id: 1, name: 'abc' }, token);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 400, msg: '9001' });
  });
});

describe('request ids', () => {
  it('every answer carries one, in the header and the envelope', async () => {
    const answer = await server.post('api/com/getWebVer', {});
    expect(answer.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-request-id')).toBe(answer.body.request_id);
  });

  it('a well-formed incoming X-Request-Id is kept, a malformed one replaced', async () => {
    const kept = await fetch(`${server.url}/api/com/getWebVer`, {
      method: 'POST',
      headers: { 'x-request-id': 'trace-abc-12345' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc-12345');
    const replaced = await fetch(`${server.url}/api/com/getWebVer`, {
      method: 'POST',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers.get('x-request-id')).not.toContain('bad');
  });

  it('every request log line names its request', async () => {
    await server.post('api/com/getWebVer', {});
    const requestLines = server.logs.map((l) => JSON.parse(l)).filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId).toBeTruthy();
  });
});

describe('unknown calls', () => {
  it('a POST to a path that is no call answers 100001 with 404', async () => {
    const answer = await server.post('api/no/such/call', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 400, msg: '100001' });
  });
});

describe('secrets never reach the log', () => {
  it('passwords, tokens and the credentialed login route are not logged', async () => {
    const password = 'demo123';
    const token = await server.login('demo', password);
    await server.post('api/user/login', { user_name: 'demo', pwd: 'wrong-secret-xyz' });
    await server.post('api/user/logout', {}, { token });
    await fetch(`${server.url}/login/demo/${password}`);
    const text = server.logs.join('');
    expect(text).toContain('/login/[redacted]/[redacted]');
    expect(text).not.toContain(password);
    expect(text).not.toContain('wrong-secret-xyz');
    expect(text).not.toContain(token);
  });
});
