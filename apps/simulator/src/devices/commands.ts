/** Commands answered as a real device would: acknowledged at once, then the outcome; never run twice. */
import { DeviceType, isTimeZone, networkForm, type StrategyProgram, UpgradeStatus } from '@helio/contracts';
import {
  type CommandMessage,
  commandMessage,
  type FaultDefinition,
  PROTOCOL_VERSION,
  type ReplyMessage,
  selfTestNames,
} from '@helio/contracts/device-link';
import type { PlantControl } from '../plant/model.ts';
import type { Random } from '../random.ts';
import { type ChargingCommand, type ChargingPoint, runCharging } from './charging.ts';
import type { DeviceLink } from './link.ts';
import type { DeviceParameters } from './parameters.ts';
import { failureOf, selfTestRows } from './self-test.ts';
import { strategyOf } from './strategy.ts';
import { FirmwareUpgrades, type UpgradedDevice } from './upgrade.ts';

/** What commands act on: the device, its values, its station's plant, its faults and its outgoing replies. */
export interface CommandedDevice extends UpgradedDevice {
  readonly sn: string;
  readonly deviceType: DeviceType;
  /** Its parameter values (non-volatile: a restart keeps them). */
  readonly parameters: DeviceParameters;
  /** True when it runs its site's battery: it takes `strategy` commands. */
  readonly runsStrategy: boolean;
  /** Hands a checked strategy to the station's plant: it replaces the plant's strategy and slots. */
  applyStrategy(program: StrategyProgram): void;
  /** Applies what checked parameter values do physically to the station's plant. */
  control(change: PlantControl): void;
  /** A wallbox: its station's charging point, which takes `charging_plan` and `charge`. */
  readonly charger?: ChargingPoint;
  /** Its reporting interval changed (a setting, a debug session): the station follows. */
  intervalChanged(): void;
  /** True while a debug session runs. */
  debugging(): boolean;
  /** Reports every `intervalS` for `durationS` (simulated time), then at its own interval again. */
  startDebug(intervalS: number, durationS: number): void;
  stopDebug(): void;
  /** Drops its connection (a new network configuration) and connects again after `awayMs`. */
  reconnect(awayMs: number): void;
  /** The first fault happening now that stops the device, if any. */
  stoppingFault(): FaultDefinition | undefined;
  /** Queues a reply behind the messages waiting, when given, and sends what can go. */
  sendReply(payload: string | undefined): void;
}

/** Device types whose firmware cannot switch to debug reporting. */
const withoutDebug: readonly DeviceType[] = [DeviceType.battery, DeviceType.meter];
/** A debug session's defaults: every 10 s for 30 minutes (the portal's). */
const DEBUG_INTERVAL_S = 10;
const DEBUG_DURATION_S = 30 * 60;

/** The refusal of a set of issues, as the reply's message says it. */
function refusal(issues: readonly { field: string; message: string }[], what = 'parameter'): string {
  return `${what} refused: ${issues.map((issue) => `${issue.field} (${issue.message})`).join(', ')}`;
}

interface CommandRecord {
  expiresAt: number;
  /** The latest reply, sent again when the command is delivered again. */
  latest?: string;
}

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The commands of one device. Their outcomes (self-tests, upgrades) are drawn from the device's
 * own command stream, so commands never disturb the readings; their steps wait on the run's
 * timer wheel.
 */
export class DeviceCommands {
  private readonly commands = new Map<string, CommandRecord>();
  private readonly upgrades: FirmwareUpgrades;
  private selfTesting = false;

  constructor(
    private readonly device: CommandedDevice,
    private readonly link: () => DeviceLink,
    private readonly random: Random,
  ) {
    this.upgrades = new FirmwareUpgrades(device, link, random, (id, state, extra) =>
      this.reply(id, state, extra),
    );
  }

