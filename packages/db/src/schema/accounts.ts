import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
    /** argon2id of a level-1 installer's tree settings password: the devices of its tree without their own take it. */
    settingsPwdHash: text('settings_pwd_hash'),
    /**
     * The platform operator (PRODUCT.md §8): the account created from INSTALLER_* at start-up, and no
     * other; only it keeps the firmware catalogue.
     */
    isOperator: boolean('is_operator').notNull().default(false),
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

/**
 * An installer's invitation to an end user without installer (`addInstallerUser`). Nothing about
 * the account changes until its owner accepts; the inviter is never told whether it exists. One
 * pending invitation per account and installer.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    invitationId: integer('invitation_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    /** The end user invited. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The installer the account goes under once accepted (the inviter or one of its sub-installers). */
    installerId: integer('installer_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** pending, accepted or declined; a pending one past `expires_at` is expired. */
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_invitations_pending_key')
      .on(t.userId, t.installerId)
      .where(sql`${t.state} = 'pending'`),
    index('user_invitations_user_idx').on(t.userId),
    check('user_invitations_state_check', sql`${t.state} in ('pending', 'accepted', 'declined')`),
  ],
);

/**
 * A change of an account's email waiting for the code mailed to the new address: `users.email`
 * changes only once that code comes back, so it always holds an address its owner confirmed (or
 * gave when the account was made). One pending change per account; only the code's hash is kept.
 */
export const emailChanges = pgTable('email_changes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  /** Who asked: the account itself or an installer of its tree. */
  requestedBy: integer('requested_by').references(() => users.userId, { onDelete: 'set null' }),
  codeHash: text('code_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
});
