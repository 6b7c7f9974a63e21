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

export const add = defineCall({
  path: 'api/device/add',
  summary:
    'Register a device on a station of the caller’s scope: all or nothing, refused when the station type does not take it or the SN or bus position is taken',
  domain: 'device',
  access: 'user',
  kind: 'write',
  body: deviceForm,
  data: deviceItem,
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
