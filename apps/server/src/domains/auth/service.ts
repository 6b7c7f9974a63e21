import { DEMO_USER_ID, type Language, RoleId } from '@helio/contracts';
import type { Caller, SessionScope } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Throttle, ThrottleLimit } from '../../platform/throttle.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { menuFor } from './menu.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { hashToken, newSessionToken } from './tokens.ts';

/**
 * Sign-in throttling (README.md): 5 failed sign-ins of one account (by user name and email
 * together), or 50 from one client address,
 * within 15 minutes block further tries of that account or address for 15 minutes (answer 1007,
 * HTTP 429). Blocks expire by themselves: there is no permanent lock-out. Unknown accounts are
 * counted like known ones, so the block does not reveal which accounts exist.
 */
export const loginLimits = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  perAddress: { maxFailures: 50, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
} satisfies Record<string, ThrottleLimit>;

export interface AuthServiceOptions {
  sessionTtlMs: number;
  throttle: Throttle;
  /** Sign-ins and failed sign-ins of known accounts go to the operation log. */
  operationLog?: OperationLog;
  now?: () => Date;
}

export function authService(repo: AuthRepository, options: AuthServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { throttle } = options;
  return {
    /**
     * Signs in by user name or email. An unknown account and a wrong password both answer 1002,
     * after the same amount of hashing work, so the answer does not reveal which accounts exist.
     */
    async login(input: {
      login: string;
      password: string;
      clientIp: string;
      userAgent: string | undefined;
      /** The browser's language: the account's mail is written in it from now on. */
      language?: Language;
    }) {
      const user = await repo.findUserByLogin(input.login);
      // One counter per account, whichever identifier (name or email) was typed; an unknown one is
      // counted by what was typed, so a block looks the same whether the account exists or not.
      const accountKey = user ? `login:account:${user.userId}` : `login:name:${input.login.toLowerCase()}`;
      const addressKey = `login:address:${input.clientIp}`;
      const retryAfterS = await throttle.blockedForSeconds([accountKey, addressKey]);
      if (retryAfterS > 0) throw new Refusal('1007', undefined, retryAfterS);
      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) {
        await throttle.recordFailure(accountKey, loginLimits.perAccount);
        await throttle.recordFailure(addressKey, loginLimits.perAddress);
        // the account's own log shows the attempt (never the password); unknown names have no log.
        // Not awaited, so the answer takes as long for a known account as for an unknown one.
        if (user) {
          options.operationLog
            ?.record({ userId: user.userId, action: 'sign_in_failed', clientIp: input.clientIp })
            .catch(() => undefined);
        }
        throw new Refusal('1002');
      }
      await throttle.reset(accountKey);
      await options.operationLog?.record({
        userId: user.userId,
        action: 'sign_in',
        clientIp: input.clientIp,
      });
      if (input.language && input.language !== user.language && user.userId !== DEMO_USER_ID) {
        await repo.setLanguage(user.userId, input.language);
      }
      const token = newSessionToken();
      await repo.createSession({
        userId: user.userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + options.sessionTtlMs),
        clientIp: input.clientIp,
        userAgent: input.userAgent ?? null,
      });
      return {
        token,
        user_id: user.userId,
        user_name: user.userName,
        role_id: user.roleId === RoleId.installer ? RoleId.installer : RoleId.endUser,
        menu_list: menuFor(user.roleId, user.isOperator),
        is_operator: user.isOperator,
      };
    },

    /** Resolves a Token header to its caller; null when unknown, expired or revoked. */
    async authenticate(token: string): Promise<Caller | null> {
      const session = await repo.findLiveSession(hashToken(token), now());
      if (!session) return null;
      return {
        userId: session.userId,
        roleId: session.roleId,
        installerLevel: session.installerLevel,
        sessionId: session.sessionId,
        isDemo: session.userId === DEMO_USER_ID,
        isOperator: session.isOperator,
        scope: session.scope,
      };
    },

    /**
     * A restricted token (the fleet dashboard's) made from the user's live sign-in `parentSessionId`:
     * it lasts `ttlMs` but never beyond that sign-in, and ends when the sign-in is revoked. Null when
     * the sign-in is no longer live or is not the user's.
     */
    async issueRestrictedSession(input: {
      userId: number;
      parentSessionId: number;
      scope: Exclude<SessionScope, 'full'>;
      ttlMs: number;
      clientIp: string;
      userAgent: string | undefined;
    }): Promise<{ token: string; expiresAt: Date } | null> {
      const at = now();
      const parent = await repo.findLiveSignIn(input.parentSessionId, at);
      if (!parent || parent.userId !== input.userId) return null;
      const expiresAt = new Date(Math.min(at.getTime() + input.ttlMs, parent.expiresAt.getTime()));
      const token = newSessionToken();
      await repo.createSession({
        userId: input.userId,
        tokenHash: hashToken(token),
        expiresAt,
        clientIp: input.clientIp,
        userAgent: input.userAgent ?? null,
        scope: input.scope,
        parentSessionId: input.parentSessionId,
      });
      return { token, expiresAt };
    },

    async logout(caller: Caller): Promise<null> {
      await repo.revokeSession(caller.sessionId, now());
      return null;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
