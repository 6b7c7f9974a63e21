import type { ChargingPlanView } from '@helio/contracts';

/**
 * What a charger's remote acts need, and why one is not offered now: the caller's right (`may`), a
 * charger that reports and is online, a plugged car; start when it is not charging (or was stopped
 * remotely), stop while it charges or would start by its plan.
 */

export type RemoteAction = 'start' | 'stop' | 'current';

export type Hindrance =
  | 'notAllowed'
  | 'notAllowedCurrent'
  | 'noReport'
  | 'offline'
  | 'noCar'
  | 'charging'
  | 'stopped';

export function remoteHindrance(view: ChargingPlanView, action: RemoteAction): Hindrance | null {
  if (action === 'current' ? !view.may.current : !view.may.start_stop)
    return action === 'current' ? 'notAllowedCurrent' : 'notAllowed';
  const charger = view.charger;
  if (!charger) return 'noReport';
  if (!charger.online) return 'offline';
  const state = charger.pile_state;
  if (state !== 'plugged' && state !== 'charging') return 'noCar';
  if (action === 'start' && state === 'charging') return 'charging';
  if (action === 'stop' && state === 'plugged' && charger.remote_hold) return 'stopped';
  return null;
}
