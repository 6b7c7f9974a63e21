import { z } from 'zod';
import { deviceTypes, upgradeStatuses } from '../../enums.ts';
import {
  FIRMWARE_SIGNATURE_MAX_CHARS,
  firmwareParts,
  rolloutLimits,
  upgradePauseReasons,
  upgradeRowStates,
  upgradeTaskStates,
} from '../../firmware.ts';
import { languages } from '../../i18n.ts';
import { formId, optionalField, requiredText } from '../../validation/common.ts';
import { defineCall, type UploadDef } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';
import { chartDownload } from './chart.ts';

/**
 * Firmware (SPEC.md §3 "Upgrade record", §4, §8 6000/7000–7004/240401, PRODUCT.md §8): the
 * platform operator's catalogue (series → models → signed files; every other account gets 9001),
 * and installers' upgrade tasks with a staged rollout. The rules are contracts firmware.ts.
 *
 * Publishing a file takes two steps: `api/firmware/file/upload` streams the image into a staging
 * area (answering its SHA-256 and length), then `api/firmware/file/add` names it, with the
 * signature file the operator made offline (`npm run firmware:sign`); the portal keeps it only if
 * the signature verifies with a key of `FIRMWARE_KEYS` and the staged image's SHA-256 and length
 * are the signed ones.
 */

const name = (max: number) =>
  requiredText('validation.invalidValue').max(max, { error: 'validation.textTooLong' });
const versionText = requiredText('validation.firmwareVersion')
  .max(40, { error: 'validation.firmwareVersion' })
  .regex(/\d/, { error: 'validation.firmwareVersion' });
const equSn = requiredText('validation.deviceSnRequired').max(64, { error: 'validation.deviceSnRequired' });
const part = z.enum(firmwareParts, { error: 'validation.invalidValue' });

/** Release notes in any of the five languages (at least one when given). */
export const releaseNotes = z.partialRecord(
  z.enum(languages),
  z.string().trim().max(4000, { error: 'validation.textTooLong' }),
);

// ---- catalogue (the operator) ----

export const seriesItem = z.object({
  series_id: z.number().int(),
  name: z.string(),
  models: z.number().int().describe('Models bound to it (deleting is refused, 7001)'),
  created_at: z.string(),
});
export type FirmwareSeriesItem = z.infer<typeof seriesItem>;

export const seriesList = defineCall({
  path: 'api/firmware/series/list',
  summary: 'The catalogue’s series with how many models each has (the operator only)',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: z.object({ list: z.array(seriesItem) }),
});

export const seriesAdd = defineCall({
  path: 'api/firmware/series/add',
  summary: 'Adds a series (7000 when the name exists)',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({ name: name(60) }),
  data: z.object({ series_id: z.number().int() }),
});

export const seriesDel = defineCall({
  path: 'api/firmware/series/del',
  summary: 'Deletes a series without models (7001 when models are bound)',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({ series_id: formId }),
  data: z.null(),
});

export const modelItem = z.object({
  model_id: z.number().int(),
  series_id: z.number().int(),
  series_name: z.string(),
  name: z.string().describe('The model as devices report it (a device of this model is bound to it)'),
  device_type: z.literal(deviceTypes),
  parts: z.array(z.enum(firmwareParts)),
  devices: z.number().int().describe('Registered devices of the model, fleet-wide'),
  files: z.number().int(),
});
export type FirmwareModelItem = z.infer<typeof modelItem>;

export const modelList = defineCall({
  path: 'api/firmware/model/list',
  summary: 'The catalogue’s models, of one series or all (the operator only)',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({ series_id: optionalField(formId) }),
  data: z.object({ list: z.array(modelItem) }),
});

export const modelAdd = defineCall({
  path: 'api/firmware/model/add',
  summary: 'Binds a model to a series, with its device type and the parts firmware can target',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({
    series_id: formId,
    name: name(60),
    device_type: z.coerce
      .number<number | string>({ error: 'validation.invalidValue' })
      .refine((value) => (deviceTypes as number[]).includes(value), { error: 'validation.invalidValue' }),
    parts: z
      .array(part, { error: 'validation.firmwarePartRequired' })
      .min(1, { error: 'validation.firmwarePartRequired' })
      .refine((list) => new Set(list).size === list.length, { error: 'validation.invalidValue' }),
  }),
  data: z.object({ model_id: z.number().int() }),
});

export const modelDel = defineCall({
  path: 'api/firmware/model/del',
  summary: 'Deletes a model without files (200701 otherwise)',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({ model_id: formId }),
  data: z.null(),
});

