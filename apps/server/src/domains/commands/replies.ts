import type { ReplyMessage } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import { applyReply } from './repository.ts';

/** A device's reply to one of its commands, as ingestion took it. */
export interface CommandReply {
  deviceId: number;
  message: ReplyMessage;
}

/**
 * Records a batch's command replies in its transaction, in the order they came: each moves its
 * command forward, never back (lifecycle.ts), so replies reordered or sent twice end the same.
 */
export async function recordCommandReplies(tx: Database, replies: readonly CommandReply[]): Promise<void> {
  for (const reply of replies) await applyReply(tx, reply.deviceId, reply.message);
}
