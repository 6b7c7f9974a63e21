import type { PileState, StationType, StrategyProgram } from '@helio/contracts';

/**
 * The seam between a plant's physics and the virtual devices that report it. A plant is one
 * station's site: its PV field, battery, loads, wallbox, generator and grid connection. It is
 * advanced in time and answers its state; the devices of the station read their values from that
 * state (an inverter its PV and AC power, a meter the grid, a battery its SOC, …).
 */

export type BatteryMode = 'self_consumption' | 'time_of_use' | 'backup_reserve' | 'peak_shaving';

/**
 * A timed battery slot of the site's local day, in minutes since midnight, [startMin, endMin): a
 * charge slot charges at full power (PV first, then the grid), a discharge slot discharges at full
 * power (the load first, the rest exported). Slots never wrap past midnight.
 */
export interface BatterySlot {
  kind: 'charge' | 'discharge';
  startMin: number;
  endMin: number;
}

export interface PlantConfig {
  stationType: StationType;
  latitude: number;
  longitude: number;
  /** IANA zone of the site: loads and tariffs follow local time. */
  timeZone: string;
  pv?: {
    capacityKwp: number;
    /** Panel tilt from horizontal, degrees. */
    tiltDeg: number;
    /** Panel azimuth, degrees clockwise from north (180 faces south). */
    azimuthDeg: number;
    /** AC limit of the inverter(s), W: output is clipped there. */
    inverterRatedW: number;
  };
  battery?: {
    capacityKwh: number;
    maxChargeW: number;
    maxDischargeW: number;
    minSocPct: number;
    maxSocPct: number;
    /** Round-trip efficiency, 0–1 (e.g. 0.92). */
    roundTripEfficiency: number;
    mode: BatteryMode;
    /** Backup reserve: SOC kept for outages, %. */
    reserveSocPct: number;
    /** Peak shaving: grid import above this is covered by the battery, W. */
    peakLimitW: number;
    /** Time of use: local hours of the cheap tariff when the battery charges from the grid, [from, to). */
    cheapHours: { from: number; to: number };
    /** Timed slots (a device's battery settings): inside one the slot decides, outside it the mode. */
    slots?: BatterySlot[];
    /**
     * A battery strategy (a `strategy` command): while set it decides instead of the slots and the
     * mode, inside the SOC window and powers above. The latest of a strategy and the settings'
     * slots wins: a strategy clears the slots, written slots end the strategy.
     */
    strategy?: StrategyProgram;
  };
  load: { profile: 'household' | 'commercial'; annualKwh: number };
  wallbox?: { maxPowerW: number };
  /**
   * A diesel generator that starts when the battery runs low (off-grid and C&I sites), at
   * `startSocPct` (default 20 %), and stops when it is back at `stopSocPct` (default 80 %).
   */
  generator?: { ratedW: number; startSocPct?: number; stopSocPct?: number };
  gridConnected: boolean;
  /** The grid connection's export limit, W: export never exceeds it (absent: no limit). */
  exportLimitW?: number;
  /** Active power limit: PV output at most this share of `pv.inverterRatedW`, % (absent: 100). */
  activePowerPct?: number;
}

/**
 * What a device's settings change in its plant (`Plant.control`), in the plant's terms; a field
 * left out stays as it is. Checked before (the device's parameter rules), so the plant takes it
 * without refusing; what the site lacks (a battery, a generator) is ignored.
 */
export interface PlantControl {
  /** Null: no export limit. */
  exportLimitW?: number | null;
  activePowerPct?: number;
  slots?: BatterySlot[];
  /** The SOC the battery stops charging at: its ceiling, %. */
  chargeStopSocPct?: number;
  /** The SOC the battery stops discharging at: its floor, %. */
  dischargeStopSocPct?: number;
  /** Limits of the battery's power, W; never above what the hardware allows. */
  maxChargeW?: number;
  maxDischargeW?: number;
  generatorStartSocPct?: number;
  generatorStopSocPct?: number;
}

/** Cumulative energy since the plant's devices were made, kWh. */
export interface EnergyCounters {
  pvKwh: number;
  loadKwh: number;
  chargeKwh: number;
  dischargeKwh: number;
  importKwh: number;
  exportKwh: number;
  evKwh: number;
  generatorKwh: number;
}

/**
 * A plant at one instant. Powers in W. It balances at every step:
 * pvW + generatorW + max(0, gridW) + max(0, −batteryW) = loadW + evW + max(0, batteryW) + max(0, −gridW)
 */
export interface PlantState {
  ms: number;
  pvW: number;
  /** Site consumption without the wallbox. */
  loadW: number;
  /** + charging, − discharging. */
  batteryW: number;
  /** + import, − export; 0 when not grid-connected. */
  gridW: number;
  evW: number;
  generatorW: number;
  socPct: number;
  sohPct: number;
  pile: { state: PileState; sessionKwh: number };
  weather: { poaIrradianceWm2: number; cloudCover: number; ambientC: number; cellC: number };
  counters: EnergyCounters;
}

export interface Plant {
  readonly config: PlantConfig;
  /** Advances to `ms` (never backwards), integrating in steps of at most 60 s; answers the state there. */
  advance(ms: number): PlantState;
  /** The state at the last advance. */
  current(): PlantState;
  /**
   * Applies settings a command carries (battery mode, reserve SOC, peak limit, max charge or
   * discharge power, cheap hours, wallbox max power); answers the names it did not know.
   */
  apply(settings: Record<string, number | string | boolean>): string[];
  /** Applies what a device's settings change physically (export limit, power limit, slots, stop SOC, …). */
  control(change: PlantControl): void;
  /** Runs a battery strategy from now on, instead of the slots (cleared) and the mode; no battery: nothing. */
  applyStrategy(program: StrategyProgram): void;
}
