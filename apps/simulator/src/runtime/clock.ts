/**
 * The simulated clock of a run. Readings are stamped in simulated time, which never runs ahead of
 * the real clock: the portal refuses readings from the future, and a demo that showed tomorrow's
 * yield would be wrong.
 *
 * With a speed-up factor above 1 the run therefore starts in the past (at the time its plants
 * start) and catches up: simulated time = start + (now − realStart) × speedUp until it reaches
 * the real clock, and from then on it is the real clock (speed 1). A run that starts at the
 * present time with a speed-up runs in real time from the start: the speed-up only ever shortens
 * a catch-up. That is the rule for the whole simulator (fleet runner, CLI, demo plants).
 */
export class SimulationClock {
  readonly simStartMs: number;
  readonly realStartMs: number;
  readonly speedUp: number;
  /** Real time at which simulated time reaches the real clock. */
  readonly caughtUpAtRealMs: number;
  private readonly realNow: () => number;

  constructor(options: { simStartMs: number; speedUp?: number; realNow?: () => number }) {
    this.realNow = options.realNow ?? Date.now;
    this.realStartMs = this.realNow();
    this.speedUp = Math.max(1, options.speedUp ?? 1);
    // a start in the future is a start now: simulated time never runs ahead
    this.simStartMs = Math.min(options.simStartMs, this.realStartMs);
    const behindMs = this.realStartMs - this.simStartMs;
    // behind by `behind`, gaining (speedUp − 1) ms per real ms
    this.caughtUpAtRealMs =
      this.speedUp > 1
        ? this.realStartMs + behindMs / (this.speedUp - 1)
        : behindMs === 0
          ? this.realStartMs
          : Infinity;
  }

  /** Simulated time now, ms since 1970. */
  now(): number {
    return this.simAt(this.realNow());
  }

  /** Simulated time at real time `realMs`. */
  simAt(realMs: number): number {
    if (realMs >= this.caughtUpAtRealMs) return realMs;
    return Math.min(realMs, this.simStartMs + (realMs - this.realStartMs) * this.speedUp);
  }

  /** Real time at which simulated time reaches `simMs` (the past answers the present). */
  realAt(simMs: number): number {
    if (simMs >= this.caughtUpAtRealMs) return simMs;
    return this.realStartMs + (simMs - this.simStartMs) / this.speedUp;
  }

  /** Real milliseconds that `simMs` of simulated time take from now. */
  realDuration(simMs: number): number {
    const now = this.now();
    return Math.max(0, this.realAt(now + simMs) - this.realNow());
  }

  /** True once simulated time runs with the real clock. */
  get caughtUp(): boolean {
    return this.realNow() >= this.caughtUpAtRealMs;
  }
}
