import type { GeneratorState } from './model.ts';

/**
 * A diesel generator with SOC hysteresis and an engine's life: asked to run (the battery fell to
 * its start SOC, 20 % by default; or the generator support mode needs it), it starts, warms up
 * unloaded (`starting`, `warmupS`), takes load (`running`) until it is no longer needed (the
 * battery back at its stop SOC, 80 % by default), then cools down unloaded (`cooling`, `cooldownS`)
 * and stops. Asked again while cooling it takes load at once. It runs in long efficient stretches
 * rather than cycling. Without a battery it simply follows the deficit. Its tank drains with the
 * load (a day at full power, a tenth of that idling) and is refilled when it runs low.
 */

export const generatorStartSocPct = 20;
export const generatorStopSocPct = 80;
export const generatorWarmupS = 60;
export const generatorCooldownS = 120;
/** Hours of a full tank at full power. */
const tankHoursAtFullPower = 24;
/** The fuel level at which a delivery refills the tank, %. */
const refillBelowPct = 15;

export class Generator {
  state: GeneratorState = 'stopped';
  runHours = 0;
  fuelPct: number;
  /** Held by the SOC hysteresis: true from the start SOC until the stop SOC. */
  private low = false;
  private sinceMs = 0;

  constructor(
    public readonly ratedW: number,
    initialFuelPct = 100,
  ) {
    this.fuelPct = initialFuelPct;
  }

  /** True while the engine gives power. */
  get running(): boolean {
    return this.state === 'running';
  }

  /**
   * Whether the battery's charge asks for it (or, without a battery, the deficit): true from the
   * start SOC down, until the battery is back at the stop SOC.
   */
  wanted(
    socPct: number | null,
    minSocPct: number,
    maxSocPct: number,
    deficitW: number,
    startSocPct = generatorStartSocPct,
    stopSocPct = generatorStopSocPct,
  ): boolean {
    if (socPct === null) return deficitW > 0;
    // Keep both thresholds inside the SOC window, the stop a little below its top so the battery
    // reaches it (a narrow window leaves the generator a narrow hysteresis).
    const start = Math.max(minSocPct + 2, Math.min(startSocPct, maxSocPct - 8));
    const stop = Math.min(maxSocPct - 0.5, Math.max(start + 5, Math.min(stopSocPct, maxSocPct - 1)));
    if (this.low && socPct >= stop) this.low = false;
    else if (!this.low && socPct <= start) this.low = true;
    return this.low;
  }

  /** Forgets the hysteresis (the site went back to the grid). */
  resetHysteresis(): void {
    this.low = false;
  }

  /** Moves its engine to `ms` as asked; answers true when it may give power at this step. */
  step(ms: number, asked: boolean, warmupS = generatorWarmupS, cooldownS = generatorCooldownS): boolean {
    switch (this.state) {
      case 'stopped':
        if (asked) {
          this.state = 'starting';
          this.sinceMs = ms;
        }
        break;
      case 'starting':
        if (!asked) this.state = 'stopped';
        else if (ms - this.sinceMs >= warmupS * 1000) this.state = 'running';
        break;
      case 'running':
        if (!asked) {
          this.state = 'cooling';
          this.sinceMs = ms;
        }
        break;
      case 'cooling':
        if (asked) this.state = 'running';
        else if (ms - this.sinceMs >= cooldownS * 1000) this.state = 'stopped';
        break;
    }
    return this.state === 'running';
  }

  /** The most it gives now, W: its rating times `maxPowerPct`, nothing unless running. */
  availableW(maxPowerPct = 100): number {
    return this.running ? (this.ratedW * Math.min(100, Math.max(0, maxPowerPct))) / 100 : 0;
  }

  /** Its engine over a step: run hours and fuel while it turns, a delivery when the tank runs low. */
  run(outputW: number, stepMs: number): void {
    if (this.state === 'stopped') return;
    const hours = stepMs / 3_600_000;
    this.runHours += hours;
    const loading = this.ratedW > 0 ? Math.min(1, Math.max(0, outputW / this.ratedW)) : 0;
    this.fuelPct -= ((0.1 + 0.9 * loading) * hours * 100) / tankHoursAtFullPower;
    if (this.fuelPct < refillBelowPct) this.fuelPct = 100;
  }
}
