import { DeviceType, MAX_DEVICES_PER_STATION, StationType, snPrefixes } from '@helio/contracts';
import type { PlantConfig } from '../plant/model.ts';
import type { Place } from '../plant/presets.ts';

/**
 * What a generated fleet looks like: where its stations stand, which devices each station type
 * gets, and how they are named. The CLI and the benchmark use it; the portal's demo plants bring
 * their own stations.
 */

/** A named place: coordinates and zone for the physics, country and currency for the portal. */
export interface NamedPlace extends Place {
  name: string;
  region: 'europe' | 'south_america' | 'asia';
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** ISO 4217. */
  currency: string;
  /** A typical household price of a kWh in `currency`. */
  unitPrice: number;
}

export const places: readonly NamedPlace[] = [
  // Europe
  {
    name: 'warsaw',
    region: 'europe',
    latitude: 52.2297,
    longitude: 21.0122,
    timeZone: 'Europe/Warsaw',
    countryCode: 'PL',
    currency: 'PLN',
    unitPrice: 0.85,
  },
  {
    name: 'krakow',
    region: 'europe',
    latitude: 50.0647,
    longitude: 19.945,
    timeZone: 'Europe/Warsaw',
    countryCode: 'PL',
    currency: 'PLN',
    unitPrice: 0.85,
  },
  {
    name: 'prague',
    region: 'europe',
    latitude: 50.0755,
    longitude: 14.4378,
    timeZone: 'Europe/Prague',
    countryCode: 'CZ',
    currency: 'CZK',
    unitPrice: 5.5,
  },
  {
    name: 'brno',
    region: 'europe',
    latitude: 49.1951,
    longitude: 16.6068,
    timeZone: 'Europe/Prague',
    countryCode: 'CZ',
    currency: 'CZK',
    unitPrice: 5.5,
  },
  {
    name: 'milan',
    region: 'europe',
    latitude: 45.4642,
    longitude: 9.19,
    timeZone: 'Europe/Rome',
    countryCode: 'IT',
    currency: 'EUR',
    unitPrice: 0.3,
  },
  {
    name: 'rome',
    region: 'europe',
    latitude: 41.9028,
    longitude: 12.4964,
    timeZone: 'Europe/Rome',
    countryCode: 'IT',
    currency: 'EUR',
    unitPrice: 0.3,
  },
  {
    name: 'palermo',
    region: 'europe',
    latitude: 38.1157,
    longitude: 13.3615,
    timeZone: 'Europe/Rome',
    countryCode: 'IT',
    currency: 'EUR',
    unitPrice: 0.3,
  },
  {
    name: 'madrid',
    region: 'europe',
    latitude: 40.4168,
    longitude: -3.7038,
    timeZone: 'Europe/Madrid',
    countryCode: 'ES',
    currency: 'EUR',
    unitPrice: 0.22,
  },
  {
    name: 'seville',
    region: 'europe',
    latitude: 37.3891,
    longitude: -5.9845,
    timeZone: 'Europe/Madrid',
    countryCode: 'ES',
    currency: 'EUR',
    unitPrice: 0.22,
  },
  {
    name: 'lisbon',
    region: 'europe',
    latitude: 38.7223,
    longitude: -9.1393,
    timeZone: 'Europe/Lisbon',
    countryCode: 'PT',
    currency: 'EUR',
    unitPrice: 0.21,
  },
  {
    name: 'munich',
    region: 'europe',
    latitude: 48.1351,
    longitude: 11.582,
    timeZone: 'Europe/Berlin',
    countryCode: 'DE',
    currency: 'EUR',
    unitPrice: 0.35,
  },
  {
    name: 'hamburg',
    region: 'europe',
    latitude: 53.5511,
    longitude: 9.9937,
    timeZone: 'Europe/Berlin',
    countryCode: 'DE',
    currency: 'EUR',
    unitPrice: 0.35,
  },
  {
    name: 'lyon',
    region: 'europe',
    latitude: 45.764,
    longitude: 4.8357,
    timeZone: 'Europe/Paris',
    countryCode: 'FR',
    currency: 'EUR',
    unitPrice: 0.25,
  },
  {
    name: 'amsterdam',
    region: 'europe',
    latitude: 52.3676,
    longitude: 4.9041,
    timeZone: 'Europe/Amsterdam',
    countryCode: 'NL',
    currency: 'EUR',
    unitPrice: 0.3,
  },
  {
    name: 'vienna',
    region: 'europe',
    latitude: 48.2082,
    longitude: 16.3738,
    timeZone: 'Europe/Vienna',
    countryCode: 'AT',
    currency: 'EUR',
    unitPrice: 0.28,
  },
  {
    name: 'athens',
    region: 'europe',
    latitude: 37.9838,
    longitude: 23.7275,
    timeZone: 'Europe/Athens',
    countryCode: 'GR',
    currency: 'EUR',
    unitPrice: 0.2,
  },
  // South America
  {
    name: 'sao_paulo',
    region: 'south_america',
    latitude: -23.5505,
    longitude: -46.6333,
    timeZone: 'America/Sao_Paulo',
    countryCode: 'BR',
    currency: 'BRL',
    unitPrice: 0.9,
  },
  {
    name: 'fortaleza',
    region: 'south_america',
    latitude: -3.7319,
    longitude: -38.5267,
    timeZone: 'America/Fortaleza',
    countryCode: 'BR',
    currency: 'BRL',
    unitPrice: 0.9,
  },
  {
    name: 'santiago',
    region: 'south_america',
    latitude: -33.4489,
    longitude: -70.6693,
    timeZone: 'America/Santiago',
    countryCode: 'CL',
    currency: 'CLP',
    unitPrice: 160,
  },
  {
    name: 'antofagasta',
    region: 'south_america',
    latitude: -23.6509,
    longitude: -70.3975,
    timeZone: 'America/Santiago',
    countryCode: 'CL',
    currency: 'CLP',
    unitPrice: 160,
  },
  {
    name: 'buenos_aires',
    region: 'south_america',
    latitude: -34.6037,
    longitude: -58.3816,
    timeZone: 'America/Argentina/Buenos_Aires',
    countryCode: 'AR',
    currency: 'ARS',
    unitPrice: 90,
  },
  {
    name: 'lima',
    region: 'south_america',
    latitude: -12.0464,
    longitude: -77.0428,
    timeZone: 'America/Lima',
    countryCode: 'PE',
    currency: 'PEN',
    unitPrice: 0.7,
  },
  {
    name: 'bogota',
    region: 'south_america',
    latitude: 4.711,
    longitude: -74.0721,
    timeZone: 'America/Bogota',
    countryCode: 'CO',
    currency: 'COP',
    unitPrice: 800,
  },
  // Asia
  {
    name: 'bangkok',
    region: 'asia',
    latitude: 13.7563,
    longitude: 100.5018,
    timeZone: 'Asia/Bangkok',
    countryCode: 'TH',
    currency: 'THB',
    unitPrice: 4.5,
  },
  {
    name: 'ho_chi_minh_city',
    region: 'asia',
    latitude: 10.8231,
    longitude: 106.6297,
    timeZone: 'Asia/Ho_Chi_Minh',
    countryCode: 'VN',
    currency: 'VND',
    unitPrice: 2500,
  },
  {
    name: 'manila',
    region: 'asia',
    latitude: 14.5995,
    longitude: 120.9842,
    timeZone: 'Asia/Manila',
    countryCode: 'PH',
    currency: 'PHP',
    unitPrice: 11,
  },
  {
    name: 'jakarta',
    region: 'asia',
    latitude: -6.2088,
    longitude: 106.8456,
    timeZone: 'Asia/Jakarta',
    countryCode: 'ID',
    currency: 'IDR',
    unitPrice: 1500,
  },
  {
    name: 'kuala_lumpur',
    region: 'asia',
    latitude: 3.139,
    longitude: 101.6869,
    timeZone: 'Asia/Kuala_Lumpur',
    countryCode: 'MY',
    currency: 'MYR',
    unitPrice: 0.55,
  },
  {
    name: 'delhi',
    region: 'asia',
    latitude: 28.6139,
    longitude: 77.209,
    timeZone: 'Asia/Kolkata',
    countryCode: 'IN',
    currency: 'INR',
    unitPrice: 8,
  },
  {
    name: 'dubai',
    region: 'asia',
    latitude: 25.2048,
    longitude: 55.2708,
    timeZone: 'Asia/Dubai',
    countryCode: 'AE',
    currency: 'AED',
    unitPrice: 0.38,
  },
  {
    name: 'tokyo',
    region: 'asia',
    latitude: 35.6762,
    longitude: 139.6503,
    timeZone: 'Asia/Tokyo',
    countryCode: 'JP',
    currency: 'JPY',
    unitPrice: 31,
  },
  {
    name: 'seoul',
    region: 'asia',
    latitude: 37.5665,
    longitude: 126.978,
    timeZone: 'Asia/Seoul',
    countryCode: 'KR',
    currency: 'KRW',
    unitPrice: 150,
  },
  {
    name: 'shanghai',
    region: 'asia',
    latitude: 31.2304,
    longitude: 121.4737,
    timeZone: 'Asia/Shanghai',
    countryCode: 'CN',
    currency: 'CNY',
    unitPrice: 0.6,
  },
];

/** The places a `--locations` list names: place names, or `europe`, `south_america`, `asia`, `all`. */
export function placesNamed(names: readonly string[]): NamedPlace[] {
  const chosen = new Map<string, NamedPlace>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    const matches =
      name === 'all' ? places : places.filter((place) => place.name === name || place.region === name);
    if (matches.length === 0) throw new Error(`unknown location: ${raw}`);
    for (const place of matches) chosen.set(place.name, place);
  }
  return [...chosen.values()];
}

/**
 * Devices of a station of each type, most important first: a station asked for n devices gets
 * the first n, and past the list more of the kind a bigger site has several of. In a C&I station
 * the EMS 5000 comes first: it reports the site's counters through its parts, and a meter or
 * hybrid beside it reports powers only (see `devices/telemetry.ts`).
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
