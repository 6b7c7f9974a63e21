/**
 * Times in a station's time zone, with the browser's own Intl data (no time-zone tables shipped).
 * A device's readings are shown, and its history's days cut, in its station's zone: a plant's
 * "today" is the plant's, whoever looks at it from wherever.
 */

const DAY_MS = 86_400_000;

/** The browser's own zone: what times are shown in when the station's is not known. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `zone` when the browser knows it, else undefined (an unknown name would make Intl throw). */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in `zone`. */
function wallClock(epochMs: number, zone: string) {
  const parts = partsFormatter(zone).formatToParts(new Date(epochMs));
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour') % 24,
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far `zone` is ahead of UTC at an instant, in ms (Europe/Warsaw in winter: 3,600,000). */
export function zoneOffsetMs(epochMs: number, zone: string): number {
  const clock = wallClock(epochMs, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The calendar day of an instant in `zone`, as YYYY-MM-DD. */
export function zonedDate(epochMs: number, zone: string): string {
  const { year, month, day } = wallClock(epochMs, zone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The instant a calendar day starts in `zone`. The offset is looked up twice, because the offset
 * at UTC midnight can differ from the one at local midnight on the days clocks change.
 */
export function startOfZonedDay(date: string, zone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const guess = utcMidnight - zoneOffsetMs(utcMidnight, zone);
  return utcMidnight - zoneOffsetMs(guess, zone);
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function displayFormatter(language: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let formatter = displayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { ...options, timeZone: zone });
    displayFormatters.set(key, formatter);
  }
  return formatter;
}

/** An instant as the interface language writes a date and time with seconds, in `zone`. */
export function formatZonedDateTime(value: string | number, zone: string, language: string): string {
  return displayFormatter(language, zone, { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(value),
  );
}

/**
 * A label of the history chart's time axis in `zone`: the time of day over a range of up to two
 * days, else the date (with the time when the tick is not at midnight).
 */
export function formatAxisTime(epochMs: number, zone: string, language: string, spanMs: number): string {
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  if (spanMs <= 2 * DAY_MS) return displayFormatter(language, zone, time).format(new Date(epochMs));
  const { hour, minute } = wallClock(epochMs, zone);
  const date = { month: '2-digit', day: '2-digit' } as const;
  return displayFormatter(language, zone, hour === 0 && minute === 0 ? date : { ...date, ...time }).format(
    new Date(epochMs),
  );
}

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

/**
 * How long ago an instant was, in the largest whole unit it reaches (for "updated 5 seconds
 * ago"). A time ahead of `nowMs` (clocks a little apart) counts as now.
 */
export function elapsed(thenMs: number, nowMs: number): { value: number; unit: DurationUnit } {
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < 60) return { value: seconds, unit: 'second' };
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 86_400) return { value: Math.floor(seconds / 3600), unit: 'hour' };
  return { value: Math.floor(seconds / 86_400), unit: 'day' };
}

/** "5 seconds ago" in the interface language (the browser's Intl knows its plural forms). */
export function formatAgo(age: { value: number; unit: DurationUnit }, language: string): string {
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-age.value, age.unit);
}

/** "5 minutes", "1.5 hours" in the interface language. */
export function formatDuration(duration: { value: number; unit: DurationUnit }, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: duration.unit, unitDisplay: 'long' }).format(
    duration.value,
  );
}
