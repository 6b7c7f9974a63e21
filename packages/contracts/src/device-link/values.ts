import { z } from 'zod';
import { chargingModes } from '../charging/plan.ts';
import { DeviceType, pileStates, sessionStarts } from '../enums.ts';
import { strategyModes } from '../strategy/command.ts';

/**
 * What each device type measures (docs/device-protocol.md). Every field is optional: a device
 * sends what it measures, and unknown fields are dropped, so a newer device still talks to an
 * older portal. Powers are W, energies kWh, signs as named (`_w` of a battery: + charging).
 *
 * Energy counters (`*_kwh` in `energyCounters`) are cumulative since the device was made; the
 * portal turns their differences into day, month and year energy. Each counter is reported by
 * exactly the device that measures it, so a station's energy is the sum over its devices.
 */

const power = z.number().finite().min(-1e8).max(1e8);
const counter = z.number().finite().min(0).max(1e10);
const percent = z.number().finite().min(0).max(100);
const volts = z.number().finite().min(0).max(2e4);
const amps = z.number().finite().min(-1e5).max(1e5);
const celsius = z.number().finite().min(-60).max(200);
const hertz = z.number().finite().min(0).max(100);

/** Numbered working states of inverters and batteries (SPEC.md §4); the EMS 5000's parts have their own (`emsPartStates`). */
export const PartState = {
  standby: 0,
  halt: 1,
  onGrid: 2,
  offGrid: 3,
  charging: 4,
  discharging: 5,
  fault: 6,
  starting: 7,
  running: 8,
} as const;
export type PartState = (typeof PartState)[keyof typeof PartState];
export const partStates = Object.values(PartState) as PartState[];
const partState = z.literal(partStates as [PartState, ...PartState[]]);

/** The energy counters the portal aggregates, in the column order of its energy tables. */
export const energyCounters = [
  'pv_kwh',
  'charge_kwh',
  'discharge_kwh',
  'import_kwh',
  'export_kwh',
  'load_kwh',
  'ev_kwh',
  'generator_kwh',
] as const;
export type EnergyCounter = (typeof energyCounters)[number];

export const inverterValues = z.object({
  state: partState.optional(),
  pv_power_w: power.optional(),
  ac_power_w: power.optional(),
  pv1_voltage_v: volts.optional(),
  pv1_current_a: amps.optional(),
  pv2_voltage_v: volts.optional(),
  pv2_current_a: amps.optional(),
  grid_voltage_v: volts.optional(),
  grid_frequency_hz: hertz.optional(),
  temperature_c: celsius.optional(),
  pv_kwh: counter.optional(),
});

export const batteryValues = z.object({
  state: partState.optional(),
  power_w: power.optional().describe('+ charging, − discharging'),
  soc_pct: percent.optional(),
  soh_pct: percent.optional(),
  voltage_v: volts.optional(),
  current_a: amps.optional(),
  temperature_c: celsius.optional(),
  charge_kwh: counter.optional(),
  discharge_kwh: counter.optional(),
});

export const offGridValues = z.object({
  state: partState.optional(),
  pv_power_w: power.optional(),
  load_power_w: power.optional(),
  battery_power_w: power.optional().describe('+ charging, − discharging'),
  soc_pct: percent.optional(),
  ac_voltage_v: volts.optional(),
  temperature_c: celsius.optional(),
  pv_kwh: counter.optional(),
  load_kwh: counter.optional(),
});

export const chargingPileValues = z.object({
  pile_state: z.enum(pileStates).optional(),
  power_w: power.optional(),
  voltage_v: volts.optional(),
  current_a: amps.optional(),
  session_kwh: counter.optional().describe('Energy of the session under way'),
  ev_kwh: counter.optional(),
  session_no: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Number of the session under way or last ended: counts up at each plug-in'),
  session_start: z
    .enum(sessionStarts)
    .optional()
    .describe('How the session under way was started: by its plan, remotely, on plug-in, or by a card'),
  phases: z.number().int().min(1).max(3).optional().describe('Phases the charger draws on now'),
  current_limit_a: amps.optional().describe('The current per phase the charger allows the car now'),
  plan_mode: z.enum(chargingModes).optional().describe('The mode of the charging plan the charger follows'),
  remote_hold: z
    .number()
    .int()
    .min(0)
    .max(1)
    .optional()
    .describe('1 while a remote stop holds the session: the car stays plugged, not charging'),
  car_soc_pct: percent.optional().describe('The car’s SOC, when the car tells it (ISO 15118)'),
  target_kwh: counter.optional().describe('Energy the plan targets for this session by its departure'),
});

