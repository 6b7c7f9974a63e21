import { DeviceType, StationType } from './enums.ts';

/**
 * The rules of a station's fleet (PRODUCT.md §4, SPEC.md §5 and §8), used by the server to refuse
 * a registration and by the web to offer only what will be accepted, and the device serial-number
 * scheme the simulator also follows.
 */

/** Device types each station type accepts; any other type is refused with 3002. */
export const stationDeviceTypes: Record<StationType, readonly DeviceType[]> = {
  [StationType.onGrid]: [DeviceType.inverter, DeviceType.meter, DeviceType.dataLogger],
  [StationType.residentialEss]: [
    DeviceType.inverter,
    DeviceType.battery,
    DeviceType.meter,
    DeviceType.dataLogger,
  ],
  [StationType.offGrid]: [DeviceType.offGrid, DeviceType.battery, DeviceType.dataLogger],
  [StationType.residentialEssWallbox]: [
    DeviceType.inverter,
    DeviceType.battery,
    DeviceType.chargingPile,
    DeviceType.meter,
    DeviceType.dataLogger,
  ],
  [StationType.wallbox]: [DeviceType.chargingPile],
  [StationType.commercialEss]: [
    DeviceType.commercialHybrid,
    DeviceType.energyManagementBox,
    DeviceType.battery,
    DeviceType.meter,
    DeviceType.dataLogger,
  ],
};

/** True when a station of `stationType` may hold a device of `deviceType` (else 3002). */
export function stationAccepts(stationType: StationType, deviceType: DeviceType): boolean {
  return stationDeviceTypes[stationType].includes(deviceType);
}

/** Station types that hold one device only (SPEC.md §5 "only one device"; a second one is 3004). */
export const singleDeviceStationTypes: readonly StationType[] = [StationType.wallbox];

/** Device types a station holds at most one of (a second meter is 6004). */
export const onePerStationDeviceTypes: readonly DeviceType[] = [DeviceType.meter];

/** Most devices one station holds; one more is refused with 200308 ("module count at maximum"). */
export const MAX_DEVICES_PER_STATION = 32;

/**
 * Why a station of `stationType` that holds devices of types `existing` cannot take one more of
 * type `candidate`, or undefined when it can: 3002 type refused, 3004 one-device station already
 * used, 6004 second meter, 200308 full.
 */
export function registrationRefusal(
  stationType: StationType,
  existing: readonly DeviceType[],
  candidate: DeviceType,
): '3002' | '3004' | '6004' | '200308' | undefined {
  if (!stationAccepts(stationType, candidate)) return '3002';
  if (singleDeviceStationTypes.includes(stationType) && existing.length > 0) return '3004';
  if (onePerStationDeviceTypes.includes(candidate) && existing.includes(candidate)) return '6004';
  if (existing.length >= MAX_DEVICES_PER_STATION) return '200308';
  return undefined;
}

/**
 * Why a station holding devices of types `existing` cannot become of `stationType` (an edit of its
 * type), or undefined: 3002 when a device is of a type it refuses, 3004 when it would hold too many.
 */
export function retypeRefusal(
  stationType: StationType,
  existing: readonly DeviceType[],
): '3002' | '3004' | undefined {
  if (existing.some((deviceType) => !stationAccepts(stationType, deviceType))) return '3002';
  if (singleDeviceStationTypes.includes(stationType) && existing.length > 1) return '3004';
  return undefined;
}

/** Modbus slave addresses a device may have (the Modbus range 1–247). */
export const modbusAddressRange = { min: 1, max: 247 } as const;
/** Positions on a station's RS485 bus. */
export const rs485PositionRange = { min: 1, max: 32 } as const;

/**
 * Serial-number prefix of each device type. An SN is the prefix followed by 10–16 upper-case
 * letters or digits, e.g. `INV2024A000123`; input is trimmed and upper-cased first.
 */
export const snPrefixes: Record<DeviceType, string> = {
  [DeviceType.inverter]: 'INV',
  [DeviceType.battery]: 'BAT',
  [DeviceType.offGrid]: 'OFG',
  [DeviceType.chargingPile]: 'EVC',
  [DeviceType.meter]: 'MTR',
  [DeviceType.commercialHybrid]: 'CHY',
  [DeviceType.energyManagementBox]: 'EMS',
  [DeviceType.dataLogger]: 'DLG',
};

/** Length of the part after the prefix. */
export const snBodyLength = { min: 10, max: 16 } as const;

/** The whole shape of an SN (after trimming and upper-casing); anything else is 4002. */
export const snPattern = new RegExp(
  `^(${Object.values(snPrefixes).join('|')})[A-Z0-9]{${snBodyLength.min},${snBodyLength.max}}$`,
);

/** An SN as it is stored and compared: trimmed and upper-cased. */
export function normalizeSn(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The device type an SN belongs to, by its prefix; undefined when it is not an SN at all.
 * A well-formed SN of another type than the one chosen is refused with 2002.
 */
export function deviceTypeOfSn(sn: string): DeviceType | undefined {
  const normalized = normalizeSn(sn);
  if (!snPattern.test(normalized)) return undefined;
  const prefix = normalized.slice(0, 3);
  const entry = Object.entries(snPrefixes).find(([, candidate]) => candidate === prefix);
  return entry ? (Number(entry[0]) as DeviceType) : undefined;
}
