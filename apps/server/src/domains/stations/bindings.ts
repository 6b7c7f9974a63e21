import { RoleId } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';

/** Who a station is bound to, and the tree that owns its name. */
export interface Binding {
  installerId: number | null;
  endUserId: number | null;
  /** Top of the owning account tree: station names are unique within it (3001). */
  ownerRootId: number;
}

/**
 * The consistency rules of a station's bindings (SPEC.md §6 "a station needs a user or an
 * installer; the station's users and installers must be consistent"), checked in this order:
 * neither given 3006 (an installer adding a station names itself when it names no one: service.ts);
 * the same account twice 3009; an installer that is not one of the caller's
 * (itself or below) 3008; an end user outside the caller's scope, or an account that is no end
 * user, 9001; an end user outside the chosen installer's tree 3005. An end user binds its station
 * to itself (another end user is 9001) and, at most, to its own installer (any other is 3008).
 */
export function stationBindings(tenancy: Tenancy) {
  async function ownerRoot(accountId: number): Promise<number> {
    const root = await tenancy.treeRootOf(accountId);
    if (root === undefined) throw new Refusal('9001');
    return root;
  }

  async function forEndUserCaller(
    caller: Caller,
    installerId?: number,
    endUserId?: number,
  ): Promise<Binding> {
    const self = endUserId ?? caller.userId;
    if (installerId !== undefined && installerId === self) throw new Refusal('3009');
    if (self !== caller.userId) throw new Refusal('9001');
    if (installerId !== undefined) {
      const me = await tenancy.accountInScope(caller, caller.userId);
      if (me?.parentId !== installerId) throw new Refusal('3008');
    }
    return { installerId: installerId ?? null, endUserId: self, ownerRootId: await ownerRoot(self) };
  }

  async function forInstallerCaller(
    caller: Caller,
    installerId?: number,
    endUserId?: number,
  ): Promise<Binding> {
    if (installerId === undefined && endUserId === undefined) throw new Refusal('3006');
    if (installerId !== undefined && installerId === endUserId) throw new Refusal('3009');
    if (installerId !== undefined) {
      const installer = await tenancy.accountInScope(caller, installerId);
      if (installer?.roleId !== RoleId.installer) throw new Refusal('3008');
    }
    if (endUserId !== undefined) {
      const endUser = await tenancy.accountInScope(caller, endUserId);
      if (endUser?.roleId !== RoleId.endUser) throw new Refusal('9001');
      if (installerId !== undefined && !(await tenancy.isInTreeOf(installerId, endUserId))) {
        throw new Refusal('3005');
      }
    }
    const anchor = installerId ?? endUserId;
    return {
      installerId: installerId ?? null,
      endUserId: endUserId ?? null,
      ownerRootId: await ownerRoot(anchor as number),
    };
  }

  return {
    /** The binding of a station the caller asks for (add, bind), checked against the rules above. */
    resolve(caller: Caller, request: { installerId?: number | undefined; endUserId?: number | undefined }) {
      return caller.roleId === RoleId.installer
        ? forInstallerCaller(caller, request.installerId, request.endUserId)
        : forEndUserCaller(caller, request.installerId, request.endUserId);
    },

    /** What stays bound after removing `which`; a station must keep an installer or an end user (3006). */
    afterUnbind(
      current: { installerId: number | null; endUserId: number | null },
      which: 'installer' | 'end_user' | 'both',
    ): { installerId: number | null; endUserId: number | null } {
      const installerId = which === 'installer' || which === 'both' ? null : current.installerId;
      const endUserId = which === 'end_user' || which === 'both' ? null : current.endUserId;
      if (installerId === null && endUserId === null) throw new Refusal('3006');
      return { installerId, endUserId };
    },
  };
}

export type StationBindings = ReturnType<typeof stationBindings>;