export const meterValues = z.object({
  grid_power_w: power.optional().describe('+ import, − export'),
  load_power_w: power.optional(),
  voltage_v: volts.optional(),
  frequency_hz: hertz.optional(),
  power_factor: z.number().finite().min(-1).max(1).optional(),
  import_kwh: counter.optional(),
  export_kwh: counter.optional(),
});

export const commercialHybridValues = z.object({
  state: partState.optional(),
  pv_power_w: power.optional(),
  ac_power_w: power.optional(),
  battery_power_w: power.optional().describe('+ charging, − discharging'),
  soc_pct: percent.optional(),
  grid_voltage_v: volts.optional(),
  temperature_c: celsius.optional(),
  pv_kwh: counter.optional(),
  charge_kwh: counter.optional(),
  discharge_kwh: counter.optional(),
});

/** EMS 5000: the system and its parts, each with its own numbered state. */
export const emsParts = ['pcs', 'pvs', 'bms', 'sts', 'generator', 'meter'] as const;
export type EmsPart = (typeof emsParts)[number];

/**
 * The numbered states of the EMS 5000 system and of each of its parts (SPEC.md §4: "numbered state
 * sets exist for PCS, PVS, battery, EMS, generator controller, BMS"): a state's number is its place
 * in its part's list. The inverters and batteries of the other device types keep `PartState`.
 */
export const emsPartStates = {
  /** The system as a whole: how the site runs now. */
  ems: ['standby', 'grid_tied', 'island', 'transferring', 'fault'],
  pcs: ['standby', 'grid_tied', 'off_grid', 'charging', 'discharging', 'fault', 'derating'],
  pvs: ['standby', 'mppt', 'derating', 'fault', 'shutdown'],
  bms: ['idle', 'charging', 'discharging', 'protection', 'balancing', 'fault'],
  sts: ['grid', 'island', 'transferring', 'fault'],
  generator: ['stopped', 'starting', 'running', 'cooling', 'fault'],
  meter: ['normal', 'communication_fault'],
} as const satisfies Record<EmsPart | 'ems', readonly string[]>;
export type EmsStateSet = keyof typeof emsPartStates;
export type EmsPartStateName<P extends EmsStateSet> = (typeof emsPartStates)[P][number];

/** The number of `name` in `part`'s state set. */
export function emsStateCode<P extends EmsStateSet>(part: P, name: EmsPartStateName<P>): number {
  return (emsPartStates[part] as readonly string[]).indexOf(name);
}

/** The name of state `code` of `part`, or undefined for a number outside its set. */
export function emsStateName(part: EmsStateSet, code: unknown): string | undefined {
  return typeof code === 'number' && Number.isInteger(code) ? emsPartStates[part][code] : undefined;
}

function stateOf(part: EmsStateSet) {
  const codes = emsPartStates[part].map((_, code) => code);
  return z.literal(codes as [number, ...number[]]).describe(`State code (${part} states, see 4.7)`);
}

/** One battery cluster of the BMS: its figures and its cells' extremes. */
export const bmsCluster = z.object({
  soc_pct: percent.optional(),
  voltage_v: volts.optional(),
  current_a: amps.optional().describe('+ charging, − discharging'),
  max_cell_v: z.number().finite().min(0).max(10).optional().describe('Highest cell voltage'),
  min_cell_v: z.number().finite().min(0).max(10).optional().describe('Lowest cell voltage'),
  max_cell_no: z.number().int().min(1).max(10000).optional().describe('Number of the highest cell'),
  min_cell_no: z.number().int().min(1).max(10000).optional().describe('Number of the lowest cell'),
  max_cell_c: celsius.optional().describe('Highest cell temperature'),
  min_cell_c: celsius.optional().describe('Lowest cell temperature'),
});
/** Most battery clusters a BMS reports. */
export const MAX_BMS_CLUSTERS = 16;

