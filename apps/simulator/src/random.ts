/**
 * Seeded randomness for the simulator. Nothing here touches Math.random: the same seed gives the
 * same plants, so a screenshot, a failing test or a benchmark can be replayed.
 *
 * Two kinds are offered:
 * - `Random`, a sequential generator (mulberry32) for things drawn once, such as a plant's config;
 * - `uniformAt` / `normalAt`, stateless draws keyed by (stream, index), for processes that are a
 *   function of time (clouds, load noise, appliance events). Keyed draws do not depend on how a
 *   plant was stepped, so advancing in one jump or in many small steps sees the same weather.
 * Streams are derived from a seed and a label (`deriveSeed`), so adding a device or a process gets a
 * new stream and leaves every other stream, and so every other plant's data, unchanged.
 */

const twoToThe32 = 4_294_967_296;

/** Integer finaliser "lowbias32" (C. Wellons, hash-prospector): spreads every input bit over all 32. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A 32-bit seed for the stream named `label` under `seed` (FNV-1a over the label, then mixed). */
export function deriveSeed(seed: number, label: string): number {
  let hash = mix32((seed >>> 0) ^ 0x811c9dc5) ^ 0x811c9dc5;
  for (let index = 0; index < label.length; index++) {
    hash ^= label.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix32(hash ^ Math.floor(seed / twoToThe32));
}

/** A uniform number in [0, 1) for position `index` (any safe integer, negative too) of a stream. */
export function uniformAt(stream: number, index: number): number {
  const low = index >>> 0;
  const high = Math.floor(index / twoToThe32) >>> 0;
  const mixed = mix32(mix32(stream ^ low) ^ Math.imul(high + 0x9e3779b9, 0x85ebca6b));
  return mixed / twoToThe32;
}

/** A standard normal number for position `index` of a stream (Box–Muller on two keyed uniforms). */
export function normalAt(stream: number, index: number): number {
  const first = uniformAt(stream, index);
  const second = uniformAt(stream ^ 0x5bd1e995, index);
  return Math.sqrt(-2 * Math.log(1 - first)) * Math.cos(2 * Math.PI * second);
}

/**
 * A standard normal process of a continuous position (time in some unit) through keyed knots one
 * unit apart, linear in between with its variance kept at 1, so noise is smooth and its level
 * does not dip between knots. The two knots around the last position are remembered, so stepping
 * forward costs one knot draw per knot crossed rather than per call; values never depend on that.
 */
export class SmoothNormalProcess {
  private knot = Number.NaN;
  private atKnot = 0;
  private atNextKnot = 0;

  /** `valueAtKnot` must be a pure function of the knot: a standard normal draw such as `normalAt`. */
  constructor(private readonly valueAtKnot: (knot: number) => number) {}

  at(position: number): number {
    const knot = Math.floor(position);
    if (knot !== this.knot) {
      this.atKnot = knot === this.knot + 1 ? this.atNextKnot : this.valueAtKnot(knot);
      this.atNextKnot = this.valueAtKnot(knot + 1);
      this.knot = knot;
    }
    const fraction = position - knot;
    const mixed = (1 - fraction) * this.atKnot + fraction * this.atNextKnot;
    return mixed / Math.sqrt((1 - fraction) ** 2 + fraction ** 2);
  }
}

/** A sequential seeded generator (mulberry32, T. Ettinger): fast, 32-bit state, period 2^32. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = mix32(seed) || 0x6d2b79f5;
  }

  /** An independent generator for `label`, seeded from this one's current state. */
  derive(label: string): Random {
    return new Random(deriveSeed(this.state, label));
  }

  /** A uniform number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / twoToThe32;
  }

  /** A uniform number in [min, max). */
  uniform(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A normal number (Box–Muller). */
  normal(mean = 0, standardDeviation = 1): number {
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    return mean + standardDeviation * radius * Math.cos(2 * Math.PI * this.next());
  }

  /** True with probability `probability`. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** One item of a non-empty list, each equally likely. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}
