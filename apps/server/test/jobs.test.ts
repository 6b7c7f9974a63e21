import { user } from '@helio/contracts';
import { type DatabaseHandle, openPostgres, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustableClock } from '../src/platform/clock.ts';
import { registerAccount } from './support/accounts.ts';
import { freshDatabase, freshPostgresUrl } from './support/database.ts';
import { freePort, killPortals, startPortal, waitForHealth } from './support/portal-process.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * The job runner's promises: a job outlives the process that scheduled it, a job whose process died
 * mid-run is taken again, and with several portals on one PostgreSQL each job runs once. Mail
 * delivery is the job seen here: it is real work with a real SMTP server on the other side.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  killPortals();
  await smtp.close();
});

async function mailJob(server: TestServer, email: string) {
  const [row] = await queryRows<{ attempts: number; sent: boolean; state: string; job_id: number }>(
    server.database.db,
    sql`select o.attempts, o.sent_at is not null as sent, j.state, j.job_id::int as job_id
        from outbox o join jobs j on j.name = 'mail.deliver' and (j.payload->>'mail_id')::bigint = o.mail_id
        where o.recipient = ${email}`,
  );
  if (!row) throw new Error(`no mail to ${email}`);
  return row;
}

/** A server, then another on the same database and clock, as a portal restarted. */
async function restarting(
  scenario: (first: TestServer, restart: () => Promise<TestServer>) => Promise<void>,
) {
  const database: DatabaseHandle = await freshDatabase();
  const clock = adjustableClock();
  const env = { SMTP_URL: smtp.url };
  const servers: TestServer[] = [await startTestServer({ database, clock, env })];
  try {
    await scenario(servers[0]!, async () => {
      await servers.at(-1)!.close();
      servers.push(await startTestServer({ database, clock, env }));
      return servers.at(-1)!;
    });
  } finally {
    await servers.at(-1)!.close();
    await database.close();
  }
}

async function askCode(server: TestServer, name: string): Promise<string> {
  const account = await registerAccount(server, 2, name);
  const answer = await server.call(user.sendEmailCode, { email: account.email, language: 1 });
  expect(answer.body.code).toBe(1);
  return account.email;
}

describe('jobs across a restart', () => {
  it('a job scheduled before a restart runs after it', async () => {
    await restarting(async (first, restart) => {
      smtp.refuse(1);
      const email = await askCode(first, 'restart');
      await first.jobs.runDue();
      expect(await mailJob(first, email)).toMatchObject({ attempts: 1, sent: false, state: 'waiting' });

      const second = await restart();
      second.clock.advance(30_000);
      await second.jobs.runDue();
      expect(await mailJob(second, email)).toMatchObject({ attempts: 2, sent: true, state: 'done' });
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    });
  });

  it('a job whose process died while running it is taken again: at start on the embedded database, after its lease on PostgreSQL', async () => {
    await restarting(async (first, restart) => {
      smtp.refuse(1);
      const email = await askCode(first, 'crashed');
      await first.jobs.runDue();
      const { job_id: jobId } = await mailJob(first, email);
      // as a process killed in the middle of the next try leaves it
      const until = new Date(first.clock.now().getTime() + 5 * 60_000).toISOString();
      await first.database.db.execute(
        sql`update jobs set state = 'running', locked_by = 'gone:1', locked_until = ${until} where job_id = ${jobId}`,
      );

      const second = await restart();
      second.clock.advance(30_000);
      await second.jobs.runDue();
      const embedded = second.database.kind === 'pglite';
      // the embedded database has no other process: what ran is due again at once
      expect((await mailJob(second, email)).sent).toBe(embedded);
      second.clock.advance(5 * 60_000);
      await second.jobs.runDue();
      expect(await mailJob(second, email)).toMatchObject({ sent: true, state: 'done' });
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    });
  });
});

// On the embedded database the portal is one process by design: a second one is refused its data
// folder (process.test.ts). Two portals share work only on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('two portal processes on one PostgreSQL database', () => {
  it('each job runs once, and both processes take their share', async () => {
    const target = await freshPostgresUrl();
    const handle = openPostgres(target.url, { max: 2, onIdleError: () => {} });
    try {
      smtp.delay(20);
      const env = { DATABASE_URL: target.url, SMTP_URL: smtp.url, LOG_LEVEL: 'info', DEMO: '0' };
      const portA = await freePort();
      const a = startPortal({ ...env, PORT: String(portA) });
      await waitForHealth(portA, a);
      const portB = await freePort();
      const b = startPortal({ ...env, PORT: String(portB) });
      await waitForHealth(portB, b);

      // 200 mails and their delivery jobs, written at once as a burst of sign-ups would
      const count = 200;
      const before = smtp.received.length;
      await handle.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into outbox (recipient, subject, text_body, html_body)
              select 'burst-' || n || '@example.com', 'burst ' || n, 'text', '<p>html</p>'
              from generate_series(1, ${count}) n`,
        );
        await tx.execute(
          sql`insert into jobs (name, payload, run_at, created_at, updated_at)
              select 'mail.deliver', jsonb_build_object('mail_id', mail_id), now(), now(), now()
              from outbox where recipient like 'burst-%'`,
        );
      });
      // every job ends as done, whichever process took it
      const states = async () => {
        const [row] = await queryRows<{ done: number; tried_once: number }>(
          handle.db,
          sql`select count(*) filter (where j.state = 'done')::int as done,
                     count(*) filter (where o.attempts = 1 and o.sent_at is not null)::int as tried_once
              from jobs j join outbox o on o.mail_id = (j.payload->>'mail_id')::bigint
              where j.name = 'mail.deliver'`,
        );
        return row!;
      };
      const deadline = Date.now() + 60_000;
      while ((await states()).done < count && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await states()).toEqual({ done: count, tried_once: count });
      const burst = smtp.received.slice(before).filter((mail) => mail.subject.startsWith('burst '));
      expect(burst).toHaveLength(count);
      expect(new Set(burst.map((mail) => mail.subject)).size).toBe(count);
      const delivered = (output: string) =>
        output.split('\n').filter((line) => line.includes('mail delivered by SMTP')).length;
      const byA = delivered(a.output());
      const byB = delivered(b.output());
      expect(byA + byB).toBe(count);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);

      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      smtp.delay(0);
      await handle.close();
      await target.drop();
    }
  }, 120_000);
});
