import { z } from 'zod';
import { settingGroups } from '../../control/device-settings.ts';
import { commandNames, replyErrors, selfTestRow } from '../../device-link/messages.ts';
import { upgradeStatuses } from '../../enums.ts';
import { requiredText } from '../../validation/common.ts';
import { networkFields, networkRule } from '../../validation/network.ts';
import { devicePasswordCheck, password } from '../../validation/user.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';

/**
 * Remote control of one device (SPEC.md §2 device detail's settings and log, device password,
 * network; PRODUCT.md §8): the device password, parameter settings read and written by commands,
 * network, self-test, debugging, restart, the system group, the command log and the device's
 * diagnostics. A device is named by its SN (`equ_sn`, as api/setting/ispwd names it); one outside
 * the caller's reach answers 9001 like one that does not exist. Writes need the device unlocked by
 * its password for this sign-in (200905 when wrong); reads do not. Every act goes to the device as
 * one command (`device_commands`) and into the operation log.
 */

const equSn = requiredText('validation.deviceSnRequired').max(64, { error: 'validation.deviceSnRequired' });
const device = z.object({ equ_sn: equSn });
/** A client-chosen key: the same key again answers the same command (a double click, a retry). */
const idempotencyKey = z
  .uuid({ error: 'validation.invalidValue' })
  .describe('Client-chosen UUID; sent again, the same command answers');
const settingValue = z.union([z.number().finite(), z.string().max(200), z.boolean()], {
  error: 'validation.invalidValue',
});

export const commandStates = [
  'pending',
  'sent',
  'acknowledged',
  'progress',
  'succeeded',
  'failed',
  'expired',
] as const;
export type CommandStateName = (typeof commandStates)[number];

/** One command as the Log tab lists it. */
export const commandItem = z.object({
  command_id: z.string(),
  name: z.enum(commandNames),
  state: z.enum(commandStates),
  progress_pct: z.number().int().nullable(),
  upgrade_status: z.literal(upgradeStatuses).nullable(),
  message: z.string().nullable().describe("The device's reply in its own words"),
  error: z.enum(replyErrors).nullable(),
  params: z.record(z.string(), z.unknown()).describe('What was asked (no secrets)'),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
  expires_at: z.string(),
  created_by: z.string().nullable().describe('Who asked: an account name, or null for the portal itself'),
});
export type CommandItem = z.infer<typeof commandItem>;

/**
 * What a device's live stream says (api/ems5000/live, api/charging/live): `ready` naming the
 * device, then `reading` when a newer reading of it is stored and `command` when one of its
 * commands appears or moves.
 */
export const deviceLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), equ_sn: z.string() }),
  z.object({ type: z.literal('reading'), updated_at: z.string() }),
  z.object({
    type: z.literal('command'),
    command_id: z.string(),
    name: z.string(),
    state: z.enum(commandStates),
  }),
]);
export type DeviceLiveEvent = z.infer<typeof deviceLiveEvent>;

const commandAnswer = z.object({ command_id: z.string(), state: z.enum(commandStates) });

export const unlock = defineCall({
  path: 'api/setting/ispwd',
  summary:
    'Check a device’s settings password: right unlocks the device’s writes for this sign-in for 30 minutes; wrong is 200905; five wrong in 15 minutes block tries for 15 minutes',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: devicePasswordCheck,
  data: z.object({ unlocked_until: z.string() }),
});

export const setDevicePassword = defineCall({
  path: 'api/setting/password',
  summary: 'Set a device’s settings password (its installer): stored hashed, never shown again',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device.extend({ pwd: password }),
  data: z.null(),
});

export const setTreePassword = defineCall({
  path: 'api/setting/treePassword',
  summary:
    'Set the installer tree’s default settings password (its level-1 installer): devices without their own password take it',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: z.object({ pwd: password }),
  data: z.null(),
});

/** What the Settings tab shows and may do. */
export const settingsView = z.object({
  equ_sn: z.string(),
  device_id: z.number().int(),
  device_type: z.number().int(),
  rated_power_w: z.number().nullable(),
  status: z.enum(['online', 'offline', 'alarm']),
  groups: z.array(z.enum(settingGroups)).describe('The groups the device has (catalogue ∩ what it reported)'),
  writable_groups: z
    .array(z.enum(settingGroups))
    .describe(
      'The groups the caller may change: installers and grantees all, end users export and battery, the demo none',
    ),
  needs_password: z
    .boolean()
    .describe('Writes need the device password (false for the demo, which cannot write)'),
  unlocked_until: z.string().nullable(),
  values: z
    .record(z.string(), settingValue)
    .nullable()
    .describe('The values last read; null before the first read'),
  read_at: z.string().nullable(),
  reading: z.string().nullable().describe('The id of a read command still pending'),
  pending: z.array(commandItem).describe('Settings, network and system commands not finished'),
  last: commandItem.nullable().describe('The newest finished settings command'),
  debug_until: z.string().nullable().describe('When the running debug session ends'),
  self_test: z.boolean().describe('The device’s standard requires a self-test'),
  command_ttl_h: z.number().describe('Hours a command waits for an offline device before it expires'),
});
export type SettingsView = z.infer<typeof settingsView>;

