import { type AccountItem, type Page, pageOffset, RoleId, type UserForm } from '@helio/contracts';
import type { Caller } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { AccountFilter, UserRow, UsersRepository } from './repository.ts';

function roleOf(row: UserRow) {
  return row.roleId === RoleId.installer ? RoleId.installer : RoleId.endUser;
}

function created(row: UserRow) {
  return { user_id: row.userId, user_name: row.userName, role_id: roleOf(row) };
}

/**
 * The accounts and the installer tree (PRODUCT.md §4): level-1 installers add level-2 installers
 * and, under one of those, level-3 installers; any installer adds end users; accounts that hold
 * accounts or stations cannot be deleted.
 */
export function usersService(repo: UsersRepository, tenancy: Tenancy) {
  async function assertNameAndEmailFree(userName: string, email: string, exceptUserId?: number) {
    const taken = await repo.taken(userName, email, exceptUserId);
    if (taken.name) throw new Refusal('1003');
    if (taken.email) throw new Refusal('1004');
  }

  /** The installer a new or bound account goes under: the caller, or a sub-installer of its tree. */
  async function parentInstaller(caller: Caller, installerId: number | undefined): Promise<UserRow> {
    const parentId = installerId ?? caller.userId;
    await tenancy.assertReachesUser(caller, parentId, { allowSelf: true });
    const parent = await repo.findById(parentId);
    if (!parent || parent.roleId !== RoleId.installer) throw new Refusal('200801');
    return parent;
  }

  return {
    /** Mode 1: self-service sign-up as an end user (default) or a new level-1 installer. */
    async register(form: UserForm) {
      await assertNameAndEmailFree(form.user_name, form.email);
      const row = await repo.create({
        userName: form.user_name,
        email: form.email,
        passwordHash: await hashPassword(form.pwd),
        roleId: form.role_id,
        installerLevel: form.role_id === RoleId.installer ? 1 : null,
        parentId: null,
      });
      return created(row);
    },

    /** Modes 2 and 3: an installer creates a sub-installer or an end user, under itself or a sub-installer. */
    async createAccount(caller: Caller, form: UserForm) {
      tenancy.assertInstaller(caller);
      const parent = await parentInstaller(caller, form.installer_id);
      let installerLevel: number | null = null;
      if (form.role_id === RoleId.installer) {
        // Only level-1 installers add sub-installers (4001 for level 2, 5001 for level 3) …
        if (caller.installerLevel === 2) throw new Refusal('4001');
        if (caller.installerLevel !== 1) throw new Refusal('5001');
        // … and the tree is three levels deep.
        const parentLevel = parent.installerLevel ?? 3;
        if (parentLevel >= 3) throw new Refusal('5001');
        installerLevel = parentLevel + 1;
      }
      await assertNameAndEmailFree(form.user_name, form.email);
      const row = await repo.create({
        userName: form.user_name,
        email: form.email,
        passwordHash: await hashPassword(form.pwd),
        roleId: form.role_id,
        installerLevel,
        parentId: parent.userId,
      });
      return created(row);
    },

    /**
     * Binds an existing end user without an installer to the caller or a sub-installer. Installer
     * accounts are never moved into another tree (5002: same-level or cross-level association).
     * Its stations join the tree, so a station name the tree already has refuses the bind (3001).
     */
    async bindEndUser(caller: Caller, input: { login: string; installerId: number | undefined }) {
      tenancy.assertInstaller(caller);
      const parent = await parentInstaller(caller, input.installerId);
      const target = await repo.findByLogin(input.login);
      if (!target) throw new Refusal('1001');
      if (target.userId === caller.userId) throw new Refusal('200801');
      if (target.roleId === RoleId.installer) throw new Refusal('5002');
      if (target.parentId !== null) throw new Refusal('4003');
      const ownerRootId = (await tenancy.treeRootOf(parent.userId)) ?? parent.userId;
      await repo.bindUnder(target.userId, parent.userId, ownerRootId);
      return { user_id: target.userId, installer_id: parent.userId };
    },

    /** Mode 4: name and email of oneself or of an account of one's tree. */
    async edit(caller: Caller, input: { userId: number | undefined; userName: string; email: string }) {
      const userId = input.userId ?? caller.userId;
      await tenancy.assertReachesUser(caller, userId, { allowSelf: true });
      await assertNameAndEmailFree(input.userName, input.email, userId);
      await repo.update(userId, { userName: input.userName, email: input.email });
      return { user_id: userId, user_name: input.userName, email: input.email };
    },

    async info(caller: Caller, userId: number) {
      await tenancy.assertReachesUser(caller, userId, { allowSelf: true });
      const row = await repo.findById(userId);
      if (!row) throw new Refusal('9001');
      return {
        user_id: row.userId,
        user_name: row.userName,
        email: row.email,
        role_id: roleOf(row),
        installer_level: row.installerLevel,
        created_at: row.createdAt.toISOString(),
      };
    },

    /** Mode 5: a new password after the current one; every session of the account ends. */
    async changePassword(caller: Caller, input: { oldPassword: string; newPassword: string }) {
      const row = await repo.findById(caller.userId);
      if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) throw new Refusal('200104');
      await repo.update(caller.userId, { passwordHash: await hashPassword(input.newPassword) });
      await repo.revokeAllSessions(caller.userId);
      return null;
    },

    async listTree(
      caller: Caller,
      filter: AccountFilter,
      page: number,
      pageSize: number,
    ): Promise<Page<AccountItem>> {
      tenancy.assertInstaller(caller);
      if (filter.installerId !== undefined) {
        await tenancy.assertReachesUser(caller, filter.installerId, { allowSelf: true });
      }
      return repo.listTree(caller.userId, filter, { limit: pageSize, offset: pageOffset(page, pageSize) });
    },

    /** Deletes an account below the caller that holds no accounts (4004, 4005) and no stations (3003). */
    async delete(caller: Caller, userId: number) {
      tenancy.assertInstaller(caller);
      await tenancy.assertReachesUser(caller, userId, { allowSelf: false });
      const holdings = await repo.holdings(userId);
      if (holdings.installers > 0) throw new Refusal('4004');
      if (holdings.endUsers > 0) throw new Refusal('4005');
      if (holdings.stations > 0) throw new Refusal('3003');
      await repo.delete(userId);
      return null;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
