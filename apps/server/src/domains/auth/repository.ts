import { type Database, schema } from '@helio/db';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';

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
    }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** The live session of a token hash with its user, or undefined when unknown, expired or revoked. */
    async findLiveSession(tokenHash: string, now: Date) {
      const rows = await db
        .select({
          sessionId: sessions.sessionId,
          userId: users.userId,
          roleId: users.roleId,
          installerLevel: users.installerLevel,
        })
        .from(sessions)
        .innerJoin(users, eq(users.userId, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
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
