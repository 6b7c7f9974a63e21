import { z } from 'zod';
import { alarmSources, reportStates } from '../../alarms.ts';
import { faultSeverities } from '../../device-link/faults.ts';
import { alarmStates, type DeviceType, deviceTypes, processingStates } from '../../enums.ts';
import { languages } from '../../i18n.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { deviceTypeField } from '../../validation/device.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';

/**
 * Alarms (SPEC.md §2 /alarmList/alarmList, §3 alarm and abnormal report, §4 states; PRODUCT.md §4).
 * Only `api/home/errorList2` is a path of SPEC.md §7; the others are ours. Every id is scoped like
 * the stations it belongs to: outside the caller's reach it answers 9001, like an id that does not
 * exist. Time ranges are ISO 8601 instants with an offset, checked by contracts `checkTimeRange`
 * (200601 malformed, one-sided or reversed; 200603 over 30 days; 200602 over 7 days of per-minute data).
 */

const severity = z.enum(faultSeverities);
const deviceTypeValue = z.literal(deviceTypes as [DeviceType, ...DeviceType[]]);
/** Most alarms one processing call or one count call takes. */
export const MAX_ALARM_BATCH = 200;
/** Longest handling opinion or report text, in characters. */
export const OPINION_MAX_LENGTH = 1000;
/** Most rows one export holds; a larger result answers the first ones, newest first, and says so. */
export const MAX_EXPORT_ROWS = 100_000;

/** One alarm as the list, the detail, the error list and the device's alarm tab show it. */
export const alarmItem = z.object({
  alarm_id: z.number().int(),
  station_id: z.number().int(),
  station_name: z.string(),
  timezone: z.string().describe('IANA zone of the station: its alarms’ times are shown in it'),
  device_id: z.number().int(),
  sn: z.string(),
  device_type: deviceTypeValue,
  code: z
    .number()
    .int()
    .describe('Fault code: the device catalogue, or 500 communication lost (the portal’s)'),
  fault_key: z
    .string()
    .nullable()
    .describe('Key of the fault texts (`alarm.<key>.name`, …); null for a code the catalogue does not know'),
  severity: severity.describe('From the catalogue when the alarm opened'),
  part: z
    .string()
    .nullable()
    .describe('EMS 5000 part (pcs, pvs, bms, sts, generator, meter); null otherwise'),
  source: z.enum(alarmSources).describe('device: raised by the device; server: seen by the portal'),
  state: z.enum(alarmStates),
  raised_at: z
    .string()
    .describe('Start time, ISO 8601 (the device’s clock; the last contact for communication lost)'),
  cleared_at: z.string().nullable().describe('End time; null while happening'),
  acquired_at: z.string().describe('When the portal learned of the alarm'),
  processing_state: z.enum(processingStates),
  opinion: z.string().nullable().describe('Handling opinion of the latest processing'),
  processed_by: z.number().int().nullable(),
  processed_by_name: z.string().nullable(),
  processed_at: z.string().nullable(),
});
export type AlarmItem = z.infer<typeof alarmItem>;

const instantText = z
  .string()
  .trim()
  .max(40, { error: 'validation.invalidValue' })
  .describe('ISO 8601 instant with offset, e.g. 2026-11-20T00:00:00+01:00');

/** The filters of the alarm list, which its export repeats exactly. */
export const alarmFilter = {
  station_id: optionalField(formId),
  device_id: optionalField(formId).describe('The device detail’s alarm tab'),
  sn: optionalField(z.string().trim().max(64, { error: 'validation.invalidValue' })).describe(
    'Part of the SN',
  ),
  device_type: optionalField(deviceTypeField).describe('Blank or absent: every type'),
  severity: optionalField(severity),
  state: optionalField(z.enum(alarmStates)),
  processing_state: optionalField(z.enum(processingStates)),
  start_time: optionalField(instantText).describe(
    'With end_time: alarms that started in [start, end], at most 30 days',
  ),
  end_time: optionalField(instantText),
};