export const fileItem = z.object({
  file_id: z.number().int(),
  model_id: z.number().int(),
  model_name: z.string(),
  series_name: z.string(),
  device_type: z.literal(deviceTypes),
  part: z.enum(firmwareParts),
  name: z.string(),
  version: z.string(),
  min_version: z.string().nullable().describe('Devices below this version of the part cannot take it'),
  size_bytes: z.number().int(),
  sha256: z.string(),
  key_id: z.string().describe('The FIRMWARE_KEYS key its signature verified with'),
  notes: releaseNotes,
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type FirmwareFileItem = z.infer<typeof fileItem>;

export const fileList = defineCall({
  path: 'api/firmware/file/list',
  summary: 'The catalogue’s files, newest first, of one model or all (the operator only)',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({ ...pageRequest, model_id: optionalField(formId) }),
  data: pageOf(fileItem),
});

/** The staged image's upload: multipart, one file in field `file`, streamed (never held whole). */
export const fileUpload = {
  path: 'api/firmware/file/upload',
  summary:
    'Streams a firmware image into the staging area; answers its upload id, SHA-256 and length (the operator only; 240401 for a name not ending .bin, .hex, .img or .fw)',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  field: 'file',
  maxBytes: 256 * 1024 * 1024,
  mediaTypes: ['application/octet-stream'],
  data: z.object({
    upload_id: z.string(),
    file_name: z.string(),
    size_bytes: z.number().int(),
    sha256: z.string(),
  }),
} as const satisfies UploadDef;

export const fileAdd = defineCall({
  path: 'api/firmware/file/add',
  summary:
    'Publishes a staged image with its signature file: kept only when the signature verifies with a FIRMWARE_KEYS key over the image’s SHA-256 and length (7004 when the name exists)',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({
    upload_id: z.uuid({ error: 'validation.firmwareUploadMissing' }),
    model_id: formId,
    part,
    name: name(120),
    version: versionText,
    min_version: optionalField(versionText),
    notes: releaseNotes.default({}),
    signature: requiredText('validation.firmwareSignatureRequired').max(FIRMWARE_SIGNATURE_MAX_CHARS, {
      error: 'validation.firmwareSignatureInvalid',
    }),
  }),
  data: z.object({ file_id: z.number().int() }),
});

export const fileDel = defineCall({
  path: 'api/firmware/file/del',
  summary: 'Withdraws a file no unfinished task uses (200701 otherwise); its upgrade records stay',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({ file_id: formId }),
  data: z.null(),
});

// ---- upgrade tasks (installers) ----

/** A device of a task's choice: its current version of each part the model has. */
export const choiceDevice = z.object({
  equ_sn: z.string(),
  station_name: z.string(),
  state: z.enum(['online', 'offline', 'alarm']),
  versions: z.partialRecord(z.enum(firmwareParts), z.string()),
  busy: z.boolean().describe('In an unfinished upgrade task already (7003)'),
});

export const choiceFile = z.object({
  file_id: z.number().int(),
  part: z.enum(firmwareParts),
  name: z.string(),
  version: z.string(),
  min_version: z.string().nullable(),
  size_bytes: z.number().int(),
  notes: z.string().describe('Release notes in the caller’s language (else English, else any)'),
  created_at: z.string(),
  downgrades: z.number().int().describe('Chosen devices that run a newer version of the part'),
  below_minimum: z.number().int().describe('Chosen devices below its minimum version'),
});

export const choices = defineCall({
  path: 'api/firmware/choices',
  summary:
    'For devices an installer chose: their model, their versions and the files of their model (200906 when they differ in type or model, 7002 when the model is not in the catalogue)',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({
    sns: z
      .array(equSn, { error: 'validation.devicesRequired' })
      .min(1, { error: 'validation.devicesRequired' })
      .max(rolloutLimits.maxDevices, { error: 'validation.selectionLimit' }),
  }),
  data: z.object({
    model: z.string(),
    device_type: z.literal(deviceTypes),
    devices: z.array(choiceDevice),
    files: z.array(choiceFile),
  }),
});

export const taskCounts = z
  .object({
    total: z.number().int(),
    queued: z.number().int(),
    by_status: z.partialRecord(
      z.enum(upgradeStatuses.map(String) as [string, ...string[]]),
      z.number().int(),
    ),
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .describe('Rows (device × file) by where they stand; by_status counts the SPEC §4 status of the sent ones');

export const taskItem = z.object({
  task_id: z.number().int(),
  name: z.string(),
  model: z.string(),
  files: z.array(
    z.object({
      file_id: z.number().int(),
      part: z.enum(firmwareParts),
      name: z.string(),
      version: z.string(),
    }),
  ),
  state: z.enum(upgradeTaskStates),
  pause_reason: z.enum(upgradePauseReasons).nullable(),
  start_at: z.string(),
  canary_size: z.number().int(),
  batch_size: z.number().int(),
  failure_threshold_pct: z.number().int(),
  stage: z.number().int().describe('The stage being rolled out: 0 the canary group, then batches from 1'),
  stages: z.number().int(),
  devices: z.number().int(),
  counts: taskCounts,
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type UpgradeTaskItem = z.infer<typeof taskItem>;

const taskId = z.object({ task_id: formId });

export const taskAdd = defineCall({
  path: 'api/firmware/task/add',
  summary:
    'Starts an upgrade task: devices of one model (each unlocked by its password), one file per part, a start time and the rollout (canary, batches, failure threshold). 7003 when a device is in an unfinished task, 6000 when the caller’s tree already runs a task for that model’s part, 7002 when a file is not for the devices’ model, 7006 when it would downgrade a device and `confirm_downgrade` is not set, 7007 when a device is below a file’s minimum version',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: z.object({
    name: optionalField(name(120)),
    sns: z
      .array(equSn, { error: 'validation.devicesRequired' })
      .min(1, { error: 'validation.devicesRequired' })
      .max(rolloutLimits.maxDevices, { error: 'validation.selectionLimit' }),
    file_ids: z
      .array(formId, { error: 'validation.firmwareFileRequired' })
      .min(1, { error: 'validation.firmwareFileRequired' })
      .max(firmwareParts.length, { error: 'validation.invalidValue' }),
    start_at: optionalField(z.iso.datetime({ offset: true, error: 'validation.invalidValue' })).describe(
      'When the rollout starts (ISO 8601); now when absent or past',
    ),
    canary_size: z.coerce
      .number<number | string>({ error: 'validation.rolloutRange' })
      .int({ error: 'validation.rolloutRange' })
      .min(1, { error: 'validation.rolloutRange' })
      .max(rolloutLimits.batchMax, { error: 'validation.rolloutRange' })
      .default(rolloutLimits.canaryDefault),
    batch_size: z.coerce
      .number<number | string>({ error: 'validation.rolloutRange' })
      .int({ error: 'validation.rolloutRange' })
      .min(1, { error: 'validation.rolloutRange' })
      .max(rolloutLimits.batchMax, { error: 'validation.rolloutRange' })
      .default(rolloutLimits.batchDefault),
    failure_threshold_pct: z.coerce
      .number<number | string>({ error: 'validation.rolloutRange' })
      .int({ error: 'validation.rolloutRange' })
      .min(0, { error: 'validation.rolloutRange' })
      .max(100, { error: 'validation.rolloutRange' })
      .default(rolloutLimits.thresholdDefaultPct),
    confirm_downgrade: z.boolean({ error: 'validation.invalidValue' }).default(false),
  }),
  data: z.object({ task_id: z.number().int() }),
});

export const taskList = defineCall({
  path: 'api/firmware/task/list',
  summary: 'Upgrade tasks of the caller’s tree, newest first, with their counts',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({ ...pageRequest, state: optionalField(z.enum(upgradeTaskStates)) }),
  data: pageOf(taskItem),
});

export const taskRow = z.object({
  equ_sn: z.string(),
  station_name: z.string(),
  device_state: z.enum(['online', 'offline', 'alarm']),
  stage: z.number().int(),
  part: z.enum(firmwareParts),
  file_name: z.string(),
  from_version: z.string().nullable(),
  version: z.string(),
  state: z.enum(upgradeRowStates),
  status: z.literal(upgradeStatuses).nullable().describe('SPEC §4 status once sent'),
  progress_pct: z.number().int().nullable(),
  message: z.string().nullable(),
  waiting_for: z
    .enum(['stage', 'online', 'pcs_gap', 'start', 'pause'])
    .nullable()
    .describe('Why a queued row is not sent yet'),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type UpgradeTaskRow = z.infer<typeof taskRow>;

export const taskDetail = defineCall({
  path: 'api/firmware/task/detail',
  summary: 'One task with every device’s progress (or the address of its .xlsx export with `export: 1`)',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: taskId.extend({
    export: optionalField(z.coerce.number().int().min(0).max(1)),
    language: optionalField(z.enum(languages)),
  }),
  data: z.union([taskItem.extend({ rows: z.array(taskRow) }), chartDownload]),
});

export const taskPause = defineCall({
  path: 'api/firmware/task/pause',
  summary: 'Pauses a running or scheduled task: nothing more is sent; what is under way finishes',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: taskId,
  data: z.null(),
});

export const taskResume = defineCall({
  path: 'api/firmware/task/resume',
  summary: 'Resumes a paused task; its failure threshold counts again from now',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: taskId,
  data: z.null(),
});

export const taskCancel = defineCall({
  path: 'api/firmware/task/cancel',
  summary: 'Cancels a task: devices not yet asked are not upgraded; what is under way finishes',
  domain: 'firmware',
  access: 'user',
  kind: 'write',
  body: taskId,
  data: z.null(),
});

/** One upgrade record (SPEC.md §3): status, time, file, and who. */
export const upgradeRecord = z.object({
  task_id: z.number().int(),
  part: z.enum(firmwareParts),
  file: z.string(),
  from_version: z.string().nullable(),
  version: z.string(),
  state: z.enum(upgradeRowStates),
  status: z.literal(upgradeStatuses).nullable(),
  progress_pct: z.number().int().nullable(),
  message: z.string().nullable(),
  time: z.string().describe('When it last moved'),
  created_by: z.string().nullable(),
});
export type UpgradeRecord = z.infer<typeof upgradeRecord>;

export const updateLog = defineCall({
  path: 'api/setting/system/updateLog',
  summary: 'The device’s upgrade records, newest first: status (SPEC.md §4, 0–9), time, file and who',
  domain: 'firmware',
  access: 'user',
  kind: 'read',
  body: z.object({ equ_sn: equSn, ...pageRequest }),
  data: pageOf(upgradeRecord),
});
