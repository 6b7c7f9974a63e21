import { DeviceType } from '../enums.ts';
import type { EmsPart } from './values.ts';

/**
 * The fault catalogue of the device protocol (docs/device-protocol.md section 7): the codes a
 * device sends in an `alarm` message and in the `active_alarms` of its `online` status. One code
 * means one fault whatever the device type, so a code tells the portal which fault it is; the
 * device types (and, for an EMS 5000, the parts) that can raise it are listed with it.
 *
 * Codes are grouped by hundreds, as installers read them off a display: 1xx grid, 2xx PV and
 * insulation, 3xx temperature and cooling, 4xx battery, 5xx communication, 6xx EV charging,
 * 7xx generator and static transfer switch. `key` is the stable name the translations use
 * (`alarm.<key>.name`, `.details`, `.advice` in a later issue); `name` is the short English name.
 */

/**
 * How bad a fault is:
 * - `warning`: the device keeps working, with reduced function at worst (a weak signal, a fan);
 * - `fault`: the device or part stops (disconnects from the grid, stops charging) while it lasts;
 * - `critical`: it stops and stays stopped until someone checks the hardware (a risk of damage or
 *   of an electric shock).
 */
export const faultSeverities = ['warning', 'fault', 'critical'] as const;
export type FaultSeverity = (typeof faultSeverities)[number];

export interface FaultDefinition {
  /** 1–65535, unique over the whole catalogue. */
  code: number;
  /** Stable snake_case name, the key of the translations. */
  key: string;
  /** Short English name. */
  name: string;
  severity: FaultSeverity;
  /** Device types that can raise it (an EMS 5000 through the parts in `parts`). */
  deviceTypes: readonly DeviceType[];
  /** For an EMS 5000: the parts that can raise it; absent when the EMS cannot. */
  parts?: readonly EmsPart[];
  /**
   * True when the device clears it by itself once the condition is gone (the grid is back in
   * range, the cabinet has cooled); false when it stays until the device is restarted or reset by
   * an installer (a latched protection).
   */
  clearsItself: boolean;
}

const { inverter, battery, offGrid, chargingPile, meter, commercialHybrid, energyManagementBox, dataLogger } =
  DeviceType;
const ems = energyManagementBox;

