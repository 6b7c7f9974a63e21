/**
 * The simulated devices of `npm run bench:control` (control.ts): the fleet's plan, which both
 * processes derive the same way, and the device process, which runs the simulator's stations on
 * one timer wheel (`startFleet`) against the broker it is given and answers commands like real
 * inverters (acknowledged at once, the outcome after `workMs`).
 */
import { DeviceType, StationType } from '@helio/contracts';
import type { PlantConfig } from '../../simulator/src/plant/model.ts';
import { samplePlantConfig } from '../../simulator/src/plant/presets.ts';
import { startFleet } from '../../simulator/src/runtime/fleet.ts';
import { ratedPowerOf, simulatorSn } from '../../simulator/src/runtime/fleet-plan.ts';
import { placesNamed } from '../../simulator/src/runtime/places.ts';
import { createStationSimulation, type StationSimulation } from '../../simulator/src/runtime/station.ts';
import { type FleetReady, serveFleet } from './device-process.ts';

/** Every station is an on-grid plant in Warsaw (grid standard of Poland). */
export const benchPlace = placesNamed(['warsaw'])[0]!;

export interface PlannedStation {
  key: string;
  /** The plant's seed (its preset is drawn from it). */
  seed: number;
  devices: { sn: string; ratedPowerW: number }[];
}

/** The plant of a planned station: the same in both processes. */
export function plantOf(station: PlannedStation): PlantConfig {
  return samplePlantConfig(StationType.onGrid, benchPlace, station.seed);
}

/** `deviceCount` inverters over on-grid stations of `perStation` inverters each (the last may have fewer). */
export function planFleet(deviceCount: number, perStation: number, runTag: string): PlannedStation[] {
  const stations: PlannedStation[] = [];
  for (let index = 0; index * perStation < deviceCount; index += 1) {
    const count = Math.min(perStation, deviceCount - index * perStation);
    const station: PlannedStation = { key: `bench-${index}`, seed: index + 1, devices: [] };
    const config = plantOf(station);
    for (let device = 0; device < count; device += 1) {
      station.devices.push({
        sn: simulatorSn(DeviceType.inverter, runTag, index, device),
        ratedPowerW: ratedPowerOf(DeviceType.inverter, config, count),
      });
    }
    stations.push(station);
  }
  return stations;
}

/** The planned stations as the simulator's, their inverters signing in with `passwords` (by SN). */
export function simulatedStations(
  planned: readonly PlannedStation[],
  passwords: Record<string, string>,
  startMs: number,
): StationSimulation[] {
  return planned.map((station) =>
    createStationSimulation({
      key: station.key,
      plant: plantOf(station),
      seed: 1,
      startMs,
      countryCode: benchPlace.countryCode,
      devices: station.devices.map((device) => ({
        sn: device.sn,
        deviceType: DeviceType.inverter,
        password: passwords[device.sn] ?? 'none',
        ratedPowerW: device.ratedPowerW,
      })),
    }),
  );
}

/** What the bench process tells the device process. */
export type ToDevices =
  | {
      type: 'start';
      brokerUrl: string;
      stations: PlannedStation[];
      /** Each device's secret, by SN. */
      passwords: Record<string, string>;
      workMs: number;
      intervalS: number;
      connectRate: number;
    }
  | { type: 'stop' };

export interface DeviceTotals {
  messages: number;
  readings: number;
  replies: number;
  commands: number;
  connectFailures: number;
  drops: number;
  publishErrors: number;
  problems: number;
}

/** What the device process answers. */
export type FromDevices =
  | FleetReady
  | { type: 'stopped'; totals: DeviceTotals }
  | { type: 'failed'; message: string };

/** The device process: runs the fleet until told to stop, then answers its totals and ends. */
export function runDeviceProcess(): void {
  serveFleet<ToDevices, FromDevices>({
    start: (message, log) =>
      startFleet({
        brokerUrl: message.brokerUrl,
        stations: simulatedStations(message.stations, message.passwords, Date.now()),
        intervalS: message.intervalS,
        speedUp: 1,
        faultRate: 0,
        offlineRate: 0,
        upgradeFailureRate: 0,
        selfTestFailureRate: 0,
        connectRatePerSecond: message.connectRate,
        timing: { workMs: message.workMs },
        log,
      }),
    stopped(fleet, problems) {
      const totals = fleet?.stats().totals;
      return {
        type: 'stopped',
        totals: {
          messages: totals?.messages ?? 0,
          readings: totals?.readings ?? 0,
          replies: totals?.replies ?? 0,
          commands: totals?.commands ?? 0,
          connectFailures: totals?.connectFailures ?? 0,
          drops: totals?.drops ?? 0,
          publishErrors: totals?.publishErrors ?? 0,
          problems,
        },
      };
    },
  });
}
