import { deriveSeed, normalAt, SmoothNormalProcess, uniformAt } from '../random.ts';
import type { LocalTime } from './local-time.ts';
import { winterness } from './season.ts';

/**
 * Site consumption (without the wallbox), W.
 *
 * P(t) = P̄ · season(t) · [(1 − s) · shape(hour, weekday) · e^(σz − σ²/2) + s · events(t) / Ē]
 * - P̄ = annual kWh / 8,760 h; shape is an hourly table (linear between hour centres) normalised to
 *   a weekly mean of 1, so a year sums to the annual energy in expectation.
 * - season: household 1 + 0.2 · winterness (heating aids, lighting); commercial 1 + 0.08 · cos(2·season)
 *   (heating in winter and cooling in summer).
 * - z: a smooth standard normal through knots 15 minutes apart (lognormal noise with mean 1);
 *   σ = 0.15 household, 0.08 commercial.
 * - events: appliance runs (kettle, oven, washing machine…), at most one starting per 10-minute slot
 *   with a chance that follows the shape; duration log-uniform, power uniform; Ē their expected
 *   power, s their share of the energy (30 % household, 10 % commercial).
 */

interface LoadProfileModel {
  /** Hourly shapes by weekday, 0 Sunday … 6 Saturday, before normalisation. */
  shapes: readonly (readonly number[])[];
  noiseSpread: number;
  eventShare: number;
  /** Appliance power range: W for a household, fractions of P̄ for a commercial site. */
  eventPower: readonly [number, number];
  eventPowerIsFractionOfMean: boolean;
  /** Appliance run length range, minutes. */
  eventMinutes: readonly [number, number];
  seasonal: (season: number) => number;
}

const householdWeekday = [
  0.45, 0.38, 0.35, 0.34, 0.35, 0.42, 0.7, 1.05, 0.95, 0.75, 0.7, 0.72, 0.8, 0.75, 0.7, 0.72, 0.85, 1.1, 1.4,
  1.55, 1.5, 1.3, 1.0, 0.7,
];
const householdWeekend = [
  0.55, 0.45, 0.38, 0.35, 0.34, 0.35, 0.45, 0.65, 0.95, 1.15, 1.2, 1.2, 1.25, 1.15, 1.0, 0.95, 1.0, 1.15, 1.4,
  1.5, 1.45, 1.3, 1.05, 0.75,
];
const commercialWeekday = [
  0.3, 0.3, 0.3, 0.3, 0.3, 0.32, 0.5, 0.9, 1.4, 1.6, 1.6, 1.6, 1.45, 1.6, 1.6, 1.6, 1.5, 1.2, 0.8, 0.55, 0.4,
  0.35, 0.32, 0.3,
];
const commercialSaturday = [
  0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.32, 0.45, 0.65, 0.7, 0.7, 0.7, 0.65, 0.5, 0.4, 0.35, 0.32, 0.3, 0.3, 0.3,
  0.3, 0.3, 0.3, 0.3,
];
const commercialSunday = new Array<number>(24).fill(0.3);

const models: Record<'household' | 'commercial', LoadProfileModel> = {
  household: {
    shapes: [
      householdWeekend,
      householdWeekday,
      householdWeekday,
      householdWeekday,
      householdWeekday,
      householdWeekday,
      householdWeekend,
    ],
    noiseSpread: 0.15,
    eventShare: 0.3,
    eventPower: [1000, 2500],
    eventPowerIsFractionOfMean: false,
    eventMinutes: [2, 90],
    seasonal: (season) => 1 + 0.2 * season,
  },
  commercial: {
    shapes: [
      commercialSunday,
      commercialWeekday,
      commercialWeekday,
      commercialWeekday,
      commercialWeekday,
      commercialWeekday,
      commercialSaturday,
    ],
    noiseSpread: 0.08,
    eventShare: 0.1,
    eventPower: [0.2, 0.6],
    eventPowerIsFractionOfMean: true,
    eventMinutes: [5, 120],
    seasonal: (season) => 1 + 0.08 * (2 * season * season - 1),
  },
};

const slotMs = 600_000;
const slotsPerDay = 144;
const noiseKnotMs = 900_000;

export class SiteLoad {
  private readonly model: LoadProfileModel;
  private readonly meanW: number;
  /** Hourly shapes divided by their weekly mean. */
  private readonly shapes: number[][];
  private readonly noise: SmoothNormalProcess;
  private readonly eventStream: number;
  private readonly eventsPerDay: number;
  private readonly eventShare: number;
  private readonly eventPowerScale: number;
  private readonly longestEventSlots: number;
  /** Appliance runs of the most recent slots, ring-indexed by slot. */
  private readonly eventStartMs: number[];
  private readonly eventEndMs: number[];
  private readonly eventPowerW: number[];
  private lastSlot = Number.NaN;
  /** When the last drawn run ends: past it no run is on and the ring need not be read. */
  private latestEventEndMs = 0;
  /** The seasonal factor, worked out once per hour, at its start. */
  private seasonalHour = Number.NaN;
  private seasonalFactor = 1;

