import type { ChargingMode, PileState, SessionStart, StationType, StrategyProgram } from '@helio/contracts';
import type { ChargeParams, ChargingPlanParams } from '@helio/contracts/device-link';

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

/** A car brought to a wallbox on purpose: when it comes and goes, its battery and its on-board charger. */
export interface BroughtCar {
  arrivalMs: number;
  departureMs: number;
  capacityKwh: number;
  socPct: number;
  /** The car's own limit, W: above 7.4 kW it charges on three phases. */
  maxW: number;
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
    /** The BMS balances its cells near full once their spread exceeds `balanceStartMv` (default on, 30 mV). */
    balancing?: boolean;
    balanceStartMv?: number;
  };
  load: { profile: 'household' | 'commercial'; annualKwh: number };
  wallbox?: { maxPowerW: number };
  /**
   * A diesel generator that starts when the battery runs low (off-grid and C&I sites), at
   * `startSocPct` (default 20 %), and stops when it is back at `stopSocPct` (default 80 %).
   */
  generator?: {
    ratedW: number;
    startSocPct?: number;
    stopSocPct?: number;
    /** False: it never starts by itself (default true). */
    autoStart?: boolean;
    /** Its output at most this share of its rating, % (default 100). */
    maxPowerPct?: number;
    /** Seconds it runs unloaded after a start before it takes load (default 60). */
    warmupS?: number;
    /** Seconds it runs unloaded after it is no longer needed before it stops (default 120). */
    cooldownS?: number;
  };
  gridConnected: boolean;
  /**
   * Grid outages of a grid-connected site, drawn from the plant's seed (a stream of their own):
   * `perDay` expected outages a day, each lasting `meanMinutes` on average (exponential).
   */
  gridOutages?: { perDay: number; meanMinutes: number };
  /**
   * The static transfer switch of a grid-connected site: in an outage with `islandEnabled` and the
   * `auto` transfer mode, a site with a battery or a generator islands; otherwise it goes dark.
   * When the grid is back it waits `reconnectDelayS` before it reconnects. Absent: the defaults.
   */
  sts?: { islandEnabled: boolean; transferMode: 'auto' | 'manual'; reconnectDelayS: number };
  /** False: the PV converters are switched off (no PV). Absent: on. */
  pvEnabled?: boolean;
  /** False: the battery converter (PCS) is switched off (the battery rests). Absent: on. */
  pcsEnabled?: boolean;
  /** Minutes the meter's demand is averaged over (default 15). */
  demandWindowMin?: number;
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
  generatorAutoStart?: boolean;
  generatorMaxPowerPct?: number;
  generatorWarmupS?: number;
  generatorCooldownS?: number;
  pvEnabled?: boolean;
  pcsEnabled?: boolean;
  balancing?: boolean;
  balanceStartMv?: number;
  stsIslandEnabled?: boolean;
  stsTransferMode?: 'auto' | 'manual';
  stsReconnectDelayS?: number;
  demandWindowMin?: number;
}

/**
 * Where the site's transfer switch stands: on the `grid`; `island` (the grid is gone, the battery
 * or the generator forms the site's own); `transferring` (the grid is back, the switch waits its
 * reconnect delay, still islanded); `dark` (the grid is gone and the site could not island).
 */
export type TransferState = 'grid' | 'island' | 'transferring' | 'dark';
export type GeneratorState = 'stopped' | 'starting' | 'running' | 'cooling';

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

/** The wallbox's session as its readings tell it (a site without a wallbox: idle, nothing). */
export interface PileReport {
  state: PileState;
  /** Energy of the session under way or last ended, kWh. */
  sessionKwh: number;
  /** Number of the session under way or last ended; null before the first. */
  sessionNo: number | null;
  /** How the session under way started; null without a car. */
  sessionStart: SessionStart | null;
  /** Phases it charges on (or would, while it offers nothing). */
  phases: number;
  /** The current per phase it offers the car now, A (0 while it offers nothing). */
  currentLimitA: number;
  /** The mode of the charging plan it follows; null before any plan. */
  planMode: ChargingMode | null;
  /** A remote stop holds the session under way. */
  remoteHold: boolean;
  /** The car's SOC when the car tells it, %. */
  carSocPct: number | null;
  /** Energy the plan targets for the session under way, kWh. */
  targetKwh: number | null;
}

/** Why the wallbox did not take a charging command: `unsupported` on a site without one. */
export interface ChargingRefusal {
  error: 'refused' | 'unsupported';
  message: string;
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
  /** The grid connection: is the grid there, where the transfer switch stands, transfers to island so far. */
  grid: { available: boolean; transfer: TransferState; transfers: number };
  /** The generator's state, hours its engine has run and the fuel in its tank, % (none: stopped, 0, 0). */
  generator: { state: GeneratorState; runHours: number; fuelPct: number };
  /** What the PV could give now before any limit or curtailment, W. */
  pvAvailableW: number;
  /** True when the battery's power was held below what was asked by its converter's power limit. */
  batteryHeld: boolean;
  /** Mean import over the demand window up to now, W. */
  demandW: number;
  pile: PileReport;
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
  /** Forces a grid outage over [fromMs, toMs) besides the drawn ones (a grid-connected site only). */
  outage(fromMs: number, toMs: number): void;
  /**
   * Brings a car to the wallbox (a test or a journey that needs one at a known time): while brought
   * cars are due or plugged, the day's drawn cars stay away.
   */
  bringCar(car: BroughtCar): void;
  /** A `charging_plan` for the site's wallbox: kept in place of the last, or why not (nothing changed). */
  chargingPlan(plan: ChargingPlanParams): ChargingRefusal | null;
  /** A `charge` command for the wallbox's session under way: done, or why not (nothing changed). */
  charge(params: ChargeParams): ChargingRefusal | null;
}
