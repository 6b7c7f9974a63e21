import { RoleId } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';

/**
 * Who may do what with a station or device in its scope (README.md "Stations and devices"). Scope
 * itself (which ids one reaches) is tenancy's; this is the role rule on top of it. Installers do
 * everything. End users read, add stations for themselves, edit their own stations and register
 * and remove devices on them (a plant owner adds a wallbox); deleting a station and changing who
 * it is bound to are the installer's acts.
 */
export type FleetAction =
  | 'addStation'
  | 'editStation'
  | 'deleteStation'
  | 'bindStation'
  | 'registerDevice'
  | 'unbindDevice'
  | 'rotateDeviceSecret'
  | 'listBindingChoices';

const installerOnly: ReadonlySet<FleetAction> = new Set([
  'deleteStation',
  'bindStation',
  'listBindingChoices',
]);

/** Refuses with 9001 when the caller's role may not do `action`. */
export function assertMay(caller: Caller, action: FleetAction): void {
  if (installerOnly.has(action) && caller.roleId !== RoleId.installer) throw new Refusal('9001');
}