export const energyManagementValues = z.object({
  state: stateOf('ems').optional(),
  mode: z
    .enum(strategyModes)
    .optional()
    .describe('The operating mode running (the `strategy` command’s modes)'),
  load_power_w: power.optional(),
  pcs: z
    .object({
      state: stateOf('pcs').optional(),
      ac_power_w: power.optional().describe('+ charging the battery, − discharging'),
      reactive_power_var: power.optional().describe('Reactive power'),
      ac_voltage_v: volts.optional(),
      ac_current_a: amps.optional(),
      ac_frequency_hz: hertz.optional(),
      dc_voltage_v: volts.optional(),
      temperature_c: celsius.optional(),
      charge_kwh: counter.optional(),
      discharge_kwh: counter.optional(),
    })
    .optional(),
  pvs: z
    .object({
      state: stateOf('pvs').optional(),
      pv_power_w: power.optional(),
      pv_voltage_v: volts.optional(),
      pv_current_a: amps.optional(),
      temperature_c: celsius.optional(),
      pv_kwh: counter.optional(),
    })
    .optional(),
  bms: z
    .object({
      state: stateOf('bms').optional(),
      soc_pct: percent.optional(),
      soh_pct: percent.optional(),
      voltage_v: volts.optional(),
      current_a: amps.optional(),
      max_cell_v: z.number().finite().min(0).max(10).optional().describe('Highest cell voltage'),
      min_cell_v: z.number().finite().min(0).max(10).optional().describe('Lowest cell voltage'),
      max_cell_temperature_c: celsius.optional(),
      min_cell_temperature_c: celsius.optional(),
      clusters: z
        .array(bmsCluster)
        .max(MAX_BMS_CLUSTERS)
        .optional()
        .describe('One entry per battery cluster'),
    })
    .optional(),
  sts: z
    .object({
      state: stateOf('sts').optional(),
      grid_voltage_v: volts.optional(),
      grid_frequency_hz: hertz.optional(),
      load_voltage_v: volts.optional(),
      transfers: z
        .number()
        .int()
        .min(0)
        .max(1e9)
        .optional()
        .describe('Transfers to island since commissioning'),
    })
    .optional(),
  generator: z
    .object({
      state: stateOf('generator').optional(),
      power_w: power.optional(),
      voltage_v: volts.optional(),
      frequency_hz: hertz.optional(),
      fuel_pct: percent.optional(),
      run_hours: z.number().finite().min(0).max(1e7).optional().describe('Hours run since commissioning'),
      generator_kwh: counter.optional(),
    })
    .optional(),
  meter: z
    .object({
      state: stateOf('meter').optional(),
      grid_power_w: power.optional().describe('+ import, − export'),
      demand_w: power.optional().describe('Mean import over the running demand window'),
      power_factor: z.number().finite().min(-1).max(1).optional(),
      import_kwh: counter.optional(),
      export_kwh: counter.optional(),
    })
    .optional(),
});

export const dataLoggerValues = z.object({
  signal_dbm: z.number().finite().min(-150).max(0).optional(),
  buffered: z.number().int().min(0).max(1e7).optional().describe('Readings waiting to be sent'),
  uptime_s: z.number().int().min(0).optional(),
});

/** The values schema of each device type. */
export const deviceValues = {
  [DeviceType.inverter]: inverterValues,
  [DeviceType.battery]: batteryValues,
  [DeviceType.offGrid]: offGridValues,
  [DeviceType.chargingPile]: chargingPileValues,
  [DeviceType.meter]: meterValues,
  [DeviceType.commercialHybrid]: commercialHybridValues,
  [DeviceType.energyManagementBox]: energyManagementValues,
  [DeviceType.dataLogger]: dataLoggerValues,
} as const satisfies Record<DeviceType, z.ZodType>;

