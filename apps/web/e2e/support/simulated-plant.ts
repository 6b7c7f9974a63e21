import { DeviceType, StationType } from '@helio/contracts';
import { emptyCounters } from '../../../simulator/src/devices/link.ts';
import type { PlantConfig } from '../../../simulator/src/plant/model.ts';
import { samplePlantConfig } from '../../../simulator/src/plant/presets.ts';
import { ratedPowerOf } from '../../../simulator/src/runtime/fleet-plan.ts';
import { placesNamed } from '../../../simulator/src/runtime/places.ts';
import { createStationSimulation, type StationSimulation } from '../../../simulator/src/runtime/station.ts';
import { TimerWheel } from '../../../simulator/src/runtime/wheel.ts';
import { type Account, api } from './plant.ts';

/**
 * A plant of the simulator connected to the portal's embedded broker, for the journeys that act
 * on devices: its station and devices registered through the API, its devices answering commands
 * as a real inverter would (applying settings all or nothing, reconnecting after a network change),
 * their answers quick so a journey does not wait minutes.
 */
export interface SimulatedPlant {
  stationId: number;
  station: StationSimulation;
  /** Device ids by SN. */
  deviceIds: Map<string, number>;
  inverterSn: string;
  stop(): Promise<void>;
}

/** A device a journey's plant registers: its type, SN prefix, model and rating, and its settings password. */
interface PlantDevice {
  deviceType: DeviceType;
  prefix: string;
  model: string;
  ratedPowerW: number;
  settingsPassword?: string;
}

/**
 * Registers a station and its devices through the API, then connects the simulated plant's devices
 * to the broker with their credentials and delivers one reading each.
 */
async function simulatedPlant(
  baseUrl: string,
  brokerUrl: string,
  installer: Account,
  {
    name,
    stationType,
    config,
    countryCode,
    address,
    currency,
    unitPrice,
    devices: planned,
    startMs,
    initialSocPct,
    firmwareKeys = [],
    endUser,
  }: {
    name: string;
    stationType: StationType;
    config: PlantConfig;
    countryCode: string;
    address: string;
    currency: string;
    unitPrice: number;
    devices: readonly PlantDevice[];
    startMs: number | undefined;
    initialSocPct?: number;
    firmwareKeys?: readonly string[];
    /** The station's end user. */
    endUser?: Account;
  },
): Promise<{
  stationId: number;
  station: StationSimulation;
  deviceIds: Map<string, number>;
  sns: string[];
  stop(): Promise<void>;
}> {
  const station = await api<{ station_id: number }>(
    baseUrl,
    'bg/station/add',
    {
      station_name: name,
      station_type: stationType,
      installer_id: installer.userId,
      ...(endUser ? { end_user_id: endUser.userId } : {}),
      country_code: countryCode,
      address,
      latitude: config.latitude,
      longitude: config.longitude,
      capacity_kwp: config.pv?.capacityKwp ?? 6,
      unit_price: unitPrice,
      currency,
    },
    installer.token,
  );
  const stamp = Date.now().toString(36).toUpperCase().padStart(10, '0').slice(-10);
  const devices = [];
  const deviceIds = new Map<string, number>();
  for (const device of planned) {
    const sn = `${device.prefix}E2E${stamp}`;
    const added = await api<{ device_id: number; credentials: { password: string } }>(
      baseUrl,
      'api/device/add',
      {
        station_id: station.station_id,
        device_type: device.deviceType,
        sn,
        model: device.model,
        rated_power_w: device.ratedPowerW,
        ...(device.settingsPassword ? { settings_pwd: device.settingsPassword } : {}),
      },
      installer.token,
    );
    deviceIds.set(sn, added.device_id);
    devices.push({
      sn,
      deviceType: device.deviceType,
      password: added.credentials.password,
      ratedPowerW: device.ratedPowerW,
    });
  }
  const simulation = createStationSimulation({
    key: `e2e-${station.station_id}`,
    plant: config,
    countryCode,
    seed: 7,
    startMs: startMs ?? Date.now() - 600_000,
    ...(initialSocPct === undefined ? {} : { initialSocPct }),
    devices,
  });
  const wheel = new TimerWheel();
  const link = {
    brokerUrl,
    wheel,
    now: () => Date.now(),
    intervalS: 60,
    faultRate: 0,
    upgradeFailureRate: 0,
    firmwareKeys,
    selfTestFailureRate: 0,
    timing: { workMs: 300, stepMs: 500, rebootMs: 1500 },
    counters: emptyCounters(),
  };
  for (const device of simulation.devices) device.attach(link);
  for (const device of simulation.devices) await device.connect();
  // one reading each, so the devices have data as well as a status
  simulation.tick(simulation.nextTickAfter(startMs ?? Date.now() - 120_000, 60), true);
  await Promise.all(simulation.devices.map((device) => device.drained()));
  return {
    stationId: station.station_id,
    station: simulation,
    deviceIds,
    sns: devices.map((device) => device.sn),
    async stop() {
      await Promise.all(simulation.devices.map((device) => device.disconnect()));
      wheel.stop();
    },
  };
}

/**
 * A home with PV and a battery near Warsaw: an inverter (settings password `settingsPassword`) and its battery.
 * `startMs` starts the plant's simulated time earlier (within the protocol's week of grace before a
 * registration), so that a journey can then run it through hours of the past with `station.tick`.
 */
