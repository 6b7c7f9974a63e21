import { type DeviceType, deviceTypes } from '@helio/contracts';
import {
  deviceValues,
  ENERGY_GAP_MS,
  type EnergyCounter,
  energyCounters,
  readCounters,
} from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDateSql, startOfLocalDaySql } from '../../platform/local-calendar-sql.ts';

/**
 * The SQL of the energy rebuild (rebuild.ts says what it does and why): the counter of each
 * device type read from the stored readings' values, each reading's step from its predecessor,
 * the local days a step's rise is counted in, and the statements one batch of devices runs in its
 * transaction, over temporary tables that end with it.
 */

/** Every key a device type's flattened values may hold (`part.field` for parts). */
function flatKeys(schema: z.ZodType, prefix = ''): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodObject)) return prefix ? [prefix] : [];
  // values are flattened one level deep (contracts `flattenValues`)
  if (prefix.includes('.')) return [prefix];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
    flatKeys(field, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Where each energy counter sits in a device type's flattened values, as contracts'
 * `readCounters` reads it: every key of the type's value schema is given a distinct number, and
 * the counters it answers tell which key each one came from.
 */
export function counterKeysOf(type: DeviceType): Partial<Record<EnergyCounter, string>> {
  const keys = flatKeys(deviceValues[type]);
  const probe = Object.fromEntries(keys.map((key, index) => [key, index + 1]));
  const found = readCounters(type, probe);
  const mapping: Partial<Record<EnergyCounter, string>> = {};
  for (const [name, index] of Object.entries(found) as [EnergyCounter, number][]) {
    mapping[name] = keys[index - 1]!;
  }
  return mapping;
}

const safeKey = /^[a-z0-9_]+(\.[a-z0-9_]+)?$/;

/** The counter's value in `r.values` for the device type in `d.device_type`, or null. */
function counterExpression(name: EnergyCounter): string {
  const branches: string[] = [];
  for (const type of deviceTypes) {
    const key = counterKeysOf(type)[name];
    if (key === undefined) continue;
    if (!safeKey.test(key)) throw new Error(`unexpected counter key ${key}`);
    // readCounters takes numbers only
    branches.push(
      `when ${type} then case when jsonb_typeof(r.values -> '${key}') = 'number' then (r.values ->> '${key}')::float8 end`,
    );
  }
  return branches.length === 0 ? 'null::float8' : `case d.device_type ${branches.join(' ')} end`;
}

const columns = sql.raw(energyCounters.join(', '));
const list = (make: (name: EnergyCounter) => string) => sql.raw(energyCounters.map(make).join(', '));

/** Below this a counter's rise, kWh, is rounding noise (a counter that moved by a few ulps). */
const NEGLIGIBLE_RISE_KWH = 1e-300;

/**
 * The part of a step's rise of counter `name` that its share's day gets: max(0, rise) × factor,
 * as ledger.ts has it, except that a negligible rise counts as none. PostgreSQL refuses a float8
 * product that underflows to zero (SQLSTATE 22003, e.g. 5e-324 × 0.4), where JavaScript answers 0;
 * above the threshold no factor (0, or at least 1 ms of a gap of at most the backfill horizon)
 * underflows, and what is left out is nothing next to the 1e-9 kWh that figures are kept to.
 */
const sharedRise = (name: EnergyCounter) =>
  `case when step.${name} - step.previous_${name} > ${NEGLIGIBLE_RISE_KWH}::float8 then (step.${name} - step.previous_${name}) * share.factor else 0 end`;

/** The readings of a batch's devices as steps: each reading's counters and its predecessor's. */
const stepsQuery = sql.raw(`select c.ts, lag(c.ts) over w as previous_ts,
    ${energyCounters.map((name) => `c.${name}, lag(c.${name}) over w as previous_${name}`).join(',\n    ')}
  from (select r.ts, ${energyCounters.map((name) => `${counterExpression(name)} as ${name}`).join(',\n      ')}
        from readings r where r.device_id = d.device_id) c
  window w as (order by c.ts)`);

/** Milliseconds since 1970 of a timestamptz, as float8 (exact: whole milliseconds). */
const ms = (instant: string) => `(extract(epoch from ${instant}) * 1000)::float8`;

/**
 * Where a step's rise is counted, as ledger.ts `stepShares` says: (day, factor, ends) rows, the
 * later reading's local day with factor 1, or across a gap longer than ENERGY_GAP_MS in which a
 * counter rose, each local day of the gap with the fraction of its time in that day (computed
 * with the same operations as there, so to the same floating-point figures). `ends` marks the
 * later reading's day: the step itself is counted there.
 */
const sharesQuery = (() => {
  const rose = energyCounters
    .map((name) => `coalesce(step.${name} > step.previous_${name}, false)`)
    .join(' or ');
  const gap = `${ms('step.ts')} - ${ms('step.previous_ts')}`;
  const spread = `(${gap} > ${ENERGY_GAP_MS} and (${rose}))`;
  const last = localDateSql('step.ts', 's.timezone');
  const dayStart = ms(startOfLocalDaySql('g.day', 's.timezone'));
  const nextStart = ms(startOfLocalDaySql('g.day + 1', 's.timezone'));
  const time = `least(${ms('step.ts')}, ${nextStart}) - greatest(${ms('step.previous_ts')}, ${dayStart})`;
  return sql.raw(`select ${last} as day, 1::float8 as factor, true as ends where not ${spread}
    union all
    select g.day, (${time}) / (${gap}), g.day = ${last}
    from (select series::date as day
          from generate_series(${localDateSql('step.previous_ts', 's.timezone')}::timestamp,
                               ${last}::timestamp, interval '1 day') series) g
    where ${spread} and (g.day = ${last} or (${time}) > 0)`);
})();

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** The devices in `scope` (every device when it names none), ordered by station. */
export async function devicesToRebuild(
  db: Database,
  scope: { deviceIds?: readonly number[]; stationIds?: readonly number[] },
): Promise<{ deviceId: number; stationId: number }[]> {
  const conditions: SQL[] = [];
  if (scope.deviceIds) conditions.push(sql`device_id = any(${intArray(scope.deviceIds)})`);
  if (scope.stationIds) conditions.push(sql`station_id = any(${intArray(scope.stationIds)})`);
  const where = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` or `);
  return queryParsed(
    db,
    z
      .object({ device_id: column.int, station_id: column.int })
      .transform((row) => ({ deviceId: row.device_id, stationId: row.station_id })),
    sql`select device_id, station_id from devices where ${where} order by station_id, device_id`,
  );
}

