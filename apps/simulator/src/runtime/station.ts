import { DeviceType } from '@helio/contracts';
import { planStation, type StationDevice } from '../devices/telemetry/report-plan.ts';
import { type DeviceIdentity, VirtualDevice } from '../devices/virtual-device.ts';
import type { EnergyCounters, Plant, PlantConfig, PlantControl, PlantState } from '../plant/model.ts';
import { createPlant } from '../plant/plant.ts';
import { deriveSeed } from '../random.ts';

/**
 * One station of a run: its plant (one per station, shared by its devices) and its virtual
 * devices. A station takes its readings at instants aligned to the interval with a phase of its
 * own (drawn from its seed, so thousands of stations do not all report at :00), advancing the
 * plant to each instant and letting every device whose interval is due read it (a device may
 * report at an interval of its own: a setting or a debug session). The same station object serves
 * a backfill and then the live run, so its counters and sequence numbers carry on.
 */

export type DeviceDefinition = DeviceIdentity;

export interface StationDefinition {
  /** A name unique in the run (the portal's station id, or the CLI's index): seeds derive from it. */
  key: string;
  plant: PlantConfig;
  devices: DeviceDefinition[];
  /** The run's seed: same seed, same key, same devices → same readings. */
  seed: number;
  /** Simulated time the plant starts at, ms. */
  startMs: number;
  /** Counters the plant starts from (a demo plant that already ran), kWh. */
  initialCounters?: Partial<EnergyCounters>;
  /** State of charge the battery starts at (a demo plant that already ran), %. */
  initialSocPct?: number;
  /**
   * ISO 3166-1 alpha-2 country of the station: its devices' grid standard is the first of the
   * catalogue for that country (EN 50549-1 without one).
   */
  countryCode?: string;
}

export class StationSimulation {
  readonly key: string;
  readonly config: PlantConfig;
  readonly plant: Plant;
  readonly devices: VirtualDevice[];
  /** The station's own seed, derived from the run's seed and its key. */
  readonly seed: number;
  private readonly logger: VirtualDevice | undefined;
  private lastTickMs: number | undefined;
  /** Called when a device's reporting interval changed: the runner schedules the next tick anew. */
  onScheduleChange: (() => void) | undefined;

  constructor(definition: StationDefinition) {
    this.key = definition.key;
    this.config = definition.plant;
    this.seed = deriveSeed(definition.seed, `station:${definition.key}`);
    this.plant = createPlant(
      definition.plant,
      deriveSeed(this.seed, 'plant'),
      definition.startMs,
      definition.initialCounters,
      definition.initialSocPct,
    );
    const stationDevices: StationDevice[] = definition.devices.map((device) => ({
      sn: device.sn,
      deviceType: device.deviceType,
      ratedPowerW: device.ratedPowerW,
    }));
    const plans = planStation(definition.plant, stationDevices, this.seed);
    this.devices = definition.devices.map(
      (identity, index) =>
        new VirtualDevice({
          identity,
          plan: plans[index]!,
          // readings follow the plant as it runs; the factory values the plant as built
          config: this.plant.config,
          builtConfig: definition.plant,
          strategy: (program) => this.plant.applyStrategy(program),
          control: (change) => this.control(change),
          charger: this.plant,
          intervalChanged: () => this.onScheduleChange?.(),
          countryCode: definition.countryCode,
          seed: this.seed,
          index,
        }),
    );
    this.logger = this.devices.find((device) => device.deviceType === DeviceType.dataLogger);
  }

  /** Simulated time the plant has reached, ms. */
  get timeMs(): number {
    return this.plant.current().ms;
  }

  /** What a device's checked parameter values do physically (export limit, slots, …), to the plant. */
  control(change: PlantControl): void {
    this.plant.control(change);
  }

  /**
   * The first instant strictly after `ms` at which one of its devices reads: each on the grid of
   * its own interval (`runIntervalS` for a device that has no run yet).
   */
  nextReadingAfter(ms: number, runIntervalS: number): number {
    let next = Number.POSITIVE_INFINITY;
    for (const device of this.devices) {
      next = Math.min(next, this.nextTickAfter(ms, device.intervalAt(ms) ?? runIntervalS));
    }
    return Number.isFinite(next) ? next : this.nextTickAfter(ms, runIntervalS);
  }

  /** The first reading instant of this station strictly after `ms`, for readings every `intervalS`. */
  nextTickAfter(ms: number, intervalS: number): number {
    const intervalMs = intervalS * 1000;
    // to the millisecond, so that thousands of stations spread evenly over the interval
    const phaseMs = this.seed % intervalMs;
    return Math.floor((ms - phaseMs) / intervalMs) * intervalMs + phaseMs + intervalMs;
  }

  /** Readings of the station's devices waiting to be delivered (a data logger's `buffered`). */
  bufferedReadings(): number {
    let total = 0;
    for (const device of this.devices) if (device !== this.logger) total += device.buffered;
    return total;
  }

  /**
   * Advances the plant to `ms` and has every device take its reading there. `live` readings go
   * out as telemetry when nothing waits before them; a backfill's as `backfill`.
   */
  tick(ms: number, live: boolean): PlantState {
    if (this.lastTickMs !== undefined && ms <= this.lastTickMs) return this.plant.current();
    this.lastTickMs = ms;
    const state = this.plant.advance(ms);
    // a backfill writes history as it would have been delivered: nothing was waiting then
    const buffered = live && this.logger ? this.bufferedReadings() : 0;
    const nextAfter = (lastMs: number, intervalS: number) => this.nextTickAfter(lastMs, intervalS);
    for (const device of this.devices) {
      if (device.dueAt(ms, nextAfter)) device.takeReading(state, { live, buffered });
    }
    return state;
  }
}

/** A station of a run, ready for `backfill` and `startFleet` (see `StationDefinition`). */
export function createStationSimulation(definition: StationDefinition): StationSimulation {
  return new StationSimulation(definition);
}