  /** A message on the command topic: checked, answered, run once. */
  receive(payload: Buffer): void {
    const link = this.link();
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      link.log?.('command is not JSON', { sn: this.device.sn });
      return;
    }
    if (typeof json !== 'object' || json === null) return;
    const id = (json as { id?: unknown }).id;
    if (typeof id !== 'string' || !UUID.test(id)) {
      link.log?.('command without a readable id', { sn: this.device.sn });
      return;
    }
    const known = this.commands.get(id);
    if (known) {
      // delivered again (QoS 1): never run twice; say again where it stands
      this.device.sendReply(known.latest);
      return;
    }
    link.counters.commands += 1;
    this.forgetExpiredCommands();
    const expiresAt = Number((json as { expires_at?: unknown }).expires_at);
    this.commands.set(id, { expiresAt: Number.isFinite(expiresAt) ? expiresAt : link.now() + DAY_MS });
    if ((json as { v?: unknown }).v !== PROTOCOL_VERSION) {
      this.reply(id, 'failed', { error: 'invalid', message: 'unsupported protocol version' });
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
          error: 'invalid',
          message: `file check error: ${where}`,
        });
      } else {
        this.reply(id, 'failed', { error: 'invalid', message: `unusable command: ${where}` });
      }
      return;
    }
    const command = parsed.data;
    if (command.expires_at < link.now()) {
      this.reply(id, 'failed', { error: 'expired', message: 'expired' });
      return;
    }
    this.run(command);
  }

  private reply(
    id: string,
    state: ReplyMessage['state'],
    extra: Omit<Partial<ReplyMessage>, 'v' | 'id' | 'state'> = {},
  ): void {
    const message: ReplyMessage = { v: PROTOCOL_VERSION as 1, id, ts: this.link().now(), state, ...extra };
    if (message.message !== undefined) message.message = message.message.slice(0, 200);
    const payload = JSON.stringify(message);
    const record = this.commands.get(id);
    if (record) record.latest = payload;
    this.device.sendReply(payload);
  }

  private forgetExpiredCommands(): void {
    if (this.commands.size < 256) return;
    const now = this.link().now();
    for (const [id, record] of this.commands) {
      if (record.expiresAt + DAY_MS < now) this.commands.delete(id);
    }
  }

  private run(command: CommandMessage): void {
    const { wheel, timing } = this.link();
    const id = command.id;
    const device = this.device;
    const parameters = device.parameters;
    switch (command.name) {
      case 'settings': {
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          // every check first; only then the device's values and the plant change (all or nothing)
          const { changes, issues } = parameters.check(command.params);
          if (issues.length > 0) {
            this.reply(id, 'failed', { error: 'refused', message: refusal(issues) });
            return;
          }
          device.control(parameters.apply(changes));
          if ('report_interval_s' in changes) device.intervalChanged();
          this.reply(id, 'succeeded', { values: parameters.values() });
        });
        return;
      }
      case 'strategy': {
        if (!device.runsStrategy) {
          this.reply(id, 'failed', { error: 'unsupported', message: 'no battery to run a strategy' });
          return;
        }
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          // the whole strategy checked first (it replaces the one running): all or nothing
          const { program, issues } = strategyOf(command.params, parameters.ratedPowerW);
          if (issues) {
            this.reply(id, 'failed', { error: 'refused', message: refusal(issues) });
            return;
          }
          // the latest wins: the device's own slots are turned off, the plant runs the strategy
          parameters.clearSlots();
          device.applyStrategy(program);
          this.reply(id, 'succeeded');
        });
        return;
      }
      case 'read':
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => this.reply(id, 'succeeded', { values: parameters.values() }));
        return;
      case 'network':
        this.network(id, command.params);
        return;
      case 'debug':
        this.debug(id, command.params);
        return;
      case 'sync_clock': {
        const zone = command.params.time_zone;
        if (zone !== undefined && (typeof zone !== 'string' || !isTimeZone(zone))) {
          this.reply(id, 'failed', {
            error: 'refused',
            message: refusal([{ field: 'time_zone', message: 'validation.invalidValue' }]),
          });
          return;
        }
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          parameters.syncClock(
            typeof zone === 'string' ? zone : String(parameters.values().time_zone ?? 'UTC'),
          );
          this.reply(id, 'succeeded', { values: parameters.values() });
        });
        return;
      }
      case 'restore_defaults':
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          device.control(parameters.restoreDefaults());
          device.intervalChanged();
          this.reply(id, 'succeeded', { values: parameters.values() });
        });
        return;
      case 'self_test':
        this.selfTest(id);
        return;
      case 'restart':
        this.reply(id, 'acknowledged');
        wheel.after(timing.workMs, () => {
          device.afterOnline(() => this.reply(id, 'succeeded'));
          device.reboot();
        });
        return;
      case 'upgrade':
        this.upgrades.start(id, command.params);
        return;
      case 'charging_plan':
      case 'charge':
        this.charging(command);
        return;
    }
  }

  /**
   * A wallbox's charging plan or remote command: taken, then followed, or refused whole with the
   * wallbox's reasons (a plan its rating cannot follow, a command without a car plugged in).
   */
  private charging(command: ChargingCommand): void {
    const { wheel, timing } = this.link();
    const charger = this.device.charger;
    if (this.device.deviceType !== DeviceType.chargingPile || !charger) {
      this.reply(command.id, 'failed', { error: 'unsupported', message: 'not a wallbox' });
      return;
    }
    this.reply(command.id, 'acknowledged');
    wheel.after(timing.workMs, () => {
      const { state, extra } = runCharging(command, charger);
      this.reply(command.id, state, extra);
    });
  }

  /**
   * A new IP configuration (DHCP, or a static address with mask, gateway and DNS in one subnet):
   * the device drops its connection, comes back on the new address shortly after, and says so
   * with its values once online again.
   */
  private network(id: string, params: Record<string, number | string | boolean>): void {
    const { wheel, timing } = this.link();
    const device = this.device;
    if (!device.parameters.has('network')) {
      this.reply(id, 'failed', { error: 'unsupported', message: 'no network settings on this device' });
      return;
    }
    const parsed = networkForm.safeParse(params);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? 'dhcp'),
        message: issue.message,
      }));
      this.reply(id, 'failed', { error: 'refused', message: refusal(issues, 'network') });
      return;
    }
    this.reply(id, 'acknowledged');
    wheel.after(timing.workMs, () => {
      device.parameters.setNetwork(parsed.data);
      device.afterOnline(() => this.reply(id, 'succeeded', { values: device.parameters.values() }));
      device.reconnect(timing.workMs * 2);
    });
  }

  /** Debug reporting: `start` every `interval_s` for `duration_s`, `stop` back to its own interval at once. */
  private debug(id: string, params: Record<string, number | string | boolean>): void {
    const { wheel, timing } = this.link();
    const device = this.device;
    if (withoutDebug.includes(device.deviceType)) {
      this.reply(id, 'failed', { error: 'unsupported', message: 'cannot switch debugging' });
      return;
    }
    if (params.action === 'stop') {
      this.reply(id, 'acknowledged');
      wheel.after(timing.workMs, () => {
        device.stopDebug();
        this.reply(id, 'succeeded', { message: 'debugging stopped' });
      });
      return;
    }
    if (params.action !== 'start') {
      this.reply(id, 'failed', { error: 'invalid', message: 'debug: action must be start or stop' });
      return;
    }
    const intervalS = params.interval_s ?? DEBUG_INTERVAL_S;
    const durationS = params.duration_s ?? DEBUG_DURATION_S;
    const issues = [
      ...(typeof intervalS === 'number' && Number.isInteger(intervalS) && intervalS >= 1 && intervalS <= 3600
        ? []
        : [{ field: 'interval_s', message: 'validation.settingRange' }]),
      ...(typeof durationS === 'number' && durationS > 0 && durationS <= 86_400
        ? []
        : [{ field: 'duration_s', message: 'validation.settingRange' }]),
    ];
    if (issues.length > 0) {
      this.reply(id, 'failed', { error: 'refused', message: refusal(issues, 'debug') });
      return;
    }
    if (device.debugging()) {
      this.reply(id, 'failed', { error: 'busy', message: 'a debug session is running' });
      return;
    }
    this.reply(id, 'acknowledged');
    device.startDebug(intervalS as number, durationS as number);
    wheel.after(timing.workMs, () =>
      this.reply(id, 'succeeded', { message: `debugging: every ${intervalS} s for ${durationS} s` }),
    );
  }

  /**
   * The grid-protection self-test: progress at 25, 50 and 75 %, then the report of every stage
   * against the device's protection values. A stopping fault fails it without a report; now and
   * then (the run's rate) one stage fails, and the test with it, its report attached.
   */
  private selfTest(id: string): void {
    const { wheel, timing, selfTestFailureRate } = this.link();
    const parameters = this.device.parameters;
    if (!parameters.has('grid')) {
      this.reply(id, 'failed', {
        error: 'unsupported',
        message: 'no grid protection to test on this device',
      });
      return;
    }
    if (this.selfTesting) {
      this.reply(id, 'failed', { error: 'busy', message: 'a self-test is running' });
      return;
    }
    this.selfTesting = true;
    this.reply(id, 'acknowledged');
    const step = (pct: number) => {
      if (pct < 100) {
        this.reply(id, 'progress', { progress_pct: pct });
        wheel.after(timing.stepMs, () => step(pct + 25));
        return;
      }
      this.selfTesting = false;
      const stopping = this.device.stoppingFault();
      if (stopping) {
        this.reply(id, 'failed', { message: `self-test failed: ${stopping.name} (${stopping.code})` });
        return;
      }
      // drawn in a fixed order from the command stream: whether and which stage fails, then the rows
      const fails = this.random.next() < selfTestFailureRate;
      const failing = fails
        ? selfTestNames[Math.floor(this.random.next() * selfTestNames.length)]
        : undefined;
      const report = selfTestRows(parameters.values(), this.random, failing);
      const failed = report.find((row) => !row.pass);
      if (failed) {
        this.reply(id, 'failed', { report, message: `self-test failed: ${failureOf(failed)}` });
      } else {
        const insulation = (1.5 + this.random.next() * 3).toFixed(1);
        this.reply(id, 'succeeded', {
          report,
          message: `self-test passed: ${report.length} protection stages, insulation ${insulation} MΩ, relays ok`,
        });
      }
    };
    wheel.after(timing.stepMs, () => step(25));
  }
}
