import { type Database, schema } from '@helio/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

const { emailCodes } = schema;
export type ResetCodeRow = typeof emailCodes.$inferSelect;

/** All SQL of password-reset codes (`email_codes`): one row per code mailed, only its salted hash kept. */
export function resetCodesRepository(db: Database) {
  return {
    /** The newest code of an address. */
    async latest(email: string): Promise<ResetCodeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailCodes)
        .where(eq(emailCodes.email, email))
        .orderBy(desc(emailCodes.createdAt), desc(emailCodes.codeId))
        .limit(1);
      return row;
    },

    async insert(values: {
      email: string;
      userId: number | null;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(emailCodes).values(values);
    },

    async countFailure(codeId: number): Promise<void> {
      await db
        .update(emailCodes)
        .set({ failedAttempts: sql`${emailCodes.failedAttempts} + 1` })
        .where(eq(emailCodes.codeId, codeId));
    },

    /** Marks the code used unless it was used or expired meanwhile; true for the one request that did. */
    async claim(codeId: number, at: Date): Promise<boolean> {
      const claimed = await db
        .update(emailCodes)
        .set({ usedAt: at })
        .where(and(eq(emailCodes.codeId, codeId), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, at)))
        .returning({ codeId: emailCodes.codeId });
      return claimed.length > 0;
    },
  };
}

export type ResetCodesRepository = ReturnType<typeof resetCodesRepository>;
