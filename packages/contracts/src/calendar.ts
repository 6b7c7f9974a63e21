import * as Instant from 'temporal-polyfill/fns/Instant';
import * as PlainDate from 'temporal-polyfill/fns/PlainDate';
import * as ZonedDateTime from 'temporal-polyfill/fns/ZonedDateTime';

/**
 * The one calendar of the product: station-local days, weeks (Monday to Sunday), months and years
 * in a station's IANA zone, whoever asks from wherever. A local day lasts 23, 24 or 25 hours, or
 * what the zone truly had (Australia/Lord_Howe's 23.5 and 24.5; Pacific/Apia skipped 2011-12-30).
 * A day begins at its first instant: local midnight, the end of the gap when clocks skip midnight
 * (America/Santiago), the first of two midnights when they repeat it (America/Havana).
 *
 * Zone rules are Temporal's (temporal-polyfill, over the runtime's own zone data; the native
 * Temporal where the runtime has one), never offset arithmetic of our own. Local dates are
 * written YYYY-MM-DD and instants are milliseconds since 1970. The server's SQL finds the same
 * days with `apps/server/src/platform/local-calendar-sql.ts`, proven equal to this module.
 */

/** The calendar periods a station's figures are kept and shown by. */
export type CalendarUnit = 'day' | 'week' | 'month' | 'year';

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Throws RangeError for anything but a real date written YYYY-MM-DD. */
function plainDate(day: string): PlainDate.Record {
  const match = datePattern.exec(day);
  if (!match) throw new RangeError(`not a date written YYYY-MM-DD: ${day}`);
  return PlainDate.create(Number(match[1]), Number(match[2]), Number(match[3]));
}

const written = (date: PlainDate.Record): string => PlainDate.toString(date);

// ── local dates, in no zone ─────────────────────────────────────────────────────────────────

/** True for a real calendar date written YYYY-MM-DD (2024-02-29 yes, 2025-02-29 and 2025-2-1 no). */
export function isLocalDate(text: string): boolean {
  try {
    plainDate(text);
    return true;
  } catch {
    return false;
  }
}

/** The date `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return written(PlainDate.addDays(plainDate(day), days));
}

/** The date after `day`. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** Whole days from `from` to `to`: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return PlainDate.diffDays(plainDate(from), plainDate(to));
}

/** The same day `months` months on, kept within the month reached (31 January + 1 → 28/29 February). */
export function addMonths(day: string, months: number): string {
  return written(PlainDate.addMonths(plainDate(day), months));
}

/** Day of the week, ISO 8601: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  return PlainDate.dayOfWeek(plainDate(day));
}

/**
 * First day of the period of `unit` holding local date `day`: a week starts on Monday. A month's
 * and a year's are written, not computed (ingestion asks for them at every reading).
 */
export function periodStart(unit: CalendarUnit, day: string): string {
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      return addDays(day, 1 - weekdayOf(day));
    case 'month':
      return `${day.slice(0, 7)}-01`;
    case 'year':
      return `${day.slice(0, 4)}-01-01`;
  }
}

/** First day of the period of `unit` after the one holding `day`. */
export function nextPeriodStart(unit: CalendarUnit, day: string): string {
  const start = plainDate(periodStart(unit, day));
  switch (unit) {
    case 'day':
      return written(PlainDate.addDays(start, 1));
    case 'week':
      return written(PlainDate.addWeeks(start, 1));
    case 'month':
      return written(PlainDate.addMonths(start, 1));
    case 'year':
      return written(PlainDate.addYears(start, 1));
  }
}

/** Last day of the period of `unit` holding `day`. */
export function periodEnd(unit: CalendarUnit, day: string): string {
  return addDays(nextPeriodStart(unit, day), -1);
}

/** The days of a month written YYYY-MM, first to last. */
export function daysOfMonth(month: string): string[] {
  const first = plainDate(`${month}-01`);
  return Array.from({ length: PlainDate.daysInMonth(first) }, (_, index) =>
    written(PlainDate.addDays(first, index)),
  );
}

// ── zones ───────────────────────────────────────────────────────────────────────────────────

/** Throws RangeError for a zone the runtime does not know. */
export function assertTimeZone(zone: string): void {
  Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(0), zone);
}

