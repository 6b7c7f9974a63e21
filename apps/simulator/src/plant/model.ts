import type { PileState, StationType } from '@helio/contracts';

/**
 * The seam between a plant's physics and the virtual devices that report it. A plant is one
 * station's site: its PV field, battery, loads, wallbox, generator and grid connection. It is
 * advanced in time and answers its state; the devices of the station read their values from that
 * state (an inverter its PV and AC power, a meter the grid, a battery its SOC, …).
 */

export type BatteryMode = 'self_consumption' | 'time_of_use' | 'backup_reserve' | 'peak_shaving';

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
  };
  load: { profile: 'household' | 'commercial'; annualKwh: number };
  wallbox?: { maxPowerW: number };
  /** A diesel generator that starts when the battery runs low (off-grid and C&I sites). */
  generator?: { ratedW: number };
  gridConnected: boolean;
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
}
