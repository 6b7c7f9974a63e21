/**
 * Firmware upgrades through the statuses of SPEC.md §4 (docs/device-protocol.md §8.7): the image
 * really downloaded and checked, failures on purpose drawn apart from the readings.
 */
import { type FirmwarePart, UpgradeStatus } from '@helio/contracts';
import type { CommandMessage, ReplyMessage } from '@helio/contracts/device-link';
import type { Random } from '../random.ts';
import { DownloadError, downloadImage } from './download.ts';
import type { FirmwareVersions } from './firmware.ts';
import type { DeviceLink } from './link.ts';
import { signatureVerifies } from './signature.ts';

export type UpgradeParams = Extract<CommandMessage, { name: 'upgrade' }>['params'];

/** Sends a reply to command `id` (see `DeviceCommands`). */
export type Reply = (
  id: string,
  state: ReplyMessage['state'],
  extra?: Omit<Partial<ReplyMessage>, 'v' | 'id' | 'state'>,
) => void;

/** What an upgrade changes on its device. */
export interface UpgradedDevice {
  /** The version each of its parts runs. */
  readonly firmwareParts: Readonly<FirmwareVersions>;
  /** The part an upgrade that names none is for. */
  readonly mainFirmwarePart: FirmwarePart;
  /** The firmware `part` runs after the next reboot. */
  installFirmware(part: FirmwarePart, version: string): void;
  /** Runs `action` once the next `online` status is queued. */
  afterOnline(action: () => void): void;
  reboot(): void;
}

/** Failures an upgrade of a good image can be made to end in (the run's `upgradeFailures`). */
export const upgradeFailureKinds = ['fetch', 'crc', 'flash', 'name', 'undefined'] as const;
export type UpgradeFailureKind = (typeof upgradeFailureKinds)[number];

/** Each kind's status (SPEC.md §4), how likely it is among the kinds asked for, and the device's words. */
const forcedFailures: Record<UpgradeFailureKind, { status: UpgradeStatus; weight: number; message: string }> =
  {
    fetch: {
      status: UpgradeStatus.fileFetchFailed,
      weight: 0.35,
      message: 'file fetch failed: connection lost',
    },
    flash: {
      status: UpgradeStatus.flashWriteError,
      weight: 0.2,
      message: 'flash write error: verify failed at sector 0x1A',
    },
    undefined: { status: UpgradeStatus.failed, weight: 0.15, message: 'upgrade failed: unexpected error' },
    crc: { status: UpgradeStatus.crcError, weight: 0.15, message: 'CRC error: image checksum is wrong' },
    name: {
      status: UpgradeStatus.fileNameError,
      weight: 0.15,
      message: 'file name error: image is not for this model',
    },
  };

/** Resumes of a download after its connection broke, before it fails (9). */
const DOWNLOAD_RESUMES = 3;

