import { user } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from './support/accounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * The outbox: a mail the SMTP server refuses is tried again with backoff (30 s, doubling, at most
 * an hour) until delivered, or given up a day after it was kept (at once when refused for good).
 * Time moves by the server's clock; the SMTP server is real.
 */
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

interface MailState {
  mail_id: number;
  attempts: number;
  error: string | null;
  sent: boolean;
  given_up: boolean;
  job_state: string;
  job_attempts: number;
  /** Seconds from now (the server's clock) to the job's next try. */
  next_try_s: number;
}

/** The outbox row of the mail to `email` and its delivery job. */
async function mailState(email: string): Promise<MailState> {
  const now = server.clock.now().toISOString();
  const [row] = await queryRows<MailState>(
    server.database.db,
    sql`select o.mail_id::int as mail_id, o.attempts, o.error, o.sent_at is not null as sent,
               o.given_up_at is not null as given_up, j.state as job_state, j.attempts as job_attempts,
               round(extract(epoch from j.run_at - ${now}::timestamptz))::int as next_try_s
        from outbox o join jobs j on j.name = 'mail.deliver' and (j.payload->>'mail_id')::bigint = o.mail_id
        where o.recipient = ${email}`,
  );
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

/** An account and the reset-code mail asked for it. */
async function askCode(name: string): Promise<string> {
  const account = await registerAccount(server, 2, name);
  const answer = await server.call(user.sendEmailCode, { email: account.email, language: 1 });
  expect(answer.body.code).toBe(1);
  return account.email;
}

describe('mail delivery through the outbox', () => {
  it('a mail the server refuses at first is tried again later, waiting longer each time, and delivered', async () => {
    smtp.refuse(2, 451);
    const email = await askCode('retry');
    await server.jobs.runDue();
    expect(await mailState(email)).toMatchObject({
      attempts: 1,
      sent: false,
      given_up: false,
      job_state: 'waiting',
      next_try_s: 30,
    });
    expect((await mailState(email)).error).toContain('try again later');

    // nothing is tried before its time
    server.clock.advance(29_000);
    await server.jobs.runDue();
    expect(await mailState(email)).toMatchObject({ attempts: 1, next_try_s: 1 });

    server.clock.advance(1_000);
    await server.jobs.runDue();
    expect(await mailState(email)).toMatchObject({ attempts: 2, sent: false, next_try_s: 60 });

    server.clock.advance(60_000);
    await server.jobs.runDue();
    expect(await mailState(email)).toMatchObject({
      attempts: 3,
      sent: true,
      given_up: false,
      job_state: 'done',
    });
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(smtp.refused()).toBe(2);
    const logs = server.logs.join('');
    const { mail_id: mailId } = await mailState(email);
    expect(
      logs.match(new RegExp(`"mailId":${mailId},"attempt":\\d,"reason"[^}]*mail delivery failed`, 'g')),
    ).toHaveLength(2);
    expect(logs).toMatch(new RegExp(`"mailId":${mailId},"attempt":3,"msg":"mail delivered by SMTP"`));
  });

  it('a mail refused for a day is given up, and never tried again', async () => {
    smtp.refuse(Number.POSITIVE_INFINITY, 451);
    const email = await askCode('giveup');
    let state = await mailState(email);
    for (let hour = 0; hour < 30 && !state.given_up; hour += 1) {
      await server.jobs.runDue();
      state = await mailState(email);
      server.clock.advance(3_600_000);
    }
    // tries within the first hour (30 s doubling), then hourly until a day after it was kept
    expect(state).toMatchObject({ sent: false, given_up: true, job_state: 'failed' });
    expect(state.attempts).toBeGreaterThanOrEqual(24);
    expect(state.attempts).toBeLessThanOrEqual(26);
    expect(state.job_attempts).toBe(state.attempts);
    await server.jobs.runDue();
    expect((await mailState(email)).attempts).toBe(state.attempts);
    expect(server.logs.join('')).toMatch(
      new RegExp(`"mailId":${state.mail_id},"attempts":\\d+,"reason"[^}]*mail given up`),
    );
    smtp.refuse(0);
  });

  it('a mail the server refuses for good (5xx) is given up at once', async () => {
    smtp.refuse(1, 550);
    const email = await askCode('refused');
    await server.jobs.runDue();
    expect(await mailState(email)).toMatchObject({
      attempts: 1,
      sent: false,
      given_up: true,
      job_state: 'failed',
    });
  });
});
