import { allCalls, type CallDef, isErrorCode } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
});
afterAll(() => server.close());

/** A value of the wrong type for every JSON type a field could expect. */
const wrongValues = [123, 'text', true, null, [], {}, -1.5, 'x'.repeat(10_000)];

function fieldNames(call: CallDef): string[] {
  return call.body instanceof z.ZodObject ? Object.keys(call.body.shape) : [];
}

const malformedBodies: { label: string; raw: string; contentType?: string }[] = [
  { label: 'broken JSON', raw: '{"user_name": ' },
  { label: 'JSON array', raw: '[1,2,3]' },
  { label: 'JSON string', raw: '"hello"' },
  { label: 'JSON number', raw: '42' },
  { label: 'empty JSON body', raw: '' },
  { label: 'null', raw: 'null' },
  { label: 'deeply nested', raw: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { label: 'prototype pollution', raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}' },
  { label: 'plain text', raw: 'user_name=demo', contentType: 'text/plain' },
  { label: 'unknown media type', raw: '<xml/>', contentType: 'application/xml' },
  { label: 'broken form', raw: '%%%=%%%&&&', contentType: 'application/x-www-form-urlencoded' },
];

describe.each(allCalls.map((call) => [call.path, call] as const))(
  '%s answers catalogue codes, never 5xx',
  (_path, call) => {
    it.each(malformedBodies)('$label', async ({ raw, contentType }) => {
      const answer = await server.post(call.path, undefined, { raw, contentType, token });
      expect(answer.status).toBeLessThan(500);
      expect(isErrorCode(answer.body.msg)).toBe(true);
    });

    it('every field with every wrong type', async () => {
      for (const field of fieldNames(call)) {
        for (const value of wrongValues) {
          const answer = await server.post(call.path, { [field]: value }, { token });
          expect(answer.status, `${field}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500);
          expect(isErrorCode(answer.body.msg)).toBe(true);
        }
      }
    });

    it('is served', async () => {
      const answer = await server.post(call.path, {}, { token });
      expect(answer.body.msg).not.toBe('100001');
    });
  },
);

const signedInCalls = allCalls.filter((call) => call.access === 'user');
describe.each(signedInCalls.map((call) => [call.path] as const))('%s without a token', (path) => {
  it('answers 1000', async () => {
    const answer = await server.post(path, {});
    expect(answer.body.msg).toBe('1000');
  });
});

describe('registered calls', () => {
  it('are exactly the calls of the contracts, so the walk above covers every route', () => {
    expect([...server.calls.registered].sort()).toEqual(allCalls.map((call) => call.path).sort());
  });
});

describe('the codes say what is wrong', () => {
  it('no body at all → 200003', async () => {
    const answer = await server.post('api/user/login');
    expect(answer.body.msg).toBe('200003');
  });
  it('empty JSON body → 200003', async () => {
    const answer = await server.post('api/user/login', undefined, { raw: '' });
    expect(answer.body.msg).toBe('200003');
  });
  it('some fields missing → 200004, naming them', async () => {
    const answer = await server.post('api/user/login', { user_name: 'demo' });
    expect(answer.body).toMatchObject({ code: 400, msg: '200004' });
    expect(answer.body.data).toEqual({ issues: [expect.objectContaining({ path: 'pwd' })] });
  });
  it('a field of the wrong type → 200005', async () => {
    const answer = await server.post('api/user/login', { user_name: 'demo', pwd: 123456 });
    expect(answer.body.msg).toBe('200005');
  });
  it('broken JSON → 200005', async () => {
    const answer = await server.post('api/user/login', undefined, { raw: '{"user_name":' });
    expect(answer.body.msg).toBe('200005');
  });
  it('form-encoded bodies are accepted', async () => {
    const answer = await server.post('api/user/login', undefined, {
      raw: 'user_name=demo&pwd=demo123',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.body.code).toBe(1);
  });
});
