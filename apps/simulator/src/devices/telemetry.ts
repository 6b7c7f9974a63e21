import { DeviceType } from '@helio/contracts';
import {
  type EmsPart,
  type EnergyCounter,
  type FlatValues,
  PartState,
  readCounters,
} from '@helio/contracts/device-link';
import type { EnergyCounters, PlantConfig, PlantState } from '../plant/model.ts';
import { deriveSeed, mix32, uniformAt } from '../random.ts';

/**
 * What each device of a station reports from its plant's state (docs/device-protocol.md section
 * 4). The plant is one station's physics; its devices are views onto it: an inverter reports the
 * PV field, a battery its SOC and power, a meter the grid connection point, an EMS 5000 all of it
 * through its parts.
 *
 * Energy counters follow the plant's counters exactly (rounded to the watt-hour) and each is
 * reported by exactly one kind of device of the station (protocol section 11.1), chosen by
 * `planStation` in this order:
 *
 * | counter | reported by the first present of |
 * |---|---|
 * | `pv_kwh` | EMS 5000 (`pvs`), inverters, commercial hybrids, off-grid inverters |
 * | `charge_kwh`, `discharge_kwh` | EMS 5000 (`pcs`), batteries, commercial hybrids |
 * | `import_kwh`, `export_kwh` | EMS 5000 (`meter`), meter |
 * | `load_kwh` | off-grid inverters |
 * | `ev_kwh` | wallboxes |
 * | `generator_kwh` | EMS 5000 (`generator`) |
 *
 * An EMS 5000 is the system of record of a C&I site: it always reports the parts its site has
 * (PCS and BMS with a battery, PVS with PV, the generator when there is one, the meter when the
 * site is grid-connected, the STS always) with their counters. A meter, battery or commercial hybrid
 * registered beside it still reports its powers, voltages and states, but not the counters the
 * EMS already reports, so the station's energy is counted once. Several devices of one kind
 * (two inverters on one PV field) share its power and counters in proportion to their rated power
 * (equally when it is not given); their counters add up to the plant's.
 *
 * The small variations of voltages, frequency and temperatures come from a hash of the device
 * and the reading's time, not from a running random generator, so a reading depends only on the
 * seed, the device and its time: the same station gives the same readings however the run went.
 */

/** A device of a station, as far as its readings are concerned. */
export interface StationDevice {
  sn: string;
  deviceType: DeviceType;
  /** Nameplate power, W: splits the station's power between devices of one kind. */
  ratedPowerW?: number;
}

/** How one device reports its station: its share, its counters, its parts. */
export interface ReportPlan {
  deviceType: DeviceType;
  /** Fraction of the station's power of its kind this device carries (0–1). */
  share: number;
  /** The counters this device reports. */
  counters: ReadonlySet<EnergyCounter>;
  /** EMS 5000: the parts it reports; empty for other types. */
  parts: readonly EmsPart[];
  /** Nameplate power used for loading-dependent values (temperatures), W. */
  ratedPowerW: number;
  /** Seeds the small variations of this device's values. */
  noiseKey: number;
  grid: NominalGrid;
}

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

// ---------------------------------------------------------------------------------------------
// Stable variation: a keyed draw of (device, time, channel), uniform in [-1, 1)
// ---------------------------------------------------------------------------------------------

/** A value in [-1, 1) that depends only on the device's key, the time and the channel. */
export function variation(key: number, ms: number, channel: number): number {
  return uniformAt(mix32(key ^ Math.imul(channel + 1, 0x9e3779b9)), ms) * 2 - 1;
}

// ---------------------------------------------------------------------------------------------
// The grid a site is connected to
// ---------------------------------------------------------------------------------------------

export interface NominalGrid {
  /** Phase voltage, V. */
  phaseV: number;
  /** Line-to-line voltage of the three-phase supply, V. */
  lineV: number;
  frequencyHz: number;
}

/** Zones whose grid runs at 60 Hz (most of the Americas north of Argentina, Korea, Taiwan, …). */
const sixtyHertzZones = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Manaus',
  'America/Belem',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Guayaquil',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Asia/Seoul',
  'Asia/Taipei',
  'Asia/Manila',
  'Asia/Riyadh',
];

