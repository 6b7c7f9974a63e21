import type { ReplyMessage } from '@helio/contracts/device-link';

/**
 * A command's life (PRODUCT.md §4): pending (stored, waiting for its device) → sent (published to
 * the device) → acknowledged → progress (upgrades, again and again) → succeeded or failed, or
 * expired when its time runs out while pending or sent. The device's replies move it forward;
 * they may arrive reordered or twice, so a reply never moves a command back.
 */

/** A stored command's state (`device_commands.state`). */
export type CommandState = 'pending' | 'sent' | ReplyMessage['state'] | 'expired';

/** How far along each state is: a reply moves a command only to a state further along. */
export const commandStateRank: Readonly<Record<CommandState, number>> = {
  pending: 0,
  sent: 0,
  acknowledged: 1,
  progress: 2,
  succeeded: 3,
  failed: 3,
  expired: 3,
};

/** The states a command waits in for its device; past its expiry it leaves them for `expired`. */
export const waitingStates: readonly CommandState[] = ['pending', 'sent'];

/**
 * Whether a reply of state `reply` moves a command in state `current`: to a state further along,
 * or progress again (an upgrade reports progress many times).
 */
export function replyMoves(current: CommandState, reply: ReplyMessage['state']): boolean {
  const from = commandStateRank[current];
  const to = commandStateRank[reply];
  return reply === 'progress' ? from <= to : from < to;
}
