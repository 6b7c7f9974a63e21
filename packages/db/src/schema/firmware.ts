import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { devices, stations } from './fleet.ts';

/**
 * Firmware (PRODUCT.md §8 "Firmware", contracts firmware.ts): the platform operator's catalogue of
 * series → models → signed files, the staged images not yet published, the short-lived download
 * links devices get, and installers' upgrade tasks with one row per device and file.
 */

export const firmwareSeries = pgTable(
  'firmware_series',
  {
    seriesId: integer('series_id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firmware_series_name_key').on(sql`lower(${t.name})`)],
);

/** A model binds devices (`devices.model`, the same text) to a series and says which parts it has. */
export const firmwareModels = pgTable(
  'firmware_models',
  {
    modelId: integer('model_id').primaryKey().generatedAlwaysAsIdentity(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => firmwareSeries.seriesId, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    deviceType: smallint('device_type').notNull(),
    /** The parts firmware can target (contracts `firmwareParts`), as a JSON array. */
    parts: jsonb('parts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firmware_models_name_key').on(sql`lower(${t.name})`),
    index('firmware_models_series_idx').on(t.seriesId),
  ],
);

/**
 * A published firmware file: its image is stored content-addressed by `sha256` (several files may
 * share one image), and `signature` verified with the FIRMWARE_KEYS key `key_id` when it was added.
 * A withdrawn file (`deleted_at`) stays for the upgrade records that name it.
 */
export const firmwareFiles = pgTable(
  'firmware_files',
  {
    fileId: integer('file_id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => firmwareModels.modelId, { onDelete: 'restrict' }),
    part: text('part').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    minVersion: text('min_version'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    /** Release notes by language code. */
    notes: jsonb('notes').notNull().default({}),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('firmware_files_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('firmware_files_model_idx').on(t.modelId),
  ],
);

/** An image streamed into the staging area, waiting to be published by `api/firmware/file/add`. */
export const firmwareUploads = pgTable('firmware_uploads', {
  uploadId: text('upload_id').primaryKey(),
  fileName: text('file_name').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device's short-lived download address of one image: the URL carries a random token, of which
 * only the SHA-256 is kept. Any number of (range) requests until `expires_at`.
 */
export const firmwareLinks = pgTable(
  'firmware_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firmware_links_expires_idx').on(t.expiresAt)],
);

/** An installer's upgrade task: devices of one model, one file per part, rolled out in stages. */
export const upgradeTasks = pgTable(
  'upgrade_tasks',
  {
    taskId: integer('task_id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The installer tree's level-1 installer: the tree's installers see and steer the task. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    deviceType: smallint('device_type').notNull(),
    /** [{file_id, part}] in the order devices get them. */
    files: jsonb('files').notNull(),
    /** contracts `upgradeTaskStates`. */
    state: text('state').notNull().default('scheduled'),
    pauseReason: text('pause_reason'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    canarySize: integer('canary_size').notNull(),
    batchSize: integer('batch_size').notNull(),
    failureThresholdPct: integer('failure_threshold_pct').notNull(),
    /** Outcomes from this time on count toward the failure threshold (set at start and on resume). */
    countedFrom: timestamp('counted_from', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('upgrade_tasks_owner_idx').on(t.ownerId, t.taskId),
    index('upgrade_tasks_active_idx').on(t.state).where(sql`${t.state} in ('scheduled', 'running')`),
    check(
      'upgrade_tasks_state_check',
      sql`${t.state} in ('scheduled', 'running', 'paused', 'cancelled', 'completed')`,
    ),
  ],
);

/**
 * One device's upgrade of one file in a task (SPEC.md §3's upgrade record): where it stands
 * (contracts `upgradeRowStates`), the SPEC §4 status its command last reported, and the command.
 */
export const upgradeTaskDevices = pgTable(
  'upgrade_task_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => upgradeTasks.taskId, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    /** The device's place in the task's order (0-based); its stage follows from it. */
    position: integer('position').notNull(),
    stage: integer('stage').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => firmwareFiles.fileId, { onDelete: 'restrict' }),
    part: text('part').notNull(),
    fromVersion: text('from_version'),
    state: text('state').notNull().default('queued'),
    status: smallint('status'),
    progressPct: smallint('progress_pct'),
    message: text('message'),
    commandId: text('command_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('upgrade_task_devices_task_idx').on(t.taskId, t.position),
    index('upgrade_task_devices_device_idx').on(t.deviceId, t.updatedAt),
    uniqueIndex('upgrade_task_devices_command_key').on(t.commandId),
    index('upgrade_task_devices_station_idx').on(t.stationId, t.finishedAt),
    check(
      'upgrade_task_devices_state_check',
      sql`${t.state} in ('queued', 'sent', 'succeeded', 'failed', 'cancelled')`,
    ),
  ],
);
