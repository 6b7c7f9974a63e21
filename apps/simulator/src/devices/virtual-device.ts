import { type DeviceType, UpgradeStatus } from '@helio/contracts';
import {
  type CommandMessage,
  commandMessage,
  commandTopic,
  type EmsPart,
  type FaultDefinition,
  faultsOf,
  MAX_BACKFILL_READINGS,
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  type ReplyMessage,
  type UpKind,
  upTopic,
} from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import type { PlantConfig, PlantState } from '../plant/model.ts';
import { deriveSeed, Random } from '../random.ts';
import type { ScheduledTask, TimerWheel } from '../runtime/wheel.ts';
import { type DeviceCondition, type ReportPlan, reportValues } from './telemetry.ts';

/**
 * One simulated device and its MQTT life (docs/device-protocol.md): it signs in with its SN and
 * secret, says `online` with its firmware, interval and alarms, takes a reading whenever its
 * station asks, raises and clears faults from the catalogue, keeps what it could not deliver and
 * sends it back as `backfill`, oldest first, one message in flight at a time, and answers every
 * command like a real device (acknowledged at once, then the outcome; upgrades through the
 * statuses 0–9 of SPEC.md §4).
 *
 * A device has no timer of its own: its station's runner calls `takeReading`, and the few things
 * it does later (command steps, reconnects) go through the run's one `TimerWheel`.
 *
 * What happens is decided by two seeded random streams per device, one for faults (drawn once
 * per reading, so the same readings raise the same faults) and one for command outcomes, so
 * commands never disturb the readings.
 */

/** A number between `low` and `high`, spread evenly on a log scale (durations: minutes to hours). */
function logUniform(random: Random, low: number, high: number): number {
  return Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)));
}

/**
 * Applies settings to the station's plant, all or nothing (protocol section 8.1): answers the
 * names it refused (unknown, out of range, or for equipment the site lacks), and then changes
 * nothing.
 */
export type SettingsTarget = (settings: Record<string, number | string | boolean>) => string[];

export interface DeviceIdentity {
  sn: string;
  deviceType: DeviceType;
  /** The secret the portal issued. */
  password: string;
  firmwareVersion?: string;
  ratedPowerW?: number;
}

/** How long command work takes, in real milliseconds (tests shorten it). */
export interface CommandTiming {
  /** From taking a command to its outcome (settings applied, network reconfigured). */
  workMs: number;
  /** Between two `progress` replies of an upgrade or a self-test; the protocol asks for ≥ 5 s. */
  stepMs: number;
  /** How long a restart, or the reboot into new firmware, keeps the device away. */
  rebootMs: number;
}

export const defaultCommandTiming: CommandTiming = { workMs: 1500, stepMs: 5000, rebootMs: 15_000 };

/** Counters of what a run's devices did, shared by all its devices. */
export interface LinkCounters {
  messages: number;
  readings: number;
  alarms: number;
  replies: number;
  connects: number;
  connectFailures: number;
  drops: number;
  commands: number;
  publishErrors: number;
}

export function emptyCounters(): LinkCounters {
  return {
    messages: 0,
    readings: 0,
    alarms: 0,
    replies: 0,
    connects: 0,
    connectFailures: 0,
    drops: 0,
    commands: 0,
    publishErrors: 0,
  };
}

export type SimulatorLog = (message: string, fields?: Record<string, unknown>) => void;

/** What a device needs to go on the air: its run's broker, clock, wheel and rates. */
export interface DeviceLink {
  brokerUrl: string;
  wheel: TimerWheel;
  /** The device's clock: simulated time, ms. */
  now: () => number;
  /** Seconds between readings, as announced. */
  intervalS: number;
  /** Expected faults per device per simulated day. */
  faultRate: number;
  /** Share of upgrades that fail (0–1). */
  upgradeFailureRate: number;
  /** Share of self-tests that fail (0–1). */
  selfTestFailureRate: number;
  timing: CommandTiming;
  counters: LinkCounters;
  log?: SimulatorLog;
  /** Sees every message once its PUBACK arrived (tests, a verbose CLI). */
  trace?: (sn: string, kind: UpKind, payload: string) => void;
}