/** All counters of a station row `se` are (next to) zero. */
const stationRowIsZero = sql.raw(energyCounters.map((name) => `abs(se.${name}) < 1e-9`).join(' and '));

/** Runs a `with written as (… returning 1)` statement and answers how many rows it wrote. */
async function written(tx: Database, statement: SQL): Promise<number> {
  const [row] = await queryParsed(
    tx,
    z.object({ n: column.int }),
    sql`${statement} select count(*) as n from written`,
  );
  return row?.n ?? 0;
}

/**
 * Takes the lock ingestion and the recount take before they count a device's readings (each
 * device's newest reading, `device_latest`), and sets the transaction up for the batch's sorts.
 */
export async function lockForRebuild(tx: Database, deviceIds: readonly number[]): Promise<void> {
  const ids = intArray(deviceIds);
  await tx.execute(
    sql`select 1 from device_latest where device_id = any(${ids}) order by device_id for update`,
  );
  // sorts of a device's readings stay in memory; no JIT compilation (seconds per batch, for
  // plans whose estimates count every device's readings)
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
}

/**
 * 1. The devices' days from their readings, into `rebuild_days`; answers the steps counted.
 * `deviceIds` come in ascending order here and below, so concurrent batches lock rows alike.
 */
export async function countDays(tx: Database, deviceIds: readonly number[]): Promise<number> {
  const ids = intArray(deviceIds);
  await tx.execute(
    sql`create temp table rebuild_days (device_id int, station_id int, day date, steps bigint,
          ${list((name) => `${name} float8`)}) on commit drop`,
  );
  await tx.execute(
    sql`insert into rebuild_days (device_id, station_id, day, steps, ${columns})
        select d.device_id, d.station_id, share.day, count(*) filter (where share.ends),
               ${list((name) => `coalesce(sum(${sharedRise(name)}), 0)`)}
        from devices d
        join stations s on s.station_id = d.station_id
        cross join lateral (${stepsQuery}) step
        cross join lateral (${sharesQuery}) share
        where d.device_id = any(${ids}) and step.previous_ts is not null
        group by d.device_id, d.station_id, share.day`,
  );
  const [steps] = await queryParsed(
    tx,
    z.object({ n: column.number.nullable() }),
    sql`select sum(steps) as n from rebuild_days`,
  );
  return steps?.n ?? 0;
}

