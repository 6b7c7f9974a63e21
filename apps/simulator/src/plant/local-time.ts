import { utcOffsetMs } from '@helio/contracts';

/**
 * Local wall-clock time of a site from its IANA zone. Loads, tariffs and wallbox arrivals follow the
 * clock on the wall, DST included. The zone's offset is the calendar's (contracts), which looks each
 * offset up once for as long as it holds: a plant stepping 1,440 times a day pays a map lookup.
 */

const dayMs = 86_400_000;

/** Where a UTC instant falls on the site's calendar. */
export interface LocalTime {
  /** Days since 1970-01-01 in local time. */
  day: number;
  /** Hour of the local wall clock, fractional, in [0, 24). */
  hour: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

/** Local day, hour and weekday of `ms` in `timeZone`, written into `into` to spare an allocation per step. */
export function localTime(timeZone: string, ms: number, into: LocalTime): LocalTime {
  const localMs = ms + utcOffsetMs(ms, timeZone);
  const day = Math.floor(localMs / dayMs);
  into.day = day;
  into.hour = (localMs - day * dayMs) / 3_600_000;
  // 1970-01-01 was a Thursday (4).
  into.weekday = (((day + 4) % 7) + 7) % 7;
  return into;
}
