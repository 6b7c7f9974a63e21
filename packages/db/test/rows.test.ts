import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  column,
  type DatabaseHandle,
  openPostgres,
  queryParsed,
  RowShapeError,
  wrapPglite,
} from '../src/index.ts';

const row = z.object({
  small: column.int,
  big: column.int,
  counted: column.int,
  price: column.number,
  ratio: column.number,
  at: column.instant,
  at_iso: column.isoInstant,
  day: column.localDate,
  nothing: column.int.nullable(),
  flag: column.bool,
  name: column.text,
  doc: z.object({ a: z.number() }),
});

const query = sql`select 3::smallint as small, 9007199254740991::bigint as big, count(*) as counted,
  12.345::numeric(10, 3) as price, 0.5::float8 as ratio,
  '2026-03-29 01:30:00.123456+00'::timestamptz as at, '2026-03-29T01:30:00.5Z'::timestamptz as at_iso,
  '2026-03-29'::date as day, null::int as nothing, true as flag, 'x' as name, '{"a": 1}'::jsonb as doc
  from (values (1), (2)) v(n)`;

const expected = {
  small: 3,
  big: 9_007_199_254_740_991,
  counted: 2,
  price: 12.345,
  ratio: 0.5,
  at: new Date('2026-03-29T01:30:00.123Z'),
  at_iso: '2026-03-29T01:30:00.500Z',
  day: '2026-03-29',
  nothing: null,
  flag: true,
  name: 'x',
  doc: { a: 1 },
};

const databases: [string, () => Promise<DatabaseHandle>][] = [
  ['PGlite', async () => wrapPglite(await PGlite.create())],
];
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  databases.push(['PostgreSQL', async () => openPostgres(url)]);
}

describe.each(databases)('queryParsed on %s', (_name, open) => {
  let handle: DatabaseHandle | undefined;
  // opening (and migrating) a database takes seconds on a busy machine: not the tests' time
  beforeAll(async () => {
    handle = await open();
  }, 120_000);
  afterAll(() => handle?.close());
  const database = async () => handle!.db;

  it('answers every column type as its schema says, whatever the driver gives', async () => {
    const rows = await queryParsed(await database(), row, query);
    expect(rows).toEqual([expected]);
  });

  it('refuses a row of another shape, naming the column but not the value', async () => {
    const db = await database();
    const wrong = z.object({ secret: column.int });
    const failure = await queryParsed(db, wrong, sql`select 'hunter2' as secret`).catch((error) => error);
    expect(failure).toBeInstanceOf(RowShapeError);
    expect(failure.message).toContain('secret');
    expect(failure.message).not.toContain('hunter2');
  });
});

describe('columns', () => {
  it('take int8 and numeric as strings and timestamps as Dates (a bare driver)', () => {
    expect(column.int.parse('-42')).toBe(-42);
    expect(column.int.parse(7n)).toBe(7);
    expect(column.number.parse('1e3')).toBe(1000);
    expect(column.number.parse('-0.25')).toBe(-0.25);
    expect(column.instant.parse(new Date(5))).toEqual(new Date(5));
    expect(column.isoInstant.parse('2026-01-02 03:04:05+00')).toBe('2026-01-02T03:04:05.000Z');
    expect(column.localDate.parse(new Date(2026, 0, 2))).toBe('2026-01-02');
  });

  it('refuse what is not theirs', () => {
    expect(column.int.safeParse('1.5').success).toBe(false);
    expect(column.int.safeParse('99999999999999999999').success).toBe(false);
    expect(column.int.safeParse(null).success).toBe(false);
    expect(column.number.safeParse('abc').success).toBe(false);
    expect(column.number.safeParse('').success).toBe(false);
    expect(column.instant.safeParse('yesterday').success).toBe(false);
    expect(column.localDate.safeParse('2026-1-2').success).toBe(false);
  });
});
