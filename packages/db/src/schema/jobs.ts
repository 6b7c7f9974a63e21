import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Work the portal does later or periodically (apps/server/src/platform/jobs/): one row per one-off
 * job (a mail to deliver) and one row per periodic job (the device link's passes), which goes back
 * to `waiting` with its next `run_at` after each run. A process claims due rows with
 * `for update skip locked` and holds them until `locked_until`, so with several processes on one
 * PostgreSQL a job runs once, and a job whose process died is taken again after its lease.
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: bigint('job_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The job type, as registered with the runner (`mail.deliver`, `device-link.status`, …). */
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** waiting → running → done, or back to waiting (periodic, or a retry), or failed (given up). */
    state: text('state').notNull().default('waiting'),
    /** Due from this instant on. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Periodic jobs: seconds between the end of one run and the next; null for one-off jobs. */
    everyS: integer('every_s'),
    /** Tries so far (a periodic job: failures in a row). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The process that holds it while running, until when. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Asked to run again while it was running (a periodic job's trigger): due again at its end. */
    rerun: boolean('rerun').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('waiting', 'running', 'done', 'failed')`),
    // the claim: due waiting rows, and running rows whose lease ran out
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('waiting', 'running')`),
    // one row per periodic job, shared by every process
    uniqueIndex('jobs_periodic_name_key').on(t.name).where(sql`${t.everyS} is not null`),
  ],
);
