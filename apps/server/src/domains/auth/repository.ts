import { type Database, schema } from '@helio/db';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { SessionScope } from '../../core/caller.ts';

const { users, sessions } = schema;

export type UserRow = typeof users.$inferSelect;

/** All SQL of the auth domain. */
export function authRepository(db: Database) {
  return {
    /** Finds an account by user name or email, case-insensitively. */
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const needle = login.toLowerCase();
      const rows = await db
        .select()
        .from(users)
        .where(or(eq(sql`lower(${users.userName})`, needle), eq(sql`lower(${users.email})`, needle)))
        .limit(1);
      return rows[0];
    },

    async createSession(values: {
      userId: number;
      tokenHash: string;
      expiresAt: Date;
      clientIp: string | null;
      userAgent: string | null;
      /** A restricted token (the fleet dashboard's) and the sign-in it was made from. */
      scope?: SessionScope;
      parentSessionId?: number;
    }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /**
     * The live session of a token hash with its user, or undefined when unknown, expired or
     * revoked, or when it was made from a sign-in that has since ended.
     */
    async findLiveSession(tokenHash: string, now: Date) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await db
        .select({
          sessionId: sessions.sessionId,
          userId: users.userId,
          roleId: users.roleId,
          installerLevel: users.installerLevel,
          isOperator: users.isOperator,
          scope: sessions.scope,
        })
        .from(sessions)
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            or(
              isNull(sessions.parentSessionId),
              sql`exists (select 1 from sessions parent where parent.session_id = ${sessions.parentSessionId}
                          and parent.revoked_at is null and parent.expires_at > ${at})`,
            ),
          ),
        )
        .limit(1);
      const row = rows[0];
      return row && { ...row, scope: row.scope as SessionScope };
    },

    /** A live sign-in (scope `full`) by its id: its user and when it expires. */
    async findLiveSignIn(sessionId: number, now: Date) {
      const rows = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(
          and(
            eq(sessions.sessionId, sessionId),
            eq(sessions.scope, 'full'),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** The account's language, which its mail is written in. */
    async setLanguage(userId: number, language: string): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.userId, userId));
    },

    async revokeSession(sessionId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
