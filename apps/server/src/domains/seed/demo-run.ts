import type { StrategyProgram } from '@helio/contracts';
import type { Database } from '@helio/db';
import {
  backfill,
  createStationSimulation,
  type Fleet,
  plantCountersFrom,
  type StationSimulation,
  samplePlantConfig,
  startFleet,
} from '@helio/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCommands } from '../commands/service.ts';
import type { BrokerAccess } from '../devices/broker-access.ts';
import { type SeededDemoPlant, seedDemoPlants } from './demo-plants.ts';
import { activeDemoStrategies, applyDemoStrategies } from './demo-strategies.ts';
import { seedDemoTariffs } from './demo-tariffs.ts';

/** One seed for the demo: the same plants, weather and loads at every start. */
const DEMO_SEED = 20_261_121;
const DAY_MS = 86_400_000;

export interface DemoPlantOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Where the in-process devices connect (the embedded broker on loopback, or the real one). */
  brokerUrl: string;
  /** The broker's side of credentials: a real broker must learn the demo devices' new secrets. */
  access: BrokerAccess;
  /** Days of history on the first start. */
  historyDays: number;
  /** Seconds between two live readings. */
  intervalS?: number;
  /** Seconds between two readings of the backfilled history. */
  historyIntervalS?: number;
  /** Expected faults per device per day, live. */
  faultRate?: number;
  /** The portal's FIRMWARE_KEYS (base64, raw 32 bytes): the demo devices flash images signed with them. */
  firmwareKeys?: readonly string[];
  /**
   * Commands to devices: once live, every demo device is asked for its settings, so that the
   * demo (which may not send commands) sees them in the Settings tab.
   */
  commands?: Pick<DeviceCommands, 'create'>;
  /**
   * Asks the tariffs' split job for a run (tariffs/module.ts `splitSoon`): once the history is
   * written the demo tariffs are saved and their history split, in the job's bounded runs.
   */
  splitTariffs?: () => Promise<void>;
}

/** Grid outages a day of the demo's C&I plant (about one a week, 90 minutes on average). */
export const DEMO_GRID_OUTAGES_PER_DAY = 1 / 7;

function simulationOf(
  seeded: SeededDemoPlant,
  now: number,
  historyDays: number,
  strategies: ReadonlyMap<number, StrategyProgram>,
): StationSimulation {
  const { plant } = seeded;
  const config = samplePlantConfig(
    plant.stationType,
    { latitude: plant.latitude, longitude: plant.longitude, timeZone: plant.timezone },
    DEMO_SEED,
    // the C&I plant loses its grid now and then, so its transfer switch and generator have work
    { gridOutagesPerDay: DEMO_GRID_OUTAGES_PER_DAY },
  );
  // a device keeps the strategy it was given: it replaces the preset's mode and slots
  const program = seeded.devices.map((device) => strategies.get(device.deviceId)).find(Boolean);
  if (program && config.battery) config.battery = { ...config.battery, strategy: program, slots: [] };
  // the plant has the size its station says
  if (config.pv) {
    const inverter = plant.devices.find(
      (device) => device.ratedPowerW !== null && device.sn.startsWith('INV'),
    );
    config.pv = {
      ...config.pv,
      capacityKwp: plant.capacityKwp,
      inverterRatedW: inverter?.ratedPowerW ?? config.pv.inverterRatedW,
    };
  }
  const latest = seeded.devices
    .map((device) => device.latestMs)
    .filter((ms): ms is number => ms !== undefined);
  // carry on after the newest stored reading; the first time, start the history's length ago
  const startMs = latest.length > 0 ? Math.max(...latest) : now - historyDays * DAY_MS;
  return createStationSimulation({
    key: `demo:${plant.name}`,
    plant: config,
    countryCode: plant.countryCode,
    devices: seeded.devices.map((device) => ({
      sn: device.sn,
      deviceType: device.deviceType,
      password: device.secret,
      firmwareVersion: device.firmwareVersion,
      ...(device.ratedPowerW === null ? {} : { ratedPowerW: device.ratedPowerW }),
    })),
    seed: DEMO_SEED,
    startMs,
    initialCounters: plantCountersFrom(
      seeded.devices
        .filter((device) => device.latestValues !== undefined)
        .map((device) => ({ deviceType: device.deviceType, values: device.latestValues! })),
    ),
    // the battery carries on from its last reported charge, so the SOC curve does not jump
    ...soc(seeded.devices),
  });
}

