import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Every mail the portal sends, kept whether delivered by SMTP or only written to the outbox. */
export const outbox = pgTable('outbox', {
  mailId: bigint('mail_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
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
