/** The firmware a simulated device runs: one version per part, the main part's as its `firmware_version`. */
import { DeviceType, type FirmwarePart, mainFirmwarePart } from '@helio/contracts';

/** What a device type is built of, main part first where it has no ARM (README "Upgrades"). */
export const devicePartsByType: Record<DeviceType, readonly FirmwarePart[]> = {
  [DeviceType.inverter]: ['ARM', 'DSP'],
  [DeviceType.battery]: ['BMS'],
  [DeviceType.offGrid]: ['ARM', 'DSP'],
  [DeviceType.chargingPile]: ['ARM'],
  [DeviceType.meter]: ['ARM'],
  [DeviceType.commercialHybrid]: ['EMS', 'PCS', 'BMS'],
  [DeviceType.energyManagementBox]: ['EMS', 'PCS', 'BMS'],
  [DeviceType.dataLogger]: ['ARM'],
};

/** The main part's version of a device registered without one, by SN prefix. */
const mainVersionBySnPrefix: Record<string, string> = {
  INV: 'V2.14.3',
  BAT: 'BMS-1.8.2',
  OFG: 'OG-3.1.0',
  EVC: 'EVC-1.4.7',
  MTR: 'MTR-1.0.9',
  CHY: 'CHY-2.2.1',
  EMS: 'EMS5000-3.2.0',
  DLG: 'DLG-4.0.2',
};

/** The other parts' versions. */
const partVersion: Record<FirmwarePart, string> = {
  ARM: 'V1.0.0',
  DSP: 'DSP-1.6.0',
  BMS: 'BMS-1.8.2',
  PCS: 'PCS-2.3.1',
  EMS: 'EMS-3.2.0',
};

export type FirmwareVersions = Partial<Record<FirmwarePart, string>>;

/** The part whose version is the device's `firmware_version`: `mainFirmwarePart` when it has it, else its first. */
export function mainPartOf(parts: readonly FirmwarePart[]): FirmwarePart {
  return parts.includes(mainFirmwarePart) ? mainFirmwarePart : (parts[0] ?? mainFirmwarePart);
}

/**
 * The versions a new device runs: its type's parts with their defaults, the main part at
 * `mainVersion` (else its SN prefix's default), then what `given` names (parts it lacks ignored).
 */
export function initialFirmware(
  deviceType: DeviceType,
  sn: string,
  mainVersion: string | undefined,
  given: FirmwareVersions = {},
): FirmwareVersions {
  const parts = devicePartsByType[deviceType] ?? [mainFirmwarePart];
  const versions: FirmwareVersions = {};
  for (const part of parts) versions[part] = given[part] ?? partVersion[part];
  const main = mainPartOf(parts);
  versions[main] = given[main] ?? mainVersion ?? mainVersionBySnPrefix[sn.slice(0, 3)] ?? partVersion[main];
  return versions;
}
