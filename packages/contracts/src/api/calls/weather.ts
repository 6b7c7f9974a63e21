import { z } from 'zod';
import { weatherLabels } from '../../enums.ts';
import { formId } from '../../validation/common.ts';
import { defineCall } from '../call.ts';

/**
 * The weather widget of a station (SPEC.md §2, §3, §7; PRODUCT.md §4): today's temperature range
 * and condition from the weather provider, sunrise and sunset computed from the station's
 * coordinates for its local date. Without the provider the sun times still come, the condition
 * is w21 and the temperatures are null (`source: 'computed'`).
 */

const localTime = z.string().regex(/^\d{2}:\d{2}$/);
const instant = z.iso.datetime({ offset: true });

/** Field names as SPEC.md §3 gives the weather response (temp_low, temp_high, sun_rise, sun_down, weather_id_day). */
export const weatherData = z.object({
  /** The station-local date the answer is for, YYYY-MM-DD. */
  date: z.iso.date(),
  /** IANA zone of the station. */
  timezone: z.string(),
  /** Label w1–w21 of the WMO code (w21: unknown or no provider). */
  condition: z.enum(weatherLabels),
  /** The provider's WMO weather code of the day, null without one. */
  weather_id_day: z.number().int().nullable(),
  temp_low: z.number().nullable(),
  temp_high: z.number().nullable(),
  /** Station-local HH:mm; null when the sun does not rise (polar night) or set (polar day). */
  sun_rise: localTime.nullable(),
  sun_down: localTime.nullable(),
  /** The same instants in ISO 8601 (UTC). */
  sun_rise_at: instant.nullable(),
  sun_down_at: instant.nullable(),
  /** `provider`: temperatures and condition from the weather provider; `computed`: sun times only. */
  source: z.enum(['provider', 'computed']),
});

export type WeatherData = z.output<typeof weatherData>;

export const stationWeather = defineCall({
  path: 'api/station/weather',
  summary: 'Today’s weather of a station: temperature range, condition w1–w21, local sunrise and sunset',
  domain: 'station',
  access: 'user',
  kind: 'read',
  encoding: 'form',
  body: z.object({ station_id: formId }),
  data: weatherData,
});
