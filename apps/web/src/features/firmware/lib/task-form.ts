import {
  type CallData,
  devicePassword,
  type FirmwarePart,
  firmware,
  optionalField,
  rolloutLimits,
} from '@helio/contracts';
import type { Dayjs } from 'dayjs';
import type { TaskAdd } from '../api/tasks.ts';

/**
 * The "New upgrade task" form and the body of api/firmware/task/add: the chosen file of each
 * part, the start (now or a time), the rollout and the device password typed once.
 */

export type Choices = CallData<typeof firmware.choices>;

export interface TaskFormValues {
  name?: string | undefined;
  /** The chosen file of each part; 0 (none) leaves the part as it is. */
  files?: Partial<Record<FirmwarePart, number | undefined>> | undefined;
  start?: 'now' | 'at' | undefined;
  start_at?: Dayjs | null | undefined;
  canary_size?: number | null | undefined;
  batch_size?: number | null | undefined;
  failure_threshold_pct?: number | null | undefined;
  pwd?: string | undefined;
}

export const taskFormDefaults: TaskFormValues = {
  start: 'now',
  canary_size: rolloutLimits.canaryDefault,
  batch_size: rolloutLimits.batchDefault,
  failure_threshold_pct: rolloutLimits.thresholdDefaultPct,
};

/** The typed fields' rules: the add call's own, and the device password's when one is typed. */
export const taskFormSchema = firmware.taskAdd.body
  .pick({ name: true, canary_size: true, batch_size: true, failure_threshold_pct: true })
  .extend({ pwd: optionalField(devicePassword) });

/** "Leave this part as it is": no file for it. */
export const NO_FILE = 0;

/** The files chosen, one per part. */
export function chosenFileIds(values: TaskFormValues): number[] {
  return Object.values(values.files ?? {}).filter((id): id is number => typeof id === 'number' && id > 0);
}

/** The task's body for the chosen devices. */
export function taskBody(values: TaskFormValues, sns: readonly string[], confirmDowngrade: boolean): TaskAdd {
  const startAt = values.start === 'at' && values.start_at ? values.start_at.toISOString() : undefined;
  return {
    name: values.name?.trim() || undefined,
    sns: [...sns],
    file_ids: chosenFileIds(values),
    start_at: startAt,
    canary_size: values.canary_size ?? rolloutLimits.canaryDefault,
    batch_size: values.batch_size ?? rolloutLimits.batchDefault,
    failure_threshold_pct: values.failure_threshold_pct ?? rolloutLimits.thresholdDefaultPct,
    confirm_downgrade: confirmDowngrade,
  };
}

/** How many chosen devices the chosen files would move down, and how many are below a minimum. */
export function riskCounts(choices: Choices | undefined, fileIds: readonly number[]) {
  const files = (choices?.files ?? []).filter((file) => fileIds.includes(file.file_id));
  return {
    downgrades: Math.max(0, ...files.map((file) => file.downgrades)),
    belowMinimum: Math.max(0, ...files.map((file) => file.below_minimum)),
  };
}
