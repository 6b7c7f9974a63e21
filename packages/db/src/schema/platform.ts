import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