  constructor(
    profile: 'household' | 'commercial',
    annualKwh: number,
    private readonly latitude: number,
    seed: number,
  ) {
    this.model = models[profile];
    this.meanW = (Math.max(0, annualKwh) * 1000) / 8760;
    const weekMean = this.model.shapes.flat().reduce((sum, value) => sum + value, 0) / (7 * 24);
    this.shapes = this.model.shapes.map((day) => day.map((value) => value / weekMean));
    const noiseStream = deriveSeed(seed, 'load.noise');
    this.noise = new SmoothNormalProcess((knot) => normalAt(noiseStream, knot));
    this.eventStream = deriveSeed(seed, 'load.events');

    const [minimumMinutes, maximumMinutes] = this.model.eventMinutes;
    const meanMinutes = (maximumMinutes - minimumMinutes) / Math.log(maximumMinutes / minimumMinutes);
    this.eventPowerScale = this.model.eventPowerIsFractionOfMean ? this.meanW : 1;
    const meanEventPowerW =
      ((this.model.eventPower[0] + this.model.eventPower[1]) / 2) * this.eventPowerScale;
    const wantedPerDay =
      meanEventPowerW > 0 ? (this.model.eventShare * this.meanW * 1440) / (meanEventPowerW * meanMinutes) : 0;
    // At most one run starts per slot; keep the busiest slot's chance ≤ 0.8 and move the rest to the base.
    const busiestShape = Math.max(...this.shapes.flat());
    const possiblePerDay = (0.8 * slotsPerDay) / busiestShape;
    this.eventsPerDay = Math.min(wantedPerDay, possiblePerDay);
    this.eventShare = wantedPerDay > 0 ? this.model.eventShare * (this.eventsPerDay / wantedPerDay) : 0;
    this.longestEventSlots = Math.ceil((maximumMinutes * 60_000) / slotMs) + 1;
    this.eventStartMs = new Array<number>(this.longestEventSlots).fill(0);
    this.eventEndMs = new Array<number>(this.longestEventSlots).fill(0);
    this.eventPowerW = new Array<number>(this.longestEventSlots).fill(0);
  }

  /** The hourly shape at `hour` of `weekday`, linear between hour centres (wrapping within the day). */
  private shapeAt(weekday: number, hour: number): number {
    const day = this.shapes[weekday]!;
    const position = hour - 0.5;
    const index = Math.floor(position);
    const fraction = position - index;
    const before = day[(index + 24) % 24]!;
    const after = day[(index + 25) % 24]!;
    return before + (after - before) * fraction;
  }

  /** Draws the appliance run (if any) that starts in `slot`; the slot's local hour sets its chance. */
  private drawEvent(slot: number, weekday: number, hour: number): void {
    const ring = ((slot % this.longestEventSlots) + this.longestEventSlots) % this.longestEventSlots;
    const chance = (this.eventsPerDay * this.shapeAt(weekday, hour)) / slotsPerDay;
    if (uniformAt(this.eventStream, slot * 4) >= chance) {
      this.eventEndMs[ring] = 0;
      return;
    }
    const [minimumMinutes, maximumMinutes] = this.model.eventMinutes;
    const [minimumPower, maximumPower] = this.model.eventPower;
    const minutes =
      minimumMinutes * (maximumMinutes / minimumMinutes) ** uniformAt(this.eventStream, slot * 4 + 1);
    const start = slot * slotMs + uniformAt(this.eventStream, slot * 4 + 2) * slotMs;
    this.eventStartMs[ring] = start;
    this.eventEndMs[ring] = start + minutes * 60_000;
    this.latestEventEndMs = Math.max(this.latestEventEndMs, start + minutes * 60_000);
    this.eventPowerW[ring] =
      (minimumPower + (maximumPower - minimumPower) * uniformAt(this.eventStream, slot * 4 + 3)) *
      this.eventPowerScale;
  }

  /** Site consumption at `ms`, W; `local` is the site's wall-clock time at `ms`. */
  powerW(ms: number, local: LocalTime): number {
    if (this.meanW === 0) return 0;
    const slot = Math.floor(ms / slotMs);
    if (slot !== this.lastSlot) {
      const first =
        slot - this.lastSlot < this.longestEventSlots ? this.lastSlot + 1 : slot - this.longestEventSlots + 1;
      for (let drawn = first; drawn <= slot; drawn++) {
        // The slot's local hour and weekday, read back from this step's wall clock.
        const hoursBack = (ms - drawn * slotMs) / 3_600_000;
        const hour = local.hour - hoursBack;
        const wrapped = hour < 0 ? hour + 24 : hour;
        const weekday = hour < 0 ? (local.weekday + 6) % 7 : local.weekday;
        this.drawEvent(drawn, weekday, wrapped);
      }
      this.lastSlot = slot;
    }
    let eventsW = 0;
    for (let index = 0; ms < this.latestEventEndMs && index < this.longestEventSlots; index++) {
      if (ms >= this.eventStartMs[index]! && ms < this.eventEndMs[index]!)
        eventsW += this.eventPowerW[index]!;
    }
    const spread = this.model.noiseSpread;
    const noise = Math.exp(spread * this.noise.at(ms / noiseKnotMs) - (spread * spread) / 2);
    const base = (1 - this.eventShare) * this.meanW * this.shapeAt(local.weekday, local.hour) * noise;
    // Runs were sized (eventsPerDay) so that their expected power is eventShare · P̄.
    const hour = Math.floor(ms / 3_600_000);
    if (hour !== this.seasonalHour) {
      this.seasonalHour = hour;
      // At the top of the hour, so the value does not depend on which step came first.
      this.seasonalFactor = this.model.seasonal(winterness(hour * 3_600_000, this.latitude));
    }
    return this.seasonalFactor * (base + eventsW);
  }
}
