/** The MQTT session, kept up with backoff, and a last will so the portal learns of a device that vanished. */
import { commandTopic, PROTOCOL_VERSION, type UpKind, upTopic } from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import type { ScheduledTask } from '../runtime/wheel.ts';
import type { Uplink } from './buffer.ts';
import type { DeviceLink } from './link.ts';

/** The last will: the broker publishes it when the device vanishes without a DISCONNECT. */
const OFFLINE_PAYLOAD = JSON.stringify({ v: PROTOCOL_VERSION, state: 'offline' });

/** The `online` status a device queues first after every CONNACK (protocol section 6). */
export function onlineStatusPayload(status: {
  nowMs: number;
  firmwareVersion: string;
  /** The version each part runs (`firmware_parts`). */
  firmwareParts: Readonly<Record<string, string>>;
  intervalS: number;
  activeAlarms: readonly unknown[];
}): string {
  return JSON.stringify({
    v: PROTOCOL_VERSION,
    state: 'online',
    ts: status.nowMs,
    firmware_version: status.firmwareVersion,
    firmware_parts: status.firmwareParts,
    interval_s: status.intervalS,
    active_alarms: status.activeAlarms,
  });
}

/** What the device does when its connection changes or a command arrives. */
export interface ConnectionEvents {
  /** A CONNACK: the device queues its `online` status and sends what waits. */
  connected(): void;
  /** A message on the device's command topic. */
  command(payload: Buffer): void;
  /** The connection went (lost, dropped or closed): nothing is in flight any more. */
  down(): void;
}

/**
 * One device's connection with the broker, kept up while it is wanted: a connection lost goes
 * again after a backoff (1 s doubling to a minute, or 10 s to ten minutes when the secret was
 * refused), and one dropped on purpose comes back when told. Events of a connection given up
 * are ignored, so a late PUBACK or close never touches the next one.
 */
export class DeviceConnection implements Uplink {
  private client: MqttClient | undefined;
  /** Bumped whenever a connection is given up, so late events of the old one are ignored. */
  private generation = 0;
  private connectedNow = false;
  /** Whether the device should be connected (false after `disconnect`). */
  private wanted = false;
  private reconnectTask: ScheduledTask | undefined;
  private failures = 0;
  private refusedCredentials = false;
  private connectWaiters: (() => void)[] = [];

  constructor(
    private readonly identity: { sn: string; password: string },
    private readonly link: () => DeviceLink,
    private readonly events: ConnectionEvents,
  ) {}

  /** True while the device has a connection with the broker. */
  get connected(): boolean {
    return this.connectedNow;
  }

  /** Connects, and keeps reconnecting when the connection drops; resolves once connected. */
  connect(): Promise<void> {
    this.wanted = true;
    if (this.connectedNow) return Promise.resolve();
    const connected = new Promise<void>((resolve) => this.connectWaiters.push(resolve));
    if (!this.client && !this.reconnectTask) this.open();
    return connected;
  }

  /** Publishes at QoS 1 on the current connection; `settled` only if that connection is still current. */
  publish(kind: UpKind, payload: string, settled: (error: Error | undefined) => void): void {
    const generation = this.generation;
    this.client?.publish(upTopic(this.identity.sn, kind), payload, { qos: 1, retain: false }, (error) => {
      // a connection given up since: the message is still queued and goes again on the next one
      if (generation !== this.generation) return;
      settled(error);
    });
  }

  /**
   * Loses the connection the way a network does (no DISCONNECT, so the broker publishes the
   * will) and comes back after `awayMs` real milliseconds.
   */
  dropConnection(awayMs: number): void {
    this.link().counters.drops += 1;
    this.abandonConnection();
    this.scheduleReturn(awayMs);
  }

  /** Goes off the air for good (until `connect` again): `offline`, then DISCONNECT. */
  async disconnect(): Promise<void> {
    this.wanted = false;
    await this.closeCleanly();
  }

