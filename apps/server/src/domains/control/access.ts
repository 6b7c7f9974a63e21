import { endUserGroups, groupsOf, RoleId, type SettingGroup } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { ControlRepository, ControlTarget } from './repository.ts';

/**
 * Who may act on a device (PRODUCT.md §8): installers of its tree change every group; an installer
 * granted the station serves it the same way but never owns it; an end user changes only
 * `endUserGroups` of their own devices; the demo reads everything and changes nothing. Writes need
 * the device unlocked by its password for this sign-in.
 */

/** How a caller stands to a device. */
export type Standing = 'installer' | 'grantee' | 'endUser' | 'demo';

export function controlAccess(repo: ControlRepository, tenancy: Tenancy, clock: Clock) {
  function standingOf(caller: Caller, target: ControlTarget): Standing {
    if (caller.isDemo) return 'demo';
    if (caller.roleId === RoleId.installer) return target.held ? 'installer' : 'grantee';
    return 'endUser';
  }

  /** Refuses with 200905 (the dialog asks for the password) unless the device is unlocked for this sign-in. */
  async function assertUnlocked(caller: Caller, target: ControlTarget): Promise<void> {
    if (!(await repo.unlockedUntil(caller.sessionId, target.deviceId, clock.now())))
      throw new Refusal('200905');
  }

  /** Of `groups` (the device's), those the caller may change. */
  function writableGroups(standing: Standing, groups: readonly SettingGroup[]): SettingGroup[] {
    if (standing === 'demo') return [];
    if (standing === 'endUser') return groups.filter((group) => endUserGroups.includes(group));
    return [...groups];
  }

  return {
    standingOf,
    writableGroups,
    assertUnlocked,

    /** Whether writes ask the caller for the device password (never the demo, which cannot write) and until when this sign-in has it unlocked. */
    async unlockState(
      caller: Caller,
      target: ControlTarget,
    ): Promise<{ needs_password: boolean; unlocked_until: string | null }> {
      return {
        needs_password: standingOf(caller, target) !== 'demo',
        unlocked_until: (await repo.unlockedUntil(caller.sessionId, target.deviceId, clock.now())) ?? null,
      };
    },

    /** The device, if the caller sees it (its scope or a grant); 9001 otherwise, as for one that does not exist. */
    async targetOf(caller: Caller, sn: string): Promise<ControlTarget> {
      const target = await repo.target(sn, tenancy.seen(caller), tenancy.held(caller));
      if (!target) throw new Refusal('9001');
      return target;
    },

    /** Refuses unless the caller may change `groups` of the device (9001) and has it unlocked (200905). */
    async assertMayWrite(caller: Caller, target: ControlTarget, groups: readonly SettingGroup[]) {
      const allowed = writableGroups(standingOf(caller, target), groupsOf(target.deviceType));
      if (groups.some((group) => !allowed.includes(group))) throw new Refusal('9001');
      await assertUnlocked(caller, target);
    },

    /** Maintenance (network, self-test, debugging, restart, the system group) is an installer's or a grantee's. */
    async assertMayMaintain(caller: Caller, target: ControlTarget) {
      const standing = standingOf(caller, target);
      if (standing !== 'installer' && standing !== 'grantee') throw new Refusal('9001');
      await assertUnlocked(caller, target);
    },
  };
}

export type ControlAccess = ReturnType<typeof controlAccess>;
