import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { devices, stations } from './fleet.ts';
import { deviceAlarms } from './telemetry.ts';

/**
 * Every alarm event the portal was told of, once each: raises and clears of devices, what an
 * `online` status's `active_alarms` implied, and the portal's own communication-lost events. The
 * alarms of a device, code and part are these events replayed in time order, so repeated and
 * reordered events give the same alarms as the clean stream (README.md "Alarms and messages").
 */
export const deviceAlarmEvents = pgTable(
  'device_alarm_events',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    code: integer('code').notNull(),
    /** EMS 5000 part, '' for the device itself. */
    part: text('part').notNull().default(''),
    /** When the fault started or ended: the device's clock (the portal's for its own events). */
    ts: timestamp('ts', { withTimezone: true, precision: 3 }).notNull(),
    /** raise or clear. */
    event: text('event').notNull(),
    /** The device's sequence number, which orders events of one instant; null for the portal's. */
    seq: bigint('seq', { mode: 'number' }),
    /** device (an alarm message), status (an online status's active list) or server. */
    source: text('source').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.code, t.part, t.ts, t.event] }),
    check('device_alarm_events_event_check', sql`${t.event} in ('raise', 'clear')`),
  ],
);

/** Abnormal reports (SPEC.md §3): an installer's record of a problem on a station, open until closed. */
export const alarmReports = pgTable(
  'alarm_reports',
  {
    reportId: integer('report_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.deviceId, { onDelete: 'set null' }),
    alarmId: integer('alarm_id').references(() => deviceAlarms.alarmId, { onDelete: 'set null' }),
    description: text('description').notNull(),
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.userId, { onDelete: 'set null' }),
  },
  (t) => [
    index('alarm_reports_station_idx').on(t.stationId, t.createdAt),
    check('alarm_reports_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** The handling opinions of a report, oldest first. */
export const alarmReportOpinions = pgTable(
  'alarm_report_opinions',
  {
    opinionId: integer('opinion_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    reportId: integer('report_id')
      .notNull()
      .references(() => alarmReports.reportId, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_report_opinions_report_idx').on(t.reportId)],
);

/**
 * The quiet period of alarm notices, per user and device: the first alarm after a quiet period is
 * told (a message, and a mail when its severity is chosen); later ones within it only when more
 * severe than any told in it (`max_rank`: warning 1, fault 2, critical 3).
 */
export const alarmNoticeWindows = pgTable(
  'alarm_notice_windows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    maxRank: smallint('max_rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);
