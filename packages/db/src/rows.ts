import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client.ts';

/**
 * Typed rows of raw SQL. A repository states the shape of its rows as a zod object of the columns
 * below, and `queryParsed` checks every row against it, so a row's TypeScript type is what was
 * checked, not what was hoped. The columns coerce what the two drivers answer differently (through
 * drizzle's `execute`, measured on PGlite 0.5 and node-postgres 8):
 *
 * | PostgreSQL type              | PGlite                      | node-postgres                | column      |
 * | ---------------------------- | --------------------------- | ---------------------------- | ----------- |
 * | int2, int4                   | number                      | number                       | `int`       |
 * | int8, `count(*)` uncast      | number                      | string                       | `int`       |
 * | numeric                      | string                      | string                       | `number`    |
 * | float8                       | number                      | number                       | `number`    |
 * | timestamptz                  | string `2026-01-02 03:04:05.678+00` (a Date from a bare driver) | the same | `instant`, `isoInstant` |
 * | date                         | string `2026-01-02`         | string `2026-01-02`          | `localDate` |
 * | jsonb, json                  | parsed value                | parsed value                 | a schema of the value |
 *
 * `timestamp` without a zone has no column here on purpose: its text names no instant.
 */

/** An integer column: int2/int4 as numbers, int8 and uncast `count(*)` also as the strings node-postgres gives. */
const int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number)
    .pipe(z.number().int().refine(Number.isSafeInteger, 'an integer beyond 2^53')),
  z.bigint().transform(Number),
]);

/** A number column: float8 as a number, numeric (and int8) as the string both drivers give. */
const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i)
    .transform(Number),
  z.bigint().transform(Number),
]);

/** A timestamptz column as a Date. */
const instant = z
  .union([z.date(), z.string()])
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .refine((value) => !Number.isNaN(value.getTime()), 'not an instant');

/** A timestamptz column as an ISO 8601 string in UTC, as the calls answer instants. */
const isoInstant = instant.transform((value) => value.toISOString());

/** A date column (or `to_char(…, 'YYYY-MM-DD')`) as `YYYY-MM-DD`. */
const localDate = z.union([
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  // a bare node-postgres parses a date into local midnight: take that day back
  z
    .date()
    .transform(
      (value) =>
        `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`,
    ),
]);

/** Column schemas of raw SQL rows (see the table above). Combine with `.nullable()` for columns that may be null. */
export const column = {
  int,
  number,
  text: z.string(),
  bool: z.boolean(),
  instant,
  isoInstant,
  localDate,
} as const;

/** A row that does not have the shape its repository declared: a bug in the query or the schema. */
export class RowShapeError extends Error {
  constructor(
    readonly rowIndex: number,
    readonly issues: z.core.$ZodIssue[],
  ) {
    // the issues name the columns and what was wrong, never the values (which may be secrets)
    super(
      `row ${rowIndex} does not have its declared shape: ${issues
        .map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'RowShapeError';
  }
}

/**
 * Rows of a raw SQL query, each parsed with `row` (a zod object of `column`s): typed by what was
 * checked. A row of the wrong shape throws `RowShapeError`. Parsing costs about a microsecond per
 * column, nothing beside a page of a list; a query of many thousands of rows (an export) should map
 * its rows by hand in a light loop instead, and say so.
 */
export async function queryParsed<Row extends z.ZodType>(
  db: Database,
  row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows.map((raw, index) => {
    const parsed = row.safeParse(raw, { reportInput: false });
    if (!parsed.success) throw new RowShapeError(index, parsed.error.issues);
    return parsed.data;
  });
}