/** A reading kept until its PUBACK: already serialised, as it goes on the wire. */
interface HeldReading {
  ts: number;
  seq: number;
  json: string;
  /** Taken live with nothing waiting before it: it goes as `telemetry`, else as `backfill`. */
  fresh: boolean;
}

interface ControlMessage {
  kind: Exclude<UpKind, 'telemetry' | 'backfill'>;
  payload: string;
}

interface ActiveFault {
  fault: FaultDefinition;
  part: EmsPart | undefined;
  raisedMs: number;
  clearAtMs: number;
}

interface CommandRecord {
  expiresAt: number;
  /** The latest reply, sent again when the command is delivered again. */
  latest?: string;
}

const OFFLINE_PAYLOAD = JSON.stringify({ v: PROTOCOL_VERSION, state: 'offline' });
/** Room left in a backfill message for its envelope, bytes. */
const ENVELOPE_BYTES = 128;
const DAY_MS = 86_400_000;
/** Readings a device keeps at most while it cannot deliver them (a week at one a minute). */
const MAX_BUFFERED = 10_080;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Default firmware versions, per SN prefix, for devices registered without one. */
const defaultFirmware: Record<string, string> = {
  INV: 'V2.14.3',
  BAT: 'BMS-1.8.2',
  OFG: 'OG-3.1.0',
  EVC: 'EVC-1.4.7',
  MTR: 'MTR-1.0.9',
  CHY: 'CHY-2.2.1',
  EMS: 'EMS5000-3.2.0',
  DLG: 'DLG-4.0.2',
};

/** Failure statuses of an upgrade (SPEC.md §4) with how often each is the cause. */
const upgradeFailures: { status: UpgradeStatus; weight: number; message: string }[] = [
  {
    status: UpgradeStatus.fileFetchFailed,
    weight: 0.3,
    message: 'file fetch failed: HTTP 503 from the file server',
  },
  { status: UpgradeStatus.fileCheckError, weight: 0.2, message: 'file check error: SHA-256 does not match' },
  {
    status: UpgradeStatus.flashWriteError,
    weight: 0.15,
    message: 'flash write error: verify failed at sector 0x1A',
  },
  { status: UpgradeStatus.failed, weight: 0.15, message: 'upgrade failed: unexpected error' },
  { status: UpgradeStatus.crcError, weight: 0.1, message: 'CRC error: image checksum is wrong' },
  {
    status: UpgradeStatus.fileNameError,
    weight: 0.1,
    message: 'file name error: image is not for this model',
  },
];

/**
 * A strategy in the protocol's words (docs/device-protocol.md 8.1: `mode`, `charge_start`,
 * `charge_end`, `charge_power_w`, …) as the plant's settings: the charging window becomes the
 * cheap hours, the powers become limits. The plant's own names pass as they are. A discharge
 * window needs no setting: outside its cheap hours a time-of-use battery discharges to cover the
 * load anyway.
 */
export function strategySettings(params: Record<string, number | string | boolean>): {
  settings: Record<string, number | string | boolean>;
  /** The strategy's own name of each setting, to name a refused one as the command did. */
  givenNames: Record<string, string>;
} {
  const settings: Record<string, number | string | boolean> = {};
  const givenNames: Record<string, string> = {};
  const set = (name: string, given: string, value: number | string | boolean) => {
    settings[name] = value;
    givenNames[name] = given;
  };
  const hourOf = (value: number | string | boolean) => {
    const match = typeof value === 'string' ? /^(\d{1,2}):(\d{2})$/.exec(value) : null;
    return match ? Number(match[1]) : value;
  };
  for (const [name, value] of Object.entries(params)) {
    switch (name) {
      case 'mode':
        set('battery_mode', name, value);
        break;
      case 'charge_start':
        set('cheap_from_hour', name, hourOf(value));
        break;
      case 'charge_end':
        set('cheap_to_hour', name, hourOf(value));
        break;
      case 'charge_power_w':
        set('max_charge_w', name, value);
        break;
      case 'discharge_power_w':
        set('max_discharge_w', name, value);
        break;
      case 'discharge_start':
      case 'discharge_end':
        break;
      default:
        set(name, name, value);
    }
  }
  return { settings, givenNames };
}