/** The grid of a site from its zone: 230/400 V in Europe, 220/380 V elsewhere; 50 Hz unless listed. */
export function nominalGrid(timeZone: string): NominalGrid {
  const frequencyHz = sixtyHertzZones.includes(timeZone) ? 60 : 50;
  return timeZone.startsWith('Europe/')
    ? { phaseV: 230, lineV: 400, frequencyHz }
    : { phaseV: 220, lineV: 380, frequencyHz };
}

// ---------------------------------------------------------------------------------------------
// Who reports what
// ---------------------------------------------------------------------------------------------

/** The parts of an EMS 5000 that a site with this equipment has. */
export function emsPartsOf(config: PlantConfig): EmsPart[] {
  const parts: EmsPart[] = [];
  if (config.battery) parts.push('pcs');
  if (config.pv) parts.push('pvs');
  if (config.battery) parts.push('bms');
  parts.push('sts');
  if (config.generator) parts.push('generator');
  if (config.gridConnected) parts.push('meter');
  return parts;
}

/** Counters in the order the table above gives, with the parts an EMS needs to report them. */
const counterReporters: { counters: EnergyCounter[]; reporters: (DeviceType | EmsPart)[] }[] = [
  {
    counters: ['pv_kwh'],
    reporters: ['pvs', DeviceType.inverter, DeviceType.commercialHybrid, DeviceType.offGrid],
  },
  {
    counters: ['charge_kwh', 'discharge_kwh'],
    reporters: ['pcs', DeviceType.battery, DeviceType.commercialHybrid],
  },
  { counters: ['import_kwh', 'export_kwh'], reporters: ['meter', DeviceType.meter] },
  { counters: ['load_kwh'], reporters: [DeviceType.offGrid] },
  { counters: ['ev_kwh'], reporters: [DeviceType.chargingPile] },
  { counters: ['generator_kwh'], reporters: ['generator'] },
];

/** A device's nameplate power when it was not given: what its kind of equipment is rated at. */
function defaultRating(deviceType: DeviceType, config: PlantConfig, count: number): number {
  const pvRated = config.pv?.inverterRatedW ?? 0;
  const batteryRated = config.battery ? Math.max(config.battery.maxChargeW, config.battery.maxDischargeW) : 0;
  switch (deviceType) {
    case DeviceType.inverter:
    case DeviceType.offGrid:
      return Math.max(pvRated, batteryRated, 1000) / count;
    case DeviceType.battery:
      return Math.max(batteryRated, 1000) / count;
    case DeviceType.commercialHybrid:
      return Math.max(pvRated, batteryRated, 1000) / count;
    case DeviceType.chargingPile:
      return (config.wallbox?.maxPowerW ?? 11_000) / count;
    case DeviceType.energyManagementBox:
      return Math.max(pvRated, batteryRated, config.generator?.ratedW ?? 0, 1000) / count;
    default:
      return 0;
  }
}

/**
 * Decides for every device of a station its share, its counters and (EMS 5000) its parts.
 * `stationSeed` ties the small variations to the run's seed and the station.
 */
