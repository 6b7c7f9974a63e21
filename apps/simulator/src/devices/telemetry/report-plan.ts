/** Who reports what: shares of power, EMS parts, and each energy counter by exactly one kind of device. */
import { DeviceType } from '@helio/contracts';
import type { EmsPart, EnergyCounter } from '@helio/contracts/device-link';
import type { PlantConfig } from '../../plant/model.ts';
import { deriveSeed } from '../../random.ts';
import { type NominalGrid, nominalGrid } from './nominal-grid.ts';

/**
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
