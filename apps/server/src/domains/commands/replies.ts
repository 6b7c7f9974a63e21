import type { ReplyMessage } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import { recordAnswer } from '../control/settings-store.ts';
import { recordUpgradeOutcome } from '../firmware/outcome-store.ts';
import { recordStrategyOutcome } from '../strategies/settle-store.ts';
import { applyReply } from './repository.ts';

/** A device's reply to one of its commands, as ingestion took it. */
export interface CommandReply {
  deviceId: number;
  message: ReplyMessage;
}

/**
 * Records a batch's command replies in its transaction, in the order they came: each moves its
 * command forward, never back (lifecycle.ts), so replies reordered or sent twice end the same. A
 * reply that carries the device's values (a read, a settings change applied) becomes the device's
 * settings as last read (control/settings-store.ts), unless newer ones are there; a strategy or
 * an upgrade the command carried follows its outcome.
 */
export async function recordCommandReplies(
  tx: Database,
  replies: readonly CommandReply[],
  atMs: number,
): Promise<void> {
  const at = new Date(atMs);
  for (const reply of replies) {
    const moved = await applyReply(tx, reply.deviceId, reply.message, at);
    if (moved && reply.message.values && moved.state === 'succeeded')
      await recordAnswer(tx, reply.deviceId, moved.commandId, reply.message.values, at);
    if (moved) {
      await recordStrategyOutcome(tx, moved, at);
      await recordUpgradeOutcome(tx, moved, at);
    }
  }
}
