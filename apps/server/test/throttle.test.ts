import { user } from '@helio/contracts';
import { schema } from '@helio/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLimits } from '../src/domains/auth/service.ts';
import { registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.close());

async function tryLogin(userName: string, pwd: string, address = '203.0.113.7') {
  const response = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ user_name: userName, pwd }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { msg: string },
  };
}

describe('sign-in throttling', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const direct = await startTestServer();
    try {
      await fetch(`${direct.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.200' },
        body: JSON.stringify({ user_name: 'spoofer', pwd: 'wrong-pass' }),
      });
      expect(direct.logs.join('')).toContain('"remoteAddress":"127.0.0.1"');
    } finally {
      await direct.close();
    }
  });

  it('blocks an account after 5 failures with 1007 (HTTP 429, Retry-After), even for the right password', async () => {
    const account = await registerAccount(server, 2, 'throttled');
    for (let i = 0; i < loginLimits.perAccount.maxFailures; i++) {
      expect((await tryLogin(account.userName, 'wrong-pass', `198.51.100.${i}`)).body.msg).toBe('1002');
    }
    const blocked = await tryLogin(account.userName, account.password, '198.51.100.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe('1007');
    expect(Number(blocked.retryAfter)).toBeGreaterThan(800);
    // no permanent lock-out: once the block ends, the right password works again
    await server.database.db.update(schema.throttles).set({ blockedUntil: new Date(Date.now() - 1000) });
    expect((await tryLogin(account.userName, account.password, '198.51.100.99')).body).toMatchObject({
      code: 1,
    });
  });

  it('counts an account once whichever identifier is typed: name and email share the 5 tries', async () => {
    const account = await registerAccount(server, 2, 'twonames');
    const identifiers = [account.userName, account.email, account.email.toUpperCase()];
    for (let i = 0; i < loginLimits.perAccount.maxFailures; i++) {
      const login = identifiers[i % identifiers.length]!;
      expect((await tryLogin(login, 'wrong-pass', `198.51.101.${i}`)).body.msg).toBe('1002');
    }
    expect((await tryLogin(account.email, account.password, '198.51.101.99')).body.msg).toBe('1007');
    expect((await tryLogin(account.userName, account.password, '198.51.101.98')).body.msg).toBe('1007');
  });

  it('treats unknown accounts the same way', async () => {
    for (let i = 0; i < loginLimits.perAccount.maxFailures; i++) {
      expect((await tryLogin('ghost_account', 'wrong-pass', `192.0.2.${i}`)).body.msg).toBe('1002');
    }
    expect((await tryLogin('ghost_account', 'wrong-pass', '192.0.2.200')).body.msg).toBe('1007');
  });

  it('blocks a client address after 50 failures across accounts', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < loginLimits.perAddress.maxFailures; i++) {
      expect((await tryLogin(`spray_${i}`, 'wrong-pass', address)).body.msg).toBe('1002');
    }
    const account = await registerAccount(server, 2, 'innocent');
    expect((await tryLogin(account.userName, account.password, address)).body.msg).toBe('1007');
    expect((await tryLogin(account.userName, account.password, '203.0.113.51')).body).toMatchObject({
      code: 1,
    });
  });

  it('a success clears the account counter', async () => {
    const account = await registerAccount(server, 2, 'recover');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < loginLimits.perAccount.maxFailures - 1; i++) {
        expect((await tryLogin(account.userName, 'wrong-pass', '198.18.0.1')).body.msg).toBe('1002');
      }
      expect((await tryLogin(account.userName, account.password, '198.18.0.1')).body).toMatchObject({
        code: 1,
      });
    }
  });
});

describe('sign-up throttling', () => {
  it('blocks a client address after its sign-ups in an hour, taken names included (1008, HTTP 429)', async () => {
    const limited = await startTestServer({ env: { TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '3' } });
    try {
      const signUp = (name: string, address: string) =>
        fetch(`${limited.url}/api/user/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({
            user_name: name,
            email: `${name}@example.com`,
            pwd: 'abcdef',
            pwd_again: 'abcdef',
            role_id: 2,
          }),
        });
      const msg = async (response: Response) => ((await response.json()) as { msg: string }).msg;
      const address = '203.0.113.80';
      expect(await msg(await signUp('probe_one', address))).toBe('0000');
      // a taken name answers 1003, and counts: listing accounts this way is slow
      expect(await msg(await signUp('probe_one', address))).toBe('1003');
      expect(await msg(await signUp('probe_two', address))).toBe('0000');
      const blocked = await signUp('probe_three', address);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await msg(blocked)).toBe('1008');
      // another address signs up as usual
      expect(await msg(await signUp('probe_three', '203.0.113.81'))).toBe('0000');
    } finally {
      await limited.close();
    }
  });

  it('limits the invitations and the name or email lookups of one account the same way', async () => {
    const limited = await startTestServer({ env: { SIGNUP_LIMIT_PER_HOUR: '3' } });
    try {
      const installer = await registerAccount(limited, 1, 'inviter');
      for (let i = 0; i < 3; i++) {
        const answer = await limited.call(
          user.addInstallerUser,
          { user_name: `someone${i}` },
          installer.token,
        );
        expect(answer.body.code).toBe(1);
      }
      const blocked = await limited.call(user.addInstallerUser, { user_name: 'someone3' }, installer.token);
      expect(blocked.status).toBe(429);
      expect(blocked.body.msg).toBe('1008');
      for (let i = 0; i < 3; i++) {
        const edit = { user_name: installer.userName, email: `taken${i}@example.com` };
        expect((await limited.call(user.edit, edit, installer.token)).body.code).toBe(1);
      }
      const edit = { user_name: installer.userName, email: 'one-more@example.com' };
      expect((await limited.call(user.edit, edit, installer.token)).body.msg).toBe('1008');
    } finally {
      await limited.close();
    }
  });
});
