import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  assertTimeZone,
  type CalendarUnit,
  daysBetween,
  daysOfMonth,
  isLocalDate,
  isTimeZone,
  localClock,
  localDate,
  localPeriod,
  nextDay,
  nextPeriodStart,
  periodEnd,
  periodStart,
  startOfLocalDay,
  utcOffsetMs,
  weekdayOf,
} from '../src/calendar.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const hoursOf = (day: string, zone: string) => {
  const { startMs, endMs } = localPeriod('day', day, zone);
  return (endMs - startMs) / HOUR;
};

describe('a station-local day', () => {
  it('is the date of an instant in the zone, not in UTC', () => {
    expect(localDate(Date.parse('2025-03-29T23:30:00Z'), 'Europe/Warsaw')).toBe('2025-03-30');
    expect(localDate(Date.parse('2025-03-29T23:30:00Z'), 'UTC')).toBe('2025-03-29');
    expect(localDate(Date.parse('2025-03-30T03:00:00Z'), 'America/New_York')).toBe('2025-03-29');
    expect(localDate(Date.parse('2024-12-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2025-01-01');
    expect(localClock(Date.parse('2024-05-10T22:30:00Z'), 'Europe/Warsaw')).toBe('00:30');
    expect(localClock(Date.parse('2024-05-10T12:00:00Z'), 'Asia/Kathmandu')).toBe('17:45');
  });

  it('knows the offset of a zone at an instant, summer time and odd offsets included', () => {
    expect(utcOffsetMs(Date.parse('2025-01-15T12:00:00Z'), 'Europe/Warsaw')).toBe(HOUR);
    expect(utcOffsetMs(Date.parse('2025-07-15T12:00:00Z'), 'Europe/Warsaw')).toBe(2 * HOUR);
    expect(utcOffsetMs(Date.parse('2025-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(utcOffsetMs(Date.parse('2025-07-15T12:00:00Z'), 'Pacific/Chatham')).toBe(12.75 * HOUR);
    expect(utcOffsetMs(Date.parse('2025-01-15T12:00:00Z'), 'Pacific/Chatham')).toBe(13.75 * HOUR);
    expect(utcOffsetMs(Date.parse('2025-07-15T12:00:00Z'), 'UTC')).toBe(0);
    // the instant of a change has the new offset, the millisecond before it the old one
    const change = Date.parse('2025-03-30T01:00:00Z');
    expect(utcOffsetMs(change - 1, 'Europe/Warsaw')).toBe(HOUR);
    expect(utcOffsetMs(change, 'Europe/Warsaw')).toBe(2 * HOUR);
  });

  it('begins at local midnight and lasts 23 hours in spring and 25 in autumn (Europe/Warsaw)', () => {
    expect(iso(startOfLocalDay('2025-03-30', 'Europe/Warsaw'))).toBe('2025-03-29T23:00:00.000Z');
    expect(iso(startOfLocalDay('2025-03-31', 'Europe/Warsaw'))).toBe('2025-03-30T22:00:00.000Z');
    expect(iso(startOfLocalDay('2025-10-26', 'Europe/Warsaw'))).toBe('2025-10-25T22:00:00.000Z');
    expect(iso(startOfLocalDay('2025-10-27', 'Europe/Warsaw'))).toBe('2025-10-26T23:00:00.000Z');
    expect(iso(startOfLocalDay('2025-06-01', 'Asia/Kolkata'))).toBe('2025-05-31T18:30:00.000Z');
    expect(hoursOf('2025-03-30', 'Europe/Warsaw')).toBe(23);
    expect(hoursOf('2025-10-26', 'Europe/Warsaw')).toBe(25);
    expect(hoursOf('2025-06-01', 'Europe/Warsaw')).toBe(24);
  });

  it('begins after the gap when the clocks skip midnight (America/Santiago)', () => {
    // 2024-09-08 00:00 −04 never happened: the clocks went from 23:59:59 to 01:00 −03
    expect(iso(startOfLocalDay('2024-09-08', 'America/Santiago'))).toBe('2024-09-08T04:00:00.000Z');
    expect(localDate(Date.parse('2024-09-08T03:59:59Z'), 'America/Santiago')).toBe('2024-09-07');
    expect(hoursOf('2024-09-08', 'America/Santiago')).toBe(23);
    // in autumn the hour before midnight comes twice and belongs to the earlier day
    expect(hoursOf('2024-04-06', 'America/Santiago')).toBe(25);
    expect(iso(startOfLocalDay('2024-04-07', 'America/Santiago'))).toBe('2024-04-07T04:00:00.000Z');
  });

  it('begins at the first of two midnights when the clocks repeat it (America/Havana, Asia/Gaza)', () => {
    expect(iso(startOfLocalDay('2025-11-02', 'America/Havana'))).toBe('2025-11-02T04:00:00.000Z');
    expect(hoursOf('2025-11-02', 'America/Havana')).toBe(25);
    expect(iso(startOfLocalDay('2021-10-29', 'Asia/Gaza'))).toBe('2021-10-28T21:00:00.000Z');
    expect(hoursOf('2021-10-29', 'Asia/Gaza')).toBe(25);
    // since 2022 Gaza changes at 02:00
    expect(hoursOf('2024-04-20', 'Asia/Gaza')).toBe(23);
    expect(hoursOf('2024-10-26', 'Asia/Gaza')).toBe(25);
  });

  it('moves by half an hour at Lord Howe Island', () => {
    expect(hoursOf('2024-04-07', 'Australia/Lord_Howe')).toBe(24.5);
    expect(hoursOf('2024-10-06', 'Australia/Lord_Howe')).toBe(23.5);
    expect(iso(startOfLocalDay('2024-10-06', 'Australia/Lord_Howe'))).toBe('2024-10-05T13:30:00.000Z');
  });

  it('has no 2011-12-30 in Pacific/Apia: that date begins when the next one does', () => {
    const skipped = startOfLocalDay('2011-12-30', 'Pacific/Apia');
    expect(iso(skipped)).toBe('2011-12-30T10:00:00.000Z');
    expect(startOfLocalDay('2011-12-31', 'Pacific/Apia')).toBe(skipped);
    expect(localDate(skipped - 1, 'Pacific/Apia')).toBe('2011-12-29');
    expect(localDate(skipped, 'Pacific/Apia')).toBe('2011-12-31');
    expect(hoursOf('2011-12-29', 'Pacific/Apia')).toBe(24);
  });

  it('knows which zones exist', () => {
    expect(isTimeZone('Europe/Warsaw')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('local dates', () => {
  it('count days and months on the calendar', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-03-30', '2025-03-30')).toBe(0);
    expect(daysBetween('2025-03-31', '2025-03-30')).toBe(-1);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2025-12').at(-1)).toBe('2025-12-31');
  });

  it('tell real dates from anything else', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2025-2-1')).toBe(false);
    expect(isLocalDate('2025-13-01')).toBe(false);
    expect(isLocalDate('')).toBe(false);
  });

  it('have weeks from Monday to Sunday, months and years', () => {
    expect(weekdayOf('2024-05-06')).toBe(1);
    expect(weekdayOf('2024-05-12')).toBe(7);
    expect(periodStart('week', '2024-05-12')).toBe('2024-05-06');
    expect(periodStart('week', '2024-05-06')).toBe('2024-05-06');
    expect(periodStart('week', '2025-01-01')).toBe('2024-12-30');
    expect(periodEnd('week', '2024-05-06')).toBe('2024-05-12');
    expect(periodStart('month', '2024-05-10')).toBe('2024-05-01');
    expect(periodEnd('month', '2024-02-10')).toBe('2024-02-29');
    expect(nextPeriodStart('month', '2024-12-10')).toBe('2025-01-01');
    expect(periodStart('year', '2024-05-10')).toBe('2024-01-01');
    expect(periodEnd('year', '2024-05-10')).toBe('2024-12-31');
    expect(periodStart('day', '2024-05-10')).toBe('2024-05-10');
  });

  it('give a period its instants in a zone, clock changes included', () => {
    const march = localPeriod('month', '2025-03-15', 'Europe/Warsaw');
    expect(iso(march.startMs)).toBe('2025-02-28T23:00:00.000Z');
    expect((march.endMs - march.startMs) / HOUR).toBe(31 * 24 - 1);
    const week = localPeriod('week', '2025-10-26', 'Europe/Warsaw');
    expect((week.endMs - week.startMs) / HOUR).toBe(7 * 24 + 1);
    const year = localPeriod('year', '2024-07-01', 'America/Santiago');
    expect((year.endMs - year.startMs) / HOUR).toBe(366 * 24);
  });
});

// ── properties ──────────────────────────────────────────────────────────────────────────────

/** Every zone the runtime knows. */
const allZones = fc.constantFrom('UTC', ...Intl.supportedValuesOf('timeZone'));
/** Zones whose clocks move by whole hours at most once either way (or never). */
const hourZones = fc.constantFrom(
  'Europe/Warsaw',
  'Europe/London',
  'America/New_York',
  'America/Santiago',
  'America/Havana',
  'America/Sao_Paulo',
  'Asia/Gaza',
  'Asia/Beirut',
  'Africa/Cairo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'UTC',
);
/**
 * From 2011 on, when no zone's clocks go back across midnight any more (America/Goose_Bay's last
 * changes at 00:01 were in 2010), so the local date never runs backwards; up to 2040.
 */
const FROM_MS = Date.parse('2011-01-01T00:00:00Z');
const TO_MS = Date.parse('2040-01-01T00:00:00Z');
const instant = fc.integer({ min: FROM_MS, max: TO_MS });
const anyDay = fc.integer({ min: FROM_MS, max: TO_MS }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const unit = fc.constantFrom<CalendarUnit>('day', 'week', 'month', 'year');

/** The first whole second whose local date is `day` or later, by bisection: independent of startOfLocalDay. */
function firstSecondOf(day: string, zone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let before = utcMidnight - 40 * HOUR;
  let after = utcMidnight + 40 * HOUR;
  while (after - before > 1000) {
    const middle = Math.floor((before + after) / 2000) * 1000;
    if (localDate(middle, zone) >= day) after = middle;
    else before = middle;
  }
  return after;
}

describe('calendar properties', () => {
  it('the day holding an instant begins at or before it, and the next day after it', () => {
    fc.assert(
      fc.property(instant, allZones, (ms, zone) => {
        const day = localDate(ms, zone);
        expect(startOfLocalDay(day, zone)).toBeLessThanOrEqual(ms);
        expect(startOfLocalDay(nextDay(day), zone)).toBeGreaterThan(ms);
      }),
      { numRuns: 500 },
    );
  });

  it('a day begins at the first instant that has its date, in every zone', () => {
    fc.assert(
      fc.property(anyDay, allZones, (day, zone) => {
        expect(startOfLocalDay(day, zone)).toBe(firstSecondOf(day, zone));
      }),
      { numRuns: 300 },
    );
  });

  it('a day lasts 23, 24 or 25 hours where clocks move by an hour; 23.5 to 24.5 at Lord Howe', () => {
    fc.assert(
      fc.property(anyDay, hourZones, (day, zone) => {
        expect([23, 24, 25]).toContain(hoursOf(day, zone));
      }),
      { numRuns: 500 },
    );
    for (let day = '2024-01-01'; day < '2028-01-01'; day = nextDay(day)) {
      expect([23.5, 24, 24.5]).toContain(hoursOf(day, 'Australia/Lord_Howe'));
    }
  });

  it('the date and the offset of an instant are Temporal’s and ICU’s, looked up in any order', () => {
    const icu = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(instant, allZones, (ms, zone) => {
        const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
        expect(utcOffsetMs(ms, zone)).toBe(zoned.offsetNanoseconds / 1_000_000);
        expect(localDate(ms, zone)).toBe(zoned.toPlainDate().toString());
        expect(localDate(ms, zone)).toBe(icu(zone).format(ms));
        expect(localClock(ms, zone)).toBe(zoned.toPlainTime().toString().slice(0, 5));
      }),
      { numRuns: 500 },
    );
  });

  it('a local date and the instant it begins go round trip', () => {
    fc.assert(
      fc.property(anyDay, allZones, (day, zone) => {
        const start = startOfLocalDay(day, zone);
        // a date the zone skipped (Apia's 2011-12-30) begins with the next one
        const shown = localDate(start, zone);
        expect(shown === day || (shown === nextDay(day) && startOfLocalDay(shown, zone) === start)).toBe(
          true,
        );
        expect(localDate(start - 1, zone) < day).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('weeks start on Monday; months on the 1st, years on 1 January, each period after the last', () => {
    fc.assert(
      fc.property(anyDay, unit, (day, of) => {
        const start = periodStart(of, day);
        const next = nextPeriodStart(of, day);
        expect(start <= day && day < next).toBe(true);
        expect(periodStart(of, next)).toBe(next);
        expect(periodEnd(of, day)).toBe(addDays(next, -1));
        expect(periodStart(of, periodEnd(of, day))).toBe(start);
        const length = daysBetween(start, next);
        if (of === 'day') expect(length).toBe(1);
        if (of === 'week') {
          expect(length).toBe(7);
          expect(weekdayOf(start)).toBe(1);
        }
        if (of === 'month') {
          expect(start.slice(8)).toBe('01');
          expect([28, 29, 30, 31]).toContain(length);
          expect(daysOfMonth(start.slice(0, 7))).toHaveLength(length);
        }
        if (of === 'year') {
          expect(start.slice(5)).toBe('01-01');
          expect([365, 366]).toContain(length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('days added and counted agree, and stay real dates', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -800, max: 800 }), (day, days) => {
        const later = addDays(day, days);
        expect(isLocalDate(later)).toBe(true);
        expect(daysBetween(day, later)).toBe(days);
        expect(addDays(later, -days)).toBe(day);
      }),
      { numRuns: 500 },
    );
  });
});
