import { type DeviceType, deviceTypes } from '@helio/contracts';
import { deviceValues, type EnergyCounter, energyCounters, readCounters } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Energy counted again from the stored readings, in SQL and set-based: what `npm run
 * energy:rebuild` runs after history was imported or readings were restored, when the energy rows
 * that ingestion keeps up to date no longer follow from the readings.
 *
 * The rule is exactly that of energy.ts: over a device's readings ordered by time, each energy
 * counter adds max(0, later − earlier) when both readings carry it, counted in the station-local
 * day (the station's IANA zone) of the later reading. A device has a day row for every local day
 * holding a reading with a predecessor, also when no counter rose (charts tell "no data" from
 * "zero"); its month and year rows are the sums of its days.
 *
 * The device rows of the devices rebuilt are replaced. A station's rows also hold the energy of
 * devices removed since, which no reading tells any more, so they are not recomputed: the old
 * rows of the devices rebuilt are taken off them and the new ones added. A station row left at
 * zero with no device row behind it any more is removed.
 *
 * Devices are rebuilt in batches (a station's devices together), each in one transaction that
 * first takes the lock ingestion and the recount take on a device's newest reading
 * (`device_latest`): while a batch runs, readings of its devices wait; a reading committed earlier
 * is counted by the batch, a later one by ingestion from the newest reading as always. (A device
 * that never reported through the device link has no newest reading to lock; its rows are written
 * adding to any that appear meanwhile.)
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

/** The readings of a batch's devices as steps: each reading's counters and its predecessor's. */
const stepsQuery = sql.raw(`select c.ts, lag(c.ts) over w as previous_ts,
    ${energyCounters.map((name) => `c.${name}, lag(c.${name}) over w as previous_${name}`).join(',\n    ')}
  from (select r.ts, ${energyCounters.map((name) => `${counterExpression(name)} as ${name}`).join(',\n      ')}
        from readings r where r.device_id = d.device_id) c
  window w as (order by c.ts)`);

export interface RebuildScope {
  /** Devices to rebuild. */
  deviceIds?: readonly number[];
  /** Every device of these stations is rebuilt (with `deviceIds`, both). */
  stationIds?: readonly number[];
}

export interface RebuildOptions {
  /** Devices per transaction (default 100; a station's devices are never split). */
  batchSize?: number;
  /** Called after each batch, e.g. for progress. */
  onBatch?: (progress: RebuildOutcome & { total: number }) => void;
}

export interface RebuildOutcome {
  /** Devices rebuilt. */
  devices: number;
  /** Stations whose rows were adjusted. */
  stations: number;
  /** Steps counted: readings with a predecessor. */
  steps: number;
  /** Device rows written (days, months and years). */
  deviceRows: number;
  /** Station rows written or adjusted (a station split over batches counts in each). */
  stationRows: number;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** Rebuilds the energy of the devices in `scope`, or of every device when it names none. */
export async function rebuildEnergy(
  db: Database,
  scope: RebuildScope = {},
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const conditions: SQL[] = [];
  if (scope.deviceIds) conditions.push(sql`device_id = any(${intArray(scope.deviceIds)})`);
  if (scope.stationIds) conditions.push(sql`station_id = any(${intArray(scope.stationIds)})`);
  const where = conditions.length === 0 ? sql`true` : sql.join(conditions, sql` or `);
  const devices = await queryRows<{ device_id: number; station_id: number }>(
    db,
    sql`select device_id, station_id from devices where ${where} order by station_id, device_id`,
  );
  const outcome: RebuildOutcome = { devices: 0, stations: 0, steps: 0, deviceRows: 0, stationRows: 0 };
  const stations = new Set<number>();
  for (const batch of batches(devices, batchSize)) {
    const done = await rebuildBatch(
      db,
      batch.map((device) => device.device_id),
    );
    for (const device of batch) stations.add(device.station_id);
    outcome.devices += batch.length;
    outcome.steps += done.steps;
    outcome.deviceRows += done.deviceRows;
    outcome.stationRows += done.stationRows;
    outcome.stations = stations.size;
    options.onBatch?.({ ...outcome, total: devices.length });
  }
  return outcome;
}

/**
 * Devices (ordered by station) in batches of about `size`: a station's devices stay in one batch
 * (a station with more devices than that has a batch of its own), so each station's rows are
 * adjusted once.
 */
function batches<T extends { station_id: number }>(devices: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  let current: T[] = [];
  for (let index = 0; index < devices.length; ) {
    let end = index;
    while (end < devices.length && devices[end]!.station_id === devices[index]!.station_id) end += 1;
    const station = devices.slice(index, end);
    if (current.length > 0 && current.length + station.length > size) {
      result.push(current);
      current = [];
    }
    current.push(...station);
    index = end;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** Runs a `with written as (… returning 1)` statement and answers how many rows it wrote. */
async function written(tx: Database, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`${statement} select count(*) as n from written`,
  );
  return Number(row?.n ?? 0);
}

async function rebuildBatch(
  db: Database,
  deviceIds: number[],
): Promise<{ steps: number; deviceRows: number; stationRows: number }> {
  const ids = intArray([...deviceIds].sort((a, b) => a - b));
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // the lock ingestion and the recount take before they count a device's readings
    await tx.execute(
      sql`select 1 from device_latest where device_id = any(${ids}) order by device_id for update`,
    );
    // sorts of a device's readings stay in memory; no JIT compilation (seconds per batch, for
    // plans whose estimates count every device's readings)
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);

    // 1. the device days, from the readings
    await tx.execute(
      sql`create temp table rebuild_days (device_id int, station_id int, day date, steps bigint,
            ${list((name) => `${name} float8`)}) on commit drop`,
    );
    await tx.execute(
      sql`insert into rebuild_days (device_id, station_id, day, steps, ${columns})
          select d.device_id, d.station_id, (step.ts at time zone s.timezone)::date, count(*),
                 ${list((name) => `coalesce(sum(greatest(step.${name} - step.previous_${name}, 0)), 0)`)}
          from devices d
          join stations s on s.station_id = d.station_id
          cross join lateral (${stepsQuery}) step
          where d.device_id = any(${ids}) and step.previous_ts is not null
          group by d.device_id, d.station_id, 3`,
    );

    // 2. the devices' old rows, summed per station, leave
    await tx.execute(
      sql`create temp table rebuild_old on commit drop as
          with removed as (delete from device_energy where device_id = any(${ids}) returning *)
          select d.station_id, e.period, e.period_start, ${list((name) => `sum(e.${name}) as ${name}`)}
          from removed e join devices d on d.device_id = e.device_id
          group by d.station_id, e.period, e.period_start`,
    );

    // 3. the new rows: days, and months and years as the sums of the days
    const byPeriod = (period: 'd' | 'm' | 'y', owner: string, source: string) => {
      const start =
        period === 'd'
          ? 'day'
          : period === 'm'
            ? `date_trunc('month', day::timestamp)::date`
            : `date_trunc('year', day::timestamp)::date`;
      return `select ${owner}, '${period}' as period, ${start} as period_start,
                ${energyCounters.map((name) => `sum(${name}) as ${name}`).join(', ')}
              from ${source} group by ${owner}, 3`;
    };
    const deviceRows = await written(
      tx,
      sql`with written as (
            insert into device_energy (device_id, period, period_start, ${columns})
            select * from (${sql.raw(
              ['d', 'm', 'y']
                .map((period) => byPeriod(period as 'd', 'device_id', 'rebuild_days'))
                .join(' union all '),
            )}) n
            order by 1, 2, 3
            on conflict (device_id, period, period_start) do update set
              ${list((name) => `${name} = device_energy.${name} + excluded.${name}`)}
            returning 1)`,
    );

    // 4. stations: the new rows added, the old ones taken off
    const stationRows = await written(
      tx,
      sql`with delta as (
            select station_id, period, period_start, ${list((name) => `sum(${name}) as ${name}`)}
            from (${sql.raw(
              ['d', 'm', 'y']
                .map((period) => byPeriod(period as 'd', 'station_id', 'rebuild_days'))
                .join(' union all '),
            )}
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
            and ${sql.raw(energyCounters.map((name) => `abs(se.${name}) < 1e-9`).join(' and '))}
            and not exists (select 1 from device_energy e join devices d on d.device_id = e.device_id
                            where d.station_id = se.station_id and e.period = se.period
                              and e.period_start = se.period_start)`,
    );
    const [steps] = await queryRows<{ n: string | number | null }>(
      tx,
      sql`select sum(steps) as n from rebuild_days`,
    );
    return { steps: Number(steps?.n ?? 0), deviceRows, stationRows };
  });
}
