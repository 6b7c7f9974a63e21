import { PGlite } from '@electric-sql/pglite';
import type { DeviceType, StationType } from '@helio/contracts';
import { type DatabaseHandle, queryRows, wrapPglite } from '@helio/db';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Account, registerAccount } from '../../../server/test/support/accounts.ts';
import { freshDatabase } from '../../../server/test/support/database.ts';
import { localBrokerUrl } from '../../../server/test/support/devices.ts';
import { addStation, registerDevice } from '../../../server/test/support/fleet.ts';
import { startTestServer, type TestServer } from '../../../server/test/support/server.ts';
import { type CommandTiming, emptyCounters, type LinkCounters } from '../../src/devices/link.ts';
import type { UpgradeFailureKind } from '../../src/devices/upgrade.ts';
import type { VirtualDevice } from '../../src/devices/virtual-device.ts';
import type { PlantConfig } from '../../src/plant/model.ts';
import { samplePlantConfig } from '../../src/plant/presets.ts';
import { ratedPowerOf, stationComposition } from '../../src/runtime/fleet-plan.ts';
import { placesNamed } from '../../src/runtime/places.ts';
import { createStationSimulation, type StationSimulation } from '../../src/runtime/station.ts';
import { TimerWheel } from '../../src/runtime/wheel.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * The real portal for the simulator's tests: the server's own test support (API, embedded broker,
 * ingestion, commands) over a fresh database. The server's global setup migrates a template once
 * for its tier; when this tier runs without it, the database is migrated here (a few seconds).
 */
export async function startPortal(): Promise<{ server: TestServer; installer: Account; brokerUrl: string }> {
  let database: DatabaseHandle;
  if (process.env.DATABASE_URL || inject('pgliteTemplate')) {
    database = await freshDatabase();
  } else {
    database = wrapPglite(await PGlite.create());
    await database.migrate();
  }
  const server = await startTestServer({ database });
  const closeServer = server.close.bind(server);
  server.close = async () => {
    await closeServer();
    await database.close();
  };
  const installer = await registerAccount(server, 1, 'sim');
  return { server, installer, brokerUrl: localBrokerUrl(server.deviceLink.embeddedPort!) };
}

export interface PortalStation {
  station: StationSimulation;
  stationId: number;
  deviceIds: Map<string, number>;
}

/**
 * Registers a station of `stationType` with its devices through the API and simulates it: a sample
 * plant in Warsaw, or the plant `config` (in its time zone) starting at `initialSocPct`.
 */
export async function registeredStation(
  server: TestServer,
  installer: Account,
  stationType: StationType,
  options: {
    types?: DeviceType[];
    startMs?: number;
    seed?: number;
    config?: PlantConfig;
    initialSocPct?: number;
  } = {},
): Promise<PortalStation> {
  const place = placesNamed(['warsaw'])[0]!;
  const seed = options.seed ?? 11;
  const config = options.config ?? samplePlantConfig(stationType, place, seed);
  const item = await addStation(server, installer.token, {
    station_type: stationType,
    installer_id: installer.userId,
    timezone: config.timeZone,
    capacity_kwp: config.pv?.capacityKwp ?? 1,
  });
  const types = options.types ?? stationComposition(stationType, 4);
  const devices = [];
  const deviceIds = new Map<string, number>();
  for (const deviceType of types) {
    const registered = await registerDevice(server, installer.token, item.station_id, {
      device_type: deviceType,
    });
    deviceIds.set(registered.sn, registered.device_id);
    devices.push({
      sn: registered.sn,
      deviceType,
      password: registered.credentials.password,
      ratedPowerW: ratedPowerOf(deviceType, config, types.filter((type) => type === deviceType).length),
    });
  }
  const station = createStationSimulation({
    key: String(item.station_id),
    plant: config,
    countryCode: place.countryCode,
    seed,
    startMs: options.startMs ?? Date.now() - 3_600_000,
    ...(options.initialSocPct === undefined ? {} : { initialSocPct: options.initialSocPct }),
    devices,
  });
  return { station, stationId: item.station_id, deviceIds };
}

/** A message a device had acknowledged, as the test saw it. */
export interface Traced {
  sn: string;
  kind: string;
  message: Record<string, unknown>;
}

export const fastTiming: CommandTiming = { workMs: 20, stepMs: 60, rebootMs: 300 };

/** A run for devices driven by hand: a wheel, the real clock, fast commands, every message traced. */
export function testLink(
  brokerUrl: string,
  overrides: {
    upgradeFailureRate?: number;
    upgradeFailures?: UpgradeFailureKind[];
    intervalS?: number;
    firmwareKeys?: string[];
  } = {},
) {
  const wheel = new TimerWheel();
  const counters: LinkCounters = emptyCounters();
  const traced: Traced[] = [];
  const link = {
    brokerUrl,
    wheel,
    now: () => Date.now(),
    intervalS: overrides.intervalS ?? 60,
    faultRate: 0,
    upgradeFailureRate: overrides.upgradeFailureRate ?? 0,
    upgradeFailures: overrides.upgradeFailures,
    firmwareKeys: overrides.firmwareKeys ?? [],
    selfTestFailureRate: 0,
    timing: fastTiming,
    counters,
    trace: (sn: string, kind: string, payload: string) =>
      traced.push({ sn, kind, message: JSON.parse(payload) as Record<string, unknown> }),
  };
  return {
    link,
    wheel,
    counters,
    traced,
    attach(device: VirtualDevice) {
      device.attach(link);
      return device;
    },
  };
}

/** Connects `device` and waits until everything it holds is acknowledged. */
export async function online(device: VirtualDevice): Promise<void> {
  await device.connect();
  await device.drained();
}

/** Rows of a query against the portal's database. */
export function rows<Row>(server: TestServer, query: SQL): Promise<Row[]> {
  return queryRows<Row>(server.database.db, query);
}

/** Waits until `check` passes. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
