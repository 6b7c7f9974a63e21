import { DEMO_USER_ID, RoleId } from '@helio/contracts';
import type { Caller } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';
import { menuFor } from './menu.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { hashToken, newSessionToken } from './tokens.ts';

export interface AuthServiceOptions {
  sessionTtlMs: number;
  now?: () => Date;
}

export function authService(repo: AuthRepository, options: AuthServiceOptions) {
  const now = options.now ?? (() => new Date());
  return {
    /**
     * Signs in by user name or email. An unknown account and a wrong password both answer 1002,
     * after the same amount of hashing work, so the answer does not reveal which accounts exist.
     */
    async login(input: { login: string; password: string; clientIp: string; userAgent: string | undefined }) {
      const user = await repo.findUserByLogin(input.login);
      const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !valid) throw new Refusal('1002');
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
        menu_list: menuFor(user.roleId),
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
      };
    },

    async logout(caller: Caller): Promise<null> {
      await repo.revokeSession(caller.sessionId, now());
      return null;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
