import { allCalls, type CallDef, type FieldIssue, isErrorCode } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Account, registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let token: string;
let installer: Account;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login();
  installer = await registerAccount(server, 1, 'malformed');
});
afterAll(() => server.close());

/** A value of the wrong type for every JSON type a field could expect. */
const wrongValues = [123, 'text', true, null, [], {}, -1.5, 'x'.repeat(10_000)];

/** Texts with a control character: NUL (which PostgreSQL cannot store), bell, escape, DEL, a C1 control. */
const controlTexts = ['x\u0000', '\u0007', 'a\u001b[31mb', 'del\u007f', '\u009bc'];

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

    it('every field with a control character → 200005 naming it', async () => {
      // a sign-in of its own: an earlier walk may have signed the shared one out
      // (an installer's, as the demo account's writes stop at 9001 before their body is read)
      const ownToken =
        call.access === 'user' ? await server.login(installer.userName, installer.password) : undefined;
      for (const field of fieldNames(call)) {
        for (const value of controlTexts) {
          for (const sent of [value, [value], { inner: value }]) {
            const answer = await server.post(call.path, { [field]: sent }, { token: ownToken });
            const what = `${field}=${JSON.stringify(sent)}`;
            expect(answer.body.msg, what).toBe('200005');
            const issues = (answer.body.data as { issues?: FieldIssue[] } | undefined)?.issues;
            expect(issues?.[0]?.path, what).toMatch(new RegExp(`^${field}(\\.|$)`));
          }
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
  it('a NUL in the sign-in name → 200005 naming the field, never 9999 (the attack)', async () => {
    const answer = await server.post('api/user/login', undefined, {
      raw: '{"user_name":"x\\u0000","pwd":"x"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 400,
      msg: '200005',
      data: { issues: [{ path: 'user_name', message: 'validation.controlCharacter' }] },
    });
  });
  it('a NUL in a form-encoded field → 200005', async () => {
    const answer = await server.post('api/user/login', undefined, {
      raw: 'user_name=demo%00&pwd=demo123',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.body).toMatchObject({ msg: '200005', data: { issues: [{ path: 'user_name' }] } });
  });
  it('a control character in an object key → 200005', async () => {
    const answer = await server.post('api/user/login', undefined, {
      raw: '{"user_name":"demo","pwd":"demo123","a\\u0000":1}',
    });
    expect(answer.body).toMatchObject({ msg: '200005', data: { issues: [{ path: 'a\u0000' }] } });
  });
  it('tabs and line breaks stay allowed (multi-line notes)', async () => {
    const answer = await server.post('api/user/login', { user_name: 'demo', pwd: 'demo123\n' });
    expect(answer.body.msg).toBe('1002');
  });
  it('form-encoded bodies are accepted', async () => {
    const answer = await server.post('api/user/login', undefined, {
      raw: 'user_name=demo&pwd=demo123',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.body.code).toBe(1);
  });
});