export function planStation(
  config: PlantConfig,
  devices: readonly StationDevice[],
  stationSeed: number,
): ReportPlan[] {
  const parts = emsPartsOf(config);
  const ofType = (deviceType: DeviceType) => devices.filter((device) => device.deviceType === deviceType);
  const ratings = devices.map(
    (device) =>
      device.ratedPowerW ?? defaultRating(device.deviceType, config, ofType(device.deviceType).length),
  );
  const shares = devices.map((device, index) => {
    const sameType = devices
      .map((other, otherIndex) => ({ other, rating: ratings[otherIndex]! }))
      .filter(({ other }) => other.deviceType === device.deviceType);
    const total = sameType.reduce((sum, { rating }) => sum + rating, 0);
    return total > 0 ? ratings[index]! / total : 1 / sameType.length;
  });

  const countersOf = devices.map(() => new Set<EnergyCounter>());
  const hasEms = ofType(DeviceType.energyManagementBox).length > 0;
  for (const { counters, reporters } of counterReporters) {
    for (const reporter of reporters) {
      let holders: number[];
      if (typeof reporter === 'string') {
        if (!hasEms || !parts.includes(reporter)) continue;
        holders = devices.flatMap((device, index) =>
          device.deviceType === DeviceType.energyManagementBox ? [index] : [],
        );
      } else {
        holders = devices.flatMap((device, index) => (device.deviceType === reporter ? [index] : []));
      }
      if (holders.length === 0) continue;
      for (const index of holders) for (const counter of counters) countersOf[index]!.add(counter);
      break;
    }
  }

  const grid = nominalGrid(config.timeZone);
  return devices.map((device, index) => ({
    deviceType: device.deviceType,
    share: shares[index]!,
    counters: countersOf[index]!,
    parts: device.deviceType === DeviceType.energyManagementBox ? parts : [],
    ratedPowerW: ratings[index]!,
    noiseKey: deriveSeed(stationSeed, `device:${index}:${device.deviceType}`),
    grid,
  }));
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  // −0 would print as 0 anyway; keep it out of comparisons
  return rounded === 0 ? 0 : rounded;
};
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Where each counter of the protocol sits in the plant's counters. */
const plantCounter: Record<EnergyCounter, keyof EnergyCounters> = {
  pv_kwh: 'pvKwh',
  charge_kwh: 'chargeKwh',
  discharge_kwh: 'dischargeKwh',
  import_kwh: 'importKwh',
  export_kwh: 'exportKwh',
  load_kwh: 'loadKwh',
  ev_kwh: 'evKwh',
  generator_kwh: 'generatorKwh',
};

/** Conversion losses between the PV field's DC side and the AC power the plant balances. */
const PV_CONVERTER_EFFICIENCY = 0.975;
/** Below this a battery or PCS counts as idle, W. */
const IDLE_W = 20;