export const settings = defineCall({
  path: 'api/setting/device',
  summary: 'A device’s settings as last read, what the caller may change, and its commands under way',
  domain: 'control',
  access: 'user',
  kind: 'read',
  body: device,
  data: settingsView,
});

export const read = defineCall({
  path: 'api/setting/read',
  summary: 'Ask the device for its current values (a read command); 7005 while another read is pending',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device,
  data: commandAnswer,
});

export const save = defineCall({
  path: 'api/setting/save',
  summary:
    'Change settings: one command per change set, checked against the device type, its rating and grid standard (200005 naming the field), applied by the device all or nothing',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device.extend({
    key: idempotencyKey,
    changes: z
      .record(z.string().min(1).max(64), settingValue, { error: 'validation.invalidValue' })
      .refine((changes) => Object.keys(changes).length > 0, { error: 'validation.invalidValue' })
      .refine((changes) => Object.keys(changes).length <= 80, { error: 'validation.invalidValue' }),
  }),
  data: commandAnswer,
});

export const network = defineCall({
  path: 'api/setting/network',
  summary: 'Set the device’s IP configuration (DHCP or static); the device reconnects with it',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device.extend({ key: idempotencyKey, ...networkFields }).superRefine(networkRule),
  data: commandAnswer,
});

export const selfTest = defineCall({
  path: 'api/setting/selfTest',
  summary:
    'Start the device’s self-test (standards that require it); the report is mailed to the caller in about 15 minutes',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device,
  data: commandAnswer,
});

export const selfTestReport = defineCall({
  path: 'api/setting/selfTest/report',
  summary: 'A self-test’s result: each protection stage’s set limit against the measured trip',
  domain: 'control',
  access: 'user',
  kind: 'read',
  body: z.object({ command_id: z.uuid({ error: 'validation.invalidValue' }) }),
  data: z.object({
    equ_sn: z.string(),
    grid_standard: z.string().nullable(),
    state: z.enum(commandStates),
    message: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    passed: z.boolean().nullable(),
    rows: z.array(selfTestRow),
  }),
});

export const DEBUG_MINUTES = { min: 5, max: 120, default: 30 } as const;

export const debug = defineCall({
  path: 'api/setting/debug',
  summary:
    'Start or stop a debug session: the device reports every 10 s until it ends by itself; 8001 when one runs, 240000 when the device cannot switch',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device.extend({
    action: z.enum(['start', 'stop'], { error: 'validation.invalidValue' }),
    minutes: z.coerce
      .number<number | string>({ error: 'validation.debugMinutes' })
      .int({ error: 'validation.debugMinutes' })
      .min(DEBUG_MINUTES.min, { error: 'validation.debugMinutes' })
      .max(DEBUG_MINUTES.max, { error: 'validation.debugMinutes' })
      .default(DEBUG_MINUTES.default),
  }),
  data: commandAnswer,
});

export const restart = defineCall({
  path: 'api/setting/restart',
  summary: 'Restart the device remotely',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device,
  data: commandAnswer,
});

export const systemAction = defineCall({
  path: 'api/setting/system',
  summary:
    'The device’s system group: set its clock and time zone to the station’s, or restore its default settings',
  domain: 'control',
  access: 'user',
  kind: 'write',
  body: device.extend({
    action: z.enum(['sync_clock', 'restore_defaults'], { error: 'validation.invalidValue' }),
  }),
  data: commandAnswer,
});

export const commands = defineCall({
  path: 'api/setting/commands',
  summary: 'The device’s commands, newest first: what, who, when, state, progress and the device’s reply',
  domain: 'control',
  access: 'user',
  kind: 'read',
  body: device.extend({
    ...pageRequest,
    name: z.enum(commandNames).optional(),
    state: z.enum(commandStates).optional(),
  }),
  data: pageOf(commandItem),
});

export const command = defineCall({
  path: 'api/setting/command',
  summary: 'One command by its id (to follow it until it ends)',
  domain: 'control',
  access: 'user',
  kind: 'read',
  body: z.object({ command_id: z.uuid({ error: 'validation.invalidValue' }) }),
  data: commandItem,
});

export const diagnosticKinds = [
  'schema',
  'clock_ahead',
  'too_old',
  'before_registration',
  'unknown_code',
  'refused_topic',
  'too_large',
  'version',
] as const;
export type DiagnosticKind = (typeof diagnosticKinds)[number];

export const diagnostics = defineCall({
  path: 'api/device/diagnostics',
  summary:
    'The device’s last refused or dropped messages with the reason (its installer’s view, to debug an integration without the server’s log)',
  domain: 'control',
  access: 'user',
  kind: 'read',
  body: device,
  data: z.object({
    list: z.array(
      z.object({
        at: z.string(),
        kind: z.enum(diagnosticKinds),
        topic: z.string().nullable(),
        detail: z.string().describe('What was wrong, e.g. the failing field; never the payload'),
      }),
    ),
  }),
});
