/** One device's view of its plant at an instant, and the helpers every device type's values share. */
import { type EmsPart, type EnergyCounter, PartState } from '@helio/contracts/device-link';
import type { PlantConfig, PlantState } from '../../plant/model.ts';
import { mix32, uniformAt } from '../../random.ts';
import { plantCounter } from './plant-counters.ts';
import type { ReportPlan } from './report-plan.ts';

/**
 * The small variations of voltages, frequency and temperatures come from a hash of the device
 * and the reading's time, not from a running random generator, so a reading depends only on the
 * seed, the device and its time: the same station gives the same readings however the run went.
 */

/** What a device's own condition adds to its readings. */
export interface DeviceCondition {
  /**
   * Where a fault has stopped the device: `device` for the device itself, or the EMS parts that
   * stopped. A stopped device or part reports the `fault` state (a wallbox `pile_state` `fault`).
   */
  stopped?: ReadonlySet<EmsPart | 'device'>;
  /** Data logger: readings of the station waiting to be sent. */
  buffered?: number;
  /** Data logger: seconds since it started. */
  uptimeS?: number;
}

/** A value in [-1, 1) that depends only on the device's key, the time and the channel. */
export function variation(key: number, ms: number, channel: number): number {
  return uniformAt(mix32(key ^ Math.imul(channel + 1, 0x9e3779b9)), ms) * 2 - 1;
}

export const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  // −0 would print as 0 anyway; keep it out of comparisons
  return rounded === 0 ? 0 : rounded;
};
export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Conversion losses between the PV field's DC side and the AC power the plant balances. */
export const PV_CONVERTER_EFFICIENCY = 0.975;
/** Below this a battery or PCS counts as idle, W. */
export const IDLE_W = 20;

/** Channels of `variation`, one per varying quantity, so they do not move together. */
export const Channel = {
  gridVoltage: 1,
  gridFrequency: 2,
  temperature: 3,
  stringSplit: 4,
  batteryTemperature: 5,
  powerFactor: 6,
  signal: 7,
  signalBase: 8,
  cellTemperature: 9,
} as const;

/** A reading being taken: the device's plan, its station's plant at `state.ms`, its condition. */
export class DeviceReading {
  constructor(
    readonly plan: ReportPlan,
    readonly config: PlantConfig,
    readonly state: PlantState,
    readonly condition: DeviceCondition,
  ) {}

  vary(channel: number, spread: number): number {
    return variation(this.plan.noiseKey, this.state.ms, channel) * spread;
  }

  stopped(where: EmsPart | 'device'): boolean {
    return this.condition.stopped?.has(where) === true;
  }

  /** This device's share of a plant counter, kWh; undefined for a counter another device reports. */
  counter(name: EnergyCounter, share = this.plan.share): number | undefined {
    if (!this.plan.counters.has(name)) return undefined;
    return round(this.state.counters[plantCounter[name]] * share, 3);
  }

  phaseVoltage(): number {
    // the voltage rises a little while the site exports
    const rise = this.state.gridW < 0 ? Math.min(6, (-this.state.gridW / 10_000) * 3) : 0;
    return round(this.plan.grid.phaseV * (1 + this.vary(Channel.gridVoltage, 0.012)) + rise, 1);
  }

  lineVoltage(): number {
    return round(this.plan.grid.lineV * (1 + this.vary(Channel.gridVoltage, 0.01)), 1);
  }

  frequency(): number {
    return round(this.plan.grid.frequencyHz + this.vary(Channel.gridFrequency, 0.03), 2);
  }

  /** An electronic device's inside: ambient, plus heat from how hard it works. */
  temperature(loadFraction: number, heating = 28): number {
    const ambient = this.state.weather.ambientC;
    return round(
      clamp(
        ambient + 4 + heating * clamp(loadFraction, 0, 1.2) + this.vary(Channel.temperature, 0.8),
        -40,
        120,
      ),
      1,
    );
  }

  /** A PV converter: on grid (or feeding an island) while it produces, standby at night. */
  pvState(pvW: number): PartState {
    if (pvW <= 0) return PartState.standby;
    return this.config.gridConnected ? PartState.onGrid : PartState.offGrid;
  }
}
