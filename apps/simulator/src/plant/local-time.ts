/**
 * Local wall-clock time of a site from its IANA zone. Loads, tariffs and wallbox arrivals follow the
 * clock on the wall, DST included. Intl is slow (about 1 µs a call) and a plant steps 1,440 times a
 * day, so offsets are cached per zone and UTC day, shared by every plant in that zone.
 */

const dayMs = 86_400_000;
const quarterHourMs = 900_000;
const quartersPerDay = 96;

interface DayOffsets {
  /** The offset for the whole day, ms, or null when it changes during the day (a DST switch). */
  constant: number | null;
  /** Offsets per quarter hour of the UTC day, present only when `constant` is null. */
  quarters: number[] | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetsByZone = new Map<string, Map<number, DayOffsets>>();
/** Days kept per zone: a year of backfill plus live running, then the cache starts over. */
const maximumCachedDays = 800;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for a zone Intl does not know, which is what a bad config deserves.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `ms`, in ms, read from Intl ("GMT+05:30", or "GMT" for zero). */
function offsetFromIntl(timeZone: string, ms: number): number {
  const text = formatterFor(timeZone).format(ms);
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

function offsetsOfDay(timeZone: string, utcDay: number): DayOffsets {
  let days = offsetsByZone.get(timeZone);
  if (!days) {
    days = new Map();
    offsetsByZone.set(timeZone, days);
  }
  let offsets = days.get(utcDay);
  if (offsets) return offsets;
  const start = utcDay * dayMs;
  const atStart = offsetFromIntl(timeZone, start);
  // Zones switch at most once a day, on a quarter hour: equal ends mean one offset all day.
  if (atStart === offsetFromIntl(timeZone, start + dayMs - 1)) {
    offsets = { constant: atStart, quarters: null };
  } else {
    const quarters: number[] = [];
    for (let quarter = 0; quarter < quartersPerDay; quarter++) {
      quarters.push(offsetFromIntl(timeZone, start + quarter * quarterHourMs));
    }
    offsets = { constant: null, quarters };
  }
  if (days.size >= maximumCachedDays) days.clear();
  days.set(utcDay, offsets);
  return offsets;
}

/** The last day looked up, since one plant asks about the same zone and day 1,440 times in a row. */
let lastZone = '';
let lastDay = Number.NaN;
let lastOffsets: DayOffsets = { constant: 0, quarters: null };

/** The offset of local time from UTC at `ms` in `timeZone`, ms (e.g. 7,200,000 for CEST). */
export function utcOffsetMs(timeZone: string, ms: number): number {
  const utcDay = Math.floor(ms / dayMs);
  if (utcDay !== lastDay || timeZone !== lastZone) {
    lastOffsets = offsetsOfDay(timeZone, utcDay);
    lastDay = utcDay;
    lastZone = timeZone;
  }
  const offsets = lastOffsets;
  if (offsets.constant !== null) return offsets.constant;
  const quarter = Math.floor((ms - utcDay * dayMs) / quarterHourMs);
  return offsets.quarters?.[quarter] ?? 0;
}

/** Throws RangeError when Intl does not know the zone. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

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
  const localMs = ms + utcOffsetMs(timeZone, ms);
  const day = Math.floor(localMs / dayMs);
  into.day = day;
  into.hour = (localMs - day * dayMs) / 3_600_000;
  // 1970-01-01 was a Thursday (4).
  into.weekday = (((day + 4) % 7) + 7) % 7;
  return into;
}
