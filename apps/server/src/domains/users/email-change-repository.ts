import { type Database, schema } from '@helio/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import { mapUniqueViolation } from './repository.ts';

const { emailChanges, users } = schema;
export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** All SQL of pending email changes. */
export function emailChangeRepository(db: Database) {
  return {
    async find(userId: number): Promise<EmailChangeRow | undefined> {
      const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
      return row;
    },

    /** The address waiting for its code, while the code is alive. */
    async pendingEmail(userId: number, at: Date): Promise<string | null> {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, at)));
      return row?.newEmail ?? null;
    },

    /** The account's one pending change, replacing an earlier one (its code dies with it). */
    async put(values: {
      userId: number;
      newEmail: string;
      requestedBy: number;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insert(emailChanges)
        .values({ ...values, failedAttempts: 0 })
        .onConflictDoUpdate({
          target: emailChanges.userId,
          set: { ...values, failedAttempts: 0 },
        });
    },

    async drop(userId: number): Promise<void> {
      await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    },

    async countFailure(userId: number): Promise<void> {
      await db
        .update(emailChanges)
        .set({ failedAttempts: sql`${emailChanges.failedAttempts} + 1` })
        .where(eq(emailChanges.userId, userId));
    },

    /**
     * Applies the change if its row is still the one that was checked (same code): the address
     * becomes the account's and the row goes, in one transaction. False when it was replaced or
     * used meanwhile. An address taken meanwhile is 1004, and nothing changes.
     */
    async apply(userId: number, codeHash: string, newEmail: string): Promise<boolean> {
      return mapUniqueViolation(
        db.transaction(async (tx) => {
          const taken = await tx
            .delete(emailChanges)
            .where(and(eq(emailChanges.userId, userId), eq(emailChanges.codeHash, codeHash)))
            .returning({ userId: emailChanges.userId });
          if (taken.length === 0) return false;
          await tx
            .update(users)
            .set({ email: newEmail, updatedAt: new Date() })
            .where(eq(users.userId, userId));
          return true;
        }),
      );
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof emailChangeRepository>;
