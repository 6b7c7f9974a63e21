import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stations } from './fleet.ts';

/**
 * Messages of /myLog/myLog, one row per recipient. What a message is about is kept as it was
 * (`params`: station name, SN, code …), so a notice still reads right after a device is removed.
 */
export const messages = pgTable(
  'messages',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** alarm, authorization or system. */
    kind: text('kind').notNull(),
    /** alarm_opened, request_received, request_passed, request_rejected or system. */
    event: text('event').notNull(),
    title: text('title'),
    body: text('body'),
    /** alarm_id, request_id, station_id, station_name, device_id, sn, code, fault_key, severity, raised_at, actor_name. */
    params: jsonb('params').notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.createdAt),
    index('messages_unread_idx').on(t.userId, t.kind).where(sql`${t.readAt} is null`),
    check('messages_kind_check', sql`${t.kind} in ('alarm', 'authorization', 'system')`),
  ],
);

/**
 * Authorization requests (SPEC.md §3–4): an installer asks for a station that holds an SN outside
 * its scope; an account holding the station answers. A passed request is the grant itself: the
 * requester's tree reaches the station for reading and service (tenancy `stationViewScope`).
 */
export const authorizationRequests = pgTable(
  'authorization_requests',
  {
    requestId: integer('request_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.stationId, { onDelete: 'cascade' }),
    /** The SN whose registration answered 2001. */
    sn: text('sn').notNull(),
    note: text('note'),
    /** pending_review → pass | permanent_rejection (contracts `authorizationTransitions`). */
    state: text('state').notNull().default('pending_review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.userId, { onDelete: 'set null' }),
  },
  (t) => [
    // one pending request per requester and station, even when two are sent at once
    uniqueIndex('authorization_requests_pending_key')
      .on(t.requesterId, t.stationId)
      .where(sql`${t.state} = 'pending_review'`),
    index('authorization_requests_station_idx').on(t.stationId, t.state),
    index('authorization_requests_requester_idx').on(t.requesterId, t.state),
    check(
      'authorization_requests_state_check',
      sql`${t.state} in ('pending_review', 'pass', 'permanent_rejection')`,
    ),
  ],
);

/**
 * The operation log: who did what and when. A line belongs to the account that acted and is seen
 * by it and the installers above it. `station_id` has no foreign key, so lines outlive the station.
 */
export const operationLog = pgTable(
  'operation_log',
  {
    logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    stationId: integer('station_id'),
    /** What was acted on, as named then (station name, SN, alarm ids). */
    target: text('target'),
    /** A few plain values; never a secret, a password or a token. */
    detail: jsonb('detail').notNull().default({}),
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_user_idx').on(t.userId, t.createdAt)],
);
