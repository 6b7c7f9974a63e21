import { RoleId } from '@helio/contracts';
import type { Database } from '@helio/db';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { heldScope, type Scope, type ScopedAccount, seenScope, tenancyRepository } from './repository.ts';

/**
 * The one tenancy mechanism (PRODUCT.md §3): who reaches which account, station and device. Every
 * service checks ids here (9001) and takes from here the `Scope` its repository filters by: `held`
 * for acts of ownership, `seen` for reads and service acts (the held stations and those granted to
 * the caller's tree). Its SQL is in repository.ts.
 */

export type { Scope, ScopedAccount };

type Account = Pick<Caller, 'userId' | 'roleId'>;

export function tenancy(db: Database) {
  const repo = tenancyRepository(db);

  async function reaches(caller: Caller, userId: number): Promise<boolean> {
    if (userId === caller.userId) return true;
    return repo.accountIn(userId, heldScope(caller));
  }

  return {
    /** What the account holds: the scope of acts of ownership (edit, delete, bind, register devices). */
    held: (account: Account): Scope => heldScope(account),
    /** What the account sees: the scope of reads and service acts (alarms, reports, statistics). */
    seen: (account: Account): Scope => seenScope(account),

    reaches,
    /**
     * Refuses with 9001 unless `userId` is the caller (when `allowSelf`) or below it. An id that does
     * not exist is refused the same way, so ids outside one's tree reveal nothing.
     */
    async assertReachesUser(caller: Caller, userId: number, options: { allowSelf: boolean }): Promise<void> {
      if (userId === caller.userId) {
        if (options.allowSelf) return;
        throw new Refusal('9001');
      }
      if (!(await reaches(caller, userId))) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the caller is an installer. */
    assertInstaller(caller: Caller): void {
      if (caller.roleId !== RoleId.installer) throw new Refusal('9001');
    },
    /** The account if the caller reaches it (itself included); undefined otherwise or when it does not exist. */
    accountInScope: (caller: Caller, userId: number): Promise<ScopedAccount | undefined> =>
      repo.account(userId, heldScope(caller)),
    /** True when `userId` is `installerId` or below it in the installer tree. */
    async isInTreeOf(installerId: number, userId: number): Promise<boolean> {
      if (userId === installerId) return true;
      return repo.accountIn(userId, heldScope({ userId: installerId, roleId: RoleId.installer }));
    },
    /** The top of the account tree `userId` belongs to: its level-1 installer, or itself when it has no installer. */
    treeRootOf: (userId: number): Promise<number | undefined> => repo.treeRootOf(userId),
    /**
     * Who owns what the caller keeps (strategy templates, upgrade tasks): an installer's tree (its
     * level-1 installer), or the caller itself (end users).
     */
    async ownerOf(caller: Pick<Caller, 'userId' | 'roleId'>): Promise<number> {
      if (caller.roleId !== RoleId.installer) return caller.userId;
      return (await repo.treeRootOf(caller.userId)) ?? caller.userId;
    },
    /** Refuses with 9001 unless the station exists and is in the caller's scope. */
    async assertReachesStation(caller: Caller, stationId: number): Promise<void> {
      if (!(await repo.stationIn(stationId, heldScope(caller)))) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the device exists and its station is in the caller's scope. */
    async assertReachesDevice(caller: Caller, deviceId: number): Promise<void> {
      if (!(await repo.deviceIn(deviceId, heldScope(caller)))) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the station exists and the caller may see it (its scope or a grant). */
    async assertSeesStation(caller: Caller, stationId: number): Promise<void> {
      if (!(await repo.stationIn(stationId, seenScope(caller)))) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the device exists and the caller may see its station. */
    async assertSeesDevice(caller: Caller, deviceId: number): Promise<void> {
      if (!(await repo.deviceIn(deviceId, seenScope(caller)))) throw new Refusal('9001');
    },
  };
}

export type Tenancy = ReturnType<typeof tenancy>;
