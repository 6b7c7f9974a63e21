/**
 * A diesel generator with SOC hysteresis: it starts when the battery falls to 20 % and runs until
 * the battery is back at 80 % (a device's `gen_start_soc_pct`/`gen_stop_soc_pct` move both), so it
 * runs in long efficient stretches rather than cycling. While it runs it covers the site's deficit
 * and charges the battery, up to its rating. Without a battery it simply follows the deficit.
 */

export const generatorStartSocPct = 20;
export const generatorStopSocPct = 80;

export class Generator {
  running = false;

  constructor(public readonly ratedW: number) {}

  /** Updates running from the SOC (or from the deficit when there is no battery). */
  decide(
    socPct: number | null,
    minSocPct: number,
    maxSocPct: number,
    deficitW: number,
    startSocPct = generatorStartSocPct,
    stopSocPct = generatorStopSocPct,
  ): boolean {
    if (socPct === null) {
      this.running = deficitW > 0;
      return this.running;
    }
    // Keep both thresholds inside the SOC window, the stop a little below its top so the battery
    // reaches it (a narrow window leaves the generator a narrow hysteresis).
    const start = Math.max(minSocPct + 2, Math.min(startSocPct, maxSocPct - 8));
    const stop = Math.min(maxSocPct - 0.5, Math.max(start + 5, Math.min(stopSocPct, maxSocPct - 1)));
    if (this.running && socPct >= stop) this.running = false;
    else if (!this.running && socPct <= start) this.running = true;
    return this.running;
  }

  /** Output while running, W: the deficit plus what the battery can take, up to the rating. */
  outputW(deficitW: number, batteryChargeLimitW: number): number {
    if (!this.running) return 0;
    return Math.min(this.ratedW, Math.max(0, deficitW) + batteryChargeLimitW);
  }
}