export class VirtualDevice {
  readonly sn: string;
  readonly deviceType: DeviceType;
  firmwareVersion: string;
  private readonly password: string;
  private readonly plan: ReportPlan;
  private readonly config: PlantConfig;
  private readonly settings: SettingsTarget;
  private readonly faultRandom: Random;
  private readonly commandRandom: Random;
  private readonly faultCandidates: { fault: FaultDefinition; part: EmsPart | undefined }[];

  private link: DeviceLink | undefined;
  private seq = 0;
  private lastSampleMs: number | undefined;
  /** Simulated time the device last started (for a logger's uptime). */
  private startedMs: number | undefined;
  private readonly faults = new Map<string, ActiveFault>();

  /** Readings not yet acknowledged, oldest first, from `head` on. */
  private buffer: HeldReading[] = [];
  private head = 0;
  /** Status, alarms and replies not yet acknowledged, in order. */
  private control: ControlMessage[] = [];
  private inFlight = false;

  private client: MqttClient | undefined;
  /** Bumped whenever a connection is given up, so late events of the old one are ignored. */
  private generation = 0;
  private connectedNow = false;
  /** Whether the device should be connected (false after `disconnect`). */
  private wanted = false;
  private reconnectTask: ScheduledTask | undefined;
  private failures = 0;
  private refusedCredentials = false;
  /** Things to do once the next `online` status is queued (replies that follow a reboot). */
  private afterOnline: (() => void)[] = [];
  private connectWaiters: (() => void)[] = [];
  private roomWaiters: { limit: number; resolve: () => void }[] = [];

  private readonly commands = new Map<string, CommandRecord>();
  private upgrading = false;

  constructor(options: {
    identity: DeviceIdentity;
    plan: ReportPlan;
    config: PlantConfig;
    /** Where `settings` and `strategy` commands go: the station's plant, all or nothing. */
    settings: SettingsTarget;
    /** The station's seed: the device's random streams derive from it. */
    seed: number;
    /** The device's place in its station: with the seed, it names the device's random streams. */
    index: number;
  }) {
    const { identity } = options;
    this.sn = identity.sn;
    this.deviceType = identity.deviceType;
    this.password = identity.password;
    this.firmwareVersion = identity.firmwareVersion ?? defaultFirmware[identity.sn.slice(0, 3)] ?? 'V1.0.0';
    this.plan = options.plan;
    this.config = options.config;
    this.settings = options.settings;
    // named by position, not SN: the same station list gives the same data whatever its SNs
    this.faultRandom = new Random(deriveSeed(options.seed, `device:${options.index}:faults`));
    this.commandRandom = new Random(deriveSeed(options.seed, `device:${options.index}:commands`));
    this.faultCandidates =
      this.plan.parts.length > 0
        ? this.plan.parts.flatMap((part) =>
            faultsOf(this.deviceType, part).map((fault) => ({ fault, part: part as EmsPart | undefined })),
          )
        : faultsOf(this.deviceType).map((fault) => ({ fault, part: undefined }));
  }

  // -------------------------------------------------------------------------------------------
  // Readings and faults
  // -------------------------------------------------------------------------------------------

  /** Readings waiting for their PUBACK. */
  get buffered(): number {
    return this.buffer.length - this.head;
  }

  /** True while the device has a connection with the broker. */
  get connected(): boolean {
    return this.connectedNow;
  }

  /** The alarms happening now, as `active_alarms` lists them. */
  activeAlarms(): { code: number; part?: EmsPart }[] {
    return [...this.faults.values()].map(({ fault, part }) =>
      part === undefined ? { code: fault.code } : { code: fault.code, part },
    );
  }

