import { snPattern } from '@helio/contracts';
import { ALL_UP_TOPICS, commandTopic, parseUpTopic } from '@helio/contracts/device-link';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import type { DeviceLink, UpHandler } from './link.ts';
import type { DeviceLinkLog, MosquittoAccess } from './mosquitto-access.ts';

/**
 * The production device link: one MQTT 3.1.1 connection from this portal replica to a real
 * broker (Mosquitto, given by MQTT_URL). It takes every device's up messages through a shared
 * subscription, so replicas split the load, and acknowledges each message only after the
 * ingestion has settled it (see `acknowledgeAfterSettle`).
 *
 * The session is persistent (fixed client id per replica, clean session off, QoS 1): while this
 * replica is away the broker queues its share of messages, and whatever it received but had not
 * acknowledged is sent again when it reconnects. The client id must therefore stay the same
 * across restarts of one replica and differ between replicas.
 */

export interface ExternalLinkOptions {
  /** MQTT_URL, with the portal user's credentials. */
  url: string;
  /**
   * Fixed per replica: the same after every restart (its session, with what was queued for it,
   * is found by this id) and different between replicas.
   */
  clientId: string;
  onUp: UpHandler;
  log: DeviceLinkLog;
  /** Device credentials on the broker. The link owns it from now on and closes it in `close()`. */
  access: MosquittoAccess;
  /** Most up messages being handled at once; beyond it the link stops reading (default 2000). */
  maxInFlight?: number;
  /** How long `close()` waits for messages being handled (default 10 s). */
  closeTimeoutMs?: number;
  /** Shared-subscription group: replicas in one group split the messages (default `helio`). */
  shareGroup?: string;
  /** How long to wait for the first connection (default 30 s). */
  connectTimeoutMs?: number;
}

export async function connectExternalLink(options: ExternalLinkOptions): Promise<DeviceLink> {
  const { log, onUp, access } = options;
  const closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
  const subscription = `$share/${options.shareGroup ?? 'helio'}/${ALL_UP_TOPICS}`;

  const client = mqtt.connect(options.url, {
    protocolVersion: 4,
    clientId: options.clientId,
    clean: false,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // mqtt.js subscribes again by itself when the broker has lost the session
    resubscribe: true,
  });

  // Installed before any packet can arrive (connecting is asynchronous): with a persistent
  // session the broker starts sending queued messages right after CONNACK.
  const acknowledgements = acknowledgeAfterSettle(client, {
    maxInFlight: options.maxInFlight ?? 2_000,
    log,
    handle: async (packet) => {
      const up = parseUpTopic(packet.topic);
      if (!up) {
        log.warn({ topic: packet.topic }, 'message on a topic that is not a device up topic: dropped');
        return;
      }
      if (packet.retain) {
        // Live messages reach a subscriber with the retain flag off; one with it on was stored
        // by the broker, and a device must never be able to plant data that way.
        log.warn({ sn: up.sn, kind: up.kind }, 'retained device message ignored');
        return;
      }
      await onUp(up.sn, up.kind, packet.payload as Buffer);
    },
  });

  client.on('connect', (connack) =>
    log.info({ sessionPresent: connack.sessionPresent }, 'device link connected'),
  );
  client.on('close', () => log.debug({}, 'device link connection closed'));
  client.on('error', (error) => log.warn({ err: error.message }, 'device link connection error'));

  try {
    await firstConnection(client, options.connectTimeoutMs ?? 30_000);
    const granted = await client.subscribeAsync(subscription, { qos: 1 });
    if (granted.some((grant) => grant.qos !== 1)) {
      throw new Error(
        `the broker refused the subscription ${subscription} at QoS 1: does the portal user have the helio-portal role?`,
      );
    }
  } catch (error) {
    await client.endAsync(true);
    await access.close();
    throw error;
  }
  log.info({ subscription }, 'device link subscribed');

  let closed = false;
  return {
    provision: (sn, secret) => access.provision(sn, secret),
    revoke: (sn) => access.revoke(sn),

    async sendCommand(sn, payload) {
      if (!snPattern.test(sn)) throw new Error(`not a device serial number: ${JSON.stringify(sn)}`);
      await client.publishAsync(commandTopic(sn), payload, { qos: 1, retain: false });
    },

    ready: () => !closed && client.connected,

    async close() {
      if (closed) return;
      closed = true;
      const everyoneSettled = await acknowledgements.stop(closeTimeoutMs);
      if (!everyoneSettled) {
        log.warn(
          { inFlight: acknowledgements.inFlight() },
          'device link closed with messages still being handled: the broker sends them again',
        );
      }
      // A graceful end waits for our own unacknowledged publishes (commands): bounded, then forced.
      await withTimeout(client.endAsync(false), closeTimeoutMs).catch(() => client.endAsync(true));
      await access.close();
    },
  };
}

