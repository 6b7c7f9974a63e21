import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { type ClaimedJob, jobsRepository } from './repository.ts';

/** What a job's code is told about the run. */
export interface JobRun {
  jobId: number;
  /** This try's number, from 1. */
  attempt: number;
  /** When the run started, by the runner's clock: the time the job's rules compare with. */
  now: Date;
  /** When the job was written (a one-off job's age decides when it is given up). */
  createdAt: Date;
}

/** One kind of work. A periodic job has `everyS`; a one-off job is written with its handle's `enqueue`. */
export interface JobType<Payload> {
  /** Stable: it is stored with every job of the type (`mail.deliver`, `device-link.status`). */
  name: string;
  /** Seconds from the end of one run to the next; absent for one-off jobs. */
  everyS?: number;
  /** One-off jobs: the delay before the next try after `attempt` failed tries (default `backoff()`). */
  retryDelayMs?: (attempt: number) => number;
  /** One-off jobs: tries before giving up (default 10). */
  maxAttempts?: number;
  /** One-off jobs: no try starts later than this after the job was written (default: no limit). */
  giveUpAfterMs?: number;
  /**
   * Does the work; throwing fails this try. A job may run more than once (a process that dies
   * mid-run loses its lease), so it checks what is already done.
   */
  run(payload: Payload, job: JobRun): Promise<void>;
  /** A one-off job was given up (after the runner marked it `failed`). */
  onGiveUp?(payload: Payload, job: JobRun, reason: string): Promise<void>;
}

/** Thrown by a job that will never succeed (a mail address the server refuses for good). */
export class JobGiveUp extends Error {}

export interface JobHandle<Payload> {
  /** Writes a one-off job due at `runAt` (default now); with `tx`, the caller calls `wake()` after commit. */
  enqueue(payload: Payload, options?: { runAt?: Date; tx?: Database }): Promise<number>;
  /** A periodic job: run as soon as a process is free (again right after, if it is running). */
  trigger(): Promise<void>;
  /** Looks for due jobs now in this process (after a transaction that enqueued one committed). */
  wake(): void;
}

/** Exponential backoff: `firstMs` doubling per failed try, at most `maxMs`. */
export function backoff(firstMs: number, maxMs: number): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How often an idle process looks for due jobs written by others or come due, ms. */
  pollMs?: number;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** How long a claimed job is held; after it, another process may take it again. */
  leaseMs?: number;
  /** The database is this process's alone (embedded PGlite): jobs left running are taken back at start. */
  singleProcess?: boolean;
}