  /**
   * Takes the reading of the station's plant at `state.ms`: faults start or end first (they
   * change the working state reported), then the values are read and numbered. `live` readings
   * with nothing waiting before them go out as `telemetry`; the others as `backfill`.
   */
  takeReading(
    state: PlantState,
    options: { live: boolean; buffered?: number },
  ): { ts: number; seq: number; json: string } {
    this.startedMs ??= state.ms;
    this.clearEnded(state.ms);
    if (this.link && this.link.faultRate > 0) this.faultStep(state.ms, this.link.faultRate);
    this.lastSampleMs = state.ms;
    const condition: DeviceCondition = {
      stopped: this.stoppedWhere(),
      buffered: options.buffered,
      uptimeS: (state.ms - this.startedMs) / 1000,
    };
    const values = reportValues(this.plan, this.config, state, condition);
    const seq = this.nextSeq();
    const reading: HeldReading = {
      ts: state.ms,
      seq,
      json: JSON.stringify({ ts: state.ms, seq, values }),
      fresh: options.live && this.buffered === 0,
    };
    this.buffer.push(reading);
    if (this.buffered > MAX_BUFFERED && !this.inFlight) this.thinOut();
    this.pump();
    return reading;
  }

  /**
   * A full buffer keeps every second one of its older half (protocol section 5.2): the energy of
   * what is dropped is still counted, by the cumulative counters of the next reading kept.
   */
  private thinOut(): void {
    const waiting = this.buffer.slice(this.head);
    const older = Math.floor(waiting.length / 2);
    this.buffer = [...waiting.slice(0, older).filter((_, index) => index % 2 === 1), ...waiting.slice(older)];
    this.head = 0;
  }

  /** Values of a reading without taking it (no sequence number used, no fault step). */
  peekValues(state: PlantState, condition: DeviceCondition = {}): Record<string, unknown> {
    return reportValues(this.plan, this.config, state, { stopped: this.stoppedWhere(), ...condition });
  }

  private nextSeq(): number {
    const seq = this.seq;
    this.seq = (this.seq + 1) % 4_294_967_296;
    return seq;
  }

  private stoppedWhere(): Set<EmsPart | 'device'> {
    const stopped = new Set<EmsPart | 'device'>();
    for (const { fault, part } of this.faults.values()) {
      if (fault.severity !== 'warning') stopped.add(part ?? 'device');
    }
    return stopped;
  }

  /** Faults whose time has come end, each with a `clear`. */
  private clearEnded(ms: number): void {
    for (const [key, active] of this.faults) {
      if (ms >= active.clearAtMs) {
        this.faults.delete(key);
        this.queueAlarm('clear', active, ms);
      }
    }
  }

  /** Maybe starts a fault, at `ratePerDay` faults a day on average. */
  private faultStep(ms: number, ratePerDay: number): void {
    const elapsedMs =
      this.lastSampleMs === undefined
        ? (this.link?.intervalS ?? 60) * 1000
        : Math.min(Math.max(0, ms - this.lastSampleMs), DAY_MS);
    // one draw per reading whatever happens, so the stream stays aligned with the readings
    const draw = this.faultRandom.next();
    if (draw >= 1 - Math.exp((-ratePerDay * elapsedMs) / DAY_MS)) return;
    const candidates = this.faultCandidates.filter(
      ({ fault, part }) => !this.faults.has(`${fault.code}|${part ?? ''}`),
    );
    if (candidates.length === 0) return;
    const pick = candidates[Math.floor(this.faultRandom.next() * candidates.length)]!;
    // a fault that clears itself lasts minutes to hours; a latched one until someone resets it
    const durationMs = pick.fault.clearsItself
      ? logUniform(this.faultRandom, 5 * 60_000, 3 * 3_600_000)
      : logUniform(this.faultRandom, 4 * 3_600_000, 3 * DAY_MS);
    const active: ActiveFault = { ...pick, raisedMs: ms, clearAtMs: ms + Math.round(durationMs) };
    this.faults.set(`${pick.fault.code}|${pick.part ?? ''}`, active);
    this.queueAlarm('raise', active, ms);
  }

  /** Raises a fault now (tests, and a CLI that wants to show one); answers false if it is not this device's. */
  raiseFault(code: number, part?: EmsPart, durationMs = 30 * 60_000): boolean {
    const candidate = this.faultCandidates.find(
      ({ fault, part: where }) => fault.code === code && where === part,
    );
    if (!candidate || this.faults.has(`${code}|${part ?? ''}`)) return false;
    const now = this.link?.now() ?? this.lastSampleMs ?? Date.now();
    const active: ActiveFault = { ...candidate, raisedMs: now, clearAtMs: now + durationMs };
    this.faults.set(`${code}|${part ?? ''}`, active);
    this.queueAlarm('raise', active, now);
    this.pump();
    return true;
  }

