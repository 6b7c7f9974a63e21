import type { LocalTime } from './local-time.ts';
import type { BatterySlot, PlantConfig } from './model.ts';
import { type SiteFlows, type StepWindow, strategyTargetW, strategyWindow } from './strategy.ts';

/**
 * A battery's energy and what its strategy, slots or mode ask of it.
 *
 * Losses are split evenly between charging and discharging: each way has efficiency √η_rt, so a
 * kWh charged and discharged again returns η_rt kWh (AC side). SOC = stored / capacity and is held
 * in the step's [floor, ceiling] (at most [minSocPct, maxSocPct]) by limiting the power of the step
 * to the energy left before the limit, so it never overshoots. State of health falls linearly with throughput, 20 % per 6,000 equivalent full
 * cycles, down to 70 % (capacity itself is kept at the nameplate: the fade is reported, not simulated).
 */

export type BatteryConfig = NonNullable<PlantConfig['battery']>;

const hourMs = 3_600_000;

export class Battery {
  private storedWh: number;
  /** √η_rt: the efficiency of each direction (the round trip is not a setting, so it is fixed). */
  private readonly oneWayEfficiency: number;

  constructor(
    private readonly config: BatteryConfig,
    initialSocPct: number,
  ) {
    this.storedWh = (initialSocPct / 100) * config.capacityKwh * 1000;
    this.oneWayEfficiency = Math.sqrt(config.roundTripEfficiency);
  }

  get socPct(): number {
    return (this.storedWh / (this.config.capacityKwh * 1000)) * 100;
  }

  /** The most it can take over a step of `stepMs` without passing `ceilingSocPct`, W (AC side). */
  chargeLimitW(stepMs: number, ceilingSocPct = this.config.maxSocPct): number {
    const ceilingWh = (ceilingSocPct / 100) * this.config.capacityKwh * 1000;
    const roomWh = Math.max(0, ceilingWh - this.storedWh);
    return Math.min(this.config.maxChargeW, roomWh / this.oneWayEfficiency / (stepMs / hourMs));
  }

  /** The most it can give over a step of `stepMs` without going below `floorSocPct`, W (AC side). */
  dischargeLimitW(stepMs: number, floorSocPct: number): number {
    const floorWh = (floorSocPct / 100) * this.config.capacityKwh * 1000;
    const availableWh = Math.max(0, this.storedWh - floorWh);
    return Math.min(this.config.maxDischargeW, (availableWh * this.oneWayEfficiency) / (stepMs / hourMs));
  }

  /**
   * Runs `powerW` (+ charge, − discharge) for `stepMs`: stored energy changes by the DC side of it.
   * The power was limited by `chargeLimitW`/`dischargeLimitW`, so the limits only catch rounding.
   */
  run(powerW: number, stepMs: number, floorSocPct: number, ceilingSocPct = this.config.maxSocPct): void {
    const energyWh = powerW * (stepMs / hourMs);
    this.storedWh += energyWh >= 0 ? energyWh * this.oneWayEfficiency : energyWh / this.oneWayEfficiency;
    const capacityWh = this.config.capacityKwh * 1000;
    if (powerW > 0) this.storedWh = Math.min(this.storedWh, (ceilingSocPct / 100) * capacityWh);
    if (powerW < 0) this.storedWh = Math.max(this.storedWh, (floorSocPct / 100) * capacityWh);
  }
}

/** State of health from the energy it has discharged over its life, %. */
export function stateOfHealthPct(dischargedKwh: number, capacityKwh: number): number {
  const equivalentCycles = capacityKwh > 0 ? dischargedKwh / capacityKwh : 0;
  return Math.max(70, 100 - (20 * equivalentCycles) / 6000);
}

