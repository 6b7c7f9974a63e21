import { UNKNOWN_WEATHER, type weather, weatherLabelOfWmo } from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { getTimes } from 'suncalc';
import type { Caller } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { WeatherProvider } from './provider.ts';

/** The calendar date (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDate(at: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The wall-clock time (HH:mm, 00–23) of an instant in an IANA zone. */
export function localTime(at: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Sunrise and sunset of a local date at a place. suncalc answers the solar day nearest the instant
 * it is given; UTC noon of the date is that date's solar day at every longitude.
 */
export function sunTimes(
  date: string,
  latitude: number,
  longitude: number,
): { sunrise: Date | null; sunset: Date | null } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const times = getTimes(new Date(Date.UTC(year, month - 1, day, 12)), latitude, longitude);
  return { sunrise: times.sunrise, sunset: times.sunset };
}

/**
 * The weather widget of a station (SPEC.md §2, §7; PRODUCT.md §4): the provider's forecast of the
 * station-local day when it answers, and always the sun times computed from the coordinates.
 */
export function weatherService(
  db: Database,
  tenancy: Tenancy,
  provider: WeatherProvider,
  now: () => Date = () => new Date(),
) {
  return {
    async stationWeather(caller: Caller, stationId: number): Promise<weather.WeatherData> {
      await tenancy.assertSeesStation(caller, stationId);
      const [station] = await queryRows<{ latitude: number; longitude: number; timezone: string }>(
        db,
        sql`select latitude, longitude, timezone from stations where station_id = ${stationId}`,
      );
      // deleted between the check and the read: as if it never existed
      if (!station) throw new Refusal('9001');
      const latitude = Number(station.latitude);
      const longitude = Number(station.longitude);
      const { timezone } = station;
      const date = localDate(now(), timezone);
      const { sunrise, sunset } = sunTimes(date, latitude, longitude);
      const day = await provider.day({ stationId, latitude, longitude, timezone, date });
      return {
        date,
        timezone,
        condition: day ? weatherLabelOfWmo(day.wmoCode) : UNKNOWN_WEATHER,
        weather_id_day: day?.wmoCode ?? null,
        temp_low: day?.temperatureMinC ?? null,
        temp_high: day?.temperatureMaxC ?? null,
        sun_rise: sunrise && localTime(sunrise, timezone),
        sun_down: sunset && localTime(sunset, timezone),
        sun_rise_at: sunrise?.toISOString() ?? null,
        sun_down_at: sunset?.toISOString() ?? null,
        source: day ? 'provider' : 'computed',
      };
    },
  };
}

export type WeatherService = ReturnType<typeof weatherService>;
