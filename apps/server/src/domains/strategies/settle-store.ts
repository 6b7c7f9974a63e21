import type { Database } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A strategy's outcome is its `strategy` command's (`device_strategies.state`): succeeded →
 * applied; failed or expired → failed. A reply moves it in ingestion's transaction
 * (`recordStrategyOutcome`, called by commands/replies.ts); the reads settle pending rows whose
 * command ended otherwise (expired by the status job, or a reply that came before the row).
 */

/** Pending rows matching `where` (over `s`, device_strategies) take their ended command's outcome. */
export function settlePendingSql(where: SQL): SQL {
  return sql`update device_strategies s set
      state = case when c.state = 'succeeded' then 'applied' else 'failed' end,
      finished_at = coalesce(c.finished_at, c.updated_at)
    from device_commands c
    where c.command_id = s.command_id and s.state = 'pending'
      and c.state in ('succeeded', 'failed', 'expired') and ${where}`;
}

/** A command a reply ended: its strategy, if it carried one, is applied or failed, at `at`. */
export async function recordStrategyOutcome(
  tx: Database,
  moved: { commandId: string; name: string; state: string },
  at: Date,
): Promise<void> {
  if (moved.name !== 'strategy' || !['succeeded', 'failed', 'expired'].includes(moved.state)) return;
  await tx.execute(
    sql`update device_strategies set state = ${moved.state === 'succeeded' ? 'applied' : 'failed'},
          finished_at = ${at.toISOString()}
        where command_id = ${moved.commandId} and state = 'pending'`,
  );
}
