import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openCommunicationLost } from '../domains/alarms/lifecycle-store.ts';
import { recountQueued } from './ingest/recount.ts';

/**
 * The device link's background work, one pass at a time: devices that stopped reporting go
 * offline (three missed intervals, PRODUCT.md §4) and, silent longer than ALARM_SILENT_MINUTES,
 * get a communication-lost alarm; queued device days are counted again, and commands past their
 * expiry end as expired.
 */
export async function markSilentDevicesOffline(db: Database): Promise<number> {
  const rows = await queryRows<{ device_id: number }>(
    db,
    sql`update devices set status = 'offline'
        where status <> 'offline'
          and (last_seen_at is null or last_seen_at < now() - make_interval(secs => 3 * report_interval_s))
        returning device_id`,
  );
  return rows.length;
}

export async function expireCommands(db: Database): Promise<number> {
  const rows = await queryRows<{ command_id: string }>(
    db,
    sql`update device_commands set state = 'expired', updated_at = now()
        where state in ('pending', 'sent') and expires_at < now() returning command_id`,
  );
  return rows.length;
}

export function startLinkJobs(options: {
  db: Database;
  log: FastifyBaseLogger;
  everyMs: number;
  /** A device silent this long (and three of its intervals) gets a communication-lost alarm, ms. */
  alarmSilentMs: number;
  /** More work for each pass (sending commands that wait, alarm notices). */
  alsoRun?: () => Promise<unknown>;
}) {
  const { db, log, everyMs } = options;
  // silence is counted from when this process listens, never across the portal's own downtime
  const listeningSinceMs = Date.now();
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      const offline = await markSilentDevicesOffline(db);
      if (offline > 0) log.info({ devices: offline }, 'devices went offline');
      const lost = await openCommunicationLost(db, options.alarmSilentMs, listeningSinceMs);
      if (lost > 0) log.info({ devices: lost }, 'communication lost');
      await expireCommands(db);
      await options.alsoRun?.();
      // recount until the queue is empty, a bounded number of days per round
      for (let round = 0; round < 20 && !stopped; round += 1) {
        if ((await recountQueued(db)) === 0) break;
      }
    } catch (error) {
      log.error({ err: error }, 'device link job failed');
    }
  };
  const timer = setInterval(() => {
    if (!running) running = pass().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    /** Runs one pass now (tests, and the start of the process). */
    async runNow(): Promise<void> {
      while (running) await running;
      running = pass().finally(() => (running = undefined));
      await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
