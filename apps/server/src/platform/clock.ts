/**
 * Where the server's background work takes the time from: the job runner, the jobs it runs and the
 * SQL they send (`now` goes in as a parameter where a rule compares times, never SQL `now()`), so
 * tests move time forward instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with the system's but can be moved ahead (tests: a lease, a backoff, a silence). */
export function adjustableClock(): Clock & { advance(ms: number): void; offsetMs(): number } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
