import type { DeviceType, StationType } from '@helio/contracts';
import { samplePlantConfig } from '../../src/plant/presets.ts';
import { ratedPowerOf, simulatorSn, stationComposition } from '../../src/runtime/fleet-plan.ts';
import { placesNamed } from '../../src/runtime/places.ts';
import { createStationSimulation, type StationSimulation } from '../../src/runtime/station.ts';

/** A station of `stationType` with its whole composition (or `types`), its devices numbered by `index`. */
export function sampleStation(
  stationType: StationType,
  options: {
    seed?: number;
    index?: number;
    startMs?: number;
    place?: string;
    types?: DeviceType[];
    passwords?: Record<string, string>;
    snOf?: (deviceType: DeviceType, deviceIndex: number) => string;
  } = {},
): StationSimulation {
  const seed = options.seed ?? 7;
  const index = options.index ?? 0;
  const place = placesNamed([options.place ?? 'warsaw'])[0]!;
  const config = samplePlantConfig(stationType, place, seed + index);
  const types = options.types ?? stationComposition(stationType, 32);
  return createStationSimulation({
    key: `station-${index}`,
    plant: config,
    countryCode: place.countryCode,
    seed,
    startMs: options.startMs ?? Date.UTC(2025, 5, 14, 0, 0, 0),
    devices: types.map((deviceType, deviceIndex) => {
      const sn =
        options.snOf?.(deviceType, deviceIndex) ?? simulatorSn(deviceType, 'TEST01', index, deviceIndex);
      return {
        sn,
        deviceType,
        password: options.passwords?.[sn] ?? 'secret',
        ratedPowerW: ratedPowerOf(deviceType, config, types.filter((type) => type === deviceType).length),
      };
    }),
  });
}
