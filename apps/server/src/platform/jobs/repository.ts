import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/** A job as a process holds it while it runs. */
export interface ClaimedJob {
  jobId: number;
  name: string;
  payload: unknown;
  /** This try's number, from 1 (a periodic job: failures in a row, plus this one). */
  attempt: number;
  /** Periodic jobs: seconds between runs; null for one-off jobs. */
  everyS: number | null;
  createdAt: Date;
}

const iso = (at: Date) => at.toISOString();

const jobIdRow = z.object({ job_id: column.int });

const claimedRow = z
  .object({
    job_id: column.int,
    name: column.text,
    payload: z.unknown(),
    attempts: column.int,
    every_s: column.int.nullable(),
    created_at: column.instant,
  })
  .transform(
    (row): ClaimedJob => ({
      jobId: row.job_id,
      name: row.name,
      payload: row.payload,
      attempt: row.attempts,
      everyS: row.every_s,
      createdAt: row.created_at,
    }),
  );

/**
 * All the SQL of the `jobs` table. Every time it compares comes in as a parameter from the runner's
 * clock, never SQL `now()`, so tests move time forward instead of sleeping.
 */
export function jobsRepository(db: Database) {
  return {
    /** The one row of a periodic job, shared by every process; its period follows the code's. */
    async ensurePeriodic(name: string, everyS: number, now: Date): Promise<void> {
      await db.execute(
        sql`insert into jobs (name, run_at, every_s, created_at, updated_at)
            values (${name}, ${iso(now)}, ${everyS}, ${iso(now)}, ${iso(now)})
            on conflict (name) where every_s is not null do update set every_s = excluded.every_s`,
      );
    },

    /** A one-off job due at `runAt`; `tx` keeps it in the caller's transaction. */
    async enqueue(
      name: string,
      payload: unknown,
      runAt: Date,
      now: Date,
      tx: Database = db,
    ): Promise<number> {
      const [row] = await queryParsed(
        tx,
        jobIdRow,
        sql`insert into jobs (name, payload, run_at, created_at, updated_at)
            values (${name}, ${JSON.stringify(payload ?? {})}::jsonb, ${iso(runAt)}, ${iso(now)}, ${iso(now)})
            returning job_id`,
      );
      return row!.job_id;
    },

    /**
     * Takes up to `limit` due jobs of the given types for `worker` until `now + leaseMs`: waiting
     * ones whose time has come and running ones whose lease ran out (their process died). `skip
     * locked` lets processes claim side by side without ever taking the same row.
     */
    async claim(worker: string, names: readonly string[], limit: number, now: Date, leaseMs: number) {
      if (names.length === 0 || limit <= 0) return [];
      return queryParsed(
        db,
        claimedRow,
        sql`update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = ${worker},
                 locked_until = ${iso(new Date(now.getTime() + leaseMs))}, updated_at = ${iso(now)}
            from (select job_id from jobs
                  where state in ('waiting', 'running') and run_at <= ${iso(now)}
                    and (state = 'waiting' or locked_until < ${iso(now)})
                    and name in (${sql.join(
                      names.map((name) => sql`${name}`),
                      sql`, `,
                    )})
                  order by run_at, job_id
                  limit ${limit}
                  for update skip locked) due
            where j.job_id = due.job_id
            returning j.job_id, j.name, j.payload, j.attempts, j.every_s, j.created_at`,
      );
    },

    /**
     * A run ended well: a one-off job is done; a periodic one waits for its next period, or runs
     * again at once when it was asked to while running.
     */
    async complete(jobId: number, worker: string, now: Date): Promise<void> {
      await db.execute(
        sql`update jobs set
              state = case when every_s is null then 'done' else 'waiting' end,
              run_at = case when every_s is null then run_at
                            when rerun then ${iso(now)}::timestamptz
                            else ${iso(now)}::timestamptz + make_interval(secs => every_s) end,
              attempts = case when every_s is null then attempts else 0 end,
              last_error = case when every_s is null then last_error end,
              rerun = false, locked_by = null, locked_until = null, updated_at = ${iso(now)}
            where job_id = ${jobId} and locked_by = ${worker}`,
      );
    },

    /** A run failed: the job waits until `retryAt`, or with `retryAt` null it is given up. */
    async fail(jobId: number, worker: string, now: Date, error: string, retryAt: Date | null): Promise<void> {
      await db.execute(
        sql`update jobs set
              state = ${retryAt ? 'waiting' : 'failed'},
              run_at = case when rerun then ${iso(now)}::timestamptz else ${iso(retryAt ?? now)}::timestamptz end,
              last_error = ${error.slice(0, 1000)},
              rerun = false, locked_by = null, locked_until = null, updated_at = ${iso(now)}
            where job_id = ${jobId} and locked_by = ${worker}`,
      );
    },

    /** Periodic jobs run as soon as a process is free: now, or once more right after their current run. */
    async trigger(names: readonly string[], now: Date): Promise<void> {
      if (names.length === 0) return;
      await db.execute(
        sql`update jobs set
              run_at = case when state = 'running' then run_at else least(run_at, ${iso(now)}::timestamptz) end,
              rerun = rerun or state = 'running'
            where every_s is not null and state in ('waiting', 'running')
              and name in (${sql.join(
                names.map((name) => sql`${name}`),
                sql`, `,
              )})`,
      );
    },

    /**
     * Jobs left running by a process that is gone: due again at once. Only where no other process
     * can hold them (the embedded database is one process by design).
     */
    async releaseRunning(now: Date): Promise<number> {
      const rows = await queryParsed(
        db,
        jobIdRow,
        sql`update jobs set state = 'waiting', locked_by = null, locked_until = null, updated_at = ${iso(now)}
            where state = 'running' returning job_id`,
      );
      return rows.length;
    },

    /** Forgets finished one-off jobs after `doneMs` and given-up ones after `failedMs`. */
    async prune(now: Date, doneMs: number, failedMs: number): Promise<number> {
      const rows = await queryParsed(
        db,
        jobIdRow,
        sql`delete from jobs
            where every_s is null
              and ((state = 'done' and updated_at < ${iso(new Date(now.getTime() - doneMs))})
                or (state = 'failed' and updated_at < ${iso(new Date(now.getTime() - failedMs))}))
            returning job_id`,
      );
      return rows.length;
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