function firstConnection(client: MqttClient, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let lastError: Error | undefined;
    const onError = (error: Error) => {
      lastError = error;
      // A refused CONNECT (bad credentials) will not get better by retrying.
      if ('code' in error && (error.code === 4 || error.code === 5)) finish(error);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(`no connection to the MQTT broker within ${timeoutMs} ms: ${lastError?.message ?? ''}`),
        ),
      timeoutMs,
    );
    const finish = (error?: Error) => {
      clearTimeout(timer);
      client.off('connect', onConnect);
      client.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onConnect = () => finish();
    client.on('connect', onConnect);
    client.on('error', onError);
  });
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * mqtt.js internals this module relies on. mqtt.js 5 has no public way to send a QoS 1 PUBACK later
 * than the `handleMessage` callback that lets it read the next packet (`customHandleAcks` is MQTT 5
 * only and has the same coupling; there are no manual acks), so `mqtt` is pinned to an exact
 * version in apps/server/package.json, and mosquitto-link.test.ts proves on the wire that the
 * PUBACK comes only after the handler settled. Bump the pin only with those tests green.
 */
interface MqttClientInternals {
  _sendPacket(packet: Packet, callback?: (error?: Error) => void, ...rest: unknown[]): void;
}

interface AcknowledgeOptions {
  /** Handles one message; resolving means "handled for good", rejecting means "try again later". */
  handle(packet: IPublishPacket): Promise<void>;
  maxInFlight: number;
  log: DeviceLinkLog;
}

/**
 * Acknowledge after commit, with many messages in flight.
 *
 * Why this exists: mqtt.js reads incoming packets strictly one at a time. For a QoS 1 PUBLISH it
 * calls `client.handleMessage(packet, callback)`, sends the PUBACK in that callback, and reads
 * the next packet only after the PUBACK is written. Calling back only after the database commit
 * would give at most one message in flight: one commit per message, a fraction of the ingestion
 * rate. Calling back at once would acknowledge messages that are not stored yet, and a crash
 * would lose them although the device was told they had arrived.
 *
 * So the two are split:
 * - `handleMessage` starts the handler and calls back at once, so mqtt.js reads on;
 * - `_sendPacket` is wrapped: the PUBACK mqtt.js sends from that callback is swallowed (its
 *   write callback released at once, so the stream keeps flowing), and this module sends its own
 *   PUBACK once the handler has settled, and only after the PUBACKs of every message that arrived
 *   before it on the same connection (MQTT 3.1.1, 4.6.0-2: acknowledgements in arrival order).
 *
 * A PUBACK belongs to the connection that received the PUBLISH. When that connection is gone the
 * PUBACK is never sent: the broker resends the message (same session, DUP set) on the next
 * connection and the handler runs again (ingestion stores a repeated message once). Sending the
 * old PUBACK on the new connection could acknowledge another message that reuses the id.
 *
 * A handler that rejects (the database is down) drops the connection: the broker then resends it
 * and every later unacknowledged message after mqtt.js reconnects, and the order stays intact.
 *
 * Memory stays bounded: with `maxInFlight` handlers running, the callback is held back, so
 * mqtt.js stops reading the socket and TCP pushes back on the broker, until one settles.
 */
