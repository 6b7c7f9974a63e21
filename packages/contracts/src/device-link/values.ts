import { z } from 'zod';
import { DeviceType, pileStates } from '../enums.ts';

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

/** Numbered working states of inverters and the EMS 5000 parts (SPEC.md §4). */
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

export const energyManagementValues = z.object({
  load_power_w: power.optional(),
  pcs: z
    .object({
      state: partState.optional(),
      ac_power_w: power.optional().describe('+ charging the battery, − discharging'),
      ac_voltage_v: volts.optional(),
      temperature_c: celsius.optional(),
      charge_kwh: counter.optional(),
      discharge_kwh: counter.optional(),
    })
    .optional(),
  pvs: z
    .object({
      state: partState.optional(),
      pv_power_w: power.optional(),
      pv_voltage_v: volts.optional(),
      pv_kwh: counter.optional(),
    })
    .optional(),
  bms: z
    .object({
      state: partState.optional(),
      soc_pct: percent.optional(),
      soh_pct: percent.optional(),
      voltage_v: volts.optional(),
      current_a: amps.optional(),
      max_cell_temperature_c: celsius.optional(),
    })
    .optional(),
  sts: z
    .object({
      state: partState.optional(),
      grid_voltage_v: volts.optional(),
      grid_frequency_hz: hertz.optional(),
    })
    .optional(),
  generator: z
    .object({
      state: partState.optional(),
      power_w: power.optional(),
      generator_kwh: counter.optional(),
    })
    .optional(),
  meter: z
    .object({
      grid_power_w: power.optional().describe('+ import, − export'),
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

/** Flattens a device's values: `{ pcs: { ac_power_w: 1 } }` becomes `{ 'pcs.ac_power_w': 1 }`. */
export function flattenValues(values: Record<string, unknown>): FlatValues {
  const flat: FlatValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        if (typeof innerValue === 'number' || typeof innerValue === 'string')
          flat[`${key}.${inner}`] = innerValue;
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
