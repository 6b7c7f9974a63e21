import {
  type DeviceType,
  type FirmwarePart,
  firmwareParts,
  type Page,
  PCS_UPGRADE_GAP_MS,
  type UpgradePauseReason,
  type UpgradeRecord,
  type UpgradeTaskState,
  upgradePauseReasons,
  upgradeRowStates,
  upgradeTaskStates,
} from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pagedRows } from '../../platform/paged-rows.ts';
import type { PageWindow } from '../../platform/search.ts';
import { applyCommandOutcomes, partOrderSql } from './outcome-store.ts';

/**
 * All SQL of upgrade tasks (`upgrade_tasks`, `upgrade_task_devices`) and what they read of the
 * catalogue and the fleet. Times are parameters from the caller's clock.
 */

const part = z.enum(firmwareParts);
const versions = z
  .record(z.string(), z.unknown())
  .nullable()
  .transform((value) => {
    const known: Partial<Record<FirmwarePart, string>> = {};
    for (const [key, version] of Object.entries(value ?? {}))
      if ((firmwareParts as readonly string[]).includes(key) && typeof version === 'string')
        known[key as FirmwarePart] = version;
    return known;
  });

/** A device as a task sees it: its model and what it runs of each part. */
const taskDeviceRow = z.object({
  device_id: column.int,
  sn: column.text,
  device_type: column.int.transform((value) => value as DeviceType),
  model: column.text,
  station_id: column.int,
  station_name: column.text,
  status: z.enum(['online', 'offline', 'alarm']),
  firmware_version: column.text.nullable(),
  firmware_parts: versions,
});
export type TaskDevice = z.output<typeof taskDeviceRow>;

const modelRow = z.object({
  model_id: column.int,
  name: column.text,
  device_type: column.int,
  parts: z.array(part),
});
export type CatalogueModel = z.output<typeof modelRow>;

const fileRow = z.object({
  file_id: column.int,
  model_id: column.int,
  part,
  name: column.text,
  version: column.text,
  min_version: column.text.nullable(),
  size_bytes: column.int,
  sha256: column.text,
  signature: column.text,
  notes: z.record(z.string(), z.string()),
  created_at: column.isoInstant,
  withdrawn: z.boolean(),
});
export type CatalogueFile = z.output<typeof fileRow>;

const taskRow = z.object({
  task_id: column.int,
  name: column.text,
  owner_id: column.int,
  model: column.text,
  device_type: column.int,
  files: z.array(z.object({ file_id: column.int, part })),
  state: z.enum(upgradeTaskStates),
  pause_reason: z.enum(upgradePauseReasons).nullable(),
  start_at: column.instant,
  canary_size: column.int,
  batch_size: column.int,
  failure_threshold_pct: column.int,
  counted_from: column.instant,
  created_by_id: column.int.nullable(),
  created_by: column.text.nullable(),
  created_at: column.isoInstant,
  finished_at: column.isoInstant.nullable(),
});
export type TaskRow = z.output<typeof taskRow>;

const selectTask = sql`select t.task_id, t.name, t.owner_id, t.model, t.device_type, t.files, t.state, t.pause_reason,
    t.start_at, t.canary_size, t.batch_size, t.failure_threshold_pct, t.counted_from,
    t.created_by as created_by_id, u.user_name as created_by, t.created_at, t.finished_at
  from upgrade_tasks t left join users u on u.user_id = t.created_by`;

/** How many rows of a task stand where: the material of its counts and current stage. */
const tallyRow = z.object({
  task_id: column.int,
  stage: column.int,
  state: z.enum(upgradeRowStates),
  status: column.int.nullable(),
  rows: column.int,
});
export type TaskTally = z.output<typeof tallyRow>;

/** One row of a task with its device, station and file. */
const progressRow = z.object({
  id: column.int,
  device_id: column.int,
  sn: column.text,
  station_id: column.int,
  station_name: column.text,
  device_state: z.enum(['online', 'offline', 'alarm']),
  position: column.int,
  stage: column.int,
  part,
  file_id: column.int,
  file_name: column.text,
  sha256: column.text,
  signature: column.text,
  size_bytes: column.int,
  from_version: column.text.nullable(),
  version: column.text,
  state: z.enum(upgradeRowStates),
  status: column.int.nullable(),
  progress_pct: column.int.nullable(),
  message: column.text.nullable(),
  sent_at: column.isoInstant.nullable(),
  finished_at: column.isoInstant.nullable(),
  updated_at: column.isoInstant,
});
export type ProgressRow = z.output<typeof progressRow>;

