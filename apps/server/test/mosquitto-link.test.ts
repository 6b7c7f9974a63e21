import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { commandTopic, type UpKind, upTopic } from '@helio/contracts/device-link';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectExternalLink } from '../src/device-link/external-link.ts';
import type { DeviceLink } from '../src/device-link/link.ts';
import { type DeviceLinkLog, mosquittoAccess } from '../src/device-link/mosquitto-access.ts';
import { type StartedMosquitto, startMosquitto } from './support/mosquitto.ts';

/**
 * The production device link against a real Mosquitto with its dynamic-security plugin:
 * per-device credentials and ACLs, commands down, and acknowledgement after the handler settles
 * (seen on the wire between the portal and the broker, through a recording TCP proxy).
 */

let broker: StartedMosquitto;
const issuedSecrets: string[] = [];
const logEntries: { level: string; details: object; message: string }[] = [];

function capturingLog(): DeviceLinkLog {
  const entry = (level: string) => (details: object, message: string) => {
    logEntries.push({ level, details, message });
  };
  return { info: entry('info'), warn: entry('warn'), error: entry('error'), debug: entry('debug') };
}

beforeAll(async () => {
  broker = await startMosquitto();
  const access = mosquittoAccess({ url: broker.url, log: capturingLog() });
  try {
    await access.ensureRoles();
  } finally {
    await access.close();
  }
}, 60_000);

afterAll(async () => {
  // No secret a test issued may appear in the portal's log or in Mosquitto's.
  const portalLog = JSON.stringify(logEntries);
  const brokerLog = broker?.log() ?? '';
  for (const secret of issuedSecrets) {
    expect(portalLog).not.toContain(secret);
    expect(brokerLog).not.toContain(secret);
  }
  await broker?.dispose();
});

// ---------------------------------------------------------------------------------------------
// helpers

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function eventually<T>(
  probe: () => T | undefined | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function newSn(): string {
  return `INV${randomBytes(6).toString('hex').toUpperCase()}`;
}

function newSecret(): string {
  const secret = randomBytes(24).toString('base64url');
  issuedSecrets.push(secret);
  return secret;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** One MQTT packet seen by the proxy. */
interface WirePacket {
  type: 'publish' | 'puback' | 'other';
  messageId?: number;
  topic?: string;
  at: number;
}

/** One portal↔broker connection through the proxy, with the packets seen each way. */
interface ProxiedConnection {
  toBroker: WirePacket[];
  toPortal: WirePacket[];
  sockets: net.Socket[];
}

/** Splits a byte stream into MQTT packets and notes publishes and pubacks with their ids. */
function packetRecorder(into: WirePacket[]) {
  let buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) return;
      let remaining = 0;
      let multiplier = 1;
      let offset = 1;
      let byte: number;
      do {
        if (offset >= buffer.length) return;
        byte = buffer[offset]!;
        remaining += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        offset += 1;
      } while (byte & 0x80);
      if (buffer.length < offset + remaining) return;
      const first = buffer[0]!;
      const body = buffer.subarray(offset, offset + remaining);
      const kind = first >> 4;
      const at = performance.now();
      if (kind === 3) {
        const topicLength = body.readUInt16BE(0);
        const topic = body.subarray(2, 2 + topicLength).toString('utf8');
        const qos = (first >> 1) & 3;
        const messageId = qos > 0 ? body.readUInt16BE(2 + topicLength) : undefined;
        into.push({ type: 'publish', topic, messageId, at });
      } else if (kind === 4) {
        into.push({ type: 'puback', messageId: body.readUInt16BE(0), at });
      } else {
        into.push({ type: 'other', at });
      }
      buffer = buffer.subarray(offset + remaining);
    }
  };
}

