import { DeviceType } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { ControlAccess } from '../control/access.ts';
import type { ControlTarget } from '../control/repository.ts';

/**
 * Who may act on a wallbox's charging (PRODUCT.md §8 "Who may act"; README "Wallbox charging"):
 * the station's end user plans, starts, stops and sets the current of their own charger without
 * the device password (it is their car); installers and grantees do all of it with the device
 * unlocked by its password (200905 otherwise); the demo reads and never acts (9001). A device the
 * caller does not see, or one that is not a wallbox, answers 9001 like one that does not exist.
 */

/** What the caller may do with a charger, as the plan view tells the screen. */
export interface ChargingRights {
  plan: boolean;
  start_stop: boolean;
  current: boolean;
  /** The caller's writes need the device password first. */
  unlock: boolean;
}

export function chargingAccess(control: ControlAccess) {
  return {
    /** The wallbox named by SN, if the caller sees it; 9001 otherwise. */
    async chargerOf(caller: Caller, sn: string): Promise<ControlTarget> {
      const target = await control.targetOf(caller, sn);
      if (target.deviceType !== DeviceType.chargingPile) throw new Refusal('9001');
      return target;
    },

    rightsOf(caller: Caller, target: ControlTarget): ChargingRights {
      const standing = control.standingOf(caller, target);
      const acts = standing !== 'demo';
      return {
        plan: acts,
        start_stop: acts,
        current: acts,
        unlock: standing === 'installer' || standing === 'grantee',
      };
    },

    /** Refuses the demo (9001), and an installer or grantee without the device unlocked (200905). */
    async assertMayCharge(caller: Caller, target: ControlTarget): Promise<void> {
      const standing = control.standingOf(caller, target);
      if (standing === 'demo') throw new Refusal('9001');
      if (standing === 'endUser') return;
      await control.assertUnlocked(caller, target);
    },
  };
}

export type ChargingAccess = ReturnType<typeof chargingAccess>;
