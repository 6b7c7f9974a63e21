import {
  auth as authCalls,
  type DeviceType,
  device as deviceCalls,
  deviceTypes,
  type StationType,
  station as stationCalls,
  stationTypes,
} from '@helio/contracts';
import { z } from 'zod';
import type { PlantConfig } from '../plant/model.ts';
import { type PresetOptions, samplePlantConfig, withGridOutages } from '../plant/presets.ts';
import { deriveSeed } from '../random.ts';
import { modelNames, ratedPowerOf, simulatorSn, stationComposition } from './fleet-plan.ts';
import type { NamedPlace } from './places.ts';
import { createStationSimulation, type StationSimulation } from './station.ts';

/**
 * A fleet as a file: the stations of a run with their devices and secrets. The CLI writes one
 * after provisioning through the portal's API (the secrets are shown once, so this file is the
 * only place they are kept) and reads one given with `--devices`. A hand-written file may leave
 * out `plant`: the plant is then drawn for the station's type and place from the run's seed.
 */
export const fleetFile = z.object({
  broker_url: z.string().optional(),
  seed: z.number().int().optional(),
  stations: z
    .array(
      z.object({
        key: z.string().min(1),
        station_id: z.number().int().optional(),
        name: z.string().optional(),
        station_type: z.literal(stationTypes as [StationType, ...StationType[]]),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        time_zone: z.string().min(1),
        /** ISO 3166-1 alpha-2: the devices' grid standard follows it. */
        country_code: z.string().length(2).optional(),
        plant: z.custom<PlantConfig>((value) => typeof value === 'object' && value !== null).optional(),
        devices: z
          .array(
            z.object({
              sn: z.string().min(1),
              device_type: z.literal(deviceTypes as [DeviceType, ...DeviceType[]]),
              password: z.string().min(1),
              firmware_version: z.string().optional(),
              rated_power_w: z.number().optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type FleetFile = z.infer<typeof fleetFile>;

/**
 * The simulations of a fleet file's stations, starting at `startMs`; `presets` (the run's outage
 * rate) apply to the plants drawn and to the C&I plants the file carries.
 */
export function stationsFromFile(
  file: FleetFile,
  seed: number,
  startMs: number,
  presets: PresetOptions = {},
): StationSimulation[] {
  return file.stations.map((entry) =>
    createStationSimulation({
      key: entry.key,
      plant: entry.plant
        ? withGridOutages(entry.plant, presets)
        : samplePlantConfig(
            entry.station_type,
            { latitude: entry.latitude, longitude: entry.longitude, timeZone: entry.time_zone },
            deriveSeed(seed, `plant:${entry.key}`),
            presets,
          ),
      seed,
      startMs,
      countryCode: entry.country_code,
      devices: entry.devices.map((device) => ({
        sn: device.sn,
        deviceType: device.device_type,
        password: device.password,
        firmwareVersion: device.firmware_version,
        ratedPowerW: device.rated_power_w,
      })),
    }),
  );
}

/** The portal's answer envelope. */
interface Answer<T> {
  code: number;
  msg: string;
  data?: T;
}

/** A small client of the portal's API: every call is a POST of JSON, with the session token. */
export function portalClient(apiUrl: string) {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  let token: string | undefined;
  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(new URL(path, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response
      .json()
      .catch(() => ({ code: response.status, msg: 'not json' }))) as Answer<T>;
    if (answer.code !== 1)
      throw new Error(
        `${path} refused: ${answer.msg}${answer.data ? ` ${JSON.stringify(answer.data)}` : ''}`,
      );
    return answer.data as T;
  }
  return {
    async login(userName: string, password: string): Promise<{ userId: number }> {
      const data = await call<{ token: string; user_id: number }>(authCalls.login.path, {
        user_name: userName,
        pwd: password,
      });
      token = data.token;
      return { userId: data.user_id };
    },
    call,
  };
}

export interface ProvisionOptions {
  apiUrl: string;
  user: string;
  password: string;
  stations: number;
  devicesPerStation: number;
  stationTypes: readonly StationType[];
  places: readonly NamedPlace[];
  seed: number;
  /** Six letters or digits in every SN and station name of the run, so runs do not collide. */
  runTag: string;
  /** The stations' commissioning day, YYYY-MM-DD: the portal takes their history from that day on. */
  commissionedOn?: string;
  onStation?: (done: number, total: number) => void;
}

/**
 * Registers a fleet through the portal's API as an installer would: signs in, adds each station
 * (bound to the installer itself), then registers its devices and keeps the credentials the
 * portal shows once. Station types and places go round-robin; plants are drawn from the seed.
 */
export async function provisionFleet(options: ProvisionOptions): Promise<FleetFile> {
  const client = portalClient(options.apiUrl);
  const { userId } = await client.login(options.user, options.password);
  const stations: FleetFile['stations'] = [];
  let brokerUrl: string | undefined;
  for (let index = 0; index < options.stations; index += 1) {
    const stationType = options.stationTypes[index % options.stationTypes.length]!;
    const place = options.places[index % options.places.length]!;
    // the station's number, not the run's tag: the same seed gives the same plants in every run
    const key = `station-${index}`;
    const plant = samplePlantConfig(stationType, place, deriveSeed(options.seed, `plant:${key}`));
    const name = `Sim ${options.runTag} ${String(index + 1).padStart(4, '0')} ${place.name}`;
    const created = await client.call<{ station_id: number }>(stationCalls.add.path, {
      station_name: name,
      station_type: stationType,
      country_code: place.countryCode,
      city: place.name.replaceAll('_', ' '),
      address: `Simulated site ${index + 1}`,
      latitude: place.latitude,
      longitude: place.longitude,
      // the form needs a PV capacity; a wallbox-only site has none, 1 kWp stands in
      capacity_kwp: plant.pv?.capacityKwp ?? 1,
      unit_price: place.unitPrice,
      currency: place.currency,
      timezone: place.timeZone,
      installer_id: userId,
      ...(options.commissionedOn ? { commissioning_date: options.commissionedOn } : {}),
    });
    const types = stationComposition(stationType, options.devicesPerStation);
    const devices: FleetFile['stations'][number]['devices'] = [];
    for (const [deviceIndex, deviceType] of types.entries()) {
      const sn = simulatorSn(deviceType, options.runTag, index, deviceIndex);
      const ratedPowerW = ratedPowerOf(deviceType, plant, types.filter((type) => type === deviceType).length);
      const registered = await client.call<{ credentials: { broker_url: string; password: string } }>(
        deviceCalls.add.path,
        {
          station_id: created.station_id,
          sn,
          device_type: deviceType,
          model: modelNames[deviceType],
          ...(ratedPowerW > 0 ? { rated_power_w: ratedPowerW } : {}),
        },
      );
      brokerUrl ??= registered.credentials.broker_url;
      devices.push({
        sn,
        device_type: deviceType,
        password: registered.credentials.password,
        rated_power_w: ratedPowerW > 0 ? ratedPowerW : undefined,
      });
    }
    stations.push({
      key,
      station_id: created.station_id,
      name,
      station_type: stationType,
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: place.timeZone,
      country_code: place.countryCode,
      plant,
      devices,
    });
    options.onStation?.(index + 1, options.stations);
  }
  return { broker_url: brokerUrl, seed: options.seed, stations };
}