/** A TCP proxy to the broker that records the MQTT packets and can cut every connection. */
async function startProxy() {
  const connections: ProxiedConnection[] = [];
  const server = net.createServer((portalSide) => {
    const brokerSide = net.connect({ host: broker.host, port: broker.port });
    const connection: ProxiedConnection = { toBroker: [], toPortal: [], sockets: [portalSide, brokerSide] };
    connections.push(connection);
    const recordToBroker = packetRecorder(connection.toBroker);
    const recordToPortal = packetRecorder(connection.toPortal);
    portalSide.on('data', (chunk: Buffer) => {
      recordToBroker(chunk);
      brokerSide.write(chunk);
    });
    brokerSide.on('data', (chunk: Buffer) => {
      recordToPortal(chunk);
      portalSide.write(chunk);
    });
    const closeBoth = () => {
      portalSide.destroy();
      brokerSide.destroy();
    };
    portalSide.on('close', closeBoth).on('error', closeBoth);
    brokerSide.on('close', closeBoth).on('error', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(broker.url);
  url.port = String(address.port);
  return {
    url: url.toString(),
    connections,
    /** The connection the portal uses now. */
    current: () => connections.at(-1)!,
    /** Drops every connection at once, as a crash or a network failure would. */
    cut() {
      for (const connection of connections) for (const socket of connection.sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) for (const socket of connection.sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Received {
  sn: string;
  kind: UpKind;
  payload: string;
}

/**
 * A link through a proxy with its own client id and share group, so no other test's (closed,
 * still persistent) session takes a share of its messages. `handle` defaults to "settled at once".
 */
async function startLink(
  options: {
    handle?: (message: Received) => Promise<void>;
    maxInFlight?: number;
    clientId?: string;
    shareGroup?: string;
    closeTimeoutMs?: number;
  } = {},
) {
  const proxy = await startProxy();
  const received: Received[] = [];
  const clientId = options.clientId ?? `portal-${randomBytes(4).toString('hex')}`;
  const log = capturingLog();
  const link: DeviceLink = await connectExternalLink({
    url: proxy.url,
    clientId,
    shareGroup: options.shareGroup ?? clientId,
    log,
    access: mosquittoAccess({ url: broker.url, log }),
    maxInFlight: options.maxInFlight,
    closeTimeoutMs: options.closeTimeoutMs,
    onUp: async (sn, kind, payload) => {
      const message = { sn, kind, payload: payload.toString('utf8') };
      received.push(message);
      await options.handle?.(message);
    },
  });
  return {
    link,
    proxy,
    received,
    clientId,
    async close() {
      await link.close();
      await proxy.close();
    },
  };
}

function deviceOptions(sn: string, secret: string, clientId = sn): mqtt.IClientOptions {
  return {
    host: broker.host,
    port: broker.port,
    protocolVersion: 4,
    clientId,
    username: sn,
    password: secret,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  };
}

const devices: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(devices.map((device) => device.endAsync(true)));
});

async function connectDevice(sn: string, secret: string): Promise<MqttClient> {
  const device = await mqtt.connectAsync(deviceOptions(sn, secret));
  devices.push(device);
  return device;
}

/** The CONNACK return code a connect gets (0 when accepted). */
async function connectReturnCode(sn: string, secret: string, clientId = sn): Promise<number | undefined> {
  try {
    const device = await mqtt.connectAsync(deviceOptions(sn, secret, clientId));
    await device.endAsync(true);
    return 0;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

/** The QoS the broker granted for `filter` (0x80: refused). */
async function grantedQos(device: MqttClient, filter: string): Promise<number | undefined> {
  try {
    const granted = await device.subscribeAsync(filter, { qos: 1 });
    return granted[0]?.qos;
  } catch (error) {
    return (error as { packet?: { granted?: number[] } }).packet?.granted?.[0];
  }
}

function closed(device: MqttClient): Promise<void> {
  return new Promise((resolve) => {
    if (!device.connected) resolve();
    device.once('close', () => resolve());
  });
}

/**
 * A barrier on the portal's current connection to the broker: a command published through the
 * link, resolved once the broker has acknowledged it. The proxy records what the portal writes
 * before forwarding it, and TCP keeps one stream in order, so once this resolves every packet the
 * portal wrote on that connection before the command (a PUBACK, say) has been recorded.
 */
async function barrier(link: DeviceLink, sn: string): Promise<void> {
  await link.sendCommand(sn, '{"barrier":true}');
}

/** Pubacks the portal sent the broker on one connection, in order. */
const pubacks = (connection: ProxiedConnection) =>
  connection.toBroker.filter((packet) => packet.type === 'puback');

/** Up publishes the broker sent the portal on one connection, in order. */
const upPublishes = (connection: ProxiedConnection) =>
  connection.toPortal.filter((packet) => packet.type === 'publish' && packet.topic?.startsWith('dev/'));

// ---------------------------------------------------------------------------------------------

describe('device credentials on Mosquitto', () => {
  let portal: Awaited<ReturnType<typeof startLink>>;
  beforeAll(async () => {
    portal = await startLink();
  });
  afterAll(() => portal.close());

  it('a provisioned device connects and what it publishes on its own up topic reaches onUp', async () => {
    const sn = newSn();
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    await device.publishAsync(upTopic(sn, 'telemetry'), '{"hello":1}', { qos: 1 });
    const message = await eventually(() => portal.received.find((m) => m.sn === sn), 'the telemetry');
    expect(message).toEqual({ sn, kind: 'telemetry', payload: '{"hello":1}' });
  });

  it('refuses a wrong secret, an unknown SN and a foreign client id at CONNECT', async () => {
    const sn = newSn();
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    expect(await connectReturnCode(sn, `${secret}x`)).toBeOneOf([4, 5]);
    expect(await connectReturnCode(newSn(), secret)).toBeOneOf([4, 5]);
    expect(await connectReturnCode(sn, secret, `${sn}-other`)).toBeOneOf([4, 5]);
    expect(await connectReturnCode(sn, secret)).toBe(0);
  });

  it("a publish on another device's topic never reaches onUp, and Mosquitto logs the refusal", async () => {
    const [sn, other] = [newSn(), newSn()];
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    await device.publishAsync(upTopic(other, 'telemetry'), 'forged', { qos: 1 });
    await device.publishAsync(upTopic(sn, 'status'), 'marker', { qos: 1 });
    await eventually(() => portal.received.find((m) => m.sn === sn && m.payload === 'marker'), 'the marker');
    expect(portal.received.filter((m) => m.payload === 'forged')).toEqual([]);
    const denial = `Denied PUBLISH from ${sn} (d0, q1, r0, m`;
    await eventually(
      () =>
        broker
          .log()
          .split('\n')
          .find((line) => line.includes(denial) && line.includes(`'${upTopic(other, 'telemetry')}'`)),
      'the denial in the log',
    );
  });

  it('refuses every subscription but its own command topic (SUBACK 0x80)', async () => {
    const [sn, other] = [newSn(), newSn()];
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    for (const filter of [
      '#',
      'dev/+/down/command',
      commandTopic(other),
      `dev/${sn}/down/#`,
      `dev/${sn}/up/+`,
      '$SYS/#',
      '$CONTROL/dynamic-security/v1/response',
    ]) {
      expect(await grantedQos(device, filter), filter).toBe(0x80);
    }
    expect(await grantedQos(device, commandTopic(sn))).toBe(1);
  });

  it('a retained publish gets the device disconnected and is not delivered', async () => {
    const sn = newSn();
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    const gone = closed(device);
    device.publish(upTopic(sn, 'status'), 'planted', { qos: 1, retain: true });
    await gone;
    const again = await connectDevice(sn, secret);
    await again.publishAsync(upTopic(sn, 'status'), 'after', { qos: 1 });
    await eventually(
      () => portal.received.find((m) => m.sn === sn && m.payload === 'after'),
      'the next message',
    );
    expect(portal.received.filter((m) => m.payload === 'planted')).toEqual([]);
  });

  it("sendCommand reaches the device's subscription at QoS 1 and no other device", async () => {
    const [sn, other] = [newSn(), newSn()];
    const [secret, otherSecret] = [newSecret(), newSecret()];
    await portal.link.provision(sn, secret);
    await portal.link.provision(other, otherSecret);
    const device = await connectDevice(sn, secret);
    const bystander = await connectDevice(other, otherSecret);
    const got: IPublishPacket[] = [];
    const bystanderGot: IPublishPacket[] = [];
    device.on('message', (_topic, _payload, packet) => got.push(packet));
    bystander.on('message', (_topic, _payload, packet) => bystanderGot.push(packet));
    expect(await grantedQos(device, commandTopic(sn))).toBe(1);
    expect(await grantedQos(bystander, commandTopic(other))).toBe(1);
    await portal.link.sendCommand(sn, '{"id":"c1"}');
    const packet = await eventually(() => got[0], 'the command');
    expect(packet.topic).toBe(commandTopic(sn));
    expect(packet.qos).toBe(1);
    expect(packet.retain).toBe(false);
    expect(packet.payload.toString()).toBe('{"id":"c1"}');
    // a later command to the bystander is a barrier: the broker handles one publisher's messages
    // and a subscriber's deliveries in order, so a leaked c1 would have reached it first
    await portal.link.sendCommand(other, '{"id":"marker"}');
    await eventually(() => bystanderGot.length > 0, 'the marker command');
    expect(bystanderGot.map((received) => received.payload.toString())).toEqual(['{"id":"marker"}']);
    await expect(portal.link.sendCommand('dev/+', 'x')).rejects.toThrow(/serial number/);
  });

  it('revoke disconnects the device and refuses its next connect', async () => {
    const sn = newSn();
    const secret = newSecret();
    await portal.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    const gone = closed(device);
    await portal.link.revoke(sn);
    await gone;
    expect(await connectReturnCode(sn, secret)).toBeOneOf([4, 5]);
    await portal.link.revoke(sn); // revoking again is harmless
  });

  it('rotation refuses the old secret and ends the old session', async () => {
    const sn = newSn();
    const [first, second] = [newSecret(), newSecret()];
    await portal.link.provision(sn, first);
    const device = await connectDevice(sn, first);
    const gone = closed(device);
    await portal.link.provision(sn, second);
    await gone;
    expect(await connectReturnCode(sn, first)).toBeOneOf([4, 5]);
    expect(await connectReturnCode(sn, second)).toBe(0);
  });

  it('refuses to provision anything but a serial number', async () => {
    await expect(portal.link.provision('INV+/#', newSecret())).rejects.toThrow(/serial number/);
    await expect(portal.link.revoke('dev/#')).rejects.toThrow(/serial number/);
  });

  it('says clearly when the portal credentials are wrong', async () => {
    const wrong = new URL(broker.url);
    wrong.password = 'not-the-password';
    const access = mosquittoAccess({ url: wrong.toString(), log: capturingLog(), timeoutMs: 1_500 });
    await expect(access.ensureRoles()).rejects.toThrow(/no connection to the broker.*not authori[sz]ed/i);
    await expect(
      connectExternalLink({
        url: wrong.toString(),
        clientId: 'portal-wrong',
        log: capturingLog(),
        access,
        onUp: async () => undefined,
        connectTimeoutMs: 5_000,
      }),
    ).rejects.toThrow(/not authori[sz]ed/i);
  });

  it('ensureRoles can run again', async () => {
    const access = mosquittoAccess({ url: broker.url, log: capturingLog() });
    try {
      await access.ensureRoles();
    } finally {
      await access.close();
    }
  });
});

describe('acknowledgement after the handler settles', () => {
  it('runs on the exact mqtt.js version pinned in package.json, the one these tests prove', () => {
    // external-link.ts wraps a private method of mqtt.js (there is no public way to delay the
    // PUBACK): a range would let an install take a release these tests never saw.
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const pinned = manifest.dependencies.mqtt;
    expect(pinned, 'mqtt in apps/server/package.json').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = createRequire(import.meta.url)('mqtt/package.json') as { version: string };
    expect(installed.version).toBe(pinned);
  });

  it('a slow handler delays the PUBACK the broker sees, with several messages in flight, in arrival order', async () => {
    const holds = new Map<string, Deferred>();
    const settledAt = new Map<string, number>();
    const portal = await startLink({
      handle: async (message) => {
        const hold = deferred();
        holds.set(message.payload, hold);
        await hold.promise;
        settledAt.set(message.payload, performance.now());
      },
    });
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      const payloads = ['m1', 'm2', 'm3', 'm4', 'm5'];
      for (const payload of payloads)
        await device.publishAsync(upTopic(sn, 'telemetry'), payload, { qos: 1 });
      // all five are being handled at once, and none is acknowledged
      await eventually(() => holds.size === payloads.length, 'five handlers running');
      const connection = portal.proxy.current();
      await barrier(portal.link, sn);
      expect(pubacks(connection)).toEqual([]);

      // settling the later ones first acknowledges nothing: m1 still holds the line
      for (const payload of ['m5', 'm4', 'm3', 'm2']) holds.get(payload)!.resolve();
      await eventually(() => settledAt.size >= 4, 'four handlers settled');
      await barrier(portal.link, sn);
      expect(portal.proxy.current()).toBe(connection);
      expect(pubacks(connection)).toEqual([]);

      holds.get('m1')!.resolve();
      await eventually(() => pubacks(connection).length === payloads.length, 'five pubacks');
      const arrivals = upPublishes(connection);
      expect(pubacks(connection).map((packet) => packet.messageId)).toEqual(
        arrivals.map((packet) => packet.messageId),
      );
      for (const [index, payload] of payloads.entries()) {
        expect(pubacks(connection)[index]!.at).toBeGreaterThanOrEqual(settledAt.get(payload)!);
      }
    } finally {
      for (const hold of holds.values()) hold.resolve();
      await portal.close();
    }
  });

  it("after the portal's connection dies mid-handler, the broker sends the message again and the stale PUBACK is never sent", async () => {
    const attempts: Deferred[] = [];
    const portal = await startLink({
      handle: async () => {
        const attempt = deferred();
        attempts.push(attempt);
        await attempt.promise;
      },
    });
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      await device.publishAsync(upTopic(sn, 'telemetry'), 'once', { qos: 1 });
      await eventually(() => attempts.length === 1, 'the first attempt');
      const firstConnection = portal.proxy.current();

      portal.proxy.cut();
      // mqtt.js reconnects by itself (through the proxy) and the broker resends the message
      await eventually(() => attempts.length === 2, 'the message sent again', 15_000);
      const secondConnection = portal.proxy.current();
      expect(secondConnection).not.toBe(firstConnection);
      expect(portal.received.map((m) => m.payload)).toEqual(['once', 'once']);

      // the first attempt settles late: its PUBACK belonged to the dead connection
      attempts[0]!.resolve();
      await barrier(portal.link, sn);
      expect(pubacks(secondConnection)).toEqual([]);

      attempts[1]!.resolve();
      await eventually(() => pubacks(secondConnection).length === 1, 'the PUBACK on the new connection');
      expect(pubacks(secondConnection)[0]!.messageId).toBe(upPublishes(secondConnection)[0]!.messageId);

      // acknowledged for good: another reconnect brings nothing back
      portal.proxy.cut();
      await eventually(
        () => portal.proxy.connections.length === 3 && portal.proxy.current().toPortal.length > 0,
        'the next connection',
        15_000,
      );
      // the broker sends what a session holds unacknowledged right after CONNACK, before anything
      // published later: once a later message has arrived, a resend would already have come
      await device.publishAsync(upTopic(sn, 'telemetry'), 'later', { qos: 1 });
      await eventually(() => portal.received.some((m) => m.payload === 'later'), 'the later message', 15_000);
      expect(portal.received.map((m) => m.payload)).toEqual(['once', 'once', 'later']);
      expect(attempts.length).toBe(3);
    } finally {
      for (const attempt of attempts) attempt.resolve();
      await portal.close();
    }
  });

  it('a handler that fails drops the connection, and the message comes again', async () => {
    let calls = 0;
    const portal = await startLink({
      handle: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable');
      },
    });
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      await device.publishAsync(upTopic(sn, 'alarm'), 'retry me', { qos: 1 });
      await eventually(() => calls === 2, 'the second attempt', 15_000);
      const connection = portal.proxy.current();
      await eventually(() => pubacks(connection).length === 1, 'the PUBACK');
      expect(portal.proxy.connections.length).toBe(2);
      expect(pubacks(portal.proxy.connections[0]!)).toEqual([]);
    } finally {
      await portal.close();
    }
  });

  it('a message on an unknown up topic is logged and acknowledged', async () => {
    const portal = await startLink();
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      await device.publishAsync(`dev/${sn}/up/bogus`, 'what', { qos: 1 });
      const connection = portal.proxy.current();
      await eventually(() => pubacks(connection).length === 1, 'the PUBACK');
      expect(portal.received).toEqual([]);
      expect(
        logEntries.some((entry) => (entry.details as { topic?: string }).topic === `dev/${sn}/up/bogus`),
      ).toBe(true);
    } finally {
      await portal.close();
    }
  });

  it('200 messages in flight, settled in batches of 50, are all acknowledged in arrival order', async () => {
    const waiting: Deferred[] = [];
    let mostAtOnce = 0;
    const portal = await startLink({
      handle: async () => {
        const hold = deferred();
        waiting.push(hold);
        mostAtOnce = Math.max(mostAtOnce, waiting.length);
        if (waiting.length >= 50) for (const batch of waiting.splice(0)) batch.resolve();
        await hold.promise;
      },
    });
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          device.publishAsync(upTopic(sn, 'telemetry'), `n${index}`, { qos: 1 }),
        ),
      );
      const connection = portal.proxy.current();
      await eventually(() => pubacks(connection).length === 200, '200 pubacks', 20_000);
      expect(mostAtOnce).toBe(50);
      expect(new Set(portal.received.map((m) => m.payload)).size).toBe(200);
      expect(pubacks(connection).map((packet) => packet.messageId)).toEqual(
        upPublishes(connection).map((packet) => packet.messageId),
      );
    } finally {
      for (const hold of waiting) hold.resolve();
      await portal.close();
    }
  });

  it('beyond maxInFlight the link stops reading until handlers settle', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const portal = await startLink({
      maxInFlight: 10,
      handle: async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(5);
        running -= 1;
      },
    });
    try {
      const sn = newSn();
      const secret = newSecret();
      await portal.link.provision(sn, secret);
      const device = await connectDevice(sn, secret);
      await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          device.publishAsync(upTopic(sn, 'telemetry'), `b${index}`, { qos: 1 }),
        ),
      );
      const connection = portal.proxy.current();
      await eventually(() => pubacks(connection).length === 200, '200 pubacks', 20_000);
      expect(mostAtOnce).toBe(10);
      expect(portal.received.length).toBe(200);
    } finally {
      await portal.close();
    }
  });

  it('what arrives while the portal is away (even across a broker restart) is delivered when it comes back', async () => {
    const clientId = `portal-${randomBytes(4).toString('hex')}`;
    const stuck = deferred();
    const first = await startLink({
      clientId,
      closeTimeoutMs: 200,
      handle: async (message) => {
        if (message.payload === 'in flight') await stuck.promise;
      },
    });
    const sn = newSn();
    const secret = newSecret();
    await first.link.provision(sn, secret);
    const device = await connectDevice(sn, secret);
    await device.publishAsync(upTopic(sn, 'telemetry'), 'in flight', { qos: 1 });
    await eventually(() => first.received.length === 1, 'the first message');
    // closed while its handler still runs: that message stays unacknowledged, and so does one
    // that arrives while the link is closing
    const closing = first.close();
    await device.publishAsync(upTopic(sn, 'telemetry'), 'during close', { qos: 1 });
    await closing;
    // a load balancer's readiness follows the link: closed, it is not ready
    expect(first.link.ready()).toBe(false);
    stuck.resolve();

    await device.publishAsync(upTopic(sn, 'telemetry'), 'while away 1', { qos: 1 });
    await device.publishAsync(upTopic(sn, 'telemetry'), 'while away 2', { qos: 1 });
    await device.endAsync();
    await broker.restart();

    const second = await startLink({ clientId });
    try {
      expect(second.link.ready()).toBe(true);
      await eventually(() => second.received.length === 4, 'four messages', 15_000);
      expect(second.received.map((m) => m.payload)).toEqual([
        'in flight',
        'during close',
        'while away 1',
        'while away 2',
      ]);
    } finally {
      await second.close();
    }
  });
});