export const faultCatalogue: readonly FaultDefinition[] = [
  // 1xx grid: the connection point is out of the range the grid code allows
  {
    code: 101,
    key: 'grid_over_voltage',
    name: 'Grid over-voltage',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs', 'sts'],
    clearsItself: true,
  },
  {
    code: 102,
    key: 'grid_under_voltage',
    name: 'Grid under-voltage',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs', 'sts'],
    clearsItself: true,
  },
  {
    code: 103,
    key: 'grid_over_frequency',
    name: 'Grid over-frequency',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs', 'sts'],
    clearsItself: true,
  },
  {
    code: 104,
    key: 'grid_under_frequency',
    name: 'Grid under-frequency',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs', 'sts'],
    clearsItself: true,
  },
  {
    code: 105,
    key: 'grid_lost',
    name: 'Grid lost',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['sts'],
    clearsItself: true,
  },
  {
    code: 106,
    key: 'dc_injection_high',
    name: 'DC injection too high',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs'],
    clearsItself: true,
  },
  {
    code: 107,
    key: 'phase_sequence_error',
    name: 'Phase sequence error',
    severity: 'warning',
    deviceTypes: [meter, ems],
    parts: ['meter'],
    clearsItself: false,
  },
  {
    code: 108,
    key: 'current_transformer_reversed',
    name: 'Current transformer reversed',
    severity: 'warning',
    deviceTypes: [meter, ems],
    parts: ['meter'],
    clearsItself: false,
  },
  {
    code: 109,
    key: 'ac_output_overload',
    name: 'AC output overload',
    severity: 'fault',
    deviceTypes: [offGrid, commercialHybrid, ems],
    parts: ['pcs'],
    clearsItself: true,
  },
  // 2xx PV and insulation
  {
    code: 201,
    key: 'pv_insulation_low',
    name: 'PV insulation resistance low',
    severity: 'fault',
    deviceTypes: [inverter, offGrid, commercialHybrid, ems],
    parts: ['pvs'],
    // dew on the modules in the morning: it clears once they dry
    clearsItself: true,
  },
  {
    code: 202,
    key: 'residual_current_high',
    name: 'Residual current too high',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pvs', 'pcs'],
    clearsItself: true,
  },
  {
    code: 203,
    key: 'pv_over_voltage',
    name: 'PV input over-voltage',
    severity: 'critical',
    deviceTypes: [inverter, offGrid, commercialHybrid, ems],
    parts: ['pvs'],
    clearsItself: false,
  },
  {
    code: 204,
    key: 'pv_string_reversed',
    name: 'PV string reversed',
    severity: 'fault',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pvs'],
    clearsItself: false,
  },
  {
    code: 205,
    key: 'pv_string_low_output',
    name: 'PV string output low',
    severity: 'warning',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pvs'],
    clearsItself: true,
  },
  {
    code: 206,
    key: 'dc_arc_fault',
    name: 'DC arc fault',
    severity: 'critical',
    deviceTypes: [inverter, commercialHybrid],
    // an arc-fault interrupter stays open until it is reset by hand (UL 1699B, IEC 63027)
    clearsItself: false,
  },
  // 3xx temperature and cooling
  {
    code: 301,
    key: 'over_temperature',
    name: 'Over-temperature',
    severity: 'fault',
    deviceTypes: [inverter, offGrid, chargingPile, commercialHybrid, ems],
    parts: ['pcs', 'pvs'],
    clearsItself: true,
  },
  {
    code: 302,
    key: 'fan_fault',
    name: 'Cooling fan fault',
    severity: 'warning',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['pcs'],
    clearsItself: false,
  },
  {
    code: 303,
    key: 'temperature_sensor_fault',
    name: 'Temperature sensor fault',
    severity: 'warning',
    deviceTypes: [inverter, battery, commercialHybrid, ems],
    parts: ['pcs', 'bms'],
    clearsItself: false,
  },
  // 4xx battery
  {
    code: 401,
    key: 'battery_over_voltage',
    name: 'Battery over-voltage',
    severity: 'fault',
    deviceTypes: [battery, offGrid, commercialHybrid, ems],
    parts: ['bms'],
    clearsItself: true,
  },
  {
    code: 402,
    key: 'battery_under_voltage',
    name: 'Battery under-voltage',
    severity: 'fault',
    deviceTypes: [battery, offGrid, commercialHybrid, ems],
    parts: ['bms'],
    clearsItself: true,
  },
  {
    code: 403,
    key: 'cell_voltage_imbalance',
    name: 'Cell voltage imbalance',
    severity: 'warning',
    deviceTypes: [battery, ems],
    parts: ['bms'],
    // balancing evens the cells out again
    clearsItself: true,
  },
  {
    code: 404,
    key: 'battery_over_temperature',
    name: 'Battery over-temperature',
    severity: 'fault',
    deviceTypes: [battery, ems],
    parts: ['bms'],
    clearsItself: true,
  },
  {
    code: 405,
    key: 'battery_under_temperature',
    name: 'Battery too cold to charge',
    severity: 'warning',
    deviceTypes: [battery, ems],
    parts: ['bms'],
    clearsItself: true,
  },
  {
    code: 406,
    key: 'battery_over_current',
    name: 'Battery over-current',
    severity: 'fault',
    deviceTypes: [battery, commercialHybrid, ems],
    parts: ['bms', 'pcs'],
    clearsItself: true,
  },
  {
    code: 407,
    key: 'battery_contactor_fault',
    name: 'Battery contactor fault',
    severity: 'critical',
    deviceTypes: [battery, ems],
    parts: ['bms'],
    clearsItself: false,
  },
  // 5xx communication between the parts of a site
  {
    code: 501,
    key: 'meter_communication_lost',
    name: 'Meter communication lost',
    severity: 'warning',
    deviceTypes: [inverter, commercialHybrid, ems],
    parts: ['meter'],
    clearsItself: true,
  },
  {
    code: 502,
    key: 'bms_communication_lost',
    name: 'BMS communication lost',
    severity: 'fault',
    deviceTypes: [battery, offGrid, commercialHybrid, ems],
    parts: ['bms', 'pcs'],
    clearsItself: true,
  },
  {
    code: 503,
    key: 'part_communication_lost',
    name: 'Part communication lost',
    severity: 'fault',
    deviceTypes: [ems],
    parts: ['pvs', 'sts', 'generator'],
    clearsItself: true,
  },
  {
    code: 504,
    key: 'rs485_bus_error',
    name: 'RS485 bus error',
    severity: 'warning',
    deviceTypes: [dataLogger],
    clearsItself: true,
  },
  {
    code: 505,
    key: 'uplink_signal_weak',
    name: 'Uplink signal weak',
    severity: 'warning',
    deviceTypes: [dataLogger],
    clearsItself: true,
  },
  // 6xx EV charging
  {
    code: 601,
    key: 'ev_ground_fault',
    name: 'Ground fault (RCD tripped)',
    severity: 'critical',
    deviceTypes: [chargingPile],
    clearsItself: false,
  },
  {
    code: 602,
    key: 'ev_pilot_signal_error',
    name: 'Vehicle pilot signal error',
    severity: 'warning',
    deviceTypes: [chargingPile],
    clearsItself: true,
  },
  {
    code: 603,
    key: 'ev_over_current',
    name: 'Charging over-current',
    severity: 'fault',
    deviceTypes: [chargingPile],
    clearsItself: true,
  },
  {
    code: 604,
    key: 'connector_lock_fault',
    name: 'Connector lock fault',
    severity: 'fault',
    deviceTypes: [chargingPile],
    clearsItself: false,
  },
  {
    code: 605,
    key: 'ev_relay_welded',
    name: 'Charging relay welded',
    severity: 'critical',
    deviceTypes: [chargingPile],
    clearsItself: false,
  },
  // 7xx generator and static transfer switch
  {
    code: 701,
    key: 'generator_start_failure',
    name: 'Generator failed to start',
    severity: 'fault',
    deviceTypes: [ems],
    parts: ['generator'],
    clearsItself: false,
  },
  {
    code: 702,
    key: 'generator_low_fuel',
    name: 'Generator fuel low',
    severity: 'warning',
    deviceTypes: [ems],
    parts: ['generator'],
    clearsItself: true,
  },
  {
    code: 703,
    key: 'generator_overload',
    name: 'Generator overload',
    severity: 'fault',
    deviceTypes: [ems],
    parts: ['generator'],
    clearsItself: true,
  },
  {
    code: 704,
    key: 'sts_switch_failure',
    name: 'Transfer switch failure',
    severity: 'critical',
    deviceTypes: [ems],
    parts: ['sts'],
    clearsItself: false,
  },
  {
    code: 705,
    key: 'sts_on_bypass',
    name: 'Transfer switch on bypass',
    severity: 'warning',
    deviceTypes: [ems],
    parts: ['sts'],
    clearsItself: true,
  },
];

const byCode = new Map(faultCatalogue.map((fault) => [fault.code, fault]));

/** The catalogue entry of `code`, or undefined for a code the catalogue does not hold. */
export function faultByCode(code: number): FaultDefinition | undefined {
  return byCode.get(code);
}

/**
 * The faults a device of `deviceType` can raise. For an EMS 5000, `part` narrows to that part's
 * faults; without it, every fault any part can raise.
 */
export function faultsOf(deviceType: DeviceType, part?: EmsPart): FaultDefinition[] {
  return faultCatalogue.filter(
    (fault) =>
      fault.deviceTypes.includes(deviceType) &&
      (part === undefined || (deviceType === energyManagementBox && fault.parts?.includes(part) === true)),
  );
}

/**
 * Whether a device of `deviceType` may raise `code` (on `part`, for an EMS 5000, which must name
 * the part; other device types name none).
 */
export function mayRaise(deviceType: DeviceType, code: number, part?: EmsPart): boolean {
  const fault = byCode.get(code);
  if (!fault?.deviceTypes.includes(deviceType)) return false;
  if (deviceType === energyManagementBox) return part !== undefined && fault.parts?.includes(part) === true;
  return part === undefined;
}