const recordRow = z.object({
  task_id: column.int,
  part,
  file: column.text,
  from_version: column.text.nullable(),
  version: column.text,
  state: z.enum(upgradeRowStates),
  status: column.int.nullable(),
  progress_pct: column.int.nullable(),
  message: column.text.nullable(),
  time: column.isoInstant,
  created_by: column.text.nullable(),
});

/** A new task and its rows, one per device and file. */
export interface NewTask {
  name: string;
  ownerId: number;
  model: string;
  deviceType: number;
  files: { file_id: number; part: FirmwarePart }[];
  startAt: Date;
  canarySize: number;
  batchSize: number;
  failureThresholdPct: number;
  createdBy: number;
  createdAt: Date;
  rows: {
    deviceId: number;
    stationId: number;
    position: number;
    stage: number;
    fileId: number;
    part: FirmwarePart;
    fromVersion: string | null;
  }[];
}

const unfinishedTask = sql`t.state in ('scheduled', 'running', 'paused')`;

/** Serialises task additions, so the busy-device and busy-part checks hold until the insert commits. */
const ADD_LOCK = sql`select pg_advisory_xact_lock(hashtext('upgrade_tasks.add'))`;

export function tasksRepository(db: Database) {
  return {
    ...taskQueries(db),
    /** Runs `work` in one transaction holding the additions' lock, with the queries over it. */
    async adding<T>(work: (queries: TaskQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        await tx.execute(ADD_LOCK);
        return work(taskQueries(tx));
      });
    },
  };
}

export type TasksRepository = ReturnType<typeof tasksRepository>;
export type TaskQueries = ReturnType<typeof taskQueries>;