function soc(devices: readonly { latestValues?: Record<string, number | string> }[]): {
  initialSocPct?: number;
} {
  for (const device of devices) {
    const value = device.latestValues?.soc_pct ?? device.latestValues?.['bms.soc_pct'];
    if (typeof value === 'number') return { initialSocPct: value };
  }
  return {};
}

/**
 * The demo installer's plants, driven live in this process (the simulator issue): they are put in
 * place, given their history (weeks on the first start, the time the portal was down on later
 * ones) through the device protocol's backfill path, then run live with faults, drops and command
 * answers. Everything happens in the background: the portal serves at once, and the history fills
 * in within seconds to a minute.
 */
export async function startDemoPlants(options: DemoPlantOptions) {
  const { log } = options;
  const seeded = await seedDemoPlants(options.db);
  for (const plant of seeded) {
    for (const device of plant.devices) await options.access.provision(device.sn, device.secret);
  }
  const now = Date.now();
  const strategies = await activeDemoStrategies(options.db, seeded);
  const stations = seeded.map((plant) => simulationOf(plant, now, options.historyDays, strategies));
  const fromMs = Math.min(...stations.map((station) => station.timeMs));
  const abort = new AbortController();
  let fleet: Fleet | undefined;
  const simulatorLog = (message: string, fields?: Record<string, unknown>) =>
    log.debug(fields ?? {}, message);

  const running = (async () => {
    const started = Date.now();
    const history = await backfill({
      brokerUrl: options.brokerUrl,
      stations,
      fromMs,
      toMs: Date.now(),
      intervalS: options.historyIntervalS ?? 300,
      faultRate: 0.05,
      keepConnected: true,
      signal: abort.signal,
      log: simulatorLog,
    });
    if (abort.signal.aborted) return;
    log.info(
      {
        stations: stations.length,
        readings: history.readings,
        seconds: Math.round((Date.now() - started) / 1000),
      },
      'demo plants: history written',
    );
    fleet = startFleet({
      brokerUrl: options.brokerUrl,
      stations,
      intervalS: options.intervalS ?? 60,
      speedUp: 1,
      faultRate: options.faultRate ?? 0.5,
      firmwareKeys: options.firmwareKeys,
      log: simulatorLog,
    });
    log.info({ stations: stations.length }, 'demo plants: running live');
    // the tariffs once the history is in: a split run never sees a day half written
    const tariffs = await seedDemoTariffs(options.db, seeded, new Date());
    if (tariffs > 0) {
      log.info({ stations: tariffs }, 'demo plants: tariffs saved, their history to be split');
      await options.splitTariffs?.();
    }
    if (options.commands) {
      for (const plant of seeded)
        for (const device of plant.devices)
          await options.commands.create(device.deviceId, { name: 'read', params: {} }, null);
      const strategiesSent = await applyDemoStrategies(
        options.db,
        seeded,
        options.commands,
        () => new Date(),
      );
      if (strategiesSent > 0) log.info({ devices: strategiesSent }, 'demo plants: strategies applied');
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) log.error({ err: error }, 'demo plants stopped');
  });

  return {
    stations,
    /** Resolves once the history is written and the plants run live (or the run has failed). */
    ready: running,
    async stop(): Promise<void> {
      abort.abort();
      await running;
      await fleet?.stop();
    },
  };
}

export type DemoPlants = Awaited<ReturnType<typeof startDemoPlants>>;