/** True when local `hour` is in the cheap window [from, to), which may wrap past midnight (22 → 6). */
export function isCheapHour(hour: number, cheapHours: { from: number; to: number }): boolean {
  const { from, to } = cheapHours;
  if (from === to) return false;
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

/** The kind of the slot running at `minuteOfDay` (local), if any: slots are [start, end) and never wrap. */
export function slotAt(
  slots: readonly BatterySlot[] | undefined,
  minuteOfDay: number,
): BatterySlot['kind'] | undefined {
  if (!slots) return undefined;
  for (const slot of slots) {
    if (minuteOfDay >= slot.startMin && minuteOfDay < slot.endMin) return slot.kind;
  }
  return undefined;
}

/** The lowest SOC the mode lets it reach while the grid is there, %. */
export function floorSocPct(config: BatteryConfig): number {
  return config.mode === 'backup_reserve'
    ? Math.max(config.minSocPct, config.reserveSocPct)
    : config.minSocPct;
}

/**
 * The SOC window of a step on a grid-connected site and the slot running in it: a strategy's
 * (`strategy.ts`) when the battery was given one, else the settings' slots and the plant's mode
 * (backup reserve raises the floor to the reserve).
 */
export function batteryWindow(config: BatteryConfig, socPct: number, time: LocalTime): StepWindow {
  if (config.strategy) return strategyWindow(config.strategy, config, socPct, time);
  return {
    floorSocPct: floorSocPct(config),
    ceilingSocPct: config.maxSocPct,
    dischargeSlot: slotAt(config.slots, time.hour * 60) === 'discharge',
  };
}

/**
 * The power the battery is asked for this step, W (+ charge, − discharge), before the step's
 * limits, on a grid-connected site: a strategy's (`strategyTargetW`), else the settings' slot
 * running now, else the plant's mode.
 */
export function batteryTargetW(
  config: BatteryConfig,
  flows: SiteFlows,
  socPct: number,
  time: LocalTime,
  window: StepWindow,
): number {
  if (config.strategy) return strategyTargetW(config.strategy, flows, socPct, window);
  return modeTargetW(config, flows.surplusW, flows.siteDeficitW, socPct, time.hour);
}

/**
 * The power the settings' slot running now or else the plant's mode asks for, W (+ charge,
 * − discharge), before the step's limits, on a grid-connected site. `surplusW` is PV (plus any
 * generator) minus site and wallbox load: positive is surplus, negative a deficit. `siteDeficitW`
 * is the part of the deficit that is the site's own load: a home battery does not empty itself into
 * the car, which charges from the grid or the sun. A charge slot asks for full power (the surplus
 * first, the grid the rest), a discharge slot for full discharge (the load first, the rest exported).
 */
function modeTargetW(
  config: BatteryConfig,
  surplusW: number,
  siteDeficitW: number,
  socPct: number,
  localHour: number,
): number {
  const slot = slotAt(config.slots, localHour * 60);
  if (slot === 'charge') return config.maxChargeW;
  if (slot === 'discharge') return -config.maxDischargeW;
  const selfConsumption = surplusW >= 0 ? surplusW : -Math.min(-surplusW, siteDeficitW);
  switch (config.mode) {
    case 'self_consumption':
      return selfConsumption;
    case 'backup_reserve':
      // Raised above the SOC, the reserve is refilled from the grid at half power before anything else.
      return socPct < config.reserveSocPct ? Math.max(surplusW, config.maxChargeW / 2) : selfConsumption;
    case 'time_of_use':
      // Cheap hours: fill from the grid and hold; otherwise behave as self-consumption.
      return isCheapHour(localHour, config.cheapHours)
        ? Math.max(surplusW, config.maxChargeW)
        : selfConsumption;
    case 'peak_shaving': {
      // The car counts here: it is part of the peak the site pays for.
      const importW = -surplusW;
      if (importW > config.peakLimitW) return -(importW - config.peakLimitW);
      if (surplusW >= 0) return surplusW;
      // Below the limit the headroom refills the battery, so the next peak finds it charged.
      return Math.min(config.peakLimitW - importW, config.maxChargeW);
    }
  }
}
