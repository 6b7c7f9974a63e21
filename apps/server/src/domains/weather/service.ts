import { localClock, localDate, UNKNOWN_WEATHER, type weather, weatherLabelOfWmo } from '@helio/contracts';
import { getTimes } from 'suncalc';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { WeatherProvider } from './provider.ts';
import type { WeatherRepository } from './repository.ts';

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
  repo: WeatherRepository,
  tenancy: Tenancy,
  provider: WeatherProvider,
  now: () => Date = () => new Date(),
) {
  return {
    async stationWeather(caller: Caller, stationId: number): Promise<weather.WeatherData> {
      await tenancy.assertSeesStation(caller, stationId);
      const station = await repo.place(stationId);
      // deleted between the check and the read: as if it never existed
      if (!station) throw new Refusal('9001');
      const { latitude, longitude, timezone } = station;
      const date = localDate(now().getTime(), timezone);
      const { sunrise, sunset } = sunTimes(date, latitude, longitude);
      const day = await provider.day({ stationId, latitude, longitude, timezone, date });
      return {
        date,
        timezone,
        condition: day ? weatherLabelOfWmo(day.wmoCode) : UNKNOWN_WEATHER,
        weather_id_day: day?.wmoCode ?? null,
        temp_low: day?.temperatureMinC ?? null,
        temp_high: day?.temperatureMaxC ?? null,
        sun_rise: sunrise && localClock(sunrise.getTime(), timezone),
        sun_down: sunset && localClock(sunset.getTime(), timezone),
        sun_rise_at: sunrise?.toISOString() ?? null,
        sun_down_at: sunset?.toISOString() ?? null,
        source: day ? 'provider' : 'computed',
      };
    },
  };
}

export type WeatherService = ReturnType<typeof weatherService>;
