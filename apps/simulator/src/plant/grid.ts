import { deriveSeed, Random } from '../random.ts';
import type { PlantConfig, TransferState } from './model.ts';

/**
 * The grid side of a site: when the grid is there (outages drawn from the plant's seed, plus the
 * ones forced for a test), where the static transfer switch stands, and the meter's demand.
 */

const dayMs = 86_400_000;
/** The longest outage drawn, ms: one day's draw never reaches past the next day's end. */
const longestOutageMs = 12 * 3_600_000;

/** The transfer switch's settings when the plant has none of its own: it islands, reconnects after a minute. */
export const defaultSts: Readonly<NonNullable<PlantConfig['sts']>> = {
  islandEnabled: true,
  transferMode: 'auto',
  reconnectDelayS: 60,
};

export interface OutageRate {
  perDay: number;
  meanMinutes: number;
}

/**
 * Outages as a Poisson process: each UTC day draws its count (mean `perDay`), their starts evenly
 * over the day and their lengths from an exponential of mean `meanMinutes` (1 minute to 12 hours),
 * from a stream of its own (`outages:<day>`), so the same seed gives the same outages whatever
 * time the plant starts at and however it is stepped, and no other reading moves.
 */
export class GridOutages {
  private readonly days = new Map<number, [number, number][]>();
  private readonly forced: [number, number][] = [];

  constructor(
    private readonly seed: number,
    private readonly rate: OutageRate | undefined,
  ) {}

  /** Adds an outage over [fromMs, toMs). */
  force(fromMs: number, toMs: number): void {
    if (toMs > fromMs) this.forced.push([fromMs, toMs]);
  }

  /** True while the grid is down at `ms`. */
  downAt(ms: number): boolean {
    for (const [from, to] of this.forced) if (ms >= from && ms < to) return true;
    if (!this.rate || !(this.rate.perDay > 0)) return false;
    const day = Math.floor(ms / dayMs);
    for (const candidate of [day, day - 1]) {
      for (const [from, to] of this.drawn(candidate)) if (ms >= from && ms < to) return true;
    }
    return false;
  }

  /** The outages drawn for UTC day `day` (days since the epoch), [from, to) in ms. */
  drawn(day: number): [number, number][] {
    const known = this.days.get(day);
    if (known) return known;
    const random = new Random(deriveSeed(this.seed, `outages:${day}`));
    const { perDay, meanMinutes } = this.rate ?? { perDay: 0, meanMinutes: 0 };
    // Knuth's Poisson draw (means here are small)
    const limit = Math.exp(-Math.min(perDay, 50));
    let count = 0;
    for (let product = random.next(); product > limit; product *= random.next()) count += 1;
    const outages: [number, number][] = [];
    for (let i = 0; i < count; i += 1) {
      const from = day * dayMs + Math.floor(random.next() * dayMs);
      const lengthMs = -Math.log(1 - random.next()) * meanMinutes * 60_000;
      outages.push([from, from + Math.min(longestOutageMs, Math.max(60_000, Math.round(lengthMs)))]);
    }
    outages.sort((a, b) => a[0] - b[0]);
    // keep the cache small: a plant only looks at today and yesterday
    if (this.days.size > 8) this.days.clear();
    this.days.set(day, outages);
    return outages;
  }
}

/**
 * The static transfer switch: the grid gone, it transfers the site to island when it may (else
 * the site goes dark); the grid back, it waits its reconnect delay (transferring, still islanded),
 * then reconnects. A dark site is fed again as soon as the grid returns.
 */
export class TransferSwitch {
  state: TransferState = 'grid';
  transfers = 0;
  private sinceMs = 0;

  /** Moves to `ms`: `gridUp` whether the grid is there, `mayIsland` whether the site can island now. */
  step(ms: number, gridUp: boolean, mayIsland: boolean, reconnectDelayMs: number): TransferState {
    switch (this.state) {
      case 'grid':
      case 'dark':
        if (gridUp) this.state = 'grid';
        else if (mayIsland) {
          this.state = 'island';
          this.transfers += 1;
        } else this.state = 'dark';
        break;
      case 'island':
        if (gridUp) {
          this.state = 'transferring';
          this.sinceMs = ms;
        }
        break;
      case 'transferring':
        if (!gridUp) this.state = 'island';
        else if (ms - this.sinceMs >= reconnectDelayMs) this.state = 'grid';
        break;
    }
    return this.state;
  }

  /** True while the site runs on its own (island, or waiting to reconnect). */
  get islanded(): boolean {
    return this.state === 'island' || this.state === 'transferring';
  }
}

/** The meter's demand: mean import over the last `windowMin` minutes (over what there is, early on). */
export class DemandMeter {
  private readonly steps: { endMs: number; stepMs: number; importWh: number }[] = [];
  private head = 0;

  record(endMs: number, stepMs: number, importW: number): void {
    this.steps.push({ endMs, stepMs, importWh: (Math.max(0, importW) * stepMs) / 3_600_000 });
  }

  demandW(ms: number, windowMin: number): number {
    const fromMs = ms - windowMin * 60_000;
    while (this.head < this.steps.length && this.steps[this.head]!.endMs <= fromMs) this.head += 1;
    if (this.head > 512) {
      this.steps.splice(0, this.head);
      this.head = 0;
    }
    let energyWh = 0;
    let coveredMs = 0;
    for (let i = this.head; i < this.steps.length; i += 1) {
      const step = this.steps[i]!;
      // a step that began before the window counts for its part inside it
      const inside = Math.min(step.stepMs, step.endMs - fromMs);
      energyWh += step.importWh * (inside / step.stepMs);
      coveredMs += inside;
    }
    return coveredMs > 0 ? (energyWh * 3_600_000) / coveredMs : 0;
  }
}
