import {
  compareFirmwareVersions,
  type FirmwarePart,
  firmwareParts,
  type UpgradeStatus,
  type UpgradeTaskItem,
  type UpgradeTaskState,
  upgradeStatuses,
} from '@helio/contracts';

/**
 * What the upgrade screens show of a task and its rows, as rules apart from the screens: which
 * acts a state allows, when a screen asks again, how a status is coloured, and how the choices
 * of a new task are read.
 */

/** A task that will not move any more: nothing to poll, nothing to pause or resume. */
export function isTaskOver(state: UpgradeTaskState): boolean {
  return state === 'cancelled' || state === 'completed';
}

/** The acts a task's state allows (the server refuses the others). */
export function taskActs(state: UpgradeTaskState): { pause: boolean; resume: boolean; cancel: boolean } {
  return {
    pause: state === 'running' || state === 'scheduled',
    resume: state === 'paused',
    cancel: !isTaskOver(state),
  };
}

/** The task list is asked again while one of its tasks runs (or waits for its start). */
export function anyTaskMoving(list: readonly Pick<UpgradeTaskItem, 'state'>[]): boolean {
  return list.some((task) => task.state === 'running' || task.state === 'scheduled');
}

/** The tone of a SPEC §4 status: 0 waiting, 1 in progress, 2 completed, 3–9 failures. */
export type StatusTone = 'waiting' | 'active' | 'done' | 'failed';

export function statusTone(status: UpgradeStatus): StatusTone {
  if (status === 0) return 'waiting';
  if (status === 1) return 'active';
  if (status === 2) return 'done';
  return 'failed';
}

/** antd tag colours of the tones. */
export const toneColor: Record<StatusTone, string> = {
  waiting: 'default',
  active: 'processing',
  done: 'success',
  failed: 'error',
};

/** A task's rows by SPEC §4 status, 0 to 9, with the rows not sent yet first (null). */
export function statusCounts(counts: UpgradeTaskItem['counts']): { status: UpgradeStatus; count: number }[] {
  return upgradeStatuses
    .map((status) => ({ status, count: counts.by_status[String(status)] ?? 0 }))
    .filter((entry) => entry.count > 0);
}

/** How far a task is: rows finished (succeeded, failed or cancelled) of all, whole percent. */
export function taskDonePercent(counts: UpgradeTaskItem['counts']): number {
  if (counts.total === 0) return 0;
  return Math.floor(((counts.succeeded + counts.failed + counts.cancelled) * 100) / counts.total);
}

/** A SHA-256 shortened for a table: its first 12 hex digits. */
export function shortSha(sha256: string): string {
  return sha256.slice(0, 12);
}

/** A size in bytes for people: B, KB, MB, GB (powers of 1024), in the interface language. */
export function byteSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * Whether a file moves a device's part down (its version is older than the one running): the
 * screen warns before the server asks for a confirmation (7006).
 */
export function isDowngrade(current: string | undefined, version: string): boolean {
  return current !== undefined && compareFirmwareVersions(version, current) < 0;
}

/** The parts a new task's choices offer files for, in the contracts' order of parts. */
export function partsWithFiles<T extends { part: FirmwarePart }>(files: readonly T[]): FirmwarePart[] {
  return firmwareParts.filter((part) => files.some((file) => file.part === part));
}
