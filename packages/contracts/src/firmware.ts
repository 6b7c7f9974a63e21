import { z } from 'zod';

/**
 * Firmware (SPEC.md §3 "Upgrade record", §4 statuses 0–9, PRODUCT.md §8 "Firmware"): the platform
 * operator's catalogue of series → models → files, the signature every file carries, and the rules
 * of an upgrade task's staged rollout. The one home of these rules: the server, the simulator, the
 * signing script and the web all read them here.
 */

/**
 * The parts of a device a firmware file targets ("modules" in SPEC.md §8's codes 6000 and 7002).
 * A model lists the parts it has; a file is for one part of one model.
 */
export const firmwareParts = ['ARM', 'DSP', 'BMS', 'PCS', 'EMS'] as const;
export type FirmwarePart = (typeof firmwareParts)[number];

/** The part whose version a device reports as its `firmware_version` when it names no parts. */
export const mainFirmwarePart: FirmwarePart = 'ARM';

/** SPEC.md §9: after a PCS upgrade, wait this long before another upgrade of the same system (station). */
export const PCS_UPGRADE_GAP_MS = 120_000;

/** Names a firmware image file may have (240401 otherwise). */
export const firmwareExtensions = ['.bin', '.hex', '.img', '.fw'] as const;

/** Largest firmware image accepted, bytes. */
export const FIRMWARE_MAX_BYTES = 256 * 1024 * 1024;

/** True when a file name ends with one of `firmwareExtensions` (case-insensitive). */
export function isFirmwareFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return firmwareExtensions.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/**
 * What the maker's Ed25519 key signs: this text, built from the image's SHA-256 and length. The
 * image is hashed as it streams (never held whole), and the signature over its digest binds every
 * byte of it (hash-then-sign). The signing script, the portal and the device all build it here.
 */
export function firmwareSignedText(sha256: string, sizeBytes: number): string {
  return `helio-firmware/1 sha256=${sha256} size=${sizeBytes}`;
}

/** The signature file the signing script writes beside an image (`<image>.sig`), JSON. */
export const FIRMWARE_SIGNATURE_FORMAT = 'helio-firmware-signature/1';
export const firmwareSignatureFile = z.object({
  format: z.literal(FIRMWARE_SIGNATURE_FORMAT),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size_bytes: z.number().int().min(1),
  /** The first 16 hex digits of the SHA-256 of the raw 32-byte public key (`firmwareKeyId`). */
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
  /** Ed25519 signature of `firmwareSignedText(sha256, size_bytes)`, base64 (64 bytes). */
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});
export type FirmwareSignatureFile = z.infer<typeof firmwareSignatureFile>;

/** Largest signature file text, characters. */
export const FIRMWARE_SIGNATURE_MAX_CHARS = 2000;

/**
 * Reads a signature file's text: the parsed file, or undefined when it is not one (not JSON, or
 * not of the format).
 */
export function parseFirmwareSignature(text: string): FirmwareSignatureFile | undefined {
  try {
    const parsed = firmwareSignatureFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Compares two firmware versions by their numbers in order ("V2.14.3" < "V2.15.0" < "V10.0"),
 * then as text: negative when `a` is older, 0 when the same, positive when newer.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const numbers = (version: string) => (version.match(/\d+/g) ?? []).map(Number);
  const left = numbers(a);
  const right = numbers(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/** An upgrade task's state: waiting for its start, running its stages, paused, or over. */
export const upgradeTaskStates = ['scheduled', 'running', 'paused', 'cancelled', 'completed'] as const;
export type UpgradeTaskState = (typeof upgradeTaskStates)[number];

/** Why a task paused: by its installer, or by itself when failures passed its threshold. */
export const upgradePauseReasons = ['manual', 'failures'] as const;
export type UpgradePauseReason = (typeof upgradePauseReasons)[number];

/**
 * Where one device's upgrade of one file stands in its task: `queued` not yet asked (waiting for
 * its stage, for the device to come online or for the PCS gap), `sent` a command out (its SPEC §4
 * status then moves 0 → 1 → 2 or a failure), `succeeded`, `failed`, or `cancelled` with its task
 * before it was asked.
 */
export const upgradeRowStates = ['queued', 'sent', 'succeeded', 'failed', 'cancelled'] as const;
export type UpgradeRowState = (typeof upgradeRowStates)[number];

/** Staged rollout: the defaults and limits of a task's canary, batches and failure threshold. */
export const rolloutLimits = {
  maxDevices: 1000,
  canaryDefault: 1,
  batchDefault: 10,
  batchMax: 500,
  thresholdDefaultPct: 20,
} as const;

/**
 * The stage of the device at `index` (0-based, in the task's order): 0 is the canary group of
 * `canarySize` devices, then batches of `batchSize`.
 */
export function rolloutStage(index: number, canarySize: number, batchSize: number): number {
  if (index < canarySize) return 0;
  return 1 + Math.floor((index - canarySize) / batchSize);
}

/**
 * Whether a task's finished outcomes since it last started or resumed pass its threshold: more
 * than `thresholdPct` % of them failed (at least one). A task pauses itself then.
 */
export function failuresPassThreshold(failed: number, finished: number, thresholdPct: number): boolean {
  return failed > 0 && finished > 0 && (failed * 100) / finished > thresholdPct;
}
