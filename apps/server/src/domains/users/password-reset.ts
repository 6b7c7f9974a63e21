import { Refusal } from '../../core/refusal.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { hashPassword } from '../auth/passwords.ts';
import { codeMatches, codeText, hashCode, newCode } from './one-time-codes.ts';
import type { UsersRepository } from './repository.ts';
import type { ResetCodesRepository } from './reset-codes-repository.ts';
import { resetCodeMail } from './reset-mail.ts';

/** A code lives 10 minutes, may be asked again after 60 s and dies after 5 wrong tries. */
export const resetCodeRules = { validMs: 10 * 60_000, resendAfterMs: 60_000, maxFailedAttempts: 5 } as const;

/**
 * Password recovery by mailed code. Known and unknown addresses are treated alike: both get a
 * stored code and the same answers (a code for an unknown address is mailed to nobody, so it can
 * only be wrong), which keeps the catalogue's 200912 "email does not exist" out of the answers.
 */
export function passwordReset(
  codes: ResetCodesRepository,
  repo: UsersRepository,
  mailer: Mailer,
  now: () => Date = () => new Date(),
) {
  return {
    async sendCode(input: { email: string; chinese: boolean }) {
      const email = input.email.toLowerCase();
      const at = now();
      const previous = await codes.latest(email);
      if (previous && at.getTime() - previous.createdAt.getTime() < resetCodeRules.resendAfterMs) {
        throw new Refusal('200911');
      }
      const user = await repo.findByLogin(email);
      const account = user && user.email.toLowerCase() === email ? user : undefined;
      const code = newCode();
      await codes.insert({
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
      const row = await codes.latest(email);
      if (!row || row.usedAt) throw new Refusal('200913');
      if (row.expiresAt <= at || row.failedAttempts >= resetCodeRules.maxFailedAttempts) {
        throw new Refusal('200914');
      }
      const code = codeText(input.code);
      // A code counts only while the account still has the address it was mailed to: after an
      // email change, a code sent to the old address resets nothing.
      const account = row.userId ? await repo.findById(row.userId) : undefined;
      if (!account || account.email.toLowerCase() !== email || !codeMatches(row.codeHash, code)) {
        await codes.countFailure(row.codeId);
        throw new Refusal('200913');
      }
      // Single use: only the request that marks the code used goes on.
      if (!(await codes.claim(row.codeId, at))) throw new Refusal('200913');
      await repo.update(account.userId, { passwordHash: await hashPassword(input.password) });
      await repo.revokeAllSessions(account.userId);
      return null;
    },
  };
}

export type PasswordReset = ReturnType<typeof passwordReset>;
