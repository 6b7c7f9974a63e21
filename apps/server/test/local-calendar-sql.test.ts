import { localDate, localPeriod, nextDay, startOfLocalDay } from '@helio/contracts';
import { type DatabaseHandle, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateSql, startOfLocalDaySql } from '../src/platform/local-calendar-sql.ts';
import { freshDatabase } from './support/database.ts';

/**
 * The SQL fragments of station-local dates give what the calendar of the contracts gives: every
 * day around each clock change of 2024–2027 and every month's first day, in zones that skip
 * midnight (America/Santiago), repeat it (America/Havana; Asia/Gaza until 2021), move by half an
 * hour (Australia/Lord_Howe) or two (Antarctica/Troll), and in zones without changes; plus days
 * of the past that were stranger still (Apia's skipped day, Goose Bay's changes at 00:01).
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

const zones = [
  'Europe/Warsaw',
  'Europe/London',
  'America/Santiago',
  'America/Havana',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Asuncion',
  'Asia/Gaza',
  'Asia/Beirut',
  'Africa/Cairo',
  'Australia/Lord_Howe',
  'Antarctica/Troll',
  'Pacific/Apia',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'UTC',
];

const HOUR = 3_600_000;

/** Days around each clock change of 2024–2027 and every first of a month, per zone. */
function daysToCompare(): { zone: string; day: string }[] {
  const cases: { zone: string; day: string }[] = [];
  for (const zone of zones) {
    const days = new Set<string>();
    let previous = '2023-12-31';
    for (let day = '2024-01-01'; day < '2028-01-01'; day = nextDay(day)) {
      const { startMs, endMs } = localPeriod('day', day, zone);
      if (endMs - startMs !== 24 * HOUR) for (const near of [previous, day, nextDay(day)]) days.add(near);
      if (day.endsWith('-01')) days.add(day);
      previous = day;
    }
    for (const day of days) cases.push({ zone, day });
  }
  const past: [string, string[]][] = [
    ['Asia/Gaza', ['2020-10-24', '2021-03-27', '2021-10-29']],
    ['Asia/Amman', ['2021-10-29']],
    ['Pacific/Apia', ['2011-12-29', '2011-12-30', '2011-12-31']],
    ['America/Goose_Bay', ['2005-10-30', '2010-11-07']],
  ];
  for (const [zone, days] of past) for (const day of days) cases.push({ zone, day });
  return cases;
}

describe('station-local dates in SQL', () => {
  const cases = daysToCompare();

  it('covers clock changes of every kind', () => {
    const lengths = new Set(
      cases.map(({ zone, day }) => {
        const { startMs, endMs } = localPeriod('day', day, zone);
        return (endMs - startMs) / HOUR;
      }),
    );
    expect([...lengths].sort((a, b) => a - b)).toEqual([0, 22, 23, 23.5, 24, 24.5, 25, 26]);
  });

  it('start each day at the instant the calendar does', async () => {
    const start = startOfLocalDaySql('c.day', 'c.zone');
    const rows = await queryRows<{ zone: string; day: string; start_ms: number | string }>(
      database.db,
      sql`select c.zone, to_char(c.day, 'YYYY-MM-DD') as day,
                 (extract(epoch from ${sql.raw(start)}) * 1000)::float8 as start_ms
          from jsonb_to_recordset(${JSON.stringify(cases)}::jsonb) as c(zone text, day date)`,
    );
    expect(rows).toHaveLength(cases.length);
    const different = rows
      .filter((row) => Number(row.start_ms) !== startOfLocalDay(row.day, row.zone))
      .map((row) => ({
        ...row,
        sql: new Date(Number(row.start_ms)).toISOString(),
        calendar: new Date(startOfLocalDay(row.day, row.zone)).toISOString(),
      }));
    expect(different).toEqual([]);
  });

  it('give each instant around those days the calendar’s local date', async () => {
    const instants = cases.flatMap(({ zone, day }) => {
      const { startMs, endMs } = localPeriod('day', day, zone);
      return [startMs - 1, startMs, startMs + HOUR - 1, startMs + HOUR, startMs + 12 * HOUR, endMs - 1].map(
        (ms) => ({ zone, ms }),
      );
    });
    const date = localDateSql(`timestamptz 'epoch' + c.ms * interval '1 millisecond'`, 'c.zone');
    const rows = await queryRows<{ zone: string; ms: number | string; day: string }>(
      database.db,
      sql`select c.zone, c.ms, to_char(${sql.raw(date)}, 'YYYY-MM-DD') as day
          from jsonb_to_recordset(${JSON.stringify(instants)}::jsonb) as c(zone text, ms float8)`,
    );
    expect(rows).toHaveLength(instants.length);
    const different = rows.filter((row) => row.day !== localDate(Number(row.ms), row.zone));
    expect(different).toEqual([]);
  });
});
