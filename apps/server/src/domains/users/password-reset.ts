import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type Database, schema } from '@helio/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Refusal } from '../../http/refusal.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { UsersRepository } from './repository.ts';
import { resetCodeMail } from './reset-mail.ts';

/** A code lives 10 minutes, may be asked again after 60 s and dies after 5 wrong tries. */
export const resetCodeRules = { validMs: 10 * 60_000, resendAfterMs: 60_000, maxFailedAttempts: 5 } as const;

const { emailCodes } = schema;

function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(':');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Password recovery by mailed code. Known and unknown addresses are treated alike: both get a
 * stored code and the same answers (a code for an unknown address is mailed to nobody, so it can
 * only be wrong), which keeps the catalogue's 200912 "email does not exist" out of the answers.
 */
export function passwordReset(
  db: Database,
  repo: UsersRepository,
  mailer: Mailer,
  now: () => Date = () => new Date(),
) {
  async function latestCode(email: string) {
    const [row] = await db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.email, email))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.codeId))
      .limit(1);
    return row;
  }

  return {
    async sendCode(input: { email: string; chinese: boolean }) {
      const email = input.email.toLowerCase();
      const at = now();
      const previous = await latestCode(email);
      if (previous && at.getTime() - previous.createdAt.getTime() < resetCodeRules.resendAfterMs) {
        throw new Refusal('200911');
      }
      const user = await repo.findByLogin(email);
      const account = user && user.email.toLowerCase() === email ? user : undefined;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.insert(emailCodes).values({
        email,
        userId: account?.userId ?? null,
        codeHash: hashCode(code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + resetCodeRules.validMs),
      });
      if (account) {
        await mailer.send(
          resetCodeMail({
            to: account.email,
            userName: account.userName,
            code,
            minutes: resetCodeRules.validMs / 60_000,
            chinese: input.chinese,
          }),
        );
      }
      return { resend_after_s: resetCodeRules.resendAfterMs / 1000 };
    },

    /** Sets the new password when the latest code matches; wrong 200913, expired or dead 200914. */
    async resetPassword(input: { email: string; code: number; password: string }) {
      const email = input.email.toLowerCase();
      const at = now();
      const row = await latestCode(email);
      if (!row || row.usedAt) throw new Refusal('200913');
      if (row.expiresAt <= at || row.failedAttempts >= resetCodeRules.maxFailedAttempts) {
        throw new Refusal('200914');
      }
      const code = String(input.code).padStart(6, '0');
      if (!row.userId || !codeMatches(row.codeHash, code)) {
        await db
          .update(emailCodes)
          .set({ failedAttempts: sql`${emailCodes.failedAttempts} + 1` })
          .where(eq(emailCodes.codeId, row.codeId));
        throw new Refusal('200913');
      }
      // Single use: only the request that marks the code used goes on.
      const claimed = await db
        .update(emailCodes)
        .set({ usedAt: at })
        .where(
          and(eq(emailCodes.codeId, row.codeId), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, at)),
        )
        .returning({ codeId: emailCodes.codeId });
      if (claimed.length === 0) throw new Refusal('200913');
      await repo.update(row.userId, { passwordHash: await hashPassword(input.password) });
      await repo.revokeAllSessions(row.userId);
      return null;
    },
  };
}

export type PasswordReset = ReturnType<typeof passwordReset>;
