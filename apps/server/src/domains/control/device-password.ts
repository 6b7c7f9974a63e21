import { RoleId } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Throttle, ThrottleLimit } from '../../platform/throttle.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { ControlAccess } from './access.ts';
import type { ControlRepository } from './repository.ts';

/**
 * The device's settings password (PRODUCT.md §8): its own (set at registration or by its
 * installer), else its tree's (set by the level-1 installer), argon2id. The right one unlocks the
 * device's writes for this sign-in for `UNLOCK_MS`; tries are throttled per account.
 */

/** A right password unlocks the device's writes for this sign-in this long. */
export const UNLOCK_MS = 30 * 60_000;
/** Five wrong passwords in 15 minutes block tries for 15 minutes (per account). */
export const devicePasswordLimit: ThrottleLimit = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
};

export function devicePasswords(options: {
  repo: ControlRepository;
  access: ControlAccess;
  throttle: Throttle;
  operationLog: OperationLog;
  clock: Clock;
}) {
  const { repo, access, throttle, operationLog, clock } = options;
  return {
    async unlock(caller: Caller, sn: string, password: string): Promise<{ unlocked_until: string }> {
      const key = `device-pwd:account:${caller.userId}`;
      const retryAfterS = await throttle.blockedForSeconds([key]);
      if (retryAfterS > 0) throw new Refusal('1008', undefined, retryAfterS);
      const target = await access.targetOf(caller, sn);
      if (!(await verifyPassword(target.passwordHash, password))) {
        await throttle.recordFailure(key, devicePasswordLimit);
        await operationLog.recordBy(caller, 'device_unlock_failed', {
          stationId: target.stationId,
          target: sn,
        });
        throw new Refusal('200905');
      }
      const now = clock.now();
      const until = new Date(now.getTime() + UNLOCK_MS);
      await repo.unlock(caller.sessionId, target.deviceId, until, now);
      await operationLog.recordBy(caller, 'device_unlock', { stationId: target.stationId, target: sn });
      return { unlocked_until: until.toISOString() };
    },

    /** The device's own settings password: its installer's (ownership, not a grant). */
    async setDevicePassword(caller: Caller, sn: string, password: string): Promise<null> {
      const target = await access.targetOf(caller, sn);
      if (access.standingOf(caller, target) !== 'installer') throw new Refusal('9001');
      await repo.setDevicePassword(target.deviceId, await hashPassword(password));
      await operationLog.recordBy(caller, 'device_password_set', { stationId: target.stationId, target: sn });
      return null;
    },

    /** The tree's default settings password: its level-1 installer's. */
    async setTreePassword(caller: Caller, password: string): Promise<null> {
      if (caller.roleId !== RoleId.installer || caller.installerLevel !== 1) throw new Refusal('9001');
      await repo.setTreePassword(caller.userId, await hashPassword(password));
      await operationLog.recordBy(caller, 'tree_password_set');
      return null;
    },
  };
}

export type DevicePasswords = ReturnType<typeof devicePasswords>;
