import type { ChargeParams } from '@helio/contracts/device-link';
import type { Caller } from '../../../core/caller.ts';
import type { ControlService } from '../../control/service.ts';
import type { ChargingAccess } from '../access.ts';

/**
 * Remote start, stop and current of a wallbox's session (contracts api/calls/charging.ts `remote`):
 * one `charge` command, idempotent on the client's key and in the operation log (control's `issue`).
 * Who may: access.ts. The charger itself refuses a start or a current with no car plugged and
 * answers why; the screen shows that answer.
 */

/** A "now" that waits for an offline charger for a day would start a car tomorrow: it lapses soon. */
export const REMOTE_CHARGE_TTL_MS = 10 * 60_000;

export function chargingRemote(options: { access: ChargingAccess; control: Pick<ControlService, 'issue'> }) {
  const { access, control } = options;
  return {
    async remote(
      caller: Caller,
      sn: string,
      action: ChargeParams['action'],
      currentA: number | undefined,
      key: string,
    ) {
      const target = await access.chargerOf(caller, sn);
      await access.assertMayCharge(caller, target);
      const params: ChargeParams = currentA === undefined ? { action } : { action, current_a: currentA };
      return control.issue(caller, target, { name: 'charge', params }, key, REMOTE_CHARGE_TTL_MS);
    },
  };
}

export type ChargingRemote = ReturnType<typeof chargingRemote>;
