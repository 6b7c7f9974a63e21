import { failuresPassThreshold, type UpgradeTaskRow, type UpgradeTaskState } from '@helio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { DeviceCommands } from '../commands/service.ts';
import { ROLLOUT_JOB } from './outcome-store.ts';
import type { ProgressRow, TaskRow, TasksRepository } from './tasks-repository.ts';

/**
 * The staged rollout (PRODUCT.md §8, contracts firmware.ts): a periodic job on the one job runner,
 * so a restarted portal goes on where it was. Each run, for every running task (a scheduled one
 * whose start came becomes running):
 * - sent rows take their command's outcome; those whose command expired (the device away for
 *   COMMAND_TTL) are queued again;
 * - a device's parts go one at a time in contracts order; when one fails, its later parts fail
 *   without being sent ("an earlier part failed", status null): the device is left as it is;
 * - failures past the threshold since the task started or resumed pause it ('failures');
 * - a stage's rows go out once every row of the earlier stages is final or waits for an offline
 *   device (offline devices never hold the rollout back and go out when they come back), or was
 *   sent to a device silent for SILENT_SENT_HOLD_MS (its outcome is taken when it is back);
 * - SPEC.md §9: nothing goes to a device of a station while a PCS upgrade of that station is under
 *   way or ended less than PCS_UPGRADE_GAP_MS ago;
 * - a task whose rows are all final is completed.
 */

/** Seconds between runs (and a run is asked for after an addition, a resume and a finished row). */
export const ROLLOUT_EVERY_S = 5;

/** The message of a part not sent because an earlier part of the same device failed. */
export const EARLIER_PART_FAILED = 'an earlier part failed';

/** Short-lived download addresses of images for devices (the catalogue's links.ts). */
export interface UpgradeLinks {
  issue(input: { deviceId: number; sha256: string; sizeBytes: number; ttlMs?: number }): Promise<string>;
}

/** What the plan needs of a row. */
export type PlannedRow = Pick<
  ProgressRow,
  'id' | 'device_id' | 'station_id' | 'device_state' | 'stage' | 'part' | 'state' | 'updated_at'
>;

/**
 * A sent row whose device has gone silent (offline, its row unmoved this long) stops holding its
 * stage back: a reboot into new firmware is minutes, a device gone for good would hold the
 * rollout for ever. Its outcome is still taken when the device comes back.
 */
export const SILENT_SENT_HOLD_MS = 30 * 60_000;

export type WaitingFor = UpgradeTaskRow['waiting_for'];

/**
 * Where each queued row of a task in `state` stands (rows in rollout order: position, then part),
 * given the stations in their PCS gap: why it waits, or null when it goes out now; `send` lists
 * the rows that go out now, in order. A PCS row sent here starts its station's gap for the rows
 * after it.
 */
export function rolloutPlan(
  state: UpgradeTaskState,
  rows: readonly PlannedRow[],
  pcsGap: ReadonlySet<number>,
  now: Date,
): { waiting: Map<number, WaitingFor>; send: PlannedRow[] } {
  const waiting = new Map<number, WaitingFor>();
  const send: PlannedRow[] = [];
  const held: WaitingFor | undefined =
    state === 'scheduled' ? 'start' : state === 'paused' ? 'pause' : state === 'running' ? undefined : null;
  const online = (row: PlannedRow) => row.device_state !== 'offline';
  // the first stage that still has a row under way or able to go: later stages wait for it
  let openStage = Number.POSITIVE_INFINITY;
  for (const row of rows)
    if (
      (row.state === 'sent' &&
        (online(row) || now.getTime() - Date.parse(row.updated_at) < SILENT_SENT_HOLD_MS)) ||
      (row.state === 'queued' && online(row))
    )
      openStage = Math.min(openStage, row.stage);
  const gap = new Set(pcsGap);
  // a device's earlier part not yet succeeded holds its later parts
  const deviceHeld = new Set<number>();
  for (const row of rows) {
    if (row.state !== 'queued') {
      if (row.state !== 'succeeded') deviceHeld.add(row.device_id);
      continue;
    }
    const reason: WaitingFor =
      held !== undefined
        ? held
        : row.stage > openStage || deviceHeld.has(row.device_id)
          ? 'stage'
          : !online(row)
            ? 'online'
            : gap.has(row.station_id)
              ? 'pcs_gap'
              : null;
    deviceHeld.add(row.device_id);
    waiting.set(row.id, reason);
    if (held === undefined && reason === null) {
      send.push(row);
      if (row.part === 'PCS') gap.add(row.station_id);
    }
  }
  return { waiting, send };
}

export function registerRolloutJob(options: {
  jobs: JobRunner;
  repo: TasksRepository;
  commands: DeviceCommands;
  links: UpgradeLinks;
  log: FastifyBaseLogger;
}): { trigger: () => Promise<void> } {
  const { repo, commands, links, log } = options;

  async function send(task: TaskRow, row: ProgressRow, now: Date): Promise<void> {
    // the same key again (a run that died between the command and the row) answers the same command
    const attempt = (await repo.expiredAttempts(row.id, row.device_id)) + 1;
    const url = await links.issue({ deviceId: row.device_id, sha256: row.sha256, sizeBytes: row.size_bytes });
    const command = await commands.create(
      row.device_id,
      {
        name: 'upgrade',
        params: {
          url,
          version: row.version,
          size_bytes: row.size_bytes,
          sha256: row.sha256,
          signature: row.signature,
          part: row.part,
        },
      },
      task.created_by_id,
      { clientKey: `upgrade-row-${row.id}-${attempt}` },
    );
    await repo.markSent(row.id, command.commandId, now);
  }

  /** One task's turn; answers how many rows went out. */
  async function roll(task: TaskRow, now: Date): Promise<number> {
    await repo.failAfterFailedPart(task.task_id, EARLIER_PART_FAILED, now);
    const outcomes = await repo.outcomesSince(task.task_id, task.counted_from);
    if (failuresPassThreshold(outcomes.failed, outcomes.finished, task.failure_threshold_pct)) {
      await repo.move(task.task_id, ['running'], 'paused', now, { reason: 'failures' });
      log.warn({ taskId: task.task_id, ...outcomes }, 'upgrade task paused: failures passed its threshold');
      return 0;
    }
    if (await repo.completeIfDone(task.task_id, now)) {
      log.info({ taskId: task.task_id }, 'upgrade task completed');
      return 0;
    }
    const rows = await repo.progress(task.task_id);
    const stations = [...new Set(rows.filter((row) => row.state === 'queued').map((row) => row.station_id))];
    const plan = rolloutPlan(task.state, rows, await repo.pcsGapStations(stations, now), now);
    let sent = 0;
    for (const row of plan.send) {
      try {
        await send(task, rows.find((candidate) => candidate.id === row.id)!, now);
        sent += 1;
      } catch (error) {
        // the row stays queued: the next run tries again
        log.warn({ err: error, taskId: task.task_id, rowId: row.id }, 'upgrade not sent yet');
      }
    }
    return sent;
  }

  const handle = options.jobs.register({
    name: ROLLOUT_JOB,
    everyS: ROLLOUT_EVERY_S,
    async run(_payload, job) {
      await repo.requeueExpired(job.now);
      await repo.settleSent(job.now);
      let sent = 0;
      for (const task of await repo.rolloutTasks(job.now)) sent += await roll(task, job.now);
      // a device may have answered before its row named the command
      if (sent > 0 && (await repo.settleSent(job.now)).finished > 0) await handle.trigger();
    },
  });
  return { trigger: () => handle.trigger() };
}
