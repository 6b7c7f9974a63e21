import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts: installers (role 1, levels 1–3) and end users (role 2). Ids below 1000 are kept for
 * well-known accounts (the demo account is id 5), so the identity starts at 1000.
 */
export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: smallint('role_id').notNull(),
    /** 1–3 for installers, null for end users. */
    installerLevel: smallint('installer_level'),
    /** The installer this account was added under; null for level-1 installers and self-registered users. */
    parentId: integer('parent_id').references((): AnyPgColumn => users.userId),
    language: text('language').notNull().default('en'),
    /** Registration time, kept for every user. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_key').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_parent_idx').on(t.parentId),
    check('users_role_check', sql`${t.roleId} in (1, 2)`),
    check(
      'users_installer_level_check',
      sql`(${t.roleId} = 1 and ${t.installerLevel} between 1 and 3) or (${t.roleId} = 2 and ${t.installerLevel} is null)`,
    ),
  ],
);

/**
 * Sign-in sessions. Only the SHA-256 of the opaque token is stored, so a copy of the table
 * cannot be replayed; revocation is a timestamp so the operation log can show it.
 */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    /**
     * What the token may call: `full` (a sign-in) every call; `statistics` (the fleet dashboard's
     * token) only the calls its routes allow it, the call pipeline refusing it any other.
     */
    scope: text('scope').notNull().default('full'),
    /** The sign-in a dashboard token was made from: the token ends when that session ends. */
    parentSessionId: bigint('parent_session_id', { mode: 'number' }).references(
      (): AnyPgColumn => sessions.sessionId,
      { onDelete: 'cascade' },
    ),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    check('sessions_scope_check', sql`${t.scope} in ('full', 'statistics')`),
    check('sessions_parent_check', sql`(${t.scope} = 'full') = (${t.parentSessionId} is null)`),
  ],
);

/**
 * Password-reset codes. Only an HMAC of the code is kept. A row is written for unknown addresses
 * too (user_id null), so that the answers and the 60-second resend rule do not reveal accounts.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    codeId: bigint('code_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.createdAt)],
);

/** Per-user choices of the web app (e.g. the station list's columns), by key, as JSON. */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    preferenceKey: text('preference_key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.preferenceKey] })],
);
