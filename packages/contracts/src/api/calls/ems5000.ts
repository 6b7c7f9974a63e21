import { z } from 'zod';
import { emsModeKinds } from '../../control/ems-console.ts';
import { emsParts } from '../../device-link/values.ts';
import { isRangeDate } from '../../energy.ts';
import { deviceStates } from '../../enums.ts';
import { strategyModes } from '../../strategy/command.ts';
import { templateFields, templateKinds } from '../../strategy/templates.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { defineCall, type EventStreamDef } from '../call.ts';
import { commandItem, commandStates, type DeviceLiveEvent, deviceLiveEvent } from './control.ts';
import { strategyItem } from './strategy.ts';

/**
 * The EMS 5000 console of a C&I station (SPEC.md §7 "EMS 5000", PRODUCT.md §8): the system at a
 * glance, one part's real-time values and day history, its parameters read and written through
 * commands, the answer polled by command id (7005 while the device has not answered), and the
 * modes (switched by `api/mode/update`). A station is named by its id; one outside the caller's
 * reach, or without an EMS 5000, answers 9001. Writes need the EMS unlocked by its device password
 * for this sign-in (200905); reads do not; the demo reads everything and writes nothing.
 */

const station = z.object({ station_id: formId });
const part = z.enum(emsParts, { error: 'validation.invalidValue' });
const flatValue = z.union([z.number(), z.string()]);
const settingValue = z.union([z.number().finite(), z.string().max(200), z.boolean()], {
  error: 'validation.invalidValue',
});
const idempotencyKey = z
  .uuid({ error: 'validation.invalidValue' })
  .describe('Client-chosen UUID; sent again, the same command answers');

/** What every answer about the system carries: the EMS device and the caller's rights on it. */
const systemHead = {
  station_id: z.number().int(),
  device_id: z.number().int(),
  equ_sn: z.string(),
  status: z.enum(deviceStates),
  updated_at: z.string().nullable().describe('The newest reading'),
  needs_password: z
    .boolean()
    .describe('Writes need the device password (false for the demo, which cannot write)'),
  unlocked_until: z.string().nullable(),
};

const openAlarm = z.object({
  alarm_id: z.number().int(),
  code: z.number().int(),
  severity: z.string(),
  started_at: z.string(),
});

export const sysIndex = defineCall({
  path: 'api/ems5000/sys/index',
  summary:
    'The EMS 5000 system at a glance: its own state and running mode, and each part with its state (the part’s numbered set), key values, alarms happening now and whether the caller may write it',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station,
  data: z.object({
    ...systemHead,
    state: z.number().int().nullable().describe('The system’s state (ems states)'),
    mode: z.enum(strategyModes).nullable().describe('The mode the EMS reports running'),
    parts: z.array(
      z.object({
        part,
        state: z.number().int().nullable().describe('The part’s state, of its own set'),
        values: z.record(z.string(), flatValue).describe('Key values, unprefixed'),
        alarms: z.array(openAlarm),
        writable: z.boolean(),
      }),
    ),
  }),
});

export const ex = defineCall({
  path: 'api/ems5000/ex',
  summary:
    'One part’s full real-time values (unprefixed; a BMS’s clusters as `clusters.n.field`) and its day history in five-minute means of its chart fields, in the station’s local day',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station
    .extend({
      part,
      date: optionalField(z.string().trim().max(10)).describe(
        'The station-local day of the history (YYYY-MM-DD); today when absent',
      ),
    })
    .superRefine((body, ctx) => {
      if (body.date !== undefined && !isRangeDate('day', body.date))
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.chartDate' });
    }),
  data: z.object({
    ...systemHead,
    part,
    state: z.number().int().nullable(),
    values: z.record(z.string(), flatValue),
    alarms: z.array(openAlarm),
    history: z.object({
      date: z.string(),
      start: z.string().describe('The local day’s first instant'),
      step_s: z.number().int(),
      series: z.array(z.object({ field: z.string(), values: z.array(z.number().nullable()) })),
    }),
  }),
});

const parameterItem = z.object({
  name: z.string().describe('Unprefixed (`max_charge_w` of `pcs`)'),
  kind: z.enum(['number', 'choice', 'time', 'switch', 'text']),
  access: z.enum(['rw', 'r']),
  unit: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  decimals: z.number().int().nullable(),
  options: z.array(z.string()).nullable(),
  value: settingValue.nullable().describe('As last read; null before the first read'),
});