  /** Clears the latched faults (a restart or an installer's reset does). */
  private resetLatched(ms: number): void {
    for (const [key, active] of this.faults) {
      if (!active.fault.clearsItself) {
        this.faults.delete(key);
        this.queueAlarm('clear', active, ms);
      }
    }
  }

  private queueAlarm(event: 'raise' | 'clear', active: ActiveFault, ms: number): void {
    const message = {
      v: PROTOCOL_VERSION,
      ts: ms,
      seq: this.nextSeq(),
      event,
      code: active.fault.code,
      ...(active.part === undefined ? {} : { part: active.part }),
    };
    this.control.push({ kind: 'alarm', payload: JSON.stringify(message) });
  }

  // -------------------------------------------------------------------------------------------
  // Connection
  // -------------------------------------------------------------------------------------------

  /** Gives the device its run (broker, clock, wheel, rates); needed before it connects. */
  attach(link: DeviceLink): void {
    this.link = link;
  }

  /** Connects, and keeps reconnecting when the connection drops; resolves once connected. */
  connect(): Promise<void> {
    this.wanted = true;
    if (this.connectedNow) return Promise.resolve();
    const connected = new Promise<void>((resolve) => this.connectWaiters.push(resolve));
    if (!this.client && !this.reconnectTask) this.open();
    return connected;
  }

  private requireLink(): DeviceLink {
    if (!this.link) throw new Error(`device ${this.sn} is not attached to a run`);
    return this.link;
  }