export const alarmSortColumns = [
  'raised_at',
  'cleared_at',
  'acquired_at',
  'severity',
  'code',
  'station_name',
  'sn',
] as const;
const alarmSort = {
  /** `severity` sorts warning < fault < critical; ties by start time, then alarm id. */
  sort_by: z.enum(alarmSortColumns).default('raised_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
};

export const list = defineCall({
  path: 'api/alarm/list',
  summary: 'Alarms of the caller’s stations (/alarmList/alarmList): filtered, sorted and paged',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({ ...pageRequest, ...alarmFilter, ...alarmSort }),
  data: pageOf(alarmItem),
});

export const detail = defineCall({
  path: 'api/alarm/detail',
  summary: 'One alarm of the caller’s stations',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({ alarm_id: formId }),
  data: alarmItem,
});

export const processAlarms = defineCall({
  path: 'api/alarm/process',
  summary:
    'The processing dialog (installers only): mark alarms processed or unprocessed with a handling opinion; all or nothing',
  domain: 'alarm',
  access: 'user',
  kind: 'write',
  body: z.object({
    alarm_ids: z
      .array(formId)
      .min(1, { error: 'validation.invalidValue' })
      .max(MAX_ALARM_BATCH, { error: 'validation.selectionLimit' }),
    processing_state: z.enum(processingStates).default('processed'),
    opinion: optionalField(
      z.string().trim().max(OPINION_MAX_LENGTH, { error: 'validation.textTooLong' }),
    ).describe('Replaces the handling opinion; absent keeps it'),
  }),
  data: z.array(alarmItem),
});

export const exportList = defineCall({
  path: 'api/alarm/export',
  summary:
    'The alarm list with the same filters and order as an .xlsx file: answers a single-use download address valid for a minute (GET, no token needed)',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...alarmFilter,
    ...alarmSort,
    language: optionalField(z.enum(languages)).describe(
      'Language of the headings; the Lang header by default',
    ),
  }),
  data: z.object({
    download_url: z.string().describe('GET address of the file; works once, until expires_at'),
    file_name: z.string(),
    expires_at: z.string(),
    rows: z.number().int().min(0).describe(`Alarms in the file (at most ${MAX_EXPORT_ROWS})`),
    truncated: z.boolean().describe('True when the filter matched more than the file holds'),
  }),
});

export const errorList2 = defineCall({
  path: 'api/home/errorList2',
  summary: 'The error list of a station’s detail: its alarms, happening ones first, then newest first',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    station_id: formId,
    state: optionalField(z.enum(alarmStates)).describe('Absent: both'),
  }),
  data: pageOf(alarmItem),
});

const alarmCounts = {
  happening: z.number().int().min(0),
  unprocessed: z.number().int().min(0),
};

export const count = defineCall({
  path: 'api/alarm/count',
  summary:
    'Alarm counts for the station and device lists: happening and unprocessed alarms per given station and device, and over the caller’s whole scope',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({
    station_ids: z
      .array(formId)
      .max(MAX_ALARM_BATCH, { error: 'validation.selectionLimit' })
      .default([])
      .describe('Usually the stations of the list page shown'),
    device_ids: z.array(formId).max(MAX_ALARM_BATCH, { error: 'validation.selectionLimit' }).default([]),
  }),
  data: z.object({
    total: z.object(alarmCounts),
    stations: z.array(z.object({ station_id: z.number().int(), ...alarmCounts })),
    devices: z.array(z.object({ device_id: z.number().int(), ...alarmCounts })),
  }),
});

export const timeline = defineCall({
  path: 'api/alarm/timeline',
  summary:
    'How many alarms of a station (or one of its devices) were happening in each minute, hour or day of a range: per-minute data spans at most 7 days (200602), hours and days 30 (200603)',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({
    station_id: formId,
    device_id: optionalField(formId),
    granularity: z.enum(['minute', 'hour', 'day']),
    start_time: instantText,
    end_time: instantText,
  }),
  data: z.object({
    bucket_s: z.number().int(),
    points: z.array(
      z.object({
        ts: z.string().describe('Start of the bucket'),
        happening: z.number().int().min(0).describe('Alarms happening at any time within the bucket'),
      }),
    ),
  }),
});

