import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import {
  commandTopic,
  MAX_MQTT_PACKET_BYTES,
  MAX_UNAUTHENTICATED_PACKET_BYTES,
  mayPublish,
  maySubscribe,
  parseUpTopic,
} from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DiagnosticSink } from '../domains/control/diagnostics.ts';
import { secretMatches } from '../domains/devices/credentials.ts';
import { storedSecretHash } from '../domains/devices/status-store.ts';
import { connectionCounter, guardPacketSize, peerAddress } from './connection-guard.ts';
import type { DeviceLink, UpHandler } from './link.ts';

/**
 * The embedded broker (aedes, MQTT 3.1.1) for the one-command portal. A device signs in with its
 * SN as user name and client id and its own secret, checked against the stored hash. It may
 * publish only on its own up topics, never retained, and subscribe only to its own command topic;
 * every refusal is logged (never with the secret). A publish is handed to ingestion inside
 * `authorizePublish`, which aedes waits for before it sends the PUBACK: a device's message is
 * acknowledged only once its reading is committed.
 *
 * Before a connection reaches aedes it is counted against its address's limit, and every packet's
 * fixed header is checked against MAX_MQTT_PACKET_BYTES, or MAX_UNAUTHENTICATED_PACKET_BYTES before
 * the connection's sign-in succeeded (connection-guard.ts); a connection that
 * has not sent CONNECT within `connectTimeoutMs` is closed by aedes. With a certificate and key it
 * serves mqtts on a second port, under the same rules.
 */

export interface EmbeddedBrokerOptions {
  db: Database;
  log: FastifyBaseLogger;
  onUp: UpHandler;
  /** Told of a device's publish refused by topic or retain (the device's diagnostics). */
  onRefused?: DiagnosticSink | undefined;
  port: number;
  host: string;
  /** Time a new connection has to send CONNECT (on the TLS port: and to finish its handshake), ms. */
  connectTimeoutMs: number;
  /** Open connections one address may hold, both ports together; 0: no limit. */
  maxConnectionsPerAddress: number;
  /** mqtts beside plain MQTT: the PEM certificate (chain) and key, and the port (0: any free one). */
  tls?: { cert: Buffer; key: Buffer; port: number };
}

/** What the embedded broker does unless told otherwise (README, "Configuration"). */
export const embeddedBrokerDefaults = { connectTimeoutMs: 10_000, maxConnectionsPerAddress: 100 };

/** CONNACK return codes of MQTT 3.1.1. */
const BAD_USER_NAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export async function startEmbeddedBroker(
  options: EmbeddedBrokerOptions,
): Promise<DeviceLink & { port: number; tlsPort: number | undefined }> {
  const { db, log, onUp } = options;
  const broker = await Aedes.createBroker({
    // a device that stops reading its socket is dropped rather than stalling every delivery
    drainTimeout: 30_000,
    // commands for a device that is away wait in the database, not in this broker
    queueLimit: 100,
    maxClientsIdLength: 64,
    maxTopicLevels: 8,
    // from the connection's start to a complete CONNECT packet (aedes starts it per connection)
    connectTimeout: options.connectTimeoutMs,
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
    storedSecretHash(db, sn)
      .then((hash) => {
        if (hash !== undefined && secretMatches(password.toString('utf8'), hash)) {
          callback(null, true);
          return;
        }
        log.warn(
          { sn, address, reason: hash === undefined ? 'not_registered' : 'wrong_secret' },
          'device sign-in refused',
        );
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
      options.onRefused?.(sn, {
        kind: 'refused_topic',
        topic: packet.topic.slice(0, 200),
        detail: 'retained',
      });
      callback(new Error('retain refused'));
      return;
    }
    if (!mayPublish(sn, packet.topic)) {
      log.warn({ sn, topic: packet.topic }, 'device publish refused: not one of its topics');
      options.onRefused?.(sn, {
        kind: 'refused_topic',
        topic: packet.topic.slice(0, 200),
        detail: 'not its topic',
      });
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
  // before sign-in: no CONNECT in time ("connect did not arrive in time"), a malformed packet …
  broker.on('connectionError', (client, error) => {
    const conn = client.conn as Socket;
    log.warn({ address: peerAddress(conn), reason: error.message }, 'MQTT connection closed before sign-in');
  });

  const countAddress = connectionCounter(options.maxConnectionsPerAddress, (address, open) => {
    log.warn(
      { address, open, limit: options.maxConnectionsPerAddress },
      'MQTT connection refused: too many connections from this address',
    );
  });
  // every open TCP connection, signed in or not, so that closing the broker ends them all
  const sockets = new Set<Socket>();
  const admit = (socket: Socket) => {
    if (!countAddress(socket)) return false;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return true;
  };
  const serve = (socket: Socket) => {
    const client = broker.handle(socket);
    // after aedes's own listeners (see guardPacketSize)
    // Until its sign-in has succeeded a peer may send no more than a CONNECT needs; then the
    // largest legitimate message.
    const limitBytes = () => (client.connected ? MAX_MQTT_PACKET_BYTES : MAX_UNAUTHENTICATED_PACKET_BYTES);
    guardPacketSize(socket, limitBytes, ({ packet, announcedBytes }) => {
      log.warn(
        {
          address: peerAddress(socket),
          sn: client.id ?? undefined,
          packet,
          announcedBytes,
          limitBytes: limitBytes(),
          receivedBytes: socket.bytesRead,
        },
        'MQTT connection closed: packet over the size limit',
      );
    });
  };

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host, () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });

  const server: Server = createServer((socket) => {
    if (admit(socket)) serve(socket);
  });
  const port = await listen(server, options.port);
  log.info({ port, host: options.host }, 'embedded MQTT broker listening');

  let tlsServer: Server | undefined;
  let tlsPort: number | undefined;
  if (options.tls) {
    const secure = createTlsServer({
      cert: options.tls.cert,
      key: options.tls.key,
      minVersion: 'TLSv1.2',
      handshakeTimeout: options.connectTimeoutMs,
    });
    // counted on the TCP connection, so handshakes under way count too (and a refused one costs none)
    secure.on('connection', (raw: Socket) => admit(raw));
    secure.on('secureConnection', serve);
    // scanners, wrong CAs, timed-out handshakes: nothing reached the broker
    secure.on('tlsClientError', (error, socket) => {
      log.info({ address: peerAddress(socket), reason: error.message }, 'MQTT TLS handshake failed');
    });
    tlsServer = secure;
    try {
      tlsPort = await listen(secure, options.tls.port);
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      throw error;
    }
    log.info({ port: tlsPort, host: options.host }, 'embedded MQTT broker listening for mqtts');
  }

  // the connected clients by id: kept by aedes, not in its typings
  const clients = (broker as unknown as { clients: Record<string, Client> }).clients;
  const disconnect = (sn: string) => {
    const client = clients[sn];
    if (client) client.close();
  };

  return {
    port,
    tlsPort,
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
    ready: () => server.listening,
    async close() {
      for (const client of Object.values(clients)) client.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (tlsServer) await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
