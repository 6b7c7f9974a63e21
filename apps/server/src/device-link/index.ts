import { hostname } from 'node:os';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import { deviceCommands } from './commands.ts';
import { startEmbeddedBroker } from './embedded-broker.ts';
import { createIngestor } from './ingest/ingestor.ts';
import { startLinkJobs } from './jobs.ts';
import type { DeviceLink } from './link.ts';

export interface DeviceLinkOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** A real broker (Mosquitto with dynamic security), with the portal's own credentials. */
  mqttUrl: string | undefined;
  /** The embedded broker's port (0: any free one) and address, when there is no MQTT_URL. */
  mqttPort: number;
  host: string;
  /** The portal's client id on a real broker (stable across restarts, one per replica). */
  clientId?: string;
  /** Where devices are told to connect; by default the embedded broker on this host. */
  publicUrl: string | undefined;
  /** How often the status and recount jobs run, ms. */
  jobEveryMs?: number;
  /** A device silent this long (and three of its intervals) gets a communication-lost alarm, ms. */
  alarmSilentMs?: number;
  /** Runs after a batch opened alarms, and at every job pass (alarm notices). */
  afterAlarms?: () => Promise<unknown>;
}

/**
 * Starts the device link: ingestion, its jobs, and the broker side (the embedded broker, or a
 * connection to the real one). Closing stops taking messages first, then writes what is queued.
 */
export async function startDeviceLink(options: DeviceLinkOptions) {
  const { db, log } = options;
  let link: DeviceLink | undefined;
  const commands = deviceCommands({ db, log, link: () => link! });
  const ingestor = createIngestor({
    db,
    log,
    onOnline: (deviceIds) => {
      commands
        .deliverPending(deviceIds)
        .catch((error: unknown) => log.warn({ err: error }, 'commands not sent'));
    },
    onAlarmsOpened: () => {
      options.afterAlarms?.().catch((error: unknown) => log.warn({ err: error }, 'alarm notices not sent'));
    },
  });
  let brokerUrl: string;
  let embeddedPort: number | undefined;
  if (options.mqttUrl) {
    // loaded only for a real broker: the embedded default never needs the MQTT client
    const { mosquittoAccess } = await import('./mosquitto-access.ts');
    const { connectExternalLink } = await import('./external-link.ts');
    const access = mosquittoAccess({ url: options.mqttUrl, log });
    await access.ensureRoles();
    link = await connectExternalLink({
      url: options.mqttUrl,
      clientId: options.clientId ?? 'helio-portal',
      onUp: ingestor.submit,
      log,
      access,
    });
    const given = new URL(options.mqttUrl);
    brokerUrl = options.publicUrl ?? `${given.protocol}//${given.host}`;
  } else {
    const embedded = await startEmbeddedBroker({
      db,
      log,
      onUp: ingestor.submit,
      port: options.mqttPort,
      host: options.host,
    });
    link = embedded;
    embeddedPort = embedded.port;
    const shownHost = options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host;
    brokerUrl = options.publicUrl ?? `mqtt://${shownHost}:${embedded.port}`;
  }
  const jobs = startLinkJobs({
    db,
    log,
    everyMs: options.jobEveryMs ?? 15_000,
    alarmSilentMs: options.alarmSilentMs ?? 30 * 60_000,
    alsoRun: async () => {
      // one failing part of the pass does not hold up the other
      await commands
        .deliverPending()
        .catch((error: unknown) => log.warn({ err: error }, 'commands not sent'));
      await options.afterAlarms?.();
    },
  });
  const opened: DeviceLink = link;
  return {
    link: opened,
    commands,
    ingestor,
    jobs,
    /** What devices are told to connect to. */
    brokerUrl,
    /** The embedded broker's port, when it runs. */
    embeddedPort,
    async close(): Promise<void> {
      await opened.close();
      await ingestor.close();
      await jobs.stop();
    },
  };
}

export type DeviceLinkHandle = Awaited<ReturnType<typeof startDeviceLink>>;