/** One handling opinion of an abnormal report. */
export const reportOpinion = z.object({
  opinion_id: z.number().int(),
  text: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});

/** An abnormal report (SPEC.md §3): description, handling opinions, status, creation time. */
export const reportItem = z.object({
  report_id: z.number().int(),
  station_id: z.number().int(),
  station_name: z.string(),
  device_id: z.number().int().nullable(),
  sn: z.string().nullable(),
  alarm_id: z.number().int().nullable(),
  description: z.string(),
  status: z.enum(reportStates),
  opinions: z.array(reportOpinion).describe('Oldest first'),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
});
export type ReportItem = z.infer<typeof reportItem>;

const reportText = z
  .string({ error: 'validation.invalidValue' })
  .trim()
  .min(1, { error: 'validation.invalidValue' })
  .max(OPINION_MAX_LENGTH, { error: 'validation.textTooLong' });

export const reportList = defineCall({
  path: 'api/alarm/report/list',
  summary: 'Abnormal reports of the caller’s stations, newest first',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    station_id: optionalField(formId),
    status: optionalField(z.enum(reportStates)),
  }),
  data: pageOf(reportItem),
});

export const reportAdd = defineCall({
  path: 'api/alarm/report/add',
  summary:
    'Open an abnormal report on a station (installers only), optionally about one of its devices or alarms',
  domain: 'alarm',
  access: 'user',
  kind: 'write',
  body: z.object({
    station_id: formId,
    device_id: optionalField(formId),
    alarm_id: optionalField(formId).describe(
      'Sets the station and device from the alarm when they are absent',
    ),
    description: reportText,
    opinion: optionalField(reportText).describe('A first handling opinion'),
  }),
  data: reportItem,
});

export const reportEdit = defineCall({
  path: 'api/alarm/report/edit',
  summary:
    'Update an open abnormal report (installers only): replace its description and/or add a handling opinion; a closed one is 200001',
  domain: 'alarm',
  access: 'user',
  kind: 'write',
  body: z.object({
    report_id: formId,
    description: optionalField(reportText),
    opinion: optionalField(reportText),
  }),
  data: reportItem,
});

export const reportClose = defineCall({
  path: 'api/alarm/report/close',
  summary:
    'Close an abnormal report (installers only), with a last handling opinion; closing twice is 200001',
  domain: 'alarm',
  access: 'user',
  kind: 'write',
  body: z.object({ report_id: formId, opinion: optionalField(reportText) }),
  data: reportItem,
});

/** What a user is notified of when an alarm opens on one of its stations. */
export const notificationSettings = z.object({
  email: z.string().describe('Where the mail goes: the account’s address'),
  email_severities: z
    .array(severity)
    .describe('Severities mailed; [] mails nothing. Every alarm still becomes a message in /myLog/myLog'),
  language: z.enum(languages).describe('Language of the mail: the one last signed in with, or chosen here'),
  quiet_minutes: z
    .number()
    .describe(
      'After a message about a device, further alarms of it within this time stay quiet unless more severe',
    ),
});

export const notificationGet = defineCall({
  path: 'api/alarm/notification/get',
  summary: 'The caller’s alarm notification settings (default: mail faults and critical faults)',
  domain: 'alarm',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: notificationSettings,
});

export const notificationSet = defineCall({
  path: 'api/alarm/notification/set',
  summary: 'Choose which severities are mailed, and optionally the mail language',
  domain: 'alarm',
  access: 'user',
  kind: 'write',
  body: z.object({
    email_severities: z
      .array(severity)
      .max(faultSeverities.length, { error: 'validation.invalidValue' })
      .refine((list) => new Set(list).size === list.length, { error: 'validation.invalidValue' }),
    language: optionalField(z.enum(languages)),
  }),
  data: notificationSettings,
});