/** Whether the runtime knows `zone` (an IANA name such as Europe/Warsaw, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    assertTimeZone(zone);
    return true;
  } catch {
    return false;
  }
}

/** A stretch of time in which a zone's offset does not change. */
interface OffsetSpan {
  fromMs: number;
  untilMs: number;
  offsetMs: number;
}

/**
 * Spans already looked up, per zone, the latest used first. Ingestion asks for thousands of
 * readings a second and a simulated plant for every minute it steps, each lookup through Temporal
 * costs microseconds, and a zone's offset holds from one of its transitions (which Temporal names)
 * to the next: so each span is looked up once.
 */
const spansByZone = new Map<string, OffsetSpan[]>();
const SPANS_KEPT = 64;
/** A span is trusted a year either way at most, whatever the rules say beyond. */
const SPAN_REACH_MS = 366 * 86_400_000;

function offsetSpanAt(ms: number, zone: string): OffsetSpan {
  const zoned = Instant.toZonedDateTimeISO(Instant.fromEpochMilliseconds(ms), zone);
  const next = ZonedDateTime.getTimeZoneTransition(zoned, 'next');
  // 'previous' looks strictly before its instant: from a nanosecond later, a change at `ms` counts
  const later = Instant.fromEpochNanoseconds(BigInt(ms) * 1_000_000n + 1n);
  const previous = ZonedDateTime.getTimeZoneTransition(Instant.toZonedDateTimeISO(later, zone), 'previous');
  return {
    fromMs: Math.max(previous?.epochMilliseconds ?? -Infinity, ms - SPAN_REACH_MS),
    untilMs: Math.min(next?.epochMilliseconds ?? Infinity, ms + SPAN_REACH_MS),
    offsetMs: ZonedDateTime.offsetNanoseconds(zoned) / 1_000_000,
  };
}

/** How far `zone` is ahead of UTC at an instant, in ms (Europe/Warsaw in winter: 3,600,000). */
export function utcOffsetMs(ms: number, zone: string): number {
  const at = Math.floor(ms);
  const spans = spansByZone.get(zone);
  if (spans) {
    for (let index = 0; index < spans.length; index += 1) {
      const span = spans[index]!;
      if (at >= span.fromMs && at < span.untilMs) {
        if (index > 0) {
          spans.splice(index, 1);
          spans.unshift(span);
        }
        return span.offsetMs;
      }
    }
  }
  const span = offsetSpanAt(at, zone);
  if (spans) {
    spans.unshift(span);
    if (spans.length > SPANS_KEPT) spans.pop();
  } else {
    spansByZone.set(zone, [span]);
  }
  return span.offsetMs;
}

/** The wall clock of an instant in a zone, as an ISO text (YYYY-MM-DDTHH:mm:ss.sss). */
function wallClockText(ms: number, zone: string): string {
  return new Date(ms + utcOffsetMs(ms, zone)).toISOString();
}

/** The local date of an instant in a zone; of now, a station's "today". */
export function localDate(ms: number, zone: string): string {
  return wallClockText(ms, zone).slice(0, 10);
}

/** The local wall-clock time HH:mm (00–23) of an instant in a zone. */
export function localClock(ms: number, zone: string): string {
  return wallClockText(ms, zone).slice(11, 16);
}

/**
 * The instant a local date begins in a zone: its local midnight; the first instant after the gap
 * when the clocks skip midnight; the first of the two when they repeat it. A date the zone skipped
 * entirely begins when the next one does.
 */
export function startOfLocalDay(day: string, zone: string): number {
  return PlainDate.toZonedDateTime(plainDate(day), zone).epochMilliseconds;
}

/** A period in a zone: the instant it begins and the instant the next one begins (excluded). */
export interface LocalPeriod {
  startMs: number;
  endMs: number;
}

/** The period of `unit` holding local date `day`, as instants in `zone`. */
export function localPeriod(unit: CalendarUnit, day: string, zone: string): LocalPeriod {
  return {
    startMs: startOfLocalDay(periodStart(unit, day), zone),
    endMs: startOfLocalDay(nextPeriodStart(unit, day), zone),
  };
}
