import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCommands } from '../domains/commands/service.ts';
import type { DiagnosticSink } from '../domains/control/diagnostics.ts';
import type { Clock } from '../platform/clock.ts';
import type { JobRunner } from '../platform/jobs/runner.ts';
import { embeddedBrokerDefaults, startEmbeddedBroker } from './embedded-broker.ts';
import { type Admission, createIngestor } from './ingest/ingestor.ts';
import { registerLinkJobs } from './jobs.ts';
import type { DeviceLink } from './link.ts';

export interface DeviceLinkOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** A real broker (Mosquitto with dynamic security), with the portal's own credentials. */
  mqttUrl: string | undefined;
  /** The embedded broker's port (0: any free one) and address, when there is no MQTT_URL. */
  mqttPort: number;
  host: string;
  /** The embedded broker's limits (defaults: `embeddedBrokerDefaults`) and its mqtts port. */
  embedded?: {
    connectTimeoutMs?: number;
    /** 0: no limit. */
    maxConnectionsPerAddress?: number;
    /** PEM files of the certificate (chain) and its key; the port (0: any free one). */
    tls?: { certFile: string; keyFile: string; port: number };
  };
  /** The portal's client id on a real broker (stable across restarts, one per replica). */
  clientId?: string;
  /** Where devices are told to connect; by default the embedded broker on this host. */
  publicUrl: string | undefined;
  /** The job runner the link's periodic jobs are registered with (jobs.ts), and its clock. */
  jobs: JobRunner;
  clock: Clock;
  /** The stored commands (domains/commands): sent when their device is back, expired by the jobs. */
  commands: DeviceCommands;
  /** A device silent this long (and three of its intervals) gets a communication-lost alarm, ms. */
  alarmSilentMs?: number;
  /** Alarms opened, in a batch or by the communication-lost job (the app triggers the notices). */
  onAlarmsOpened?: () => Promise<unknown>;
  /** How old a reading may be; the protocol's limits unless a test widens them. */
  admission?: Partial<Admission>;
  /** Told of each refused or dropped message of a device (its diagnostics). */
  onRefused?: DiagnosticSink;
}

/**
 * Starts the device link: ingestion, its jobs (registered with the job runner, which runs them), and
 * the broker side (the embedded broker, or a connection to the real one). Closing stops taking
 * messages first, then writes what is queued.
 */
export async function startDeviceLink(options: DeviceLinkOptions) {
  const { db, log, commands } = options;
  let link: DeviceLink | undefined;
  const ingestor = createIngestor({
    db,
    log,
    admission: options.admission,
    onRefused: options.onRefused,
    now: () => options.clock.now().getTime(),
    onOnline: (deviceIds) => {
      commands
        .deliverPending(deviceIds)
        .catch((error: unknown) => log.warn({ err: error }, 'commands not sent'));
    },
    onAlarmsOpened: () => {
      options
        .onAlarmsOpened?.()
        .catch((error: unknown) => log.warn({ err: error }, 'alarm notices not sent'));
    },
  });
  let brokerUrl: string;
  let embeddedPort: number | undefined;
  let embeddedTlsPort: number | undefined;
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
    const limits = { ...embeddedBrokerDefaults, ...options.embedded };
    const tlsFiles = options.embedded?.tls;
    // read at start-up, so a missing or unreadable file stops the portal with its path
    const tls = tlsFiles && {
      cert: readFileSync(tlsFiles.certFile),
      key: readFileSync(tlsFiles.keyFile),
      port: tlsFiles.port,
    };
    const embedded = await startEmbeddedBroker({
      db,
      log,
      onUp: ingestor.submit,
      onRefused: options.onRefused,
      port: options.mqttPort,
      host: options.host,
      connectTimeoutMs: limits.connectTimeoutMs,
      maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
      tls,
    });
    link = embedded;
    embeddedPort = embedded.port;
    embeddedTlsPort = embedded.tlsPort;
    const shownHost = options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host;
    // with TLS, devices are sent where they can verify the broker: the certificate's own name
    brokerUrl =
      options.publicUrl ??
      (tls && embedded.tlsPort !== undefined
        ? `mqtts://${certificateHostName(tls.cert) ?? shownHost}:${embedded.tlsPort}`
        : `mqtt://${shownHost}:${embedded.port}`);
  }
  registerLinkJobs({
    db,
    log,
    jobs: options.jobs,
    commands,
    alarmSilentMs: options.alarmSilentMs ?? 30 * 60_000,
    // silence is counted from when this process listens, never across the portal's own downtime
    listeningSinceMs: options.clock.now().getTime(),
    onAlarmsOpened: options.onAlarmsOpened,
  });
  const opened: DeviceLink = link;
  return {
    link: opened,
    ingestor,
    /** What devices are told to connect to. */
    brokerUrl,
    /** The embedded broker's port, when it runs. */
    embeddedPort,
    /** The embedded broker's mqtts port, when it runs with a certificate. */
    embeddedTlsPort,
    /** Whether devices' messages reach the portal now (readiness). */
    ready: () => opened.ready(),
    async close(): Promise<void> {
      await opened.close();
      await ingestor.close();
    },
  };
}

/** The first DNS name of a certificate that is not a wildcard, which a device can connect to. */
function certificateHostName(pem: Buffer): string | undefined {
  const names = new X509Certificate(pem).subjectAltName?.split(', ') ?? [];
  return names
    .filter((name) => name.startsWith('DNS:') && !name.includes('*'))
    .map((name) => name.slice('DNS:'.length))[0];
}

export type DeviceLinkHandle = Awaited<ReturnType<typeof startDeviceLink>>;