/** 2. The devices' old rows leave, kept summed per station in `rebuild_old`. */
export async function removeOldRows(tx: Database, deviceIds: readonly number[]): Promise<void> {
  const ids = intArray(deviceIds);
  await tx.execute(
    sql`create temp table rebuild_old on commit drop as
        with removed as (delete from device_energy where device_id = any(${ids}) returning *)
        select d.station_id, e.period, e.period_start, ${list((name) => `sum(e.${name}) as ${name}`)}
        from removed e join devices d on d.device_id = e.device_id
        group by d.station_id, e.period, e.period_start`,
  );
}

/** A `select` of `owner`'s rows of `period` as the sums of the days in `source`. */
function byPeriod(period: 'd' | 'm' | 'y', owner: string, source: string): string {
  const start =
    period === 'd'
      ? 'day'
      : period === 'm'
        ? `date_trunc('month', day::timestamp)::date`
        : `date_trunc('year', day::timestamp)::date`;
  return `select ${owner}, '${period}' as period, ${start} as period_start,
            ${energyCounters.map((name) => `sum(${name}) as ${name}`).join(', ')}
          from ${source} group by ${owner}, 3`;
}

/** The rows of all three periods from the days in `rebuild_days`, for `owner`. */
const allPeriods = (owner: string) =>
  sql.raw(
    (['d', 'm', 'y'] as const).map((period) => byPeriod(period, owner, 'rebuild_days')).join(' union all '),
  );

/** 3. The new device rows: days, and months and years as the sums of the days; answers how many. */
export async function writeDeviceRows(tx: Database): Promise<number> {
  return written(
    tx,
    sql`with written as (
          insert into device_energy (device_id, period, period_start, ${columns})
          select * from (${allPeriods('device_id')}) n
          order by 1, 2, 3
          on conflict (device_id, period, period_start) do update set
            ${list((name) => `${name} = device_energy.${name} + excluded.${name}`)}
          returning 1)`,
  );
}

/**
 * 4. The stations' rows: the new device rows added, the old ones taken off; a station row that
 * only the old rows held, now zero, goes. Answers how many rows were written.
 */
export async function adjustStationRows(tx: Database): Promise<number> {
  const stationRows = await written(
    tx,
    sql`with delta as (
          select station_id, period, period_start, ${list((name) => `sum(${name}) as ${name}`)}
          from (${allPeriods('station_id')}
            union all
            select station_id, period, period_start, ${list((name) => `-${name}`)} from rebuild_old) change
          group by station_id, period, period_start
        ), written as (
          insert into station_energy (station_id, period, period_start, ${columns})
          select delta.* from delta join stations s on s.station_id = delta.station_id
          order by 1, 2, 3
          on conflict (station_id, period, period_start) do update set
            ${list((name) => `${name} = greatest(0, station_energy.${name} + excluded.${name})`)}
          returning 1)`,
  );
  // a station row that only the old rows held, now zero, goes
  await tx.execute(
    sql`delete from station_energy se using rebuild_old o
        where se.station_id = o.station_id and se.period = o.period and se.period_start = o.period_start
          and ${stationRowIsZero}
          and not exists (select 1 from device_energy e join devices d on d.device_id = e.device_id
                          where d.station_id = se.station_id and e.period = se.period
                            and e.period_start = se.period_start)`,
  );
  return stationRows;
}