/**
 * The one job runner: every piece of work done later or periodically is a registered job type,
 * kept in the `jobs` table (durable across restarts, its state queryable), claimed with `skip
 * locked` (on PostgreSQL each job runs in one process at a time however many portals share the
 * database), retried with backoff, and timed by an injected clock. docs/ARCHITECTURE.md says why
 * it is this table rather than pg-boss or graphile-worker.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log, clock } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const repo = jobsRepository(db);
  const worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const types = new Map<string, JobType<never>>();
  const busy = new Set<Promise<unknown>>();
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function schedule(delayMs: number): void {
    if (!started || stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  /** Claims up to `limit` due jobs and starts them; answers how many. */
  function claimAndStart(limit: number): Promise<number> {
    const claiming = repo.claim(worker, [...types.keys()], limit, clock.now(), leaseMs).then((claimed) => {
      for (const job of claimed) {
        const running: Promise<void> = execute(job).finally(() => {
          busy.delete(running);
          schedule(0);
        });
        busy.add(running);
      }
      return claimed.length;
    });
    busy.add(claiming);
    return claiming.finally(() => busy.delete(claiming));
  }

  async function tick(): Promise<void> {
    timer = undefined;
    try {
      const free = concurrency - busy.size;
      if (free > 0) await claimAndStart(free);
    } catch (error) {
      log.error({ err: error }, 'jobs: claiming failed');
    }
    if (!timer) schedule(pollMs);
  }

  async function execute(job: ClaimedJob): Promise<void> {
    const type = types.get(job.name)!;
    const run: JobRun = {
      jobId: job.jobId,
      attempt: job.attempt,
      now: clock.now(),
      createdAt: job.createdAt,
    };
    try {
      await type.run(job.payload as never, run);
      await repo.complete(job.jobId, worker, clock.now());
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const at = { job: job.name, jobId: job.jobId, attempt: job.attempt, reason };
      try {
        if (job.everyS !== null) {
          // a periodic job's next period is its retry
          await repo.fail(job.jobId, worker, now, reason, new Date(now.getTime() + job.everyS * 1000));
          log.error({ ...at, err: error }, 'job failed');
          return;
        }
        const delayMs = (type.retryDelayMs ?? backoff(30_000, 3_600_000))(job.attempt);
        const retryAt = new Date(now.getTime() + delayMs);
        const tooLate =
          type.giveUpAfterMs !== undefined &&
          retryAt.getTime() - job.createdAt.getTime() > type.giveUpAfterMs;
        if (error instanceof JobGiveUp || job.attempt >= (type.maxAttempts ?? 10) || tooLate) {
          await repo.fail(job.jobId, worker, now, reason, null);
          log.error(at, 'job given up');
          await type.onGiveUp?.(job.payload as never, run, reason);
        } else {
          await repo.fail(job.jobId, worker, now, reason, retryAt);
          log.warn({ ...at, retryAt: retryAt.toISOString() }, 'job failed, tried again later');
        }
      } catch (recordError) {
        // the lease runs out and the job is taken again
        log.error({ ...at, err: recordError }, 'job failure not recorded');
      }
    }
  }

  // finished jobs are kept a while to be looked at, then forgotten
  types.set('jobs.prune', {
    name: 'jobs.prune',
    everyS: 3600,
    async run(_payload, job) {
      const pruned = await repo.prune(job.now, 7 * 86_400_000, 30 * 86_400_000);
      if (pruned > 0) log.info({ jobs: pruned }, 'old finished jobs removed');
    },
  });

  return {
    /** Adds a job type; before `start`. */
    register<Payload>(type: JobType<Payload>): JobHandle<Payload> {
      if (started) throw new Error(`job type ${type.name} registered after start`);
      if (types.has(type.name)) throw new Error(`job type ${type.name} registered twice`);
      types.set(type.name, type as JobType<never>);
      return {
        enqueue: async (payload, enqueueOptions = {}) => {
          const now = clock.now();
          const id = await repo.enqueue(
            type.name,
            payload,
            enqueueOptions.runAt ?? now,
            now,
            enqueueOptions.tx,
          );
          if (!enqueueOptions.tx) schedule(0);
          return id;
        },
        trigger: async () => {
          await repo.trigger([type.name], clock.now());
          schedule(0);
        },
        wake: () => schedule(0),
      };
    },

    /** Writes the periodic jobs' rows and starts looking for due jobs. */
    async start(): Promise<void> {
      const now = clock.now();
      for (const type of types.values())
        if (type.everyS !== undefined) await repo.ensurePeriodic(type.name, type.everyS, now);
      if (options.singleProcess) {
        const released = await repo.releaseRunning(now);
        if (released > 0) log.info({ jobs: released }, 'jobs left running by the last process are due again');
      }
      started = true;
      schedule(0);
    },

    /**
     * Runs every due job, and what they make due, until none is left (tests, after moving the
     * clock). Jobs already running in this process are waited for.
     */
    async runDue(): Promise<void> {
      for (;;) {
        const claimed = await claimAndStart(100);
        if (claimed === 0 && busy.size === 0) return;
        await Promise.allSettled([...busy]);
      }
    },

    /** Every periodic job now, then whatever is due (tests; an operator's nudge). */
    async runAllNow(): Promise<void> {
      const periodic = [...types.values()].filter((type) => type.everyS !== undefined);
      await repo.trigger(
        periodic.map((type) => type.name),
        clock.now(),
      );
      await this.runDue();
    },

    /** Stops claiming and waits for the jobs under way. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (busy.size > 0) await Promise.allSettled([...busy]);
    },

    /** The process's name in `jobs.locked_by`. */
    worker,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
