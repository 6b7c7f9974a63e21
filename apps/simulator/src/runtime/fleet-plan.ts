/** What generated stations hold (device mix, SNs, ratings, models), alike for the CLI and the benchmark. */
import { DeviceType, MAX_DEVICES_PER_STATION, StationType, snPrefixes } from '@helio/contracts';
import type { PlantConfig } from '../plant/model.ts';

/**
 * What a generated fleet looks like: which devices each station type gets, their nameplate
 * powers and models, and how they are named (where the stations stand is `places.ts`). The CLI
 * and the benchmark use it; the portal's demo plants bring their own stations.
 */

/**
 * Devices of a station of each type, most important first: a station asked for n devices gets
 * the first n, and past the list more of the kind a bigger site has several of. In a C&I station
 * the EMS 5000 comes first: it reports the site's counters through its parts, and a meter or
 * hybrid beside it reports powers only (see `devices/telemetry/report-plan.ts`).
 */
const compositions: Record<StationType, { core: DeviceType[]; more: DeviceType | undefined }> = {
  [StationType.onGrid]: {
    core: [DeviceType.inverter, DeviceType.meter, DeviceType.dataLogger],
    more: DeviceType.inverter,
  },
  [StationType.residentialEss]: {
    core: [DeviceType.inverter, DeviceType.battery, DeviceType.meter, DeviceType.dataLogger],
    more: DeviceType.battery,
  },
  [StationType.offGrid]: {
    core: [DeviceType.offGrid, DeviceType.battery, DeviceType.dataLogger],
    more: DeviceType.battery,
  },
  [StationType.residentialEssWallbox]: {
    core: [
      DeviceType.inverter,
      DeviceType.battery,
      DeviceType.chargingPile,
      DeviceType.meter,
      DeviceType.dataLogger,
    ],
    more: DeviceType.inverter,
  },
  // a wallbox station holds its one wallbox only
  [StationType.wallbox]: { core: [DeviceType.chargingPile], more: undefined },
  [StationType.commercialEss]: {
    core: [
      DeviceType.energyManagementBox,
      DeviceType.dataLogger,
      DeviceType.meter,
      DeviceType.commercialHybrid,
    ],
    more: DeviceType.commercialHybrid,
  },
};

/** The device types of a station of `stationType` with (at most) `count` devices. */
export function stationComposition(stationType: StationType, count: number): DeviceType[] {
  const { core, more } = compositions[stationType];
  const wanted = Math.min(Math.max(1, count), MAX_DEVICES_PER_STATION);
  const types = core.slice(0, wanted);
  while (more !== undefined && types.length < wanted) types.push(more);
  return types;
}

/**
 * An SN of the scheme (type prefix + 12 upper-case letters or digits): the run's tag (6), the
 * station's number (4) and the device's (2), base 36. A run tag of its own keeps two runs against
 * one portal from colliding.
 */
export function simulatorSn(
  deviceType: DeviceType,
  runTag: string,
  stationIndex: number,
  deviceIndex: number,
): string {
  const tag = runTag
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .padEnd(6, '0')
    .slice(0, 6);
  const station = stationIndex.toString(36).toUpperCase().padStart(4, '0').slice(-4);
  const device = deviceIndex.toString(36).toUpperCase().padStart(2, '0').slice(-2);
  return `${snPrefixes[deviceType]}${tag}${station}${device}`;
}

/** The nameplate power of one of `count` devices of `deviceType` in a plant, W (0: not a power device). */
export function ratedPowerOf(deviceType: DeviceType, config: PlantConfig, count: number): number {
  const pvW = config.pv?.inverterRatedW ?? 0;
  const batteryW = config.battery ? Math.max(config.battery.maxChargeW, config.battery.maxDischargeW) : 0;
  switch (deviceType) {
    case DeviceType.inverter:
      return Math.round(pvW / count);
    case DeviceType.offGrid:
    case DeviceType.commercialHybrid:
      return Math.round(Math.max(pvW, batteryW) / count);
    case DeviceType.battery:
      return Math.round(batteryW / count);
    case DeviceType.chargingPile:
      return config.wallbox?.maxPowerW ?? 0;
    case DeviceType.energyManagementBox:
      return Math.round(Math.max(pvW, batteryW, config.generator?.ratedW ?? 0));
    default:
      return 0;
  }
}

/** Model names shown in the portal, per device type. */
export const modelNames: Record<DeviceType, string> = {
  [DeviceType.inverter]: 'Helio PV-Inverter',
  [DeviceType.battery]: 'Helio Battery',
  [DeviceType.offGrid]: 'Helio Off-Grid',
  [DeviceType.chargingPile]: 'Helio Wallbox',
  [DeviceType.meter]: 'Helio Smart Meter',
  [DeviceType.commercialHybrid]: 'Helio C&I Hybrid',
  [DeviceType.energyManagementBox]: 'EMS 5000',
  [DeviceType.dataLogger]: 'Helio Logger',
};
