import { EMAIL_CHANGE_VALID_HOURS, isLanguage, type Language } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { emailCodeMail, emailNoticeMail } from './account-mail.ts';
import type { EmailChangeRepository } from './email-change-repository.ts';
import { codeMatches, codeText, hashCode, newCode } from './one-time-codes.ts';
import type { UserRow, UsersRepository } from './repository.ts';

/** A new code may be asked after a minute; five wrong tries end a code. */
export const emailChangeRules = {
  validMs: EMAIL_CHANGE_VALID_HOURS * 3_600_000,
  resendAfterMs: 60_000,
  maxFailedAttempts: 5,
} as const;

export interface EmailChangeDeps {
  repo: EmailChangeRepository;
  users: UsersRepository;
  tenancy: Tenancy;
  mailer: Mailer;
  log: OperationLog;
  now?: () => Date;
}

const languageOf = (row: UserRow): Language => (isLanguage(row.language) ? row.language : 'en');

/**
 * A new email address takes effect only once the code mailed to it comes back, whoever asked (the
 * account itself or an installer of its tree); the address being replaced is told at once. So
 * `users.email`, where password-reset codes go, only ever holds an address its owner confirmed or
 * gave when the account was made (README "Accounts and security choices").
 */
export function emailChange(deps: EmailChangeDeps) {
  const { repo, users, tenancy, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Log lines on both sides: the one who acted, and the account when that is someone else. */
  async function recordBoth(
    caller: Caller,
    account: UserRow,
    action: 'email_change_request' | 'email_change_confirm',
    newEmail: string,
  ) {
    const detail = { user_id: account.userId, new_email: newEmail };
    await log.recordBy(caller, action, { target: account.userName, detail });
    if (caller.userId !== account.userId) {
      const actor = await users.findById(caller.userId);
      await log.record({
        userId: account.userId,
        action,
        target: account.userName,
        detail: { ...detail, by: actor?.userName ?? null },
      });
    }
  }

  return {
    /**
     * Asks for `newEmail` on `account` (already known free, already in the caller's reach): stores
     * the change with a fresh code, mails the code to the new address and a notice to the old.
     * The same address asked again within a minute is 200911. Asking for the current address
     * withdraws a pending change. Answers the address now waiting, or null.
     */
    async request(caller: Caller, account: UserRow, newEmail: string): Promise<string | null> {
      if (newEmail.toLowerCase() === account.email.toLowerCase()) {
        await repo.drop(account.userId);
        return null;
      }
      const at = now();
      const earlier = await repo.find(account.userId);
      if (
        earlier &&
        earlier.newEmail.toLowerCase() === newEmail.toLowerCase() &&
        at.getTime() - earlier.createdAt.getTime() < emailChangeRules.resendAfterMs
      ) {
        throw new Refusal('200911');
      }
      const code = newCode();
      await repo.put({
        userId: account.userId,
        newEmail,
        requestedBy: caller.userId,
        codeHash: hashCode(code),
        createdAt: at,
        expiresAt: new Date(at.getTime() + emailChangeRules.validMs),
      });
      const language = languageOf(account);
      const requester = caller.userId === account.userId ? null : await users.findById(caller.userId);
      await deps.mailer.send(
        emailCodeMail({
          to: newEmail,
          userName: account.userName,
          language,
          code,
          validHours: EMAIL_CHANGE_VALID_HOURS,
        }),
      );
      await deps.mailer.send(
        emailNoticeMail({
          to: account.email,
          userName: account.userName,
          language,
          newEmail,
          requestedBy: requester?.userName ?? null,
        }),
      );
      await recordBoth(caller, account, 'email_change_request', newEmail);
      return newEmail;
    },

    /**
     * The code from the new address: the change takes effect. No pending change or a wrong code
     * 200913; expired or after five wrong tries 200914; the address taken meanwhile 1004.
     */
    async confirm(caller: Caller, input: { userId: number | undefined; code: number }) {
      const userId = input.userId ?? caller.userId;
      await tenancy.assertReachesUser(caller, userId, { allowSelf: true });
      const pending = await repo.find(userId);
      if (!pending) throw new Refusal('200913');
      if (pending.expiresAt <= now() || pending.failedAttempts >= emailChangeRules.maxFailedAttempts) {
        throw new Refusal('200914');
      }
      if (!codeMatches(pending.codeHash, codeText(input.code))) {
        await repo.countFailure(userId);
        throw new Refusal('200913');
      }
      const account = await users.findById(userId);
      if (!account) throw new Refusal('9001');
      if (!(await repo.apply(userId, pending.codeHash, pending.newEmail))) throw new Refusal('200913');
      await recordBoth(caller, account, 'email_change_confirm', pending.newEmail);
      return { user_id: userId, email: pending.newEmail };
    },

    pendingEmail: (userId: number) => repo.pendingEmail(userId, now()),
  };
}

export type EmailChange = ReturnType<typeof emailChange>;