  private open(): void {
    const link = this.requireLink();
    this.reconnectTask = undefined;
    const generation = ++this.generation;
    const client = mqtt.connect(link.brokerUrl, {
      protocolVersion: 4,
      clientId: this.sn,
      username: this.sn,
      password: this.password,
      clean: false,
      keepalive: 60,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      resubscribe: false,
      will: {
        topic: upTopic(this.sn, 'status'),
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
      this.onCommand(payload);
    });
    client.on('error', (error: Error & { code?: number }) => {
      if (generation !== this.generation) return;
      // 4 bad user name or password, 5 not authorised: retrying soon will not help
      if (error.code === 4 || error.code === 5) this.refusedCredentials = true;
      link.log?.('device connection error', { sn: this.sn, error: error.message });
    });
    client.on('close', () => {
      if (generation !== this.generation) return;
      this.onLost();
    });
  }

  private onConnected(client: MqttClient, sessionPresent: boolean): void {
    const link = this.requireLink();
    this.connectedNow = true;
    this.failures = 0;
    this.refusedCredentials = false;
    link.counters.connects += 1;
    if (!sessionPresent) client.subscribe(commandTopic(this.sn), { qos: 1 });
    // the online status goes first; an older one that never got its PUBACK is stale now
    this.control = this.control.filter((message) => message.kind !== 'status');
    this.control.unshift({
      kind: 'status',
      payload: JSON.stringify({
        v: PROTOCOL_VERSION,
        state: 'online',
        ts: link.now(),
        firmware_version: this.firmwareVersion,
        interval_s: link.intervalS,
        active_alarms: this.activeAlarms(),
      }),
    });
    const after = this.afterOnline;
    this.afterOnline = [];
    for (const action of after) action();
    const waiters = this.connectWaiters;
    this.connectWaiters = [];
    for (const resolve of waiters) resolve();
    this.pump();
  }

  private onLost(): void {
    const link = this.requireLink();
    const wasConnected = this.connectedNow;
    this.connectedNow = false;
    this.inFlight = false;
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

  /**
   * Loses the connection the way a network does (no DISCONNECT, so the broker publishes the
   * will) and comes back after `awayMs` real milliseconds, buffering its readings meanwhile.
   */
  dropConnection(awayMs: number): void {
    const link = this.requireLink();
    link.counters.drops += 1;
    this.abandonConnection();
    this.scheduleReturn(awayMs);
  }

  /** Ends the connection at once without a word: the broker publishes the will. */
  private abandonConnection(): void {
    const client = this.client;
    this.generation += 1;
    this.client = undefined;
    this.connectedNow = false;
    this.inFlight = false;
    this.reconnectTask?.cancel();
    this.reconnectTask = undefined;
    client?.end(true);
  }

  private scheduleReturn(awayMs: number): void {
    const link = this.requireLink();
    if (!this.wanted) return;
    this.reconnectTask = link.wheel.after(awayMs, () => this.open());
  }

  /**
   * A deliberate disconnect (shutdown, restart, reboot into new firmware): publishes `offline`,
   * then DISCONNECT, which discards the will. Readings not yet delivered stay buffered.
   */
  private async closeCleanly(): Promise<void> {
    const client = this.client;
    const link = this.requireLink();
    this.reconnectTask?.cancel();
    this.reconnectTask = undefined;
    if (!client) return;
    this.generation += 1;
    this.client = undefined;
    const wasConnected = this.connectedNow;
    this.connectedNow = false;
    this.inFlight = false;
    if (!wasConnected) {
      // still connecting: there is nobody to say goodbye to
      client.end(true);
      return;
    }
    const offline = JSON.stringify({ v: PROTOCOL_VERSION, state: 'offline', ts: link.now() });
    await Promise.race([
      client
        .publishAsync(upTopic(this.sn, 'status'), offline, { qos: 1, retain: false })
        .then(() => link.trace?.(this.sn, 'status', offline))
        .catch(() => {}),
      link.wheel.sleep(3000),
    ]);
    await Promise.race([client.endAsync(false).catch(() => {}), link.wheel.sleep(3000)]);
    client.end(true);
  }

  /** Goes off the air for good (until `connect` again): `offline`, then DISCONNECT. */
  async disconnect(): Promise<void> {
    this.wanted = false;
    await this.closeCleanly();
  }

  /** Restarts: offline, away for `rebootMs`, back online (latched faults cleared). */
  private async reboot(): Promise<void> {
    const link = this.requireLink();
    await this.closeCleanly();
    this.resetLatched(link.now());
    this.startedMs = link.now();
    this.scheduleReturn(link.timing.rebootMs);
  }

  /** Resolves when at most `limit` readings wait for their PUBACK. */
  waitForRoom(limit: number): Promise<void> {
    if (this.buffered <= limit) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push({ limit, resolve }));
  }

  /** Resolves once every reading and event is acknowledged. */
  async drained(): Promise<void> {
    while (this.buffered > 0 || this.control.length > 0) {
      await this.waitForRoom(0);
      if (this.control.length > 0) await this.requireLink().wheel.sleep(10);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Sending: one message in flight, control messages first, then readings oldest first
  // -------------------------------------------------------------------------------------------

  private pump(): void {
    const client = this.client;
    if (!this.connectedNow || this.inFlight || !client) return;
    const link = this.requireLink();
    let kind: UpKind;
    let payload: string;
    let delivered: () => void;
    const control = this.control[0];
    if (control) {
      kind = control.kind;
      payload = control.payload;
      delivered = () => {
        this.control.shift();
        if (kind === 'alarm') link.counters.alarms += 1;
        if (kind === 'reply') link.counters.replies += 1;
      };
    } else if (this.buffered > 0) {
      const first = this.buffer[this.head]!;
      if (this.buffered === 1 && first.fresh) {
        kind = 'telemetry';
        payload = `{"v":${PROTOCOL_VERSION},"interval_s":${link.intervalS},${first.json.slice(1)}`;
        delivered = () => this.release(1);
      } else {
        kind = 'backfill';
        const parts: string[] = [];
        let bytes = ENVELOPE_BYTES;
        for (
          let index = this.head;
          index < this.buffer.length && parts.length < MAX_BACKFILL_READINGS;
          index += 1
        ) {
          const json = this.buffer[index]!.json;
          if (parts.length > 0 && bytes + json.length + 1 > MAX_MESSAGE_BYTES) break;
          parts.push(json);
          bytes += json.length + 1;
        }
        payload = `{"v":${PROTOCOL_VERSION},"interval_s":${link.intervalS},"readings":[${parts.join(',')}]}`;
        const count = parts.length;
        delivered = () => this.release(count);
      }
    } else {
      return;
    }
    const generation = this.generation;
    this.inFlight = true;
    client.publish(upTopic(this.sn, kind), payload, { qos: 1, retain: false }, (error) => {
      // a connection given up since: the message is still queued and goes again on the next one
      if (generation !== this.generation) return;
      this.inFlight = false;
      if (error) {
        link.counters.publishErrors += 1;
        return;
      }
      link.counters.messages += 1;
      delivered();
      link.trace?.(this.sn, kind, payload);
      this.pump();
    });
  }

  private release(count: number): void {
    this.requireLink().counters.readings += count;
    this.head += count;
    // compact now and then rather than shifting on every message
    if (this.head > 1024 && this.head * 2 > this.buffer.length) {
      this.buffer = this.buffer.slice(this.head);
      this.head = 0;
    }
    if (this.buffered === 0) {
      this.buffer = [];
      this.head = 0;
    }
    if (this.roomWaiters.length > 0) {
      const waiting = this.roomWaiters;
      this.roomWaiters = [];
      for (const waiter of waiting) {
        if (this.buffered <= waiter.limit) waiter.resolve();
        else this.roomWaiters.push(waiter);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Commands
  // -------------------------------------------------------------------------------------------

  private reply(
    id: string,
    state: ReplyMessage['state'],
    extra: Omit<Partial<ReplyMessage>, 'v' | 'id' | 'state'> = {},
  ): void {
    const link = this.requireLink();
    const message: ReplyMessage = { v: PROTOCOL_VERSION as 1, id, ts: link.now(), state, ...extra };
    if (message.message !== undefined) message.message = message.message.slice(0, 200);
    const payload = JSON.stringify(message);
    const record = this.commands.get(id);
    if (record) record.latest = payload;
    this.control.push({ kind: 'reply', payload });
    this.pump();
  }

  private onCommand(payload: Buffer): void {
    const link = this.requireLink();
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      link.log?.('command is not JSON', { sn: this.sn });
      return;
    }
    if (typeof json !== 'object' || json === null) return;
    const id = (json as { id?: unknown }).id;
    if (typeof id !== 'string' || !UUID.test(id)) {
      link.log?.('command without a readable id', { sn: this.sn });
      return;
    }
    const known = this.commands.get(id);
    if (known) {
      // delivered again (QoS 1): never run twice; say again where it stands
      if (known.latest) this.control.push({ kind: 'reply', payload: known.latest });
      this.pump();
      return;
    }
    link.counters.commands += 1;
    this.forgetExpiredCommands();
    const expiresAt = Number((json as { expires_at?: unknown }).expires_at);
    this.commands.set(id, { expiresAt: Number.isFinite(expiresAt) ? expiresAt : link.now() + DAY_MS });
    if ((json as { v?: unknown }).v !== PROTOCOL_VERSION) {
      this.reply(id, 'failed', { message: 'unsupported protocol version' });
      return;
    }
    const parsed = commandMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.') || 'command'}: ${issue.code}` : 'unreadable';
      const name = (json as { name?: unknown }).name;
      // an upgrade whose file cannot be checked (no SHA-256 or signature) must not be flashed
      if (name === 'upgrade') {
        this.reply(id, 'failed', {
          upgrade_status: UpgradeStatus.fileCheckError,
          message: `file check error: ${where}`,
        });
      } else {
        this.reply(id, 'failed', { message: `unusable command: ${where}` });
      }
      return;
    }
    const command = parsed.data;
    if (command.expires_at < link.now()) {
      this.reply(id, 'failed', { message: 'expired' });
      return;
    }
    this.run(command);
  }

  private forgetExpiredCommands(): void {
    if (this.commands.size < 256) return;
    const now = this.requireLink().now();
    for (const [id, record] of this.commands) {
      if (record.expiresAt + DAY_MS < now) this.commands.delete(id);
    }
  }

  private run(command: CommandMessage): void {
    const { wheel, timing } = this.requireLink();
    const id = command.id;
    switch (command.name) {
      case 'settings':
      case 'strategy': {
        this.reply(id, 'acknowledged');
        const { settings, givenNames } =
          command.name === 'strategy'
            ? strategySettings(command.params)
            : { settings: command.params, givenNames: {} as Record<string, string> };
        wheel.after(timing.workMs, () => {
          const refused = this.settings(settings).map((name) => givenNames[name] ?? name);
          if (refused.length > 0) {
            this.reply(id, 'failed', { message: `parameter refused: ${[...new Set(refused)].join(', ')}` });
          } else {
            this.reply(id, 'succeeded');
          }
        });
        return;
      }
      case 'network':
      case 'debug':
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => this.reply(id, 'succeeded'));
        return;
      case 'self_test':
        this.selfTest(id);
        return;
      case 'restart':
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          this.afterOnline.push(() => this.reply(id, 'succeeded'));
          void this.reboot();
        });
        return;
      case 'upgrade':
        this.upgrade(id, command.params);
        return;
    }
  }

  private selfTest(id: string): void {
    const { wheel, timing, selfTestFailureRate } = this.requireLink();
    this.reply(id, 'acknowledged');
    wheel.after(timing.stepMs, () => {
      this.reply(id, 'progress', { progress_pct: 50 });
      wheel.after(timing.stepMs, () => {
        const stopping = [...this.faults.values()].find(({ fault }) => fault.severity !== 'warning');
        if (stopping) {
          this.reply(id, 'failed', {
            message: `self-test failed: ${stopping.fault.name} (${stopping.fault.code})`,
          });
        } else if (this.commandRandom.next() < selfTestFailureRate) {
          this.reply(id, 'failed', { message: 'self-test failed: insulation resistance below limit' });
        } else {
          const insulation = (1.5 + this.commandRandom.next() * 3).toFixed(1);
          this.reply(id, 'succeeded', {
            message: `self-test passed: insulation ${insulation} MΩ, relays ok`,
          });
        }
      });
    });
  }

  private upgrade(id: string, params: Extract<CommandMessage, { name: 'upgrade' }>['params']): void {
    const { wheel, timing, upgradeFailureRate } = this.requireLink();
    if (this.upgrading) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.upgradeExists,
        message: 'another upgrade is under way',
      });
      return;
    }
    if (params.version === this.firmwareVersion) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.upgradeExists,
        message: `upgrade exists: already runs ${params.version}`,
      });
      return;
    }
    this.upgrading = true;
    this.reply(id, 'acknowledged', { upgrade_status: UpgradeStatus.waiting });
    // decided up front, from the device's command stream: whether and how this upgrade fails
    let failure: (typeof upgradeFailures)[number] | undefined;
    if (this.commandRandom.next() < upgradeFailureRate) {
      let pick = this.commandRandom.next();
      failure = upgradeFailures[upgradeFailures.length - 1];
      for (const candidate of upgradeFailures) {
        if (pick < candidate.weight) {
          failure = candidate;
          break;
        }
        pick -= candidate.weight;
      }
    }
    // a download that fails stops part way; the other failures come after the download
    const failAtPct =
      failure?.status === UpgradeStatus.fileFetchFailed
        ? 10 * (1 + Math.floor(this.commandRandom.next() * 6))
        : 100;
    const fail = (chosen: (typeof upgradeFailures)[number]) => {
      this.upgrading = false;
      this.reply(id, 'failed', { upgrade_status: chosen.status, message: chosen.message });
    };
    const step = (pct: number) => {
      if (failure && failure.status === UpgradeStatus.fileFetchFailed && pct >= failAtPct) {
        fail(failure);
        return;
      }
      this.reply(id, 'progress', { upgrade_status: UpgradeStatus.inProgress, progress_pct: pct });
      if (pct < 100) {
        wheel.after(timing.stepMs, () => step(pct + 10));
        return;
      }
      // downloaded: length, SHA-256 and signature are checked before anything is written
      wheel.after(timing.workMs, () => {
        if (failure) {
          fail(failure);
          return;
        }
        this.afterOnline.push(() => {
          this.upgrading = false;
          this.reply(id, 'succeeded', { upgrade_status: UpgradeStatus.completed, progress_pct: 100 });
        });
        // the new firmware runs after the reboot: the next `online` status says so
        this.firmwareVersion = params.version;
        void this.reboot();
      });
    };
    wheel.after(timing.stepMs, () => step(10));
  }
}
