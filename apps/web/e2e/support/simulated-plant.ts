import { DeviceType, StationType } from '@helio/contracts';
import { emptyCounters } from '../../../simulator/src/devices/link.ts';
import { samplePlantConfig } from '../../../simulator/src/plant/presets.ts';
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
  const station = await api<{ station_id: number }>(
    baseUrl,
    'bg/station/add',
    {
      station_name: name,
      station_type: StationType.residentialEss,
      installer_id: installer.userId,
      country_code: 'PL',
      address: 'ul. Słoneczna 7',
      latitude: place.latitude,
      longitude: place.longitude,
      capacity_kwp: config.pv?.capacityKwp ?? 6,
      unit_price: 0.85,
      currency: 'PLN',
    },
    installer.token,
  );
  const stamp = Date.now().toString(36).toUpperCase().padStart(10, '0').slice(-10);
  const devices = [];
  const deviceIds = new Map<string, number>();
  for (const [deviceType, prefix] of [
    [DeviceType.inverter, 'INV'],
    [DeviceType.battery, 'BAT'],
  ] as const) {
    const sn = `${prefix}E2E${stamp}`;
    const ratedPowerW = deviceType === DeviceType.inverter ? (config.pv?.inverterRatedW ?? 6000) : 5000;
    const added = await api<{ device_id: number; credentials: { password: string } }>(
      baseUrl,
      'api/device/add',
      {
        station_id: station.station_id,
        device_type: deviceType,
        sn,
        model: deviceType === DeviceType.inverter ? model : 'LFP-10',
        rated_power_w: ratedPowerW,
        ...(deviceType === DeviceType.inverter ? { settings_pwd: settingsPassword } : {}),
      },
      installer.token,
    );
    deviceIds.set(sn, added.device_id);
    devices.push({ sn, deviceType, password: added.credentials.password, ratedPowerW });
  }
  const simulation = createStationSimulation({
    key: `e2e-${station.station_id}`,
    plant: config,
    countryCode: place.countryCode,
    seed: 7,
    startMs: startMs ?? Date.now() - 600_000,
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
    inverterSn: devices[0]!.sn,
    async stop() {
      await Promise.all(simulation.devices.map((device) => device.disconnect()));
      wheel.stop();
    },
  };
}
