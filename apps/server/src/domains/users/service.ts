import { type AccountItem, type Page, pageOffset, RoleId, type UserForm } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Throttle, ThrottleLimit } from '../../platform/throttle.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { EmailChange } from './email-change.ts';
import type { AccountFilter, UserRow, UsersRepository } from './repository.ts';

function roleOf(row: UserRow) {
  return row.roleId === RoleId.installer ? RoleId.installer : RoleId.endUser;
}

function created(row: UserRow) {
  return { user_id: row.userId, user_name: row.userName, role_id: roleOf(row) };
}

/** The installer a new or invited account goes under: the caller, or a sub-installer of its tree. */
export async function parentInstaller(
  repo: UsersRepository,
  tenancy: Tenancy,
  caller: Caller,
  installerId: number | undefined,
): Promise<UserRow> {
  const parentId = installerId ?? caller.userId;
  await tenancy.assertReachesUser(caller, parentId, { allowSelf: true });
  const parent = await repo.findById(parentId);
  if (!parent || parent.roleId !== RoleId.installer) throw new Refusal('200801');
  return parent;
}

export interface UsersServiceOptions {
  emailChange: EmailChange;
  throttle: Throttle;
  /**
   * Sign-ups from one client address, and answers about taken names or emails to one account
   * (its edits), within a window: beyond, 1008 until the window has passed. They keep either from
   * listing which names and addresses have accounts.
   */
  lookupLimit: ThrottleLimit;
}

/**
 * The accounts and the installer tree (PRODUCT.md §4): level-1 installers add level-2 installers
 * and, under one of those, level-3 installers; any installer adds end users; accounts that hold
 * accounts or stations cannot be deleted. Existing end users join a tree by invitation only
 * (invitations.ts).
 */
export function usersService(repo: UsersRepository, tenancy: Tenancy, options: UsersServiceOptions) {
  const { throttle } = options;

  async function assertNameAndEmailFree(userName: string, email: string, exceptUserId?: number) {
    const taken = await repo.taken(userName, email, exceptUserId);
    if (taken.name) throw new Refusal('1003');
    if (taken.email) throw new Refusal('1004');
  }

  /** Counts one more lookup of `key` (1008 once over the limit), then checks name and email. */
  async function checkedLookup(key: string, check: () => Promise<void>) {
    const retryAfterS = await throttle.blockedForSeconds([key]);
    if (retryAfterS > 0) throw new Refusal('1008', undefined, retryAfterS);
    await throttle.recordFailure(key, options.lookupLimit);
    await check();
  }

  return {
    /** Mode 1: self-service sign-up as an end user (default) or a new level-1 installer. */
    async register(form: UserForm, clientIp: string) {
      await checkedLookup(`signup:address:${clientIp}`, () =>
        assertNameAndEmailFree(form.user_name, form.email),
      );
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
      const parent = await parentInstaller(repo, tenancy, caller, form.installer_id);
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
     * Mode 4: name and email of oneself or of an account of one's tree. The name changes at once;
     * a new email waits for the code mailed to it (emailChange). Taken names and emails are
     * answered (1003, 1004) only so often per caller.
     */
    async edit(caller: Caller, input: { userId: number | undefined; userName: string; email: string }) {
      const userId = input.userId ?? caller.userId;
      await tenancy.assertReachesUser(caller, userId, { allowSelf: true });
      const account = await repo.findById(userId);
      if (!account) throw new Refusal('9001');
      const nameChanges = input.userName !== account.userName;
      const emailChanges = input.email.toLowerCase() !== account.email.toLowerCase();
      if (nameChanges || emailChanges) {
        await checkedLookup(`account-lookup:${caller.userId}`, () =>
          assertNameAndEmailFree(input.userName, input.email, userId),
        );
      }
      if (nameChanges) await repo.update(userId, { userName: input.userName });
      const emailPending = await options.emailChange.request(caller, account, input.email);
      return {
        user_id: userId,
        user_name: input.userName,
        email: account.email,
        email_pending: emailPending,
      };
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
        email_pending: await options.emailChange.pendingEmail(userId),
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
      return repo.listTree(tenancy.held(caller), caller.userId, filter, {
        limit: pageSize,
        offset: pageOffset(page, pageSize),
      });
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
