import type { CommandItem, CommandStateName } from '@helio/contracts';

/**
 * A command's way (api/setting/command): `pending` until it is sent, `sent` until the device takes
 * it, `acknowledged` (and `progress` for long ones) until it answers, then one of the three ends.
 */

/** The states a command ends in: nothing changes after them. */
const finalStates: readonly CommandStateName[] = ['succeeded', 'failed', 'expired'];

export function commandFinished(state: CommandStateName): boolean {
  return finalStates.includes(state);
}

/** The steps shown for a command under way, in order; `progress` counts as acknowledged. */
export const commandSteps = ['pending', 'sent', 'acknowledged', 'succeeded'] as const;

/** The step a state has reached (the failed and expired ones stop at the step they reached). */
export function stepOf(item: Pick<CommandItem, 'state' | 'sent_at'>): number {
  switch (item.state) {
    case 'pending':
      return 0;
    case 'sent':
      return 1;
    case 'acknowledged':
    case 'progress':
      return 2;
    case 'succeeded':
      return 3;
    case 'failed':
      return 2;
    case 'expired':
      return item.sent_at ? 1 : 0;
  }
}

/** Tag colours of the states; the state's name is always written beside it (never colour alone). */
export const commandStateColor: Record<CommandStateName, string> = {
  pending: 'default',
  sent: 'processing',
  acknowledged: 'processing',
  progress: 'processing',
  succeeded: 'success',
  failed: 'error',
  expired: 'warning',
};

/** Any of the commands still under way: a list showing them is asked again while so. */
export function anyUnfinished(items: readonly Pick<CommandItem, 'state'>[]): boolean {
  return items.some((item) => !commandFinished(item.state));
}
