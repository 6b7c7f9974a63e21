/** One simulated device: its readings, with its connection, buffer, faults and commands around them. */
import type { DeviceType, FirmwarePart, StrategyProgram } from '@helio/contracts';
import type { EmsPart } from '@helio/contracts/device-link';
import type { PlantConfig, PlantControl, PlantState } from '../plant/model.ts';
import { deriveSeed, Random } from '../random.ts';
import { type HeldReading, UplinkBuffer } from './buffer.ts';
import type { ChargingPoint } from './charging.ts';
import { DeviceCommands } from './commands.ts';
import { DeviceConnection, onlineStatusPayload } from './connection.ts';
import { type ActiveFault, type AlarmEvent, alarmPayload, DeviceFaults } from './faults.ts';
import { type FirmwareVersions, initialFirmware, mainPartOf } from './firmware.ts';
import type { DeviceLink } from './link.ts';
import { DeviceParameters } from './parameters.ts';
import { runsStrategy } from './strategy.ts';
import type { DeviceCondition } from './telemetry/reading.ts';
import type { ReportPlan } from './telemetry/report-plan.ts';
import { reportValues } from './telemetry/report-values.ts';

/**
 * A device and its MQTT life (docs/device-protocol.md): it signs in with its SN and secret, says
 * `online` with its firmware, interval and alarms, takes a reading whenever its station asks,
 * raises and clears faults from the catalogue, keeps what it could not deliver and sends it back
 * as `backfill`, oldest first, one message in flight at a time, and answers every command like a
 * real device (acknowledged at once, then the outcome; upgrades through the statuses 0–9 of
 * SPEC.md §4).
 *
 * A device has no timer of its own: its station's runner calls `takeReading` when the device's
 * interval is due (`intervalAt`: a debug session's, else its `report_interval_s` once set, else the
 * run's), and the few things it does later (command steps, reconnects) go through the run's one
 * `TimerWheel`. It keeps its parameter values (`parameters.ts`) across restarts.
 *
 * What happens is decided by two seeded random streams per device, one for faults (drawn once
 * per reading, so the same readings raise the same faults) and one for command outcomes, so
 * commands never disturb the readings.
 */

export interface DeviceIdentity {
  sn: string;
  deviceType: DeviceType;
  /** The secret the portal issued. */
  password: string;
  /** The main part's firmware version (else its SN prefix's default, `firmware.ts`). */
  firmwareVersion?: string;
  /** Versions of its parts, where they are not its type's defaults. */
  firmwareParts?: FirmwareVersions;
  ratedPowerW?: number;
}

/** `seq` runs 0 to 2³² − 1 and then wraps (protocol section 5.3). */
const SEQ_MODULUS = 4_294_967_296;

export class VirtualDevice {
  readonly sn: string;
  readonly deviceType: DeviceType;
  /** The part whose version is its `firmware_version`. */
  readonly mainFirmwarePart: FirmwarePart;
  /** The version each of its parts runs (what the next `online` status says). */
  private readonly firmware: FirmwareVersions;
  private readonly plan: ReportPlan;
  private readonly config: PlantConfig;
  private readonly faults: DeviceFaults;
  private readonly buffer: UplinkBuffer;
  private readonly connection: DeviceConnection;
  private readonly commands: DeviceCommands;
  /** Its parameter values: what the remote console reads and writes. */
  readonly parameters: DeviceParameters;
  /** A debug session: readings every `intervalS` until `untilMs` (simulated time). */
  private debugSession: { intervalS: number; untilMs: number } | undefined;
  private readonly intervalChanged: () => void;
  /** Simulated time of its latest reading, ms. */
  private lastReadingMs: number | undefined;

  private link: DeviceLink | undefined;
  /** The next sequence number, shared by readings and alarms. */
  private seq = 0;
  /** Simulated time the device last started (for a logger's uptime). */
  private startedMs: number | undefined;
  /** Things to do once the next `online` status is queued (replies that follow a reboot). */
  private onlineActions: (() => void)[] = [];