export const sysRw = defineCall({
  path: 'api/ems5000/sys/rw',
  summary:
    'A part’s parameters with their range, unit, read/write flag and value as last read; `read: true` also asks the device for its values now (a read command: poll it with api/sys/set/polling/reply; 7005 while a read is pending; the demo may not)',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station.extend({
    part,
    // a form's "1"/"true" and "0"/"false" as well (a coerced "false" would be true)
    read: z
      .preprocess(
        (value) =>
          value === 'true' || value === '1' || value === 1
            ? true
            : value === 'false' || value === '0' || value === 0
              ? false
              : value,
        z.boolean({ error: 'validation.invalidValue' }),
      )
      .default(false),
  }),
  data: z.object({
    ...systemHead,
    part,
    writable: z.boolean(),
    parameters: z.array(parameterItem),
    read_at: z.string().nullable(),
    reading: z.string().nullable().describe('The id of a read command still pending'),
    pending: z.array(commandItem).describe('Settings commands of this part not finished'),
    rated_power_w: z.number().nullable(),
  }),
});

export const setSave = defineCall({
  path: 'api/ems5000/sys/set/save',
  summary:
    'Write a part’s change set: checked against the part’s ranges and the device’s rating (200005 naming the field), sent as one settings command that the EMS applies all or nothing; poll it with api/sys/set/polling/reply',
  domain: 'ems5000',
  access: 'user',
  kind: 'write',
  body: station.extend({
    part,
    key: idempotencyKey,
    changes: z
      .record(z.string().min(1).max(64), settingValue, { error: 'validation.invalidValue' })
      .refine((changes) => Object.keys(changes).length > 0, { error: 'validation.invalidValue' })
      .refine((changes) => Object.keys(changes).length <= 40, { error: 'validation.invalidValue' }),
  }),
  data: z.object({ command_id: z.string(), state: z.enum(commandStates) }),
});

export const pollingReply = defineCall({
  path: 'api/sys/set/polling/reply',
  summary:
    'The device’s answer to a read or write command, by its id: 7005 while it has not answered; then its outcome and, for an EMS part, the part’s values as answered',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: z.object({
    command_id: z.uuid({ error: 'validation.invalidValue' }),
    part: part.optional().describe('The EMS part whose values to answer (unprefixed)'),
  }),
  data: z.object({
    command_id: z.string(),
    name: z.string(),
    state: z.enum(commandStates),
    error: z.string().nullable(),
    message: z.string().nullable(),
    values: z.record(z.string(), settingValue).nullable(),
    finished_at: z.string(),
  }),
});

const modeKind = z.enum(emsModeKinds, { error: 'validation.invalidValue' });

export const modeShow = defineCall({
  path: 'api/ems5000/mode/show',
  summary:
    'The system’s modes, the active one (the newest applied strategy), one still pending, and the mode the EMS reports running',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station,
  data: z.object({
    ...systemHead,
    modes: z.array(z.object({ kind: modeKind, mode: z.enum(strategyModes), name: z.string() })),
    active: strategyItem.nullable(),
    pending: strategyItem.nullable(),
    reported: z.enum(strategyModes).nullable(),
    writable: z.boolean(),
    rated_power_w: z.number().nullable(),
  }),
});

export const modeDetail = defineCall({
  path: 'api/ems5000/mode/detail',
  summary:
    'One mode’s parameters: the fields it uses with their ranges, and their values (the active strategy’s when this mode runs, else the system template’s)',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station.extend({ kind: modeKind }),
  data: z.object({
    kind: z.enum(templateKinds),
    mode: z.enum(strategyModes),
    name: z.string(),
    active: z.boolean(),
    fields: z.array(
      z.object({
        name: z.string(),
        required: z.boolean(),
        unit: z.string().nullable(),
        min: z.number().nullable(),
        max: z.number().nullable(),
      }),
    ),
    values: templateFields,
  }),
});

/** What the live stream says: a new reading of the EMS, or a command of it that moved. */
export const liveEvent = deviceLiveEvent;
export type LiveEvent = DeviceLiveEvent;

export const live: EventStreamDef<typeof station, typeof liveEvent> = {
  path: 'api/ems5000/live',
  summary:
    'Server-sent events of the station’s EMS 5000 while the console is open: `ready`, then `reading` when a new reading is stored and `command` when one of its commands moves (a read or write answered, a mode applied); the token is checked again as it runs, and the stream ends when the sign-in does',
  domain: 'ems5000',
  access: 'user',
  kind: 'read',
  body: station,
  event: liveEvent,
};
