import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import { openCommunicationLost } from '../domains/alarms/lifecycle-store.ts';
import type { DeviceCommands } from '../domains/commands/service.ts';
import { markSilentDevicesOffline } from '../domains/devices/status-store.ts';
import { recountQueued } from '../domains/energy/recount.ts';
import type { JobRunner } from '../platform/jobs/runner.ts';

/** How often each of the device link's jobs runs, s. */
export const LINK_JOBS_EVERY_S = 15;

/**
 * The device link's periodic jobs on the job runner:
 * - `device-link.status`: silent devices go offline, and, silent longer than ALARM_SILENT_MINUTES,
 *   get a communication-lost alarm (then the alarm notices are triggered); commands past their
 *   expiry expire;
 * - `device-link.commands`: commands waiting for devices that are back go out;
 * - `device-link.recount`: device days queued by late readings are counted again.
 */
export function registerLinkJobs(options: {
  db: Database;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  commands: DeviceCommands;
  /** A device silent this long (and three of its intervals) gets a communication-lost alarm, ms. */
  alarmSilentMs: number;
  /** Silence is counted from this instant on (when this process started listening), ms. */
  listeningSinceMs: number;
  /** Alarms opened (the notices have work). */
  onAlarmsOpened?: () => Promise<unknown>;
}) {
  const { db, log, jobs } = options;
  jobs.register({
    name: 'device-link.status',
    everyS: LINK_JOBS_EVERY_S,
    async run(_payload, job) {
      const offline = await markSilentDevicesOffline(db, job.now);
      if (offline > 0) log.info({ devices: offline }, 'devices went offline');
      const lost = await openCommunicationLost(db, options.alarmSilentMs, options.listeningSinceMs, job.now);
      if (lost > 0) {
        log.info({ devices: lost }, 'communication lost');
        await options.onAlarmsOpened?.();
      }
      await options.commands.expire(job.now);
    },
  });
  jobs.register({
    name: 'device-link.commands',
    everyS: LINK_JOBS_EVERY_S,
    async run(_payload, job) {
      await options.commands.deliverPending(undefined, job.now);
    },
  });
  jobs.register({
    name: 'device-link.recount',
    everyS: LINK_JOBS_EVERY_S,
    async run() {
      // until the queue is empty, a bounded number of days per round and of rounds per run
      for (let round = 0; round < 20; round += 1) if ((await recountQueued(db)) === 0) return;
    },
  });
}