  constructor(options: {
    identity: DeviceIdentity;
    plan: ReportPlan;
    /** Its station's plant as it runs now (settings and strategies change it): what it reads. */
    config: PlantConfig;
    /** The plant as it was built, for its factory values (default: `config`). */
    builtConfig?: PlantConfig;
    /** Where checked `strategy` commands go: the station's plant. */
    strategy?: (program: StrategyProgram) => void;
    /** Where what its parameter values do physically goes: the station's plant. */
    control?: (change: PlantControl) => void;
    /** A wallbox's charging point (`charging_plan`, `charge`): the station's plant. */
    charger?: ChargingPoint;
    /** Its reporting interval changed: the station takes readings on the new one. */
    intervalChanged?: () => void;
    /** ISO 3166-1 alpha-2 country of its station: it picks the grid standard. */
    countryCode?: string;
    /** The station's seed: the device's random streams derive from it. */
    seed: number;
    /** The device's place in its station: with the seed, it names the device's random streams. */
    index: number;
  }) {
    const { identity } = options;
    this.sn = identity.sn;
    this.deviceType = identity.deviceType;
    this.firmware = initialFirmware(
      this.deviceType,
      this.sn,
      identity.firmwareVersion,
      identity.firmwareParts,
    );
    this.mainFirmwarePart = mainPartOf(Object.keys(this.firmware) as FirmwarePart[]);
    this.plan = options.plan;
    this.config = options.config;
    this.intervalChanged = options.intervalChanged ?? (() => {});
    this.parameters = new DeviceParameters({
      deviceType: this.deviceType,
      ratedPowerW: identity.ratedPowerW,
      plant: options.builtConfig ?? options.config,
      countryCode: options.countryCode,
      seed: deriveSeed(options.seed, `device:${options.index}:network`),
    });
    const link = () => this.requireLink();
    // named by position, not SN: the same station list gives the same data whatever its SNs
    const faultRandom = new Random(deriveSeed(options.seed, `device:${options.index}:faults`));
    const commandRandom = new Random(deriveSeed(options.seed, `device:${options.index}:commands`));
    this.faults = new DeviceFaults(this.deviceType, this.plan.parts, faultRandom, (event, active, ms) =>
      this.queueAlarm(event, active, ms),
    );
    this.connection = new DeviceConnection({ sn: this.sn, password: identity.password }, link, {
      connected: () => this.onConnected(),
      command: (payload) => this.commands.receive(payload),
      down: () => this.buffer.connectionDown(),
    });
    this.buffer = new UplinkBuffer(
      this.sn,
      link,
      this.connection,
      () => this.intervalAt(link().now()) ?? link().intervalS,
    );
    this.commands = new DeviceCommands(
      {
        sn: this.sn,
        deviceType: this.deviceType,
        parameters: this.parameters,
        firmwareParts: this.firmware,
        mainFirmwarePart: this.mainFirmwarePart,
        installFirmware: (part, version) => {
          this.firmware[part] = version;
        },
        afterOnline: (action) => this.onlineActions.push(action),
        reboot: () => void this.reboot(),
        runsStrategy: runsStrategy(this.deviceType, options.config.battery !== undefined),
        applyStrategy: options.strategy ?? (() => {}),
        control: options.control ?? (() => {}),
        charger: options.charger,
        intervalChanged: () => this.intervalChanged(),
        debugging: () => this.debugSession !== undefined && link().now() < this.debugSession.untilMs,
        startDebug: (intervalS, durationS) => {
          this.debugSession = { intervalS, untilMs: link().now() + durationS * 1000 };
          this.intervalChanged();
        },
        stopDebug: () => {
          this.debugSession = undefined;
          this.intervalChanged();
        },
        reconnect: (awayMs) => void this.reconnect(awayMs),
        stoppingFault: () => this.faults.firstStopping(),
        sendReply: (payload) => {
          if (payload !== undefined) this.buffer.queue({ kind: 'reply', payload });
          this.buffer.send();
        },
      },
      link,
      commandRandom,
    );
  }

  /** The main part's firmware version: its `firmware_version`. */
  get firmwareVersion(): string {
    return this.firmware[this.mainFirmwarePart]!;
  }

  /** The version each of its parts runs. */
  get firmwareParts(): Readonly<FirmwareVersions> {
    return { ...this.firmware };
  }

  /** Readings waiting for their PUBACK. */
  get buffered(): number {
    return this.buffer.buffered;
  }

  /** True while the device has a connection with the broker. */
  get connected(): boolean {
    return this.connection.connected;
  }

  /**
   * Seconds between its readings at `ms`: a debug session's while it runs, else its setting's once
   * set, else the run's; undefined before it has a run (it then reads whenever its station ticks).
   */
  intervalAt(ms: number): number | undefined {
    if (!this.link) return undefined;
    const debug = this.debugSession;
    if (debug && ms < debug.untilMs) return debug.intervalS;
    return this.parameters.reportIntervalS;
  }

