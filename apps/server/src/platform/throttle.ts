import { type Database, queryRows, schema } from '@helio/db';
import { eq, inArray, sql } from 'drizzle-orm';

export interface ThrottleLimit {
  /** Failures allowed within the window; the one that reaches it starts a block. */
  maxFailures: number;
  windowMs: number;
  /** How long a key stays blocked; it then starts afresh (no permanent lock-out). */
  blockMs: number;
}

/** Failure counters with temporary blocks, shared by every replica through the database. */
export function throttle(db: Database, now: () => Date = () => new Date()) {
  return {
    /** Seconds until every one of `keys` is free again; 0 when none is blocked. */
    async blockedForSeconds(keys: string[]): Promise<number> {
      const rows = await db
        .select({ blockedUntil: schema.throttles.blockedUntil })
        .from(schema.throttles)
        .where(inArray(schema.throttles.throttleKey, keys));
      const current = now().getTime();
      const latest = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
      return latest > current ? Math.ceil((latest - current) / 1000) : 0;
    },

    /** Counts a failure for `key`; blocks the key when the count reaches the limit. */
    async recordFailure(key: string, limit: ThrottleLimit): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - limit.windowMs);
      const [row] = await queryRows<{ failures: number }>(
        db,
        sql`insert into throttles (throttle_key, failures, window_started_at) values (${key}, 1, ${at})
            on conflict (throttle_key) do update set
              failures = case when throttles.window_started_at <= ${windowStart} then 1 else throttles.failures + 1 end,
              window_started_at = case when throttles.window_started_at <= ${windowStart} then ${at} else throttles.window_started_at end
            returning failures`,
      );
      if ((row?.failures ?? 0) >= limit.maxFailures) {
        await db
          .update(schema.throttles)
          .set({ failures: 0, windowStartedAt: at, blockedUntil: new Date(at.getTime() + limit.blockMs) })
          .where(eq(schema.throttles.throttleKey, key));
      }
    },

    async reset(key: string): Promise<void> {
      await db.delete(schema.throttles).where(eq(schema.throttles.throttleKey, key));
    },
  };
}

export type Throttle = ReturnType<typeof throttle>;
