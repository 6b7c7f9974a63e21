import { auth } from '@helio/contracts';
import { queryRows, schema } from '@helio/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/domains/auth/tokens.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('api/user/login', () => {
  it('signs the demo account in by user name and answers its session and menu', async () => {
    const answer = await server.call(auth.login, { user_name: 'demo', pwd: 'demo123' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 1, msg: '0000' });
    const data = answer.body.data as {
      token: string;
      user_id: number;
      role_id: number;
      menu_list: { menu_id: string }[];
    };
    expect(data.user_id).toBe(5);
    expect(data.role_id).toBe(1);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.menu_list.map((m) => m.menu_id)).toEqual([
      'dashboard',
      'deviceList',
      'alarmList',
      'strategyTemplates',
      'upgradeTasks',
      'myUser',
      'myLog',
      'dataStatistics',
    ]);
  });

  it('accepts the email instead of the user name, in any case', async () => {
    const answer = await server.call(auth.login, { user_name: 'DEMO@helio.invalid', pwd: 'demo123' });
    expect(answer.body.code).toBe(1);
  });

  it('answers 1002 alike for a wrong password and an unknown account', async () => {
    const wrong = await server.call(auth.login, { user_name: 'demo', pwd: 'demo1234' });
    const unknown = await server.call(auth.login, { user_name: 'nobody-here', pwd: 'demo123' });
    expect(wrong.body).toMatchObject({ code: 400, msg: '1002' });
    expect(unknown.body).toMatchObject({ code: 400, msg: '1002' });
    expect(wrong.status).toBe(unknown.status);
  });

  it('stores only the hash of the token, with an expiry', async () => {
    const token = await server.login();
    const rows = await server.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    const leaked = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect(leaked[0]?.n).toBe(0);
  });
});

describe('sessions', () => {
  it('a signed-in call without a token answers 1000 with HTTP 401', async () => {
    const answer = await server.call(auth.logout, {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 400, msg: '1000' });
  });

  it('an unknown token answers 1000', async () => {
    const answer = await server.call(auth.logout, {}, 'not-a-real-token');
    expect(answer.body.msg).toBe('1000');
  });

  it('sign-out revokes the token', async () => {
    const token = await server.login();
    expect((await server.call(auth.logout, {}, token)).body.code).toBe(1);
    expect((await server.call(auth.logout, {}, token)).body.msg).toBe('1000');
  });

  it('an expired token answers 1000', async () => {
    const token = await server.login();
    await server.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.tokenHash, hashToken(token)));
    expect((await server.call(auth.logout, {}, token)).body.msg).toBe('1000');
  });

  it('other sessions stay valid when one signs out', async () => {
    const first = await server.login();
    const second = await server.login();
    await server.call(auth.logout, {}, first);
    expect((await server.call(auth.logout, {}, second)).body.code).toBe(1);
  });
});
