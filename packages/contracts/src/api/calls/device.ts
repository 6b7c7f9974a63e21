import { z } from 'zod';
import { type DeviceType, deviceStates, deviceTypes, type StationType, stationTypes } from '../../enums.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { deviceForm, deviceTypeField } from '../../validation/device.ts';
import { defineCall } from '../call.ts';
import { pageOf, pageRequest } from '../paging.ts';

/**
 * Devices (SPEC.md §3 device fields; SPEC.md shows no device paths, these are ours). A device is
 * reached through its station: an id whose station is outside the caller's scope answers 9001,
 * exactly like an id that does not exist. SNs follow the scheme of `fleet-rules.ts`.
 */

/** A registered device: its basic information and live columns (null until the device link reports). */
export const deviceItem = z.object({
  device_id: z.number().int(),
  sn: z.string().describe('Type prefix and 10–16 upper-case letters or digits, e.g. INV2024A000123'),
  device_type: z.literal(deviceTypes as [DeviceType, ...DeviceType[]]),
  model: z.string(),
  firmware_version: z.string().nullable(),
  module_sn: z.string().nullable(),
  modbus_address: z.number().int().nullable(),
  rs485_position: z.number().int().nullable(),
  status: z.enum(deviceStates),
  alarm_count: z.number().int().min(0).describe('Alarms happening now on the device'),
  rated_power_w: z.number().nullable().describe('Nameplate power in W'),
  active_power_w: z.number().nullable().describe('Current power in W; null = no data'),
  today_energy_kwh: z.number().nullable().describe("Today's energy in kWh; null = no data"),
  total_energy_kwh: z.number().nullable().describe('Lifetime energy in kWh; null = no data'),
  last_update_at: z.string().nullable().describe('Last report, ISO 8601; null = never'),
  station_id: z.number().int(),
  station_name: z.string(),
  station_type: z.literal(stationTypes as [StationType, ...StationType[]]),
  created_at: z.string().describe('Registration time'),
});
export type DeviceItem = z.infer<typeof deviceItem>;

const deviceId = z.object({ device_id: formId });

/**
 * What a device signs in to the broker with (docs/device-protocol.md): its SN as user name and
 * client id, and a random secret the portal keeps only hashed, so it is shown this once.
 */
export const deviceCredentials = z.object({
  broker_url: z.string().describe('Where the device connects, e.g. mqtt://portal.example:1884'),
  client_id: z.string().describe('The SN'),
  username: z.string().describe('The SN'),
  password: z.string().describe('The device’s secret: shown once, stored hashed'),
  issued_at: z.string(),
});
export type DeviceCredentials = z.infer<typeof deviceCredentials>;

export const registeredDevice = deviceItem.extend({ credentials: deviceCredentials });

export const add = defineCall({
  path: 'api/device/add',
  summary:
    'Register a device on a station of the caller’s scope: all or nothing, refused when the station type does not take it or the SN or bus position is taken',
  domain: 'device',
  access: 'user',
  kind: 'write',
  body: deviceForm,
  data: registeredDevice,
});

export const unbind = defineCall({
  path: 'api/device/unbind',
  summary: 'Remove a device’s registration; its SN becomes free to register again',
  domain: 'device',
  access: 'user',
  kind: 'write',
  body: deviceId,
  data: z.null(),
});

export const list = defineCall({
  path: 'api/device/list',
  summary: 'Devices on the caller’s stations, by station name then SN; filtered and paged',
  domain: 'device',
  access: 'user',
  kind: 'read',
  body: z.object({
    ...pageRequest,
    device_type: optionalField(deviceTypeField).describe('Blank or absent: every type'),
    status: optionalField(z.enum(deviceStates)),
    station_id: optionalField(formId),
    keyword: optionalField(z.string().trim().max(64)).describe('Part of the SN'),
  }),
  data: pageOf(deviceItem),
});

export const detail = defineCall({
  path: 'api/device/detail',
  summary: 'Basic information of one device of the caller’s scope',
  domain: 'device',
  access: 'user',
  kind: 'read',
  body: deviceId,
  data: deviceItem,
});

export const rotateSecret = defineCall({
  path: 'api/device/rotateSecret',
  summary:
    'Issue a new broker secret for a device and end the old one at once (the device is disconnected); the new one is shown this once',
  domain: 'device',
  access: 'user',
  kind: 'write',
  body: deviceId,
  data: deviceCredentials,
});

/** A value as stored: a number, or a state name (a wallbox's pile state). */
const readingValue = z.union([z.number(), z.string()]);

export const realtime = defineCall({
  path: 'api/device/realtime',
  summary:
    'The newest reading of a device: every value it reported, with EMS 5000 parts as `part.field`, and its alarms happening now',
  domain: 'device',
  access: 'user',
  kind: 'read',
  body: deviceId,
  data: z.object({
    device_id: z.number().int(),
    device_type: z.literal(deviceTypes as [DeviceType, ...DeviceType[]]),
    status: z.enum(deviceStates),
    interval_s: z.number().int().describe('Seconds between readings, as the device last said'),
    last_seen_at: z.string().nullable().describe('When the portal last heard from it; null = never'),
    reading: z
      .object({
        ts: z.string().describe('Time of the reading by the device’s clock, ISO 8601'),
        seq: z.number().int(),
        values: z.record(z.string(), readingValue),
      })
      .nullable()
      .describe('null until the device reports'),
    active_alarms: z.array(
      z.object({ code: z.number().int(), part: z.string().nullable(), raised_at: z.string() }),
    ),
  }),
});

/** Longest range one history answer covers. */
export const HISTORY_MAX_DAYS = 366;
/** Most points one history answer holds: longer ranges are averaged over equal buckets. */
export const HISTORY_MAX_POINTS = 1500;

const instant = z.iso.datetime({ offset: true, error: 'validation.invalidValue' });

export const history = defineCall({
  path: 'api/device/history',
  summary: `Readings of a device over a range of at most ${HISTORY_MAX_DAYS} days, oldest first; when there are more than ${HISTORY_MAX_POINTS}, each point is the average over an equal bucket of time`,
  domain: 'device',
  access: 'user',
  kind: 'read',
  body: z
    .object({ device_id: formId, from: instant, to: instant })
    .refine((body) => Date.parse(body.from) < Date.parse(body.to), {
      path: ['to'],
      error: 'validation.invalidValue',
    })
    .refine((body) => Date.parse(body.to) - Date.parse(body.from) <= HISTORY_MAX_DAYS * 86_400_000, {
      path: ['to'],
      error: 'validation.invalidValue',
    }),
  data: z.object({
    bucket_s: z.number().int().describe('0: every reading; else the length of each averaged bucket'),
    fields: z.array(z.string()).describe('Numeric fields present in the range, in a stable order'),
    points: z.array(
      z.object({
        ts: z.string().describe('Reading time, or the start of the bucket'),
        values: z.record(z.string(), z.number().nullable()),
      }),
    ),
  }),
});
