/** Commands answered as a real device would: acknowledged at once, then the outcome; never run twice. */
import { UpgradeStatus } from '@helio/contracts';
import {
  type CommandMessage,
  commandMessage,
  type FaultDefinition,
  PROTOCOL_VERSION,
  type ReplyMessage,
} from '@helio/contracts/device-link';
import type { Random } from '../random.ts';
import type { DeviceLink } from './link.ts';
import { strategySettings } from './strategy.ts';
import { FirmwareUpgrades, type UpgradedDevice } from './upgrade.ts';

/**
 * Applies settings to the station's plant, all or nothing (protocol section 8.1): answers the
 * names it refused (unknown, out of range, or for equipment the site lacks), and then changes
 * nothing.
 */
export type SettingsTarget = (settings: Record<string, number | string | boolean>) => string[];

/** What commands act on: the device, its station's plant, its faults and its outgoing replies. */
export interface CommandedDevice extends UpgradedDevice {
  readonly sn: string;
  /** Where `settings` and `strategy` commands go: the station's plant, all or nothing. */
  applySettings: SettingsTarget;
  /** The first fault happening now that stops the device, if any. */
  stoppingFault(): FaultDefinition | undefined;
  /** Queues a reply behind the messages waiting, when given, and sends what can go. */
  sendReply(payload: string | undefined): void;
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
    switch (command.name) {
      case 'settings':
      case 'strategy': {
        this.reply(id, 'acknowledged');
        const { settings, givenNames } =
          command.name === 'strategy'
            ? strategySettings(command.params)
            : { settings: command.params, givenNames: {} as Record<string, string> };
        wheel.after(timing.workMs, () => {
          const refused = this.device.applySettings(settings).map((name) => givenNames[name] ?? name);
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
          this.device.afterOnline(() => this.reply(id, 'succeeded'));
          this.device.reboot();
        });
        return;
      case 'upgrade':
        this.upgrades.start(id, command.params);
        return;
    }
  }

  /** Two steps; fails on a fault that stops the device, or now and then on insulation. */
  private selfTest(id: string): void {
    const { wheel, timing, selfTestFailureRate } = this.link();
    this.reply(id, 'acknowledged');
    wheel.after(timing.stepMs, () => {
      this.reply(id, 'progress', { progress_pct: 50 });
      wheel.after(timing.stepMs, () => {
        const stopping = this.device.stoppingFault();
        if (stopping) {
          this.reply(id, 'failed', {
            message: `self-test failed: ${stopping.name} (${stopping.code})`,
          });
        } else if (this.random.next() < selfTestFailureRate) {
          this.reply(id, 'failed', { message: 'self-test failed: insulation resistance below limit' });
        } else {
          const insulation = (1.5 + this.random.next() * 3).toFixed(1);
          this.reply(id, 'succeeded', {
            message: `self-test passed: insulation ${insulation} MΩ, relays ok`,
          });
        }
      });
    });
  }
}
