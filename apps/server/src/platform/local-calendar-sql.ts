import { type SQL, sql } from 'drizzle-orm';

/**
 * Station-local dates inside SQL, for the statements that need them row by row over many
 * readings or many zones at once: the energy rebuild and the "today" columns of the lists.
 * Everywhere else dates are computed with the calendar of the contracts
 * (`packages/contracts/src/calendar.ts`) and passed in. These fragments follow the same rule, and
 * test/local-calendar-sql.test.ts proves them equal to it over the clock changes of 2024–2027 in
 * a dozen zones, on PGlite and on PostgreSQL.
 *
 * The arguments are SQL expressions (a column, a cast), never values from a request.
 */

/** The local date of timestamptz `instant` in the IANA zone `zone`: calendar `localDate`. */
export function localDateSql(instant: string, zone: string): string {
  return `((${instant}) at time zone (${zone}))::date`;
}

/** The zone's offset from UTC at `instant`, as an interval. */
const offsetAt = (instant: string, zone: string) =>
  `((${instant}) at time zone (${zone}) - (${instant}) at time zone 'UTC')`;

/**
 * The instant local date `day` begins in `zone`, as calendar `startOfLocalDay` has it. PostgreSQL
 * reads a local midnight the clocks skipped with the offset from before the change, which is the
 * end of the gap (as the calendar says); one they repeated it reads as the later of the two, so
 * the midnight read with the offset of three hours before (a change back is at most two hours) is
 * taken instead when it is earlier and still that date.
 */
export function startOfLocalDaySql(day: string, zone: string): string {
  const midnight = `((${day})::timestamp at time zone (${zone}))`;
  const earlier = `(((${day})::timestamp - ${offsetAt(`${midnight} - interval '3 hours'`, zone)}) at time zone 'UTC')`;
  return `(case when ${earlier} < ${midnight} and ${localDateSql(earlier, zone)} = (${day})::date
               then ${earlier} else ${midnight} end)`;
}

/**
 * A station's "today" at the instant `at` (the server's clock, never SQL `now()`) as a drizzle
 * fragment, `zone` a column. `at` goes in as an ISO literal, a fixed form of digits and signs.
 */
export function todayIn(zone: string, at: Date): SQL {
  return sql.raw(localDateSql(`'${at.toISOString()}'::timestamptz`, zone));
}
