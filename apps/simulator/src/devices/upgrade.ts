/** Firmware upgrades through the statuses of SPEC.md §4, their outcomes drawn apart from the readings. */
import { UpgradeStatus } from '@helio/contracts';
import type { CommandMessage, ReplyMessage } from '@helio/contracts/device-link';
import type { Random } from '../random.ts';
import type { DeviceLink } from './link.ts';

export type UpgradeParams = Extract<CommandMessage, { name: 'upgrade' }>['params'];

/** Sends a reply to command `id` (see `DeviceCommands`). */
export type Reply = (
  id: string,
  state: ReplyMessage['state'],
  extra?: Omit<Partial<ReplyMessage>, 'v' | 'id' | 'state'>,
) => void;

/** What an upgrade changes on its device. */
export interface UpgradedDevice {
  readonly firmwareVersion: string;
  /** The firmware that runs after the next reboot. */
  installFirmware(version: string): void;
  /** Runs `action` once the next `online` status is queued. */
  afterOnline(action: () => void): void;
  reboot(): void;
}

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
 * One device's upgrades, one at a time: acknowledged as waiting (0), downloaded with progress
 * (1) every `stepMs` in tens of percent, checked, then the reboot into the new firmware and
 * completed (2) after the next `online` status; or one of the failure statuses 3–9. A second
 * upgrade while one runs, or one to the version already running, is "upgrade exists" (8).
 */
export class FirmwareUpgrades {
  private upgrading = false;

  constructor(
    private readonly device: UpgradedDevice,
    private readonly link: () => DeviceLink,
    /** The device's command stream, shared with self-tests. */
    private readonly random: Random,
    private readonly reply: Reply,
  ) {}

  start(id: string, params: UpgradeParams): void {
    const { wheel, timing, upgradeFailureRate } = this.link();
    if (this.upgrading) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.upgradeExists,
        error: 'busy',
        message: 'another upgrade is under way',
      });
      return;
    }
    if (params.version === this.device.firmwareVersion) {
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
    if (this.random.next() < upgradeFailureRate) {
      let pick = this.random.next();
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
      failure?.status === UpgradeStatus.fileFetchFailed ? 10 * (1 + Math.floor(this.random.next() * 6)) : 100;
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
        this.device.afterOnline(() => {
          this.upgrading = false;
          this.reply(id, 'succeeded', { upgrade_status: UpgradeStatus.completed, progress_pct: 100 });
        });
        // the new firmware runs after the reboot: the next `online` status says so
        this.device.installFirmware(params.version);
        this.device.reboot();
      });
    };
    wheel.after(timing.stepMs, () => step(10));
  }
}