class UpgradeFailed extends Error {
  constructor(
    readonly status: UpgradeStatus,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One device's upgrades, one at a time. Acknowledged as waiting (0); after a step the signature is
 * checked (it covers the image's SHA-256 and length, so before any byte is fetched), then `url` is
 * downloaded, progress (1) every 10 % and never more often than `stepMs` (the download waits);
 * its length and SHA-256 must be the command's; after `workMs` the image is "flashed", the device
 * reboots into it and, after its next `online` status, reports completed (2). Any check that
 * fails is a file check error (5) and nothing is flashed; a download that cannot finish is 9. A
 * second upgrade while one runs, or one to the version its part already runs, is "upgrade exists"
 * (8); a part the device lacks, a file name error (7). At the run's `upgradeFailureRate`, a good
 * image fails on purpose with one of the run's `upgradeFailures`, drawn from the device's command
 * stream when the upgrade is taken.
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
    const part = params.part ?? this.device.mainFirmwarePart;
    const running = this.device.firmwareParts[part];
    if (this.upgrading) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.upgradeExists,
        error: 'busy',
        message: 'another upgrade is under way',
      });
      return;
    }
    if (running === undefined) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.fileNameError,
        message: `file name error: this device has no ${part} part`,
      });
      return;
    }
    if (params.version === running) {
      this.reply(id, 'failed', {
        upgrade_status: UpgradeStatus.upgradeExists,
        message: `upgrade exists: ${part} already runs ${params.version}`,
      });
      return;
    }
    this.upgrading = true;
    this.reply(id, 'acknowledged', { upgrade_status: UpgradeStatus.waiting });
    const forced = this.drawFailure(params.size_bytes);
    this.run(id, params, part, forced).catch((error: unknown) => {
      this.upgrading = false;
      if (error instanceof DownloadError && error.reason === 'aborted') return;
      const failed =
        error instanceof UpgradeFailed
          ? error
          : new UpgradeFailed(UpgradeStatus.failed, `upgrade failed: ${(error as Error).message ?? error}`);
      this.reply(id, 'failed', { upgrade_status: failed.status, message: failed.message });
    });
  }

  /** Whether and how this upgrade fails on purpose; a fetch failure with the byte it breaks at. */
  private drawFailure(sizeBytes: number): { kind: UpgradeFailureKind; atBytes: number } | undefined {
    const { upgradeFailureRate, upgradeFailures } = this.link();
    if (!(this.random.next() < upgradeFailureRate)) return undefined;
    const kinds = upgradeFailures?.length ? upgradeFailures : upgradeFailureKinds;
    const total = kinds.reduce((sum, kind) => sum + forcedFailures[kind].weight, 0);
    let pick = this.random.next() * total;
    let kind = kinds[kinds.length - 1]!;
    for (const candidate of kinds) {
      if (pick < forcedFailures[candidate].weight) {
        kind = candidate;
        break;
      }
      pick -= forcedFailures[candidate].weight;
    }
    // a download that fails breaks off after 10–60 % of the image
    const atBytes =
      kind === 'fetch' ? Math.ceil((sizeBytes * (1 + Math.floor(this.random.next() * 6))) / 10) : 0;
    return { kind, atBytes };
  }

  private async run(
    id: string,
    params: UpgradeParams,
    part: FirmwarePart,
    forced: { kind: UpgradeFailureKind; atBytes: number } | undefined,
  ): Promise<void> {
    const { wheel, timing, firmwareKeys = [] } = this.link();
    const acknowledgedAt = Date.now();
    await this.pause(timing.stepMs);
    // the signature covers the image's hash and length: a file the maker did not sign is not even fetched
    if (firmwareKeys.length === 0)
      throw new UpgradeFailed(UpgradeStatus.fileCheckError, 'file check error: no maker key to verify with');
    const image = { sha256: params.sha256, sizeBytes: params.size_bytes };
    if (!signatureVerifies(firmwareKeys, image, params.signature))
      throw new UpgradeFailed(
        UpgradeStatus.fileCheckError,
        'file check error: the Ed25519 signature does not verify with the maker’s keys',
      );

    let reportedPct = 0;
    let reportedAt = acknowledgedAt;
    let downloaded: { receivedBytes: number; sha256: string };
    try {
      downloaded = await downloadImage({
        url: params.url,
        sizeBytes: params.size_bytes,
        signal: wheel.signal,
        resumes: DOWNLOAD_RESUMES,
        beforeResume: () => this.pause(timing.stepMs),
        onBytes: async (receivedBytes) => {
          if (forced?.kind === 'fetch' && receivedBytes >= forced.atBytes)
            throw new UpgradeFailed(
              UpgradeStatus.fileFetchFailed,
              `file fetch failed: connection lost after ${receivedBytes} of ${params.size_bytes} bytes`,
            );
          const pct = Math.min(100, Math.floor((receivedBytes * 10) / params.size_bytes) * 10);
          if (pct <= reportedPct) return;
          // the protocol's pace: not more than one progress per step (the socket waits meanwhile)
          await this.pause(reportedAt + timing.stepMs - Date.now());
          reportedPct = pct;
          reportedAt = Date.now();
          this.reply(id, 'progress', { upgrade_status: UpgradeStatus.inProgress, progress_pct: pct });
        },
      });
    } catch (error) {
      if (!(error instanceof DownloadError) || error.reason === 'aborted') throw error;
      if (error.reason === 'too_long')
        throw new UpgradeFailed(UpgradeStatus.fileCheckError, `file check error: ${error.message}`);
      throw new UpgradeFailed(UpgradeStatus.fileFetchFailed, `file fetch failed: ${error.message}`);
    }

    // before anything is written: exactly the bytes the maker signed
    if (downloaded.receivedBytes !== params.size_bytes)
      throw new UpgradeFailed(
        UpgradeStatus.fileCheckError,
        `file check error: ${downloaded.receivedBytes} bytes, expected ${params.size_bytes}`,
      );
    if (downloaded.sha256 !== params.sha256)
      throw new UpgradeFailed(UpgradeStatus.fileCheckError, 'file check error: SHA-256 does not match');
    await this.pause(timing.workMs);
    if (forced) {
      const failure = forcedFailures[forced.kind];
      throw new UpgradeFailed(failure.status, failure.message);
    }
    this.device.afterOnline(() => {
      this.upgrading = false;
      this.reply(id, 'succeeded', { upgrade_status: UpgradeStatus.completed, progress_pct: 100 });
    });
    // the new firmware runs after the reboot: the next `online` status says so
    this.device.installFirmware(part, params.version);
    this.device.reboot();
  }

  /** Waits `ms` real milliseconds on the run's wheel; throws when the run stops meanwhile. */
  private pause(ms: number): Promise<void> {
    const { wheel } = this.link();
    const signal = wheel.signal;
    return new Promise((resolve, reject) => {
      const stopped = () => reject(new DownloadError('aborted', 'stopped'));
      if (signal.aborted) return stopped();
      if (ms <= 0) return resolve();
      signal.addEventListener('abort', stopped, { once: true });
      wheel.after(ms, () => {
        signal.removeEventListener('abort', stopped);
        resolve();
      });
    });
  }
}
