import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.ts';
import { devices, stations } from './fleet.ts';

/*
 * What devices report (docs/device-protocol.md). The raw readings live in `readings`, a table
 * partitioned by month of `ts` that migration 0004 creates by hand (drizzle-kit does not write
 * partitioned tables); its shape is:
 *
 *   readings (device_id integer, ts timestamptz, seq bigint, values jsonb, received_at timestamptz,
 *             primary key (device_id, ts)) partition by range (ts)
 *
 * One reading per device and instant: a repeated message is stored once.
 */

/** The newest reading of each device, and the counters energy differences start from. */
export const deviceLatest = pgTable('device_latest', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.deviceId, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  /** Flattened values (`part.field` for the parts of an EMS 5000). */
  values: jsonb('values').notNull(),
  /** The device type's headline power (contracts `headlineFigures`), W. */
  powerW: doublePrecision('power_w'),
  /** PV power of the reading, W: one device's (parallel inverters); a station's is contracts' `stationPvPowerW`. */
  pvPowerW: doublePrecision('pv_power_w'),
  /** Lifetime value of the headline counter, kWh. */
  totalKwh: doublePrecision('total_kwh'),
});

const energyColumns = {
  pvKwh: doublePrecision('pv_kwh').notNull().default(0),
  chargeKwh: doublePrecision('charge_kwh').notNull().default(0),
  dischargeKwh: doublePrecision('discharge_kwh').notNull().default(0),
  importKwh: doublePrecision('import_kwh').notNull().default(0),
  exportKwh: doublePrecision('export_kwh').notNull().default(0),
  loadKwh: doublePrecision('load_kwh').notNull().default(0),
  evKwh: doublePrecision('ev_kwh').notNull().default(0),
  generatorKwh: doublePrecision('generator_kwh').notNull().default(0),
};

/**
 * Energy of a device per station-local day ('d'), month ('m') and year ('y'); `period_start` is
 * the first day of the period. Each figure is the sum of the positive differences of the
 * device's counter between consecutive readings, counted in the period of the later reading.
 */
export const deviceEnergy = pgTable(
  'device_energy',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    period: char('period', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    ...energyColumns,
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.period, t.periodStart] })],
);

/**
 * Energy of a station per local day, month and year: the sum over the devices it held, kept
 * when a device is later removed (the plant did produce that energy).
 */
export const stationEnergy = pgTable(
  'station_energy',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    period: char('period', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    ...energyColumns,
  },
  (t) => [primaryKey({ columns: [t.stationId, t.period, t.periodStart] })],
);

/**
 * Device days whose energy must be counted again from the raw readings, because a reading
 * arrived older than the device's newest one (a logger sending its buffer late, a reordered
 * stream). A job empties it.
 */
export const energyRecount = pgTable(
  'energy_recount',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * Alarms (PRODUCT.md §4): the intervals in which a fault was happening, as the ordered events of
 * `device_alarm_events` (schema/alarms.ts) give them. One alarm of a code (and part) is happening
 * at a time per device; it ends when the device clears it, reports itself back without it, or (for
 * the portal's communication-lost alarm) reports again. Processing is an installer's act.
 */
export const deviceAlarms = pgTable(
  'device_alarms',
  {
    alarmId: integer('alarm_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    code: integer('code').notNull(),
    /** EMS 5000 part, '' for the device itself. */
    part: text('part').notNull().default(''),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** When the portal learned of the alarm (its acquisition time). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The catalogue's severity when the alarm opened (warning, fault, critical). */
    severity: text('severity').notNull().default('fault'),
    /** device: the device raised it; server: the portal saw it (communication lost). */
    source: text('source').notNull().default('device'),
    processingState: text('processing_state').notNull().default('unprocessed'),
    /** Handling opinion of the latest processing. */
    opinion: text('opinion'),
    processedBy: integer('processed_by').references(() => users.userId, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Opened as happening and not yet turned into messages and mail (the notifier takes it). */
    noticePending: boolean('notice_pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('device_alarms_open_key').on(t.deviceId, t.code, t.part).where(sql`${t.clearedAt} is null`),
    uniqueIndex('device_alarms_raise_key').on(t.deviceId, t.code, t.part, t.raisedAt),
    index('device_alarms_raised_idx').on(t.raisedAt),
    index('device_alarms_device_idx').on(t.deviceId, t.raisedAt),
    index('device_alarms_notice_idx').on(t.alarmId).where(sql`${t.noticePending}`),
    check('device_alarms_severity_check', sql`${t.severity} in ('warning', 'fault', 'critical')`),
    check('device_alarms_source_check', sql`${t.source} in ('device', 'server')`),
    check('device_alarms_processing_check', sql`${t.processingState} in ('unprocessed', 'processed')`),
    check('device_alarms_order_check', sql`${t.clearedAt} is null or ${t.clearedAt} >= ${t.raisedAt}`),
  ],
);

/** Commands sent to devices and what became of them (PRODUCT.md §4 "Commands"). */
export const deviceCommands = pgTable(
  'device_commands',
  {
    commandId: text('command_id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').notNull(),
    /** pending → sent → acknowledged → succeeded | failed; pending or sent → expired. */
    state: text('state').notNull().default('pending'),
    upgradeStatus: integer('upgrade_status'),
    progressPct: integer('progress_pct'),
    message: text('message'),
    /** Why the device failed it (protocol `error`), when it says. */
    error: text('error'),
    /** Values the device answered (a read, or its values after a settings change). */
    answer: jsonb('answer'),
    /** A self-test's rows. */
    report: jsonb('report'),
    /** The client's key: the same key again is the same command (idempotency). */
    clientKey: text('client_key'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached succeeded, failed or expired. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.state),
    index('device_commands_device_created_idx').on(t.deviceId, t.createdAt),
    uniqueIndex('device_commands_client_key')
      .on(t.deviceId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** A device's parameter values as it last answered them (control/device-settings.ts), one row per device. */
export const deviceSettings = pgTable('device_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.deviceId, { onDelete: 'cascade' }),
  values: jsonb('values').notNull(),
  /** When the device answered them, by the portal's clock. */
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  commandId: text('command_id').notNull(),
});

/** Devices unlocked by their settings password, per sign-in, until a time (30 minutes). */
export const deviceUnlocks = pgTable(
  'device_unlocks',
  {
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.deviceId] })],
);

/**
 * A device's refused or dropped messages, with the reason (never the payload), kept to the last
 * 50 per device: its installer's view of an integration's mistakes.
 */
export const deviceDiagnostics = pgTable(
  'device_diagnostics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    topic: text('topic'),
    detail: text('detail').notNull(),
  },
  (t) => [index('device_diagnostics_device_idx').on(t.deviceId, t.at)],
);