export async function simulatedHomeBattery(
  baseUrl: string,
  brokerUrl: string,
  installer: Account,
  name: string,
  settingsPassword: string,
  {
    startMs,
    firmwareKeys = [],
    model = 'HX-6K',
  }: {
    startMs?: number;
    /** The maker's keys the devices trust (their upgrades flash only images signed with one). */
    firmwareKeys?: readonly string[];
    /** The inverter's model. */
    model?: string;
  } = {},
): Promise<SimulatedPlant> {
  const place = placesNamed(['warsaw'])[0]!;
  const config = samplePlantConfig(StationType.residentialEss, place, 7);
  const plant = await simulatedPlant(baseUrl, brokerUrl, installer, {
    name,
    stationType: StationType.residentialEss,
    config,
    countryCode: 'PL',
    address: 'ul. Słoneczna 7',
    currency: 'PLN',
    unitPrice: 0.85,
    devices: [
      {
        deviceType: DeviceType.inverter,
        prefix: 'INV',
        model,
        ratedPowerW: config.pv?.inverterRatedW ?? 6000,
        settingsPassword,
      },
      { deviceType: DeviceType.battery, prefix: 'BAT', model: 'LFP-10', ratedPowerW: 5000 },
    ],
    startMs,
    firmwareKeys,
  });
  return { ...plant, inverterSn: plant.sns[0]! };
}

/** A C&I plant: its EMS 5000 (which reports the PCS, PVS, BMS, STS, generator and meter) and a grid meter. */
export interface SimulatedCommercialPlant {
  stationId: number;
  station: StationSimulation;
  deviceIds: Map<string, number>;
  emsSn: string;
  meterSn: string;
  /** The plant as simulated: its battery's powers, PV and generator. */
  config: PlantConfig;
  stop(): Promise<void>;
}

/**
 * A commercial storage site near Milan (C&I, station type 9): 100–500 kWp of PV on a flat roof, a
 * battery of hundreds of kWh, a generator and a commercial load, run by its EMS 5000 (settings
 * password `settingsPassword`) with a grid meter beside it; the battery starts at `initialSocPct`.
 */
export async function simulatedCommercialEss(
  baseUrl: string,
  brokerUrl: string,
  installer: Account,
  name: string,
  settingsPassword: string,
  { startMs, initialSocPct = 70 }: { startMs?: number; initialSocPct?: number } = {},
): Promise<SimulatedCommercialPlant> {
  const place = placesNamed(['milan'])[0]!;
  const config = samplePlantConfig(StationType.commercialEss, place, 7);
  const plant = await simulatedPlant(baseUrl, brokerUrl, installer, {
    name,
    stationType: StationType.commercialEss,
    config,
    countryCode: place.countryCode,
    address: 'Via dell’Industria 12',
    currency: 'EUR',
    unitPrice: 0.28,
    devices: [
      {
        deviceType: DeviceType.energyManagementBox,
        prefix: 'EMS',
        model: 'EMS 5000',
        ratedPowerW: ratedPowerOf(DeviceType.energyManagementBox, config, 1),
        settingsPassword,
      },
      { deviceType: DeviceType.meter, prefix: 'MTR', model: 'DTSU666', ratedPowerW: 0 },
    ],
    startMs,
    initialSocPct,
  });
  return {
    stationId: plant.stationId,
    station: plant.station,
    deviceIds: plant.deviceIds,
    emsSn: plant.sns[0]!,
    meterSn: plant.sns[1]!,
    config,
    stop: plant.stop,
  };
}

/** A home with PV, a battery and an 11 kW wallbox: its station, devices and the wallbox's SN. */
export interface SimulatedWallboxHome extends SimulatedPlant {
  wallboxSn: string;
  config: PlantConfig;
}

/**
 * A home near Santiago de Chile (summer in November, sunny) with PV, a battery, a meter and an
 * 11 kW wallbox (station type 6), held by `installer` with `endUser` as its end user; the plant's
 * simulated time starts at `startMs`, so a journey can run it through the hours before now.
 */
export async function simulatedWallboxHome(
  baseUrl: string,
  brokerUrl: string,
  installer: Account,
  endUser: Account,
  name: string,
  { startMs }: { startMs: number },
): Promise<SimulatedWallboxHome> {
  const place = placesNamed(['santiago'])[0]!;
  const config = samplePlantConfig(StationType.residentialEssWallbox, place, 7);
  const plant = await simulatedPlant(baseUrl, brokerUrl, installer, {
    name,
    stationType: StationType.residentialEssWallbox,
    config,
    countryCode: place.countryCode,
    address: 'Avenida Apoquindo 4500',
    currency: place.currency,
    unitPrice: place.unitPrice,
    devices: [
      {
        deviceType: DeviceType.inverter,
        prefix: 'INV',
        model: 'H3-12K',
        ratedPowerW: ratedPowerOf(DeviceType.inverter, config, 1),
      },
      { deviceType: DeviceType.battery, prefix: 'BAT', model: 'HV-15.4', ratedPowerW: 7500 },
      { deviceType: DeviceType.chargingPile, prefix: 'EVC', model: 'AC-11K', ratedPowerW: 11_000 },
      { deviceType: DeviceType.meter, prefix: 'MTR', model: 'DTSU666', ratedPowerW: 0 },
    ],
    startMs,
    initialSocPct: 60,
    endUser,
  });
  return {
    stationId: plant.stationId,
    station: plant.station,
    deviceIds: plant.deviceIds,
    inverterSn: plant.sns[0]!,
    wallboxSn: plant.sns[2]!,
    config,
    stop: plant.stop,
  };
}
