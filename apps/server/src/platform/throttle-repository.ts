import { column, type Database, queryParsed, schema } from '@helio/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';

/** All SQL of the failure counters (`throttles`): one row per key, shared by every replica. */
export function throttleRepository(db: Database) {
  return {
    /** The latest end of a block among `keys` (null or absent: not blocked). */
    async blockedUntil(keys: string[]): Promise<(Date | null)[]> {
      const rows = await db
        .select({ blockedUntil: schema.throttles.blockedUntil })
        .from(schema.throttles)
        .where(inArray(schema.throttles.throttleKey, keys));
      return rows.map((row) => row.blockedUntil);
    },

    /**
     * Counts a failure of `key` at `at`: a window that began at or before `windowStart` starts
     * again with this one. Answers the failures in the window.
     */
    async countFailure(key: string, at: Date, windowStart: Date): Promise<number> {
      const [row] = await queryParsed(
        db,
        z.object({ failures: column.int }),
        sql`insert into throttles (throttle_key, failures, window_started_at) values (${key}, 1, ${at})
            on conflict (throttle_key) do update set
              failures = case when throttles.window_started_at <= ${windowStart} then 1 else throttles.failures + 1 end,
              window_started_at = case when throttles.window_started_at <= ${windowStart} then ${at} else throttles.window_started_at end
            returning failures`,
      );
      return row?.failures ?? 0;
    },

    /** Blocks `key` until `until`, its count starting afresh. */
    async block(key: string, at: Date, until: Date): Promise<void> {
      await db
        .update(schema.throttles)
        .set({ failures: 0, windowStartedAt: at, blockedUntil: until })
        .where(eq(schema.throttles.throttleKey, key));
    },

    async drop(key: string): Promise<void> {
      await db.delete(schema.throttles).where(eq(schema.throttles.throttleKey, key));
    },
  };
}