  /** Connects again after `awayMs` real milliseconds, if the device is still wanted on the air. */
  scheduleReturn(awayMs: number): void {
    const link = this.link();
    if (!this.wanted) return;
    this.reconnectTask = link.wheel.after(awayMs, () => this.open());
  }

  /**
   * A deliberate disconnect (shutdown, restart, reboot into new firmware): publishes `offline`,
   * then DISCONNECT, which discards the will.
   */
  async closeCleanly(): Promise<void> {
    const client = this.client;
    const link = this.link();
    this.reconnectTask?.cancel();
    this.reconnectTask = undefined;
    if (!client) return;
    this.generation += 1;
    this.client = undefined;
    const wasConnected = this.connectedNow;
    this.connectedNow = false;
    this.events.down();
    if (!wasConnected) {
      // still connecting: there is nobody to say goodbye to
      client.end(true);
      return;
    }
    const sn = this.identity.sn;
    const offline = JSON.stringify({ v: PROTOCOL_VERSION, state: 'offline', ts: link.now() });
    await Promise.race([
      client
        .publishAsync(upTopic(sn, 'status'), offline, { qos: 1, retain: false })
        .then(() => link.trace?.(sn, 'status', offline))
        .catch(() => {}),
      link.wheel.sleep(3000),
    ]);
    await Promise.race([client.endAsync(false).catch(() => {}), link.wheel.sleep(3000)]);
    client.end(true);
  }

  private open(): void {
    const link = this.link();
    const { sn, password } = this.identity;
    this.reconnectTask = undefined;
    const generation = ++this.generation;
    const client = mqtt.connect(link.brokerUrl, {
      protocolVersion: 4,
      clientId: sn,
      username: sn,
      password,
      clean: false,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      resubscribe: false,
      will: {
        topic: upTopic(sn, 'status'),
        payload: Buffer.from(OFFLINE_PAYLOAD),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    client.on('connect', (connack) => {
      if (generation !== this.generation) return;
      this.onConnected(client, connack.sessionPresent);
    });
    client.on('message', (_topic, payload) => {
      if (generation !== this.generation) return;
      this.events.command(payload);
    });
    client.on('error', (error: Error & { code?: number }) => {
      if (generation !== this.generation) return;
      // 4 bad user name or password, 5 not authorised: retrying soon will not help
      if (error.code === 4 || error.code === 5) this.refusedCredentials = true;
      link.log?.('device connection error', { sn, error: error.message });
    });
    client.on('close', () => {
      if (generation !== this.generation) return;
      this.onLost();
    });
  }

  private onConnected(client: MqttClient, sessionPresent: boolean): void {
    this.connectedNow = true;
    this.failures = 0;
    this.refusedCredentials = false;
    this.link().counters.connects += 1;
    if (!sessionPresent) client.subscribe(commandTopic(this.identity.sn), { qos: 1 });
    this.events.connected();
    const waiters = this.connectWaiters;
    this.connectWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private onLost(): void {
    const link = this.link();
    const wasConnected = this.connectedNow;
    this.connectedNow = false;
    this.events.down();
    this.client = undefined;
    if (!wasConnected) link.counters.connectFailures += 1;
    if (!this.wanted || this.reconnectTask) return;
    // a refused secret will not become right by retrying: wait long (protocol section 2.2)
    this.failures += 1;
    const base = this.refusedCredentials ? 10_000 : 1000;
    const delay = Math.min(
      base * 2 ** Math.min(this.failures - 1, 10),
      this.refusedCredentials ? 600_000 : 60_000,
    );
    this.reconnectTask = link.wheel.after(delay * (0.75 + 0.5 * Math.random()), () => this.open());
  }

  /** Ends the connection at once without a word: the broker publishes the will. */
  private abandonConnection(): void {
    const client = this.client;
    this.generation += 1;
    this.client = undefined;
    this.connectedNow = false;
    this.events.down();
    this.reconnectTask?.cancel();
    this.reconnectTask = undefined;
    client?.end(true);
  }
}
