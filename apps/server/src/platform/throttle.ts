import type { Database } from '@helio/db';
import { throttleRepository } from './throttle-repository.ts';

export interface ThrottleLimit {
  /** Failures allowed within the window; the one that reaches it starts a block. */
  maxFailures: number;
  windowMs: number;
  /** How long a key stays blocked; it then starts afresh (no permanent lock-out). */
  blockMs: number;
}

/** Failure counters with temporary blocks, shared by every replica through the database (throttle-repository.ts). */
export function throttle(db: Database, now: () => Date = () => new Date()) {
  const repo = throttleRepository(db);
  return {
    /** Seconds until every one of `keys` is free again; 0 when none is blocked. */
    async blockedForSeconds(keys: string[]): Promise<number> {
      const current = now().getTime();
      const latest = Math.max(0, ...(await repo.blockedUntil(keys)).map((until) => until?.getTime() ?? 0));
      return latest > current ? Math.ceil((latest - current) / 1000) : 0;
    },

    /** Counts a failure for `key`; blocks the key when the count reaches the limit. */
    async recordFailure(key: string, limit: ThrottleLimit): Promise<void> {
      const at = now();
      const failures = await repo.countFailure(key, at, new Date(at.getTime() - limit.windowMs));
      if (failures >= limit.maxFailures) await repo.block(key, at, new Date(at.getTime() + limit.blockMs));
    },

    reset: (key: string): Promise<void> => repo.drop(key),
  };
}

export type Throttle = ReturnType<typeof throttle>;
