import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Every mail the portal sends, kept whether delivered by SMTP or only written to the outbox. Its
 * delivery is a `mail.deliver` job: tried again with backoff until `sent_at`, or `given_up_at`.
 */
export const outbox = pgTable('outbox', {
  mailId: bigint('mail_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  /** Files sent with the mail: [{filename, content_type, base64}] (a self-test report). */
  attachments: jsonb('attachments').$type<{ filename: string; content_type: string; base64: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** The last failed try's reason (kept after a later success, for the record). */
  error: text('error'),
  /** Delivery tries so far. */
  attempts: integer('attempts').notNull().default(0),
  /** No more tries (too many, or too long after it was kept); the log says so too. */
  givenUpAt: timestamp('given_up_at', { withTimezone: true }),
});

/**
 * Failure counters for throttling (sign-in per account and per client address). Kept in the
 * database so that every replica sees the same counts.
 */
export const throttles = pgTable('throttles', {
  throttleKey: text('throttle_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Single-use tickets, by `kind`. Downloads (the exports): the call that checks the caller and the
 * filter answers a ticket, and a GET with it streams the file once, without a token (a browser
 * download cannot send one). `statistics`: the fleet dashboard's link, traded once for a dashboard
 * token. Only the SHA-256 of the ticket is kept.
 */
export const downloadTickets = pgTable('download_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  /** What to produce: the filter of the list, as checked by the call. */
  params: jsonb('params').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