/** Channels of `variation`, one per varying quantity, so they do not move together. */
const Channel = {
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

class Reporter {
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

  /** Batteries sit indoors or in a conditioned cabinet: they follow the weather only in part. */
  batteryTemperature(powerW: number, ratedW: number): number {
    const ambient = this.state.weather.ambientC;
    const room = 18 + 0.35 * (ambient - 15);
    const heat = ratedW > 0 ? (6 * Math.abs(powerW)) / ratedW : 0;
    return round(clamp(room + heat + this.vary(Channel.batteryTemperature, 0.5), -30, 70), 1);
  }

  /** Battery voltage of a system of `nominalV` at the plant's SOC; charging lifts it, discharging lowers it. */
  batteryVoltage(nominalV: number, powerW: number, ratedW: number): number {
    const soc = this.state.socPct;
    const loading = ratedW > 0 ? clamp(powerW / ratedW, -1, 1) : 0;
    return round(nominalV * (0.93 + 0.0011 * soc + 0.012 * loading), 1);
  }

  /** Batteries: 51.2 V low-voltage packs up to 15 kWh, 409.6 V above, 768 V for C&I racks. */
  batteryNominalV(capacityKwh: number): number {
    if (capacityKwh <= 15) return 51.2;
    if (capacityKwh <= 100) return 409.6;
    return 768;
  }

  /** A device that converts the battery's power: charging, discharging, halted when empty, or idle. */
  batteryState(powerW: number): PartState {
    if (powerW > IDLE_W) return PartState.charging;
    if (powerW < -IDLE_W) return PartState.discharging;
    const minimum = this.config.battery?.minSocPct ?? 0;
    // empty and nothing to charge from: the converter halts until PV or the grid comes back
    return this.state.socPct <= minimum + 0.5 ? PartState.halt : PartState.standby;
  }

  /** A PV converter: on grid (or feeding an island) while it produces, standby at night. */
  pvState(pvW: number): PartState {
    if (pvW <= 0) return PartState.standby;
    return this.config.gridConnected ? PartState.onGrid : PartState.offGrid;
  }

  inverter(): Record<string, unknown> {
    const { share, ratedPowerW } = this.plan;
    const acW = this.state.pvW * share;
    const dcW = acW > 0 ? acW / PV_CONVERTER_EFFICIENCY : 0;
    const strings = this.strings(dcW);
    return {
      state: this.stopped('device') ? PartState.fault : this.pvState(acW),
      pv_power_w: round(dcW, 0),
      ac_power_w: round(acW, 0),
      ...strings,
      grid_voltage_v: this.phaseVoltage(),
      grid_frequency_hz: this.frequency(),
      temperature_c: this.temperature(acW / Math.max(ratedPowerW, 1)),
      pv_kwh: this.counter('pv_kwh'),
    };
  }

  /**
   * Two strings of modules sharing the DC power: each string's voltage follows the cell
   * temperature (−0.35 %/K) and falls a little in weak light; nothing at night.
   */
  strings(dcW: number): Record<string, number> {
    const capacityW = (this.config.pv?.capacityKwp ?? 5) * 1000 * this.plan.share;
    const modulesPerString = clamp(Math.round(capacityW / 420 / 2), 4, 22);
    const irradiance = this.state.weather.poaIrradianceWm2;
    if (dcW <= 0 || irradiance < 5) {
      return { pv1_voltage_v: 0, pv1_current_a: 0, pv2_voltage_v: 0, pv2_current_a: 0 };
    }
    const cell = this.state.weather.cellC;
    const perModule =
      34.5 * (1 - 0.0035 * (cell - 25)) * (1 + 0.035 * Math.log(Math.max(irradiance, 20) / 1000));
    const split = 0.5 + this.vary(Channel.stringSplit, 0.02);
    const voltage1 = round(modulesPerString * perModule * (1 + this.vary(Channel.stringSplit + 10, 0.01)), 1);
    const voltage2 = round(modulesPerString * perModule * (1 + this.vary(Channel.stringSplit + 20, 0.01)), 1);
    return {
      pv1_voltage_v: voltage1,
      pv1_current_a: round((dcW * split) / voltage1, 2),
      pv2_voltage_v: voltage2,
      pv2_current_a: round((dcW * (1 - split)) / voltage2, 2),
    };
  }

  battery(): Record<string, unknown> {
    const { share, ratedPowerW } = this.plan;
    const powerW = this.state.batteryW * share;
    const capacity = (this.config.battery?.capacityKwh ?? 10) * share;
    const voltage = this.batteryVoltage(this.batteryNominalV(capacity), powerW, ratedPowerW);
    return {
      state: this.stopped('device') ? PartState.fault : this.batteryState(powerW),
      power_w: round(powerW, 0),
      soc_pct: round(this.state.socPct, 1),
      soh_pct: round(this.state.sohPct, 1),
      voltage_v: voltage,
      current_a: round(powerW / voltage, 2),
      temperature_c: this.batteryTemperature(powerW, ratedPowerW),
      charge_kwh: this.counter('charge_kwh'),
      discharge_kwh: this.counter('discharge_kwh'),
    };
  }

  offGrid(): Record<string, unknown> {
    const { share, ratedPowerW } = this.plan;
    const pvW = this.state.pvW * share;
    const loadW = (this.state.loadW + this.state.evW) * share;
    return {
      state: this.stopped('device') ? PartState.fault : PartState.offGrid,
      pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
      load_power_w: round(loadW, 0),
      battery_power_w: round(this.state.batteryW * share, 0),
      soc_pct: round(this.state.socPct, 1),
      ac_voltage_v: this.phaseVoltage(),
      temperature_c: this.temperature(Math.max(pvW, loadW) / Math.max(ratedPowerW, 1)),
      pv_kwh: this.counter('pv_kwh'),
      load_kwh: this.counter('load_kwh'),
    };
  }

  chargingPile(): Record<string, unknown> {
    const { share } = this.plan;
    const powerW = this.state.evW * share;
    const maxW = this.config.wallbox?.maxPowerW ?? 11_000;
    const voltage = this.phaseVoltage();
    // above 7.4 kW a wallbox charges on three phases
    const phases = maxW > 7400 ? 3 : 1;
    return {
      pile_state: this.stopped('device') ? 'fault' : this.state.pile.state,
      power_w: round(powerW, 0),
      voltage_v: voltage,
      current_a: round(powerW / (voltage * phases), 2),
      session_kwh: round(Math.max(0, this.state.pile.sessionKwh), 3),
      ev_kwh: this.counter('ev_kwh'),
    };
  }

  meter(): Record<string, unknown> {
    const gridW = this.state.gridW;
    // the power factor is poorer when little active power flows (reactive loads dominate)
    const flow = Math.min(1, Math.abs(gridW) / 3000);
    const powerFactor = clamp(0.86 + 0.13 * flow + this.vary(Channel.powerFactor, 0.01), 0, 1);
    return {
      grid_power_w: round(gridW, 0),
      load_power_w: round(this.state.loadW + this.state.evW, 0),
      voltage_v: this.phaseVoltage(),
      frequency_hz: this.frequency(),
      power_factor: round(powerFactor, 3),
      import_kwh: this.counter('import_kwh'),
      export_kwh: this.counter('export_kwh'),
    };
  }

  commercialHybrid(): Record<string, unknown> {
    const { share, ratedPowerW } = this.plan;
    const pvW = this.state.pvW * share;
    const batteryW = this.state.batteryW * share;
    const acW = pvW - batteryW;
    let state: PartState = this.stopped('device')
      ? PartState.fault
      : this.pvState(Math.max(pvW, Math.abs(batteryW)));
    if (state === PartState.standby && Math.abs(batteryW) > IDLE_W) state = PartState.onGrid;
    return {
      state,
      pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
      ac_power_w: round(acW, 0),
      battery_power_w: round(batteryW, 0),
      soc_pct: round(this.state.socPct, 1),
      grid_voltage_v: this.lineVoltage(),
      temperature_c: this.temperature(Math.max(Math.abs(acW), Math.abs(batteryW)) / Math.max(ratedPowerW, 1)),
      pv_kwh: this.counter('pv_kwh'),
      charge_kwh: this.counter('charge_kwh'),
      discharge_kwh: this.counter('discharge_kwh'),
    };
  }

  energyManagement(): Record<string, unknown> {
    const { share } = this.plan;
    const state = this.state;
    const values: Record<string, unknown> = { load_power_w: round((state.loadW + state.evW) * share, 0) };
    const partState = (part: EmsPart, working: PartState) => (this.stopped(part) ? PartState.fault : working);
    const batteryRatedW = this.config.battery
      ? Math.max(this.config.battery.maxChargeW, this.config.battery.maxDischargeW)
      : 1;
    const batteryW = state.batteryW * share;
    for (const part of this.plan.parts) {
      switch (part) {
        case 'pcs':
          values.pcs = {
            state: partState('pcs', this.batteryState(batteryW)),
            ac_power_w: round(batteryW, 0),
            ac_voltage_v: this.lineVoltage(),
            temperature_c: this.temperature(Math.abs(batteryW) / batteryRatedW, 22),
            charge_kwh: this.counter('charge_kwh'),
            discharge_kwh: this.counter('discharge_kwh'),
          };
          break;
        case 'pvs': {
          const pvW = state.pvW * share;
          const irradiance = state.weather.poaIrradianceWm2;
          const voltage =
            pvW > 0 && irradiance >= 5
              ? 720 *
                (1 - 0.0035 * (state.weather.cellC - 25)) *
                (1 + 0.03 * Math.log(Math.max(irradiance, 20) / 1000))
              : 0;
          values.pvs = {
            state: partState('pvs', pvW > 0 ? PartState.running : PartState.standby),
            pv_power_w: round(pvW > 0 ? pvW / PV_CONVERTER_EFFICIENCY : 0, 0),
            pv_voltage_v: round(Math.max(0, voltage), 1),
            pv_kwh: this.counter('pv_kwh'),
          };
          break;
        }
        case 'bms': {
          const capacity = this.config.battery?.capacityKwh ?? 200;
          const voltage = this.batteryVoltage(this.batteryNominalV(capacity), batteryW, batteryRatedW);
          values.bms = {
            state: partState('bms', this.batteryState(batteryW)),
            soc_pct: round(state.socPct, 1),
            soh_pct: round(state.sohPct, 1),
            voltage_v: voltage,
            current_a: round(batteryW / voltage, 2),
            max_cell_temperature_c: round(
              this.batteryTemperature(batteryW, batteryRatedW) +
                1.5 +
                this.vary(Channel.cellTemperature, 0.4),
              1,
            ),
          };
          break;
        }
        case 'sts': {
          const connected = this.config.gridConnected;
          values.sts = {
            state: partState('sts', connected ? PartState.onGrid : PartState.offGrid),
            grid_voltage_v: connected ? this.lineVoltage() : 0,
            grid_frequency_hz: connected ? this.frequency() : 0,
          };
          break;
        }
        case 'generator': {
          const ratedW = this.config.generator?.ratedW ?? 1;
          const generatorW = state.generatorW * share;
          let working: PartState = PartState.standby;
          if (generatorW > 0) working = generatorW < ratedW * 0.05 ? PartState.starting : PartState.running;
          values.generator = {
            state: partState('generator', working),
            power_w: round(generatorW, 0),
            generator_kwh: this.counter('generator_kwh'),
          };
          break;
        }
        case 'meter':
          values.meter = {
            grid_power_w: round(state.gridW, 0),
            import_kwh: this.counter('import_kwh'),
            export_kwh: this.counter('export_kwh'),
          };
          break;
      }
    }
    return values;
  }

  dataLogger(): Record<string, unknown> {
    // each logger sits somewhere between a good and a poor spot; rain and clouds cost a little
    const base = -62 - 28 * ((variation(this.plan.noiseKey, 0, Channel.signalBase) + 1) / 2);
    const weather = -3 * this.state.weather.cloudCover;
    return {
      signal_dbm: round(clamp(base + weather + this.vary(Channel.signal, 3), -150, 0), 0),
      buffered: Math.max(0, Math.round(this.condition.buffered ?? 0)),
      uptime_s: Math.max(0, Math.floor(this.condition.uptimeS ?? 0)),
    };
  }
}

/**
 * The plant's counters from its devices' latest readings (flattened values, as the portal stores
 * them): a plant that ran before (a demo restarted) carries on from there. Each counter comes
 * from one kind of device, and devices of one kind share it, so the plant's counter is the sum.
 */
export function plantCountersFrom(
  readings: readonly { deviceType: DeviceType; values: FlatValues }[],
): Partial<EnergyCounters> {
  const counters: Partial<EnergyCounters> = {};
  for (const { deviceType, values } of readings) {
    for (const [name, value] of Object.entries(readCounters(deviceType, values)) as [
      EnergyCounter,
      number,
    ][]) {
      const key = plantCounter[name];
      counters[key] = (counters[key] ?? 0) + value;
    }
  }
  return counters;
}

/** Drops the fields left undefined (counters this device does not report), parts included. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    result[key] =
      typeof value === 'object' && value !== null ? defined(value as Record<string, unknown>) : value;
  }
  return result;
}

/**
 * The `values` of a reading of the device `plan` describes, with its station's plant in `state`.
 * They satisfy the protocol's schema of the device type.
 */
export function reportValues(
  plan: ReportPlan,
  config: PlantConfig,
  state: PlantState,
  condition: DeviceCondition = {},
): Record<string, unknown> {
  const reporter = new Reporter(plan, config, state, condition);
  switch (plan.deviceType) {
    case DeviceType.inverter:
      return defined(reporter.inverter());
    case DeviceType.battery:
      return defined(reporter.battery());
    case DeviceType.offGrid:
      return defined(reporter.offGrid());
    case DeviceType.chargingPile:
      return defined(reporter.chargingPile());
    case DeviceType.meter:
      return defined(reporter.meter());
    case DeviceType.commercialHybrid:
      return defined(reporter.commercialHybrid());
    case DeviceType.energyManagementBox:
      return defined(reporter.energyManagement());
    case DeviceType.dataLogger:
      return defined(reporter.dataLogger());
  }
}