function acknowledgeAfterSettle(client: MqttClient, options: AcknowledgeOptions) {
  const { log, maxInFlight } = options;
  const internals = client as unknown as MqttClientInternals;
  if (typeof internals._sendPacket !== 'function') {
    // Refuse to run rather than acknowledge messages before they are stored.
    client.end(true);
    throw new Error(
      'this mqtt.js has no _sendPacket: the device link cannot acknowledge after commit with it; ' +
        'keep mqtt at the version pinned in apps/server/package.json',
    );
  }
  const sendPacket = internals._sendPacket.bind(client);

  let inFlight = 0;
  const running = new Set<Promise<unknown>>();
  let waitingForRoom: (() => void) | undefined;
  let stopping = false;
  /** True only while mqtt.js runs the callback this module gave it for a QoS 1 message. */
  let insideOurCallback = false;
  /** The acknowledgements of the current connection, chained in arrival order. */
  let chain: { connection: unknown; tail: Promise<void> } = {
    connection: undefined,
    tail: Promise.resolve(),
  };
  /** Connections already dropped after a failed handler, so they are dropped once. */
  const dropped = new WeakSet<object>();

  internals._sendPacket = (packet, callback, ...rest) => {
    if (packet.cmd === 'puback' && insideOurCallback) {
      // Released now so that mqtt.js reads the next packet; the real PUBACK comes later.
      callback?.();
      return;
    }
    sendPacket(packet, callback, ...rest);
  };

  const isCurrent = (connection: unknown) => client.connected && client.stream === connection;

  function dropConnection(connection: unknown, error: unknown) {
    if (typeof connection !== 'object' || connection === null || dropped.has(connection)) return;
    dropped.add(connection);
    log.error(
      { err: error instanceof Error ? error.message : String(error) },
      'a device message could not be handled: reconnecting so that the broker sends it again',
    );
    if (isCurrent(connection)) (connection as { destroy(): void }).destroy();
  }

  client.handleMessage = (packet, callback) => {
    const connection = client.stream;
    /** Lets mqtt.js read on; the PUBACK it sends from this callback is swallowed (see above). */
    const release = () => {
      insideOurCallback = true;
      try {
        callback();
      } finally {
        insideOurCallback = false;
      }
    };
    if (stopping) {
      // Closing: leave it unacknowledged; the broker keeps it for this session's next connection.
      release();
      return;
    }
    inFlight += 1;
    const outcome = Promise.resolve()
      .then(() => options.handle(packet))
      .then(
        () => ({ handled: true as const }),
        (error: unknown) => ({ handled: false as const, error }),
      );
    const settled = outcome.finally(() => {
      inFlight -= 1;
      running.delete(settled);
      if (waitingForRoom && inFlight < maxInFlight) {
        const release = waitingForRoom;
        waitingForRoom = undefined;
        release();
      }
    });
    running.add(settled);

    if (packet.qos === 1 && packet.messageId !== undefined) {
      const { messageId } = packet;
      if (chain.connection !== connection) chain = { connection, tail: Promise.resolve() };
      chain.tail = chain.tail
        .then(() => outcome)
        .then((result) => {
          if (!result.handled) {
            dropConnection(connection, result.error);
            return;
          }
          try {
            if (isCurrent(connection)) sendPacket({ cmd: 'puback', messageId });
          } catch (error) {
            // never let one failed write break the chain of the messages behind it
            dropConnection(connection, error);
          }
        });
    } else {
      settled.then((result) => {
        if (!result.handled) log.error({ err: String(result.error) }, 'a QoS 0 device message was lost');
      });
    }

    if (inFlight < maxInFlight) {
      release();
    } else {
      log.debug({ inFlight }, 'device link at its in-flight limit: reading paused');
      waitingForRoom = release;
    }
  };

  return {
    inFlight: () => inFlight,
    /**
     * Takes no new message and waits (at most `timeoutMs`) for those being handled and for their
     * PUBACKs to be written. Resolves false when some were still running at the deadline.
     */
    async stop(timeoutMs: number): Promise<boolean> {
      stopping = true;
      waitingForRoom?.();
      waitingForRoom = undefined;
      const deadline = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
      const drained = (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
        await chain.tail;
        return true as const;
      })();
      return Promise.race([drained, deadline]);
    },
  };
}
