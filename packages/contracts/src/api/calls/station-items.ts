import { z } from 'zod';
import { type StationType, stationStates, stationTypes } from '../../enums.ts';

/**
 * What the station calls answer: a station with its bindings, derived status and live columns,
 * the ids of the list's columns, and the accounts a station can be bound to.
 */

const stationTypeValue = z.literal(stationTypes as [StationType, ...StationType[]]);

/** A station as the list, the detail and every station write answer it. */
export const stationItem = z.object({
  station_id: z.number().int(),
  station_name: z.string(),
  station_type: stationTypeValue,
  country_code: z.string().describe('ISO 3166-1 alpha-2'),
  province_code: z.string().nullable().describe('ISO 3166-2 first-level subdivision'),
  city: z.string().nullable(),
  address: z.string().describe('Detailed address chosen on the map'),
  latitude: z.number().describe('Degrees, north positive'),
  longitude: z.number().describe('Degrees, east positive'),
  capacity_kwp: z.number().describe('Installed PV capacity in kWp'),
  commissioning_date: z.string().nullable().describe('YYYY-MM-DD'),
  grid_connection_date: z.string().nullable().describe('YYYY-MM-DD'),
  unit_price: z.number().describe('Price of a kWh in `currency`'),
  currency: z.string().describe('ISO 4217 code'),
  timezone: z.string().describe('IANA zone; the station’s days and charts follow it'),
  photo_id: z.string().nullable(),
  /** GET address of the photo; the unguessable id is the capability, no token needed. */
  photo_url: z.string().nullable(),
  installer_id: z.number().int().nullable(),
  installer_name: z.string().nullable(),
  end_user_id: z.number().int().nullable(),
  end_user_name: z.string().nullable(),
  /** Derived from the devices' states (see `stationStates`). */
  status: z.enum(stationStates),
  device_count: z.number().int().min(0),
  alarm_count: z.number().int().min(0).describe('Alarms happening now on its devices'),
  /** Live columns: null means "no data yet" (never 0) until the device link reports. */
  power_w: z.number().nullable().describe('Current PV power in W; null = no data'),
  today_energy_kwh: z.number().nullable().describe("Today's PV energy in kWh; null = no data"),
  last_update_at: z.string().nullable().describe('Newest report of any device, ISO 8601; null = never'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StationItem = z.infer<typeof stationItem>;

/** Columns the station list can show, in the order the column picker offers them. */
export const stationListColumnIds = [
  'station_name',
  'station_type',
  'status',
  'capacity_kwp',
  'power_w',
  'today_energy_kwh',
  'last_update_at',
  'device_count',
  'alarm_count',
  'installer_name',
  'end_user_name',
  'country_code',
  'province_code',
  'city',
  'address',
  'timezone',
  'unit_price',
  'currency',
  'commissioning_date',
  'grid_connection_date',
  'created_at',
  'updated_at',
  'photo_url',
] as const satisfies readonly (keyof StationItem)[];
export type StationListColumn = (typeof stationListColumnIds)[number];

/** The columns shown until a user chooses (api/station/list/columns). */
export const defaultStationListColumns: readonly StationListColumn[] = [
  'station_name',
  'station_type',
  'status',
  'capacity_kwp',
  'power_w',
  'today_energy_kwh',
  'installer_name',
  'end_user_name',
  'last_update_at',
];

/** Most columns one user may choose to show. */
export const MAX_STATION_LIST_COLUMNS = 20;

/** Station counts by derived status. */
export const stationStatItem = z.object({
  total: z.number().int().min(0),
  online: z.number().int().min(0),
  offline: z.number().int().min(0),
  alarm: z.number().int().min(0),
  no_device: z.number().int().min(0),
});

/** Device counts by status. */
export const equipStatItem = z.object({
  total: z.number().int().min(0),
  online: z.number().int().min(0),
  offline: z.number().int().min(0),
  alarm: z.number().int().min(0),
});

/** An installer a station can be bound to: the caller itself or one of its sub-installers. */
export const installerChoice = z.object({
  installer_id: z.number().int(),
  installer_name: z.string(),
  installer_level: z.number().int().min(1).max(3),
});

/** An end user a station can be bound to, with the installer it sits under. */
export const endUserChoice = z.object({
  end_user_id: z.number().int(),
  end_user_name: z.string(),
  email: z.string(),
  installer_id: z.number().int().nullable(),
  installer_name: z.string().nullable(),
});
