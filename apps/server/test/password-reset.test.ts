import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { user } from '@helio/contracts';
import { schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Asks a code by the API and reads it out of the mail the SMTP server received. */
async function mailedCode(account: Account, language: 0 | 1 = 1) {
  const since = new Date();
  const answer = await server.call(user.sendEmailCode, { email: account.email, language });
  expect(answer.body).toMatchObject({ code: 1, data: { resend_after_s: 60 } });
  const mail = await smtp.waitForMail(account.email, since);
  const { text } = mail;
  const code = /^\s{4}(\d{6})\s*$/m.exec(text)?.[1];
  if (!code) throw new Error(`no code in the mail:\n${text}`);
  return { code, text };
}

/** Lets a new code be asked at once, as if 60 s had passed. */
async function ageCodes(email: string) {
  await server.database.db
    .update(schema.emailCodes)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(schema.emailCodes.email, email.toLowerCase()));
}

describe('password recovery by mailed code', () => {
  it('mails a 6-digit code that sets a new password once, and ends every session', async () => {
    const account = await registerAccount(server, 2, 'forgot');
    const { code, text } = await mailedCode(account);
    expect(text).toContain(`Hello ${account.userName}`);
    expect(text).toContain('10 minutes');
    const reset = await server.call(user.forgetpwd, {
      email: account.email,
      language: 1,
      code,
      password: 'brand-new-1',
    });
    expect(reset.body).toMatchObject({ code: 1, msg: '0000' });
    expect((await server.call(user.info, { user_id: account.userId }, account.token)).body.msg).toBe('1000');
    await server.login(account.userName, 'brand-new-1');
    expect(
      (await server.post('api/user/login', { user_name: account.userName, pwd: account.password })).body.msg,
    ).toBe('1002');
    const reuse = await server.call(user.forgetpwd, {
      email: account.email,
      language: 1,
      code,
      password: 'again-new-2',
    });
    expect(reuse.body.msg).toBe('200913');
  });

  it('writes the mail in Chinese for language 0', async () => {
    const account = await registerAccount(server, 2, 'zhmail');
    const since = new Date();
    const { text } = await mailedCode(account, 0);
    expect(text).toContain('验证码');
    expect((await smtp.waitForMail(account.email, since)).subject).toBe('Helio 密码重置验证码');
  });

  it('answers 200911 when a code is asked again within 60 s, for any address', async () => {
    const account = await registerAccount(server, 2, 'resend');
    await mailedCode(account);
    expect((await server.call(user.sendEmailCode, { email: account.email, language: 1 })).body.msg).toBe(
      '200911',
    );
    const unknown = 'nobody-resend@example.com';
    expect((await server.call(user.sendEmailCode, { email: unknown, language: 1 })).body.code).toBe(1);
    expect((await server.call(user.sendEmailCode, { email: unknown, language: 1 })).body.msg).toBe('200911');
  });

  it('a wrong code answers 200913; five wrong tries kill the code (200914)', async () => {
    const account = await registerAccount(server, 2, 'tries');
    const { code } = await mailedCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const answer = await server.call(user.forgetpwd, {
        email: account.email,
        language: 1,
        code: wrong,
        password: 'xnew-pass',
      });
      expect(answer.body.msg).toBe('200913');
    }
    const right = await server.call(user.forgetpwd, {
      email: account.email,
      language: 1,
      code,
      password: 'xnew-pass',
    });
    expect(right.body.msg).toBe('200914');
  });

  it('an expired code answers 200914', async () => {
    const account = await registerAccount(server, 2, 'expired');
    const { code } = await mailedCode(account);
    await server.database.db
      .update(schema.emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.emailCodes.email, account.email.toLowerCase()));
    const answer = await server.call(user.forgetpwd, {
      email: account.email,
      language: 1,
      code,
      password: 'xnew-pass',
    });
    expect(answer.body.msg).toBe('200914');
  });

  it('only the newest code counts', async () => {
    const account = await registerAccount(server, 2, 'newest');
    const first = await mailedCode(account);
    await ageCodes(account.email);
    const second = await mailedCode(account);
    if (first.code !== second.code) {
      const stale = await server.call(user.forgetpwd, {
        email: account.email,
        language: 1,
        code: first.code,
        password: 'xnew-pass',
      });
      expect(stale.body.msg).toBe('200913');
    }
    const fresh = await server.call(user.forgetpwd, {
      email: account.email,
      language: 1,
      code: second.code,
      password: 'xnew-pass',
    });
    expect(fresh.body.code).toBe(1);
  });

  it('answers alike for an address without account: success, then 200913', async () => {
    const known = await registerAccount(server, 2, 'alike');
    const sentKnown = await server.call(user.sendEmailCode, { email: known.email, language: 1 });
    const sentUnknown = await server.call(user.sendEmailCode, {
      email: 'no-such-account@example.com',
      language: 1,
    });
    expect(sentUnknown.status).toBe(sentKnown.status);
    expect(sentUnknown.body.data).toEqual(sentKnown.body.data);
    const tryUnknown = await server.call(user.forgetpwd, {
      email: 'no-such-account@example.com',
      language: 1,
      code: '123456',
      password: 'xnew-pass',
    });
    expect(tryUnknown.body.msg).toBe('200913');
    // and no mail went to the unknown address: none is kept, and none is left to deliver
    await server.jobs.runDue();
    expect(smtp.received.some((m) => m.to.includes('no-such-account@example.com'))).toBe(false);
    const kept = await server.database.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.recipient, 'no-such-account@example.com'));
    expect(kept).toEqual([]);
  });

  it('refuses a malformed code or a short password with field issues', async () => {
    const answer = await server.call(user.forgetpwd, {
      email: 'a@example.com',
      language: 1,
      code: 'abc',
      password: '123',
    });
    expect(answer.body.msg).toBe('200005');
    expect((answer.body.data as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual([
      'code',
      'password',
    ]);
  });

  it('the code never reaches the log', async () => {
    const account = await registerAccount(server, 2, 'logcheck');
    const { code } = await mailedCode(account);
    await server.call(user.forgetpwd, { email: account.email, language: 1, code, password: 'log-pass-9' });
    const logs = server.logs.join('');
    expect(logs).not.toContain(code);
    expect(logs).not.toContain('log-pass-9');
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox table and names its file in the log, without the code', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'helio-outbox-'));
    const embedded = await startTestServer({ env: { DATA_DIR: dataDir } });
    try {
      const account = await registerAccount(embedded, 2, 'outbox');
      await embedded.call(user.sendEmailCode, { email: account.email, language: 1 });
      await embedded.jobs.runDue();
      const rows = await embedded.database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.recipient, account.email));
      expect(rows[0]).toMatchObject({ attempts: 1, error: null, givenUpAt: null });
      expect(rows[0]?.sentAt).toBeTruthy();
      const file = path.join(dataDir, 'outbox', `${rows[0]!.mailId}.txt`);
      expect(await readFile(file, 'utf8')).toContain(`To: ${account.email}`);
      const code = /^\s{4}(\d{6})\s*$/m.exec(rows[0]!.textBody)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const logs = embedded.logs.join('');
      expect(logs).toContain('mail kept in the outbox');
      expect(logs).not.toMatch(new RegExp(`(^|[^0-9a-f])${code}([^0-9a-f]|$)`));
      expect(logs).not.toContain('verification code');
    } finally {
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
