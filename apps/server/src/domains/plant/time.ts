import { localDate, nextDay, startOfLocalDay } from '../../device-link/ingest/periods.ts';

/** Calendar arithmetic on station-local dates (YYYY-MM-DD strings) and local clock labels. */

export { localDate, nextDay, startOfLocalDay };

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The local wall-clock time HH:mm of an instant in a zone. */
export function localClock(ms: number, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock.format(ms);
}

const utc = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};

export function addDays(day: string, days: number): string {
  return new Date(utc(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) a date falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(utc(day)).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The days of a month `YYYY-MM`. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = nextDay(day)) days.push(day);
  return days;
}