/** Values as stored: parts flattened to `part.field` keys, every value a number or a state name. */
export type FlatValues = Record<string, number | string>;

/**
 * Flattens a device's values: `{ pcs: { ac_power_w: 1 } }` becomes `{ 'pcs.ac_power_w': 1 }`, and a
 * part's list of objects is numbered from 1: `{ bms: { clusters: [{ soc_pct: 50 }] } }` becomes
 * `{ 'bms.clusters.1.soc_pct': 50 }`.
 */
export function flattenValues(values: Record<string, unknown>): FlatValues {
  const flat: FlatValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        if (typeof innerValue === 'number' || typeof innerValue === 'string')
          flat[`${key}.${inner}`] = innerValue;
        else if (Array.isArray(innerValue)) {
          innerValue.forEach((item, index) => {
            if (typeof item !== 'object' || item === null) return;
            for (const [leaf, leafValue] of Object.entries(item as Record<string, unknown>)) {
              if (typeof leafValue === 'number' || typeof leafValue === 'string')
                flat[`${key}.${inner}.${index + 1}.${leaf}`] = leafValue;
            }
          });
        }
      }
    } else if (typeof value === 'number' || typeof value === 'string') {
      flat[key] = value;
    }
  }
  return flat;
}

/** Where each energy counter sits in a device type's flattened values. */
const counterKeys: Record<DeviceType, Partial<Record<EnergyCounter, string>>> = {
  [DeviceType.inverter]: { pv_kwh: 'pv_kwh' },
  [DeviceType.battery]: { charge_kwh: 'charge_kwh', discharge_kwh: 'discharge_kwh' },
  [DeviceType.offGrid]: { pv_kwh: 'pv_kwh', load_kwh: 'load_kwh' },
  [DeviceType.chargingPile]: { ev_kwh: 'ev_kwh' },
  [DeviceType.meter]: { import_kwh: 'import_kwh', export_kwh: 'export_kwh' },
  [DeviceType.commercialHybrid]: {
    pv_kwh: 'pv_kwh',
    charge_kwh: 'charge_kwh',
    discharge_kwh: 'discharge_kwh',
  },
  [DeviceType.energyManagementBox]: {
    pv_kwh: 'pvs.pv_kwh',
    charge_kwh: 'pcs.charge_kwh',
    discharge_kwh: 'pcs.discharge_kwh',
    import_kwh: 'meter.import_kwh',
    export_kwh: 'meter.export_kwh',
    generator_kwh: 'generator.generator_kwh',
  },
  [DeviceType.dataLogger]: {},
};

/** The energy counters a reading of a device of `type` carries. */
export function readCounters(type: DeviceType, flat: FlatValues): Partial<Record<EnergyCounter, number>> {
  const found: Partial<Record<EnergyCounter, number>> = {};
  for (const [name, key] of Object.entries(counterKeys[type]) as [EnergyCounter, string][]) {
    const value = flat[key];
    if (typeof value === 'number') found[name] = value;
  }
  return found;
}

/**
 * The figures a device list shows for a device: its main power and the counter its "yield today"
 * and "total" follow (PV yield for generators, discharge for a battery, import for a meter,
 * charged energy for a wallbox). A data logger has none.
 */
export const headlineFigures: Record<DeviceType, { power?: string; counter?: EnergyCounter }> = {
  [DeviceType.inverter]: { power: 'ac_power_w', counter: 'pv_kwh' },
  [DeviceType.battery]: { power: 'power_w', counter: 'discharge_kwh' },
  [DeviceType.offGrid]: { power: 'pv_power_w', counter: 'pv_kwh' },
  [DeviceType.chargingPile]: { power: 'power_w', counter: 'ev_kwh' },
  [DeviceType.meter]: { power: 'grid_power_w', counter: 'import_kwh' },
  [DeviceType.commercialHybrid]: { power: 'ac_power_w', counter: 'pv_kwh' },
  [DeviceType.energyManagementBox]: { power: 'pcs.ac_power_w', counter: 'pv_kwh' },
  [DeviceType.dataLogger]: {},
};
