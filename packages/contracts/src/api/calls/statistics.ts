import { z } from 'zod';
import { type DeviceType, deviceTypes, type StationType, stationStates, stationTypes } from '../../enums.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { defineCall } from '../call.ts';

/**
 * Data statistics (SPEC.md §2, §6; PRODUCT.md §4): the menu entry opens the fleet dashboard in a
 * new tab. Its link carries the user id and a single-use ticket, never the session token: the
 * portal asks for the ticket (`api/statistics/ticket`), the dashboard page redeems it
 * (`api/statistics/redeem`) for a token of its own that serves only `api/statistics/fleet`, and
 * that token ends when the portal session it came from ends.
 */

/** Languages of the dashboard link: the Chinese and the English variant. */
export const dashboardLanguages = ['zh', 'en'] as const;
export type DashboardLanguage = (typeof dashboardLanguages)[number];

/** A ticket works once, for this many seconds after it was issued. */
export const DASHBOARD_TICKET_TTL_S = 60;
/** A dashboard token lasts this many hours at most (never longer than the portal session it came from). */
export const DASHBOARD_TOKEN_TTL_HOURS = 12;
/** The dashboard reads its figures again this often, in ms. */
export const DASHBOARD_REFRESH_MS = 60_000;
/** Stations in each of the top and bottom lists. */
export const PERFORMER_COUNT = 5;
/** Complete station-local days the performers' yield is summed over (today excluded). */
export const YIELD_WINDOW_DAYS = 30;
/** Days back the "raised" alarm counts go. */
export const ALARM_WINDOW_DAYS = 30;

/** A ticket: 32 random bytes, base64url (43 characters). */
export const DASHBOARD_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The interface language a dashboard link of `language` is shown in. */
export function dashboardInterfaceLanguage(language: DashboardLanguage): 'zh-CN' | 'en' {
  return language === 'zh' ? 'zh-CN' : 'en';
}

/** The dashboard variant for an interface language: Chinese for Chinese, English for every other. */
export function dashboardLanguageOf(interfaceLanguage: string): DashboardLanguage {
  return interfaceLanguage === 'zh-CN' ? 'zh' : 'en';
}

export const ticket = defineCall({
  path: 'api/statistics/ticket',
  summary:
    'The "data statistics" menu entry: a single-use link to the fleet dashboard, valid for a minute, bound to the caller',
  domain: 'statistics',
  access: 'user',
  kind: 'read',
  body: z.object({
    language: optionalField(z.enum(dashboardLanguages)).describe(
      'zh: the Chinese dashboard, en (default): the English one',
    ),
  }),
  data: z.object({
    url: z
      .string()
      .describe(
        'Path of the web app, /statistics/{zh|en}/{user_id}/{ticket}: resolve it against the web app’s own address',
      ),
    expires_at: z.string().describe('The ticket works once, until then (ISO 8601)'),
  }),
});

export const redeem = defineCall({
  path: 'api/statistics/redeem',
  summary:
    'The dashboard page trades its link’s ticket for a dashboard-only token; a used, expired or foreign ticket answers 1000',
  domain: 'statistics',
  access: 'public',
  kind: 'read',
  body: z.object({
    user_id: formId.describe('The user id of the link'),
    ticket: z.string().max(100, { error: 'validation.invalidValue' }).describe('The ticket of the link'),
  }),
  data: z.object({
    token: z
      .string()
      .describe('Send it in the Token header: it serves api/statistics/fleet only (9001 for any other call)'),
    expires_at: z.string(),
    user_id: z.number().int(),
    user_name: z.string(),
    language: z.enum(dashboardLanguages).describe('The variant the link was made for'),
  }),
});

const count = z.number().int().min(0);
const stationTypeValue = z.literal(stationTypes as [StationType, ...StationType[]]);
const deviceTypeValue = z.literal(deviceTypes as [DeviceType, ...DeviceType[]]);

/** PV energy of the stations seen, in kWh, per station-local period. */
const energyFigures = z.object({
  today_kwh: z.number().describe('Each station’s own local day'),
  month_kwh: z.number(),
  year_kwh: z.number(),
  total_kwh: z.number().describe('Every year the portal counted'),
});

/** A station of the top or bottom list. */
export const performer = z.object({
  station_id: z.number().int(),
  station_name: z.string(),
  station_type: stationTypeValue,
  capacity_kwp: z.number(),
  energy_kwh: z.number().describe(`PV energy of the last ${YIELD_WINDOW_DAYS} complete local days`),
  yield_kwh_per_kwp: z.number().describe('energy_kwh / capacity_kwp'),
  days: z.number().int().describe('Days of the window with a counted day'),
});
export type Performer = z.infer<typeof performer>;

/** Alarms of each severity (contracts `faultSeverities`). */
const severityCounts = { warning: count, fault: count, critical: count };

/** Alarms counted by severity, in total and per device type. */
const alarmBreakdown = z.object({
  total: count,
  by_severity: z.object(severityCounts),
  by_device_type: z
    .array(z.object({ device_type: deviceTypeValue, total: count, ...severityCounts }))
    .describe('Device types with alarms, most first'),
});
export type AlarmBreakdown = z.infer<typeof alarmBreakdown>;

/** A station on the dashboard's map. */
export const mapStation = z.object({
  station_id: z.number().int(),
  station_name: z.string(),
  station_type: stationTypeValue,
  status: z.enum(stationStates),
  latitude: z.number(),
  longitude: z.number(),
  capacity_kwp: z.number(),
  today_kwh: z.number().nullable().describe('PV energy of its local day; null without any reading yet'),
});
export type MapStation = z.infer<typeof mapStation>;

export const fleet = defineCall({
  path: 'api/statistics/fleet',
  summary:
    'The fleet dashboard: totals, map, top and bottom performers and alarms over every station the caller sees',
  domain: 'statistics',
  access: 'user',
  kind: 'read',
  body: z.object({}),
  data: z.object({
    generated_at: z.string().describe('When the figures were read (ISO 8601)'),
    stations: z.object({
      total: count,
      by_status: z.object({ online: count, offline: count, alarm: count, no_device: count }),
      by_type: z.array(z.object({ station_type: stationTypeValue, count })).describe('Types with stations'),
    }),
    devices: z.object({ total: count, online: count, offline: count, alarm: count }),
    capacity_kwp: z.number().describe('Installed PV capacity of the stations'),
    pv_power_w: z.number().describe('PV power now: the latest readings of the devices not offline'),
    energy: energyFigures,
    income: z
      .array(
        z.object({
          currency: z.string().describe('ISO 4217'),
          today: z.number(),
          month: z.number(),
          year: z.number(),
          total: z.number(),
        }),
      )
      .describe('PV energy × each station’s unit price, per currency (largest total first)'),
    co2_saved_kg: z
      .object({ today: z.number(), month: z.number(), year: z.number(), total: z.number() })
      .describe('PV energy × the CO2 factor per kWh'),
    map: z.array(mapStation),
    top: z.array(performer).describe(`Highest yield per kWp, at most ${PERFORMER_COUNT}`),
    bottom: z
      .array(performer)
      .describe(
        `Lowest yield per kWp, lowest first, at most ${PERFORMER_COUNT}; a station of the top list is not repeated`,
      ),
    alarms: z.object({
      window_days: z.number().int(),
      happening: alarmBreakdown,
      raised: alarmBreakdown.describe(`Alarms that started in the last ${ALARM_WINDOW_DAYS} days`),
    }),
  }),
});
export type FleetStatistics = z.infer<typeof fleet.data>;
