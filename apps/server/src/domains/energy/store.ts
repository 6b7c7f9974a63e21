import { type EnergyCounter, energyCounters } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type EnergyFigures, type EnergyLedger, periods, rowPeriodStart } from './ledger.ts';

/**
 * The SQL of the energy rows (`device_energy` and `station_energy`, one per owner, period and
 * period start) and of the queue of device days to count again (`energy_recount`). It runs in the
 * caller's transaction: ingestion's batch or a recount's. Rows are passed as one JSON document per
 * statement, which both PostgreSQL drivers read the same way.
 */

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const energyColumns = sql.raw(energyCounters.join(', '));
const energyTypes = sql.raw(energyCounters.map((name) => `${name} float8`).join(', '));
const energySum = (table: string) =>
  sql.raw(energyCounters.map((name) => `${name} = ${table}.${name} + excluded.${name}`).join(', '));
/** A day row's figures, by counter. */
const dayRow = z.object({
  day: column.localDate,
  ...(Object.fromEntries(energyCounters.map((name) => [name, column.number])) as Record<
    EnergyCounter,
    typeof column.number
  >),
});

/** All counters of a station row are (next to) zero. */
const stationRowIsZero = sql.raw(energyCounters.map((name) => `abs(se.${name}) < 1e-9`).join(' and '));

/** Adds a ledger's figures to the energy rows, creating the rows that do not exist yet. */
export async function writeEnergy(
  tx: Database,
  scope: 'device' | 'station',
  ledger: EnergyLedger,
): Promise<void> {
  const entries = ledger.sorted();
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    owner_id: entry.ownerId,
    period: entry.period,
    start: entry.start,
    ...entry.figures,
  }));
  const [table, idColumn, owners]: [string, string, SQL] =
    scope === 'device'
      ? ['device_energy', 'device_id', sql`join devices o on o.device_id = r.owner_id`]
      : ['station_energy', 'station_id', sql`join stations o on o.station_id = r.owner_id`];
  await tx.execute(
    sql`insert into ${sql.raw(table)} (${sql.raw(idColumn)}, period, period_start, ${energyColumns})
        select r.owner_id, r.period, r.start, ${sql.raw(energyCounters.map((name) => `r.${name}`).join(', '))}
        from jsonb_to_recordset(${json(rows)}) as r(owner_id int, period text, start date, ${energyTypes})
        ${owners}
        order by r.owner_id, r.period, r.start
        on conflict (${sql.raw(idColumn)}, period, period_start) do update set ${energySum(table)}`,
  );
}

/** A device's local day to count again from its stored readings. */
export interface RecountDay {
  deviceId: number;
  /** Station-local date, YYYY-MM-DD. */
  day: string;
}

/** Queues device days for the recount job (a day queued twice is counted once). */
export async function queueRecount(tx: Database, days: readonly RecountDay[]): Promise<void> {
  if (days.length === 0) return;
  const rows = days.map((entry) => ({ device_id: entry.deviceId, day: entry.day }));
  await tx.execute(
    sql`insert into energy_recount (device_id, day)
        select r.device_id, r.day from jsonb_to_recordset(${json(rows)}) as r(device_id int, day date)
        join devices d on d.device_id = r.device_id
        on conflict do nothing`,
  );
}

/** A device's stored day figures from local day `fromDay` to `toDay`, by day. */
export async function storedDays(
  tx: Database,
  deviceId: number,
  fromDay: string,
  toDay: string,
): Promise<Map<string, EnergyFigures>> {
  const rows = await queryParsed(
    tx,
    dayRow,
    sql`select to_char(period_start, 'YYYY-MM-DD') as day, ${energyColumns}
        from device_energy
        where device_id = ${deviceId} and period = 'd'
          and period_start >= ${fromDay}::date and period_start <= ${toDay}::date`,
  );
  const days = new Map<string, EnergyFigures>();
  for (const { day, ...figures } of rows) days.set(day, figures);
  return days;
}

/**
 * Removes the day rows of a device that no longer has figures for them, and the month and year
 * rows left without a day; the station's rows of those periods go when they are zero and no
 * device of the station has a row for them any more (as the rebuild leaves them).
 */
export async function removeDays(
  tx: Database,
  device: { deviceId: number; stationId: number },
  days: readonly string[],
): Promise<void> {
  const keys = days.flatMap((day) =>
    periods.map((period) => ({ period, start: rowPeriodStart(period, day) })),
  );
  const list = json(keys);
  await tx.execute(
    sql`delete from device_energy where device_id = ${device.deviceId} and period = 'd'
          and period_start in (select r.start from jsonb_to_recordset(${list}) as r(period text, start date)
                               where r.period = 'd')`,
  );
  await tx.execute(
    sql`delete from device_energy e
        where e.device_id = ${device.deviceId} and e.period in ('m', 'y')
          and (e.period, e.period_start) in (select r.period, r.start from jsonb_to_recordset(${list}) as r(period text, start date))
          and not exists (
            select 1 from device_energy day_row
            where day_row.device_id = e.device_id and day_row.period = 'd'
              and day_row.period_start >= e.period_start
              and day_row.period_start < e.period_start + (case e.period when 'm' then interval '1 month' else interval '1 year' end))`,
  );
  await tx.execute(
    sql`delete from station_energy se
        where se.station_id = ${device.stationId}
          and (se.period, se.period_start) in (select r.period, r.start from jsonb_to_recordset(${list}) as r(period text, start date))
          and ${stationRowIsZero}
          and not exists (select 1 from device_energy e join devices d on d.device_id = e.device_id
                          where d.station_id = se.station_id and e.period = se.period
                            and e.period_start = se.period_start)`,
  );
}

/**
 * Forgets what was derived from a station's readings for these local days, the tariff split
 * (`station_tariff_days`) and the flow days (`station_flow_days`), after a recount changed their
 * energy: the jobs that write them find the days missing and compute them again from the readings
 * as they now are.
 */
export async function forgetDerivedDays(
  tx: Database,
  stationId: number,
  days: readonly string[],
): Promise<void> {
  if (days.length === 0) return;
  const list = json(days);
  for (const table of [sql`station_tariff_days`, sql`station_flow_days`]) {
    await tx.execute(
      sql`delete from ${table} where station_id = ${stationId}
            and day in (select value::date from jsonb_array_elements_text(${list}))`,
    );
  }
}