  /** True when a reading is due at `ms`, given the next reading instant after its latest (`nextAfter`). */
  dueAt(ms: number, nextAfter: (lastMs: number, intervalS: number) => number): boolean {
    const intervalS = this.intervalAt(ms);
    const last = this.lastReadingMs;
    if (intervalS === undefined || last === undefined) return true;
    return nextAfter(last, intervalS) <= ms || ms - last >= intervalS * 1000;
  }

  /** The alarms happening now, as `active_alarms` lists them. */
  activeAlarms(): { code: number; part?: EmsPart }[] {
    return this.faults.activeAlarms();
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
    this.lastReadingMs = state.ms;
    // a debug session over: back to its own interval
    if (this.debugSession && state.ms >= this.debugSession.untilMs) this.debugSession = undefined;
    this.faults.atReading(state.ms, this.link);
    const condition: DeviceCondition = {
      stopped: this.faults.stoppedWhere(),
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
    this.buffer.hold(reading);
    return reading;
  }

  /** Values of a reading without taking it (no sequence number used, no fault step). */
  peekValues(state: PlantState, condition: DeviceCondition = {}): Record<string, unknown> {
    return reportValues(this.plan, this.config, state, { stopped: this.faults.stoppedWhere(), ...condition });
  }

  /** Raises a fault now (tests, and a CLI that wants to show one); answers false if it is not this device's. */
  raiseFault(code: number, part?: EmsPart, durationMs = 30 * 60_000): boolean {
    const now = this.link?.now() ?? this.faults.latestReadingMs ?? Date.now();
    if (!this.faults.raise(code, part, durationMs, now)) return false;
    this.buffer.send();
    return true;
  }

  /** Gives the device its run (broker, clock, wheel, rates); needed before it connects. */
  attach(link: DeviceLink): void {
    this.link = link;
    this.parameters.setRunInterval(link.intervalS);
  }

  /** Connects, and keeps reconnecting when the connection drops; resolves once connected. */
  connect(): Promise<void> {
    return this.connection.connect();
  }

  /**
   * Loses the connection the way a network does (no DISCONNECT, so the broker publishes the
   * will) and comes back after `awayMs` real milliseconds, buffering its readings meanwhile.
   */
  dropConnection(awayMs: number): void {
    this.connection.dropConnection(awayMs);
  }

  /** Goes off the air for good (until `connect` again): `offline`, then DISCONNECT; what is buffered stays. */
  disconnect(): Promise<void> {
    return this.connection.disconnect();
  }

  /** Resolves when at most `limit` readings wait for their PUBACK. */
  waitForRoom(limit: number): Promise<void> {
    return this.buffer.waitForRoom(limit);
  }

  /** Resolves once every reading and event is acknowledged. */
  drained(): Promise<void> {
    return this.buffer.drained();
  }

  private requireLink(): DeviceLink {
    if (!this.link) throw new Error(`device ${this.sn} is not attached to a run`);
    return this.link;
  }

  private nextSeq(): number {
    const seq = this.seq;
    this.seq = (this.seq + 1) % SEQ_MODULUS;
    return seq;
  }

  private queueAlarm(event: AlarmEvent, active: ActiveFault, ms: number): void {
    this.buffer.queue({ kind: 'alarm', payload: alarmPayload(event, active, ms, this.nextSeq()) });
  }

  /** Every CONNACK: the `online` status goes first, then what waited for it, then the rest. */
  private onConnected(): void {
    const link = this.requireLink();
    this.buffer.queueStatusFirst(
      onlineStatusPayload({
        nowMs: link.now(),
        firmwareVersion: this.firmwareVersion,
        firmwareParts: this.firmware,
        intervalS: this.intervalAt(link.now()) ?? link.intervalS,
        activeAlarms: this.activeAlarms(),
      }),
    );
    const actions = this.onlineActions;
    this.onlineActions = [];
    for (const action of actions) action();
    this.buffer.send();
  }

  /**
   * Restarts: offline, away for `rebootMs`, back online (latched faults cleared, a debug session
   * ended; its parameter values stay).
   */
  private async reboot(): Promise<void> {
    const link = this.requireLink();
    await this.connection.closeCleanly();
    this.faults.resetLatched(link.now());
    this.startedMs = link.now();
    if (this.debugSession) {
      this.debugSession = undefined;
      this.intervalChanged();
    }
    this.connection.scheduleReturn(link.timing.rebootMs);
  }

  /** A new network configuration: offline, away for `awayMs`, back online on the new address. */
  private async reconnect(awayMs: number): Promise<void> {
    await this.connection.closeCleanly();
    this.connection.scheduleReturn(awayMs);
  }
}
