import { createServer, type Server } from 'node:net';
import { commandTopic, mayPublish, maySubscribe, parseUpTopic } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { secretMatches } from './credentials.ts';
import type { DeviceLink, UpHandler } from './link.ts';

/**
 * The embedded broker (aedes, MQTT 3.1.1) for the one-command portal. A device signs in with its
 * SN as user name and client id and its own secret, checked against the stored hash. It may
 * publish only on its own up topics, never retained, and subscribe only to its own command topic;
 * every refusal is logged (never with the secret). A publish is handed to ingestion inside
 * `authorizePublish`, which aedes waits for before it sends the PUBACK: a device's message is
 * acknowledged only once its reading is committed.
 */

export interface EmbeddedBrokerOptions {
  db: Database;
  log: FastifyBaseLogger;
  onUp: UpHandler;
  port: number;
  host: string;
}

/** CONNACK return codes of MQTT 3.1.1. */
const BAD_USER_NAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export async function startEmbeddedBroker(
  options: EmbeddedBrokerOptions,
): Promise<DeviceLink & { port: number }> {
  const { db, log, onUp } = options;
  const broker = await Aedes.createBroker({
    // a device that stops reading its socket is dropped rather than stalling every delivery
    drainTimeout: 30_000,
    // commands for a device that is away wait in the database, not in this broker
    queueLimit: 100,
    maxClientsIdLength: 64,
    maxTopicLevels: 8,
  });

  broker.authenticate = (client, username, password, callback) => {
    const sn = username ?? '';
    const address =
      client.conn && 'remoteAddress' in client.conn ? (client.conn.remoteAddress as string) : undefined;
    if (!sn || !password || client.id !== sn) {
      log.warn(
        { clientId: client.id, username: sn, address },
        'device sign-in refused: client id must equal the SN',
      );
      callback(refusal('client id must be the SN', NOT_AUTHORIZED), false);
      return;
    }
    queryRows<{ secret_hash: string | null }>(db, sql`select secret_hash from devices where sn = ${sn}`)
      .then(([row]) => {
        if (row && secretMatches(password.toString('utf8'), row.secret_hash)) {
          callback(null, true);
          return;
        }
        log.warn({ sn, address, reason: row ? 'wrong_secret' : 'not_registered' }, 'device sign-in refused');
        callback(refusal('bad user name or password', BAD_USER_NAME_OR_PASSWORD), false);
      })
      .catch((error: unknown) => {
        log.error({ err: error, sn }, 'device sign-in could not be checked');
        callback(refusal('server unavailable', 3), false);
      });
  };

  broker.authorizePublish = (client: Client | null, packet, callback) => {
    if (!client) {
      // a will left over from a connection this process no longer knows: nobody to vouch for it
      callback(new Error('no client'));
      return;
    }
    const sn = client.id;
    if (packet.retain) {
      log.warn({ sn, topic: packet.topic }, 'device publish refused: retained messages are not allowed');
      callback(new Error('retain refused'));
      return;
    }
    if (!mayPublish(sn, packet.topic)) {
      log.warn({ sn, topic: packet.topic }, 'device publish refused: not one of its topics');
      callback(new Error('topic refused'));
      return;
    }
    const { kind } = parseUpTopic(packet.topic)!;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    onUp(sn, kind, payload).then(
      () => callback(null),
      // not stored: no PUBACK, and the device sends it again after reconnecting
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  broker.authorizeSubscribe = (client, subscription, callback) => {
    if (client && maySubscribe(client.id, subscription.topic)) {
      callback(null, subscription);
      return;
    }
    log.warn(
      { sn: client?.id, topic: subscription.topic },
      'device subscribe refused: not its command topic',
    );
    callback(null, null);
  };

  // devices receive only what the portal addresses to them
  broker.authorizeForward = (client, packet) =>
    client && packet.topic === commandTopic(client.id) ? packet : null;

  broker.on('clientError', (client, error) => {
    log.debug({ sn: client?.id, err: error }, 'device connection error');
  });

  const server: Server = createServer(broker.handle as (socket: import('node:net').Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port, host: options.host }, 'embedded MQTT broker listening');

  // the connected clients by id: kept by aedes, not in its typings
  const clients = (broker as unknown as { clients: Record<string, Client> }).clients;
  const disconnect = (sn: string) => {
    const client = clients[sn];
    if (client) client.close();
  };

  return {
    port,
    // the broker reads the stored hash at each sign-in: it learns a new secret at once
    async provision(sn) {
      disconnect(sn);
    },
    async revoke(sn) {
      disconnect(sn);
    },
    sendCommand(sn, payload) {
      return new Promise<void>((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic: commandTopic(sn),
            payload: Buffer.from(payload),
            qos: 1,
            retain: false,
            dup: false,
          },
          (error?: Error) => (error ? reject(error) : resolve()),
        );
      });
    },
    isConnected(sn) {
      return clients[sn] !== undefined;
    },
    async close() {
      for (const client of Object.values(clients)) client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
