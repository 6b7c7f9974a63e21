/**
 * Station-local calendar periods. A station's day, month and year are those of its IANA time
 * zone, whatever the server's own zone: a day there lasts 23, 24 or 25 hours.
 */

export type Period = 'd' | 'm' | 'y';
export const periods: readonly Period[] = ['d', 'm', 'y'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(ms: number, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD
  return formatterOf(timeZone).format(ms);
}

/** First day of the period containing a local date. */
export function periodStart(day: string, period: Period): string {
  if (period === 'd') return day;
  if (period === 'm') return `${day.slice(0, 7)}-01`;
  return `${day.slice(0, 4)}-01-01`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of a zone from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(ms);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local date begins in a zone (its local midnight, or the first instant after it
 * when midnight itself is skipped by a clock change).
 */
export function startOfLocalDay(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // two passes settle the offset on either side of a change
  let guess = utcMidnight - offsetMs(utcMidnight, timeZone);
  guess = utcMidnight - offsetMs(guess, timeZone);
  if (localDate(guess, timeZone) !== day) {
    // midnight does not exist that day: the day starts at the first local instant of it
    while (localDate(guess, timeZone) < day) guess += 15 * 60_000;
  }
  return guess;
}

/** The local date after `day`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}
