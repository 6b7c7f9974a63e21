/**
 * Times shown in a station's time zone, written by the browser's own Intl (no time-zone tables
 * shipped). A device's readings are shown in its station's zone: a plant's "today" is the plant's,
 * whoever looks at it from wherever. Its days are the calendar's of the contracts, which the
 * screens that need them import themselves (the alarm screens showing these times do not).
 */

/** The browser's own zone: what times are shown in when the station's is not known. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `zone` when the browser's Intl can write times in it, else undefined (an unknown name would make
 * Intl throw). A question of display, asked by screens that never need the calendar.
 */
export function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the interface language writes it with `options` in `zone` (formatters kept). */
export function formatInZone(
  value: string | number,
  zone: string,
  language: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let formatter = displayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { ...options, timeZone: zone });
    displayFormatters.set(key, formatter);
  }
  return formatter.format(new Date(value));
}

/** An instant as the interface language writes a date and time with seconds, in `zone`. */
export function formatZonedDateTime(value: string | number, zone: string, language: string): string {
  return formatInZone(value, zone, language, { dateStyle: 'short', timeStyle: 'medium' });
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