function taskQueries(db: Database) {
  return {
    async devices(deviceIds: readonly number[]): Promise<TaskDevice[]> {
      if (deviceIds.length === 0) return [];
      return queryParsed(
        db,
        taskDeviceRow,
        sql`select d.device_id, d.sn, d.device_type, d.model, d.station_id, s.station_name, d.status,
                   d.firmware_version, d.firmware_parts
            from devices d join stations s on s.station_id = d.station_id
            where d.device_id in (${list(deviceIds)})`,
      );
    },

    /** The catalogue's model of this name (any case). */
    async model(name: string): Promise<CatalogueModel | undefined> {
      const [row] = await queryParsed(
        db,
        modelRow,
        sql`select model_id, name, device_type, parts from firmware_models where lower(name) = lower(${name})`,
      );
      return row;
    },

    /** Files of these ids, withdrawn ones too (they say so). */
    async files(fileIds: readonly number[]): Promise<CatalogueFile[]> {
      if (fileIds.length === 0) return [];
      return queryParsed(db, fileRow, sql`${selectFile} where f.file_id in (${list(fileIds)})`);
    },

    /** A model's files not withdrawn, newest first. */
    async modelFiles(modelId: number): Promise<CatalogueFile[]> {
      return queryParsed(
        db,
        fileRow,
        sql`${selectFile} where f.model_id = ${modelId} and f.deleted_at is null
            order by f.created_at desc, f.file_id desc`,
      );
    },

    /** Of these devices, those with a row queued or sent (in an unfinished upgrade). */
    async busyDevices(deviceIds: readonly number[]): Promise<Set<number>> {
      if (deviceIds.length === 0) return new Set();
      const rows = await queryParsed(
        db,
        z.object({ device_id: column.int }),
        sql`select distinct device_id from upgrade_task_devices
            where device_id in (${list(deviceIds)}) and state in ('queued', 'sent')`,
      );
      return new Set(rows.map((row) => row.device_id));
    },

    /** The parts of `model` an unfinished task of the owner's tree upgrades. */
    async busyParts(ownerId: number, model: string): Promise<Set<FirmwarePart>> {
      const rows = await queryParsed(
        db,
        z.object({ part }),
        sql`select distinct f->>'part' as part from upgrade_tasks t, jsonb_array_elements(t.files) f
            where t.owner_id = ${ownerId} and lower(t.model) = lower(${model}) and ${unfinishedTask}`,
      );
      return new Set(rows.map((row) => row.part));
    },

    /** Stores a task and its rows; answers its id. */
    async insert(task: NewTask): Promise<number> {
      const [row] = await queryParsed(
        db,
        z.object({ task_id: column.int }),
        sql`insert into upgrade_tasks (name, owner_id, model, device_type, files, state, start_at, canary_size,
              batch_size, failure_threshold_pct, counted_from, created_by, created_at)
            values (${task.name}, ${task.ownerId}, ${task.model}, ${task.deviceType}, ${JSON.stringify(task.files)}::jsonb,
              'scheduled', ${task.startAt.toISOString()}, ${task.canarySize}, ${task.batchSize},
              ${task.failureThresholdPct}, ${task.startAt.toISOString()}, ${task.createdBy}, ${task.createdAt.toISOString()})
            returning task_id`,
      );
      if (!row) throw new Error('upgrade task not added');
      await db.execute(
        sql`insert into upgrade_task_devices (task_id, device_id, station_id, position, stage, file_id, part,
              from_version, updated_at)
            select ${row.task_id}, r.device_id, r.station_id, r.position, r.stage, r.file_id, r.part, r.from_version,
                   ${task.createdAt.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(
              task.rows.map((entry) => ({
                device_id: entry.deviceId,
                station_id: entry.stationId,
                position: entry.position,
                stage: entry.stage,
                file_id: entry.fileId,
                part: entry.part,
                from_version: entry.fromVersion,
              })),
            )}::jsonb) as r(device_id int, station_id int, position int, stage int, file_id int, part text,
                           from_version text)
            order by r.position, ${partOrderSql}`,
      );
      return row.task_id;
    },

    /** The owner's tasks, newest first, of one state or all. */
    async list(
      ownerId: number,
      state: UpgradeTaskState | undefined,
      page: PageWindow,
    ): Promise<Page<TaskRow>> {
      const where = sql`t.owner_id = ${ownerId}${state ? sql` and t.state = ${state}` : sql``}`;
      return pagedRows(db, taskRow, {
        from: sql`upgrade_tasks t where ${where}`,
        select: sql`${selectTask} where ${where} order by t.created_at desc, t.task_id desc`,
        page,
      });
    },

    /** A task of the owner's tree; undefined for any other id. */
    async task(taskId: number, ownerId: number): Promise<TaskRow | undefined> {
      const [row] = await queryParsed(
        db,
        taskRow,
        sql`${selectTask} where t.task_id = ${taskId} and t.owner_id = ${ownerId}`,
      );
      return row;
    },

    /** Tasks the rollout works on: running ones (scheduled ones whose start came are made running at `now` first). */
    async rolloutTasks(now: Date): Promise<TaskRow[]> {
      const at = now.toISOString();
      await db.execute(
        sql`update upgrade_tasks set state = 'running', counted_from = ${at}
            where state = 'scheduled' and start_at <= ${at}`,
      );
      return queryParsed(db, taskRow, sql`${selectTask} where t.state = 'running' order by t.task_id`);
    },

    /** Rows by task, stage, state and status. */
    async tallies(taskIds: readonly number[]): Promise<TaskTally[]> {
      if (taskIds.length === 0) return [];
      return queryParsed(
        db,
        tallyRow,
        sql`select task_id, stage, state, status, count(*) as rows from upgrade_task_devices
            where task_id in (${list(taskIds)}) group by task_id, stage, state, status`,
      );
    },

    /** Devices of each task. */
    async deviceCounts(taskIds: readonly number[]): Promise<Map<number, number>> {
      if (taskIds.length === 0) return new Map();
      const rows = await queryParsed(
        db,
        z.object({ task_id: column.int, devices: column.int }),
        sql`select task_id, count(distinct device_id) as devices from upgrade_task_devices
            where task_id in (${list(taskIds)}) group by task_id`,
      );
      return new Map(rows.map((row) => [row.task_id, row.devices]));
    },

    /** The files a task names, as they are (withdrawn ones too). */
    fileSummaries(fileIds: readonly number[]) {
      if (fileIds.length === 0) return Promise.resolve([]);
      return queryParsed(
        db,
        z.object({ file_id: column.int, part, name: column.text, version: column.text }),
        sql`select file_id, part, name, version from firmware_files where file_id in (${list(fileIds)})`,
      );
    },

    /**
     * A task's rows in rollout order (position, then part) with their device, station and file. Up
     * to 1,000 devices × 5 parts: parsed row by row like a page (about 20 columns × 5,000 rows).
     */
    async progress(taskId: number): Promise<ProgressRow[]> {
      return queryParsed(
        db,
        progressRow,
        sql`select r.id, r.device_id, d.sn, r.station_id, s.station_name, d.status as device_state, r.position,
                   r.stage, r.part, r.file_id, f.name as file_name, f.sha256, f.signature, f.size_bytes,
                   r.from_version, f.version, r.state, r.status, r.progress_pct, r.message, r.sent_at, r.finished_at,
                   r.updated_at
            from upgrade_task_devices r
            join devices d on d.device_id = r.device_id
            join stations s on s.station_id = r.station_id
            join firmware_files f on f.file_id = r.file_id
            where r.task_id = ${taskId}
            order by r.position, ${partOrderSql}`,
      );
    },

    /**
     * Of these stations, those where a PCS upgrade is under way or ended less than
     * PCS_UPGRADE_GAP_MS before `now` (SPEC.md §9), whatever the task.
     */
    async pcsGapStations(stationIds: readonly number[], now: Date): Promise<Set<number>> {
      if (stationIds.length === 0) return new Set();
      const since = new Date(now.getTime() - PCS_UPGRADE_GAP_MS).toISOString();
      const rows = await queryParsed(
        db,
        z.object({ station_id: column.int }),
        sql`select distinct station_id from upgrade_task_devices
            where station_id in (${list(stationIds)}) and part = 'PCS'
              and (state = 'sent' or (state in ('succeeded', 'failed') and finished_at > ${since}))`,
      );
      return new Set(rows.map((row) => row.station_id));
    },

    /** Sent rows take what their command became since (a reply that came before the row named it). */
    settleSent(now: Date) {
      return applyCommandOutcomes(db, sql`true`, now);
    },

    /** Sent rows whose command expired (the device was away for its whole time) wait to be sent again. */
    async requeueExpired(now: Date): Promise<number> {
      const rows = await queryParsed(
        db,
        z.object({ id: column.int }),
        sql`update upgrade_task_devices r set state = 'queued', status = null, progress_pct = null,
              command_id = null, sent_at = null, updated_at = ${now.toISOString()}
            from device_commands c
            where c.command_id = r.command_id and r.state = 'sent' and c.state = 'expired'
            returning r.id`,
      );
      return rows.length;
    },

    /** Queued rows of a device whose earlier part failed in the task fail too, with `message`. */
    async failAfterFailedPart(taskId: number, message: string, now: Date): Promise<void> {
      await db.execute(
        sql`update upgrade_task_devices r set state = 'failed', status = null, message = ${message},
              finished_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
            where r.task_id = ${taskId} and r.state = 'queued' and exists (
              select 1 from upgrade_task_devices e
              where e.task_id = r.task_id and e.device_id = r.device_id and e.state = 'failed'
                and array_position(array[${sql.raw(firmwareParts.map((name) => `'${name}'`).join(', '))}]::text[], e.part)
                    < ${partOrderSql})`,
      );
    },

    /** Outcomes of rows the task sent that finished since `from`: the failure threshold's count. */
    async outcomesSince(taskId: number, from: Date): Promise<{ failed: number; finished: number }> {
      const [row] = await queryParsed(
        db,
        z.object({ failed: column.int, finished: column.int }),
        sql`select count(*) filter (where state = 'failed') as failed, count(*) as finished
            from upgrade_task_devices
            where task_id = ${taskId} and state in ('succeeded', 'failed') and sent_at is not null
              and finished_at >= ${from.toISOString()}`,
      );
      return { failed: row?.failed ?? 0, finished: row?.finished ?? 0 };
    },

    /** The task's attempts of a row so far whose command expired (the next one's client key counts them). */
    async expiredAttempts(rowId: number, deviceId: number): Promise<number> {
      const [row] = await queryParsed(
        db,
        z.object({ n: column.int }),
        sql`select count(*) as n from device_commands
            where device_id = ${deviceId} and client_key like ${`upgrade-row-${rowId}-%`} and state = 'expired'`,
      );
      return row?.n ?? 0;
    },

    /** A queued row went out as `commandId` at `now`. */
    async markSent(rowId: number, commandId: string, now: Date): Promise<void> {
      const at = now.toISOString();
      await db.execute(
        sql`update upgrade_task_devices set state = 'sent', status = 0, progress_pct = 0, message = null,
              command_id = ${commandId}, sent_at = ${at}, updated_at = ${at}
            where id = ${rowId} and state = 'queued'`,
      );
    },

    /** A running task whose rows are all final is completed at `now`; answers whether it was. */
    async completeIfDone(taskId: number, now: Date): Promise<boolean> {
      const rows = await queryParsed(
        db,
        z.object({ task_id: column.int }),
        sql`update upgrade_tasks t set state = 'completed', finished_at = ${now.toISOString()}
            where t.task_id = ${taskId} and t.state = 'running' and not exists (
              select 1 from upgrade_task_devices r where r.task_id = t.task_id and r.state in ('queued', 'sent'))
            returning t.task_id`,
      );
      return rows.length > 0;
    },

    /**
     * Moves a task from one of `from` to `to` (pausing with `reason`, counting outcomes again from
     * `countedFrom` when given); answers whether it moved. A cancelled task's queued rows are
     * cancelled with it.
     */
    async move(
      taskId: number,
      from: readonly UpgradeTaskState[],
      to: UpgradeTaskState,
      now: Date,
      options: { reason?: UpgradePauseReason; countedFrom?: Date } = {},
    ): Promise<boolean> {
      const at = now.toISOString();
      const over = to === 'cancelled' || to === 'completed';
      const rows = await queryParsed(
        db,
        z.object({ task_id: column.int }),
        sql`update upgrade_tasks set state = ${to}, pause_reason = ${options.reason ?? null},
              counted_from = coalesce(${options.countedFrom?.toISOString() ?? null}::timestamptz, counted_from),
              finished_at = case when ${over} then ${at}::timestamptz else finished_at end
            where task_id = ${taskId} and state in (${list(from)})
            returning task_id`,
      );
      if (rows.length === 0) return false;
      if (to === 'cancelled')
        await db.execute(
          sql`update upgrade_task_devices set state = 'cancelled', finished_at = ${at}, updated_at = ${at}
              where task_id = ${taskId} and state = 'queued'`,
        );
      return true;
    },

    /** A device's upgrade records, newest first (SPEC.md §3). */
    async records(deviceId: number, page: PageWindow): Promise<Page<UpgradeRecordRow>> {
      return pagedRows(db, recordRow, {
        from: sql`upgrade_task_devices r where r.device_id = ${deviceId}`,
        select: sql`select r.task_id, r.part, f.name as file, r.from_version, f.version, r.state, r.status,
                           r.progress_pct, r.message, r.updated_at as time, u.user_name as created_by
                    from upgrade_task_devices r
                    join firmware_files f on f.file_id = r.file_id
                    join upgrade_tasks t on t.task_id = r.task_id
                    left join users u on u.user_id = t.created_by
                    where r.device_id = ${deviceId}
                    order by r.updated_at desc, r.id desc`,
        page,
      });
    },
  };
}

export type UpgradeRecordRow = Omit<UpgradeRecord, 'status'> & { status: number | null };

const selectFile = sql`select f.file_id, f.model_id, f.part, f.name, f.version, f.min_version, f.size_bytes, f.sha256,
    f.signature, f.notes, f.created_at, f.deleted_at is not null as withdrawn from firmware_files f`;

function list(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
