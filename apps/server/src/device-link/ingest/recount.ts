import type { DeviceType } from '@helio/contracts';
import { energyCounters, readCounters } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { type CounterReading, dayEnergy, type EnergyFigures, EnergyLedger, zeroFigures } from './energy.ts';
import { localDate, nextDay, startOfLocalDay } from './periods.ts';
import { writeEnergy } from './store.ts';

/**
 * Counts device days again from the stored readings: the days a late reading fell in (queued in
 * `energy_recount` by ingestion), and the day after each, whose first step starts from the
 * counted day's last reading. The difference to what was counted before is added to the day,
 * month and year rows of the device and of its station, so those stay the sums of the days.
 */
export async function recountQueued(db: Database, limit = 100): Promise<number> {
  const queued = await queryRows<{ device_id: number; day: string; queued_at: string }>(
    db,
    sql`select device_id, to_char(day, 'YYYY-MM-DD') as day, queued_at::text as queued_at
        from energy_recount order by queued_at, device_id, day limit ${limit}`,
  );
  for (const entry of queued) {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      // the same lock ingestion takes before it counts this device's readings
      await tx.execute(sql`select 1 from device_latest where device_id = ${entry.device_id} for update`);
      const next = await recountDay(tx, entry.device_id, entry.day);
      if (next) await recountDay(tx, entry.device_id, next);
      await tx.execute(
        sql`delete from energy_recount where device_id = ${entry.device_id} and day = ${entry.day}::date
              and queued_at <= ${entry.queued_at}::timestamptz`,
      );
    });
  }
  return queued.length;
}

/** Counts one device day again; answers the local day of the first reading after it, if any. */
export async function recountDay(tx: Database, deviceId: number, day: string): Promise<string | undefined> {
  const [device] = await queryRows<{ device_type: number; station_id: number; timezone: string }>(
    tx,
    sql`select d.device_type, d.station_id, s.timezone from devices d join stations s using (station_id)
        where d.device_id = ${deviceId}`,
  );
  if (!device) return undefined;
  const type = device.device_type as DeviceType;
  const start = new Date(startOfLocalDay(day, device.timezone)).toISOString();
  const end = new Date(startOfLocalDay(nextDay(day), device.timezone)).toISOString();
  const toReading = (row: {
    ms: string | number;
    values: Record<string, number | string>;
  }): CounterReading => ({
    ms: Number(row.ms),
    counters: readCounters(type, row.values),
  });
  const [before] = await queryRows<{ ms: string; values: Record<string, number | string> }>(
    tx,
    sql`select (extract(epoch from ts) * 1000)::bigint as ms, values from readings
        where device_id = ${deviceId} and ts < ${start}::timestamptz order by ts desc limit 1`,
  );
  const readings = await queryRows<{ ms: string; values: Record<string, number | string> }>(
    tx,
    sql`select (extract(epoch from ts) * 1000)::bigint as ms, values from readings
        where device_id = ${deviceId} and ts >= ${start}::timestamptz and ts < ${end}::timestamptz order by ts`,
  );
  const figures = dayEnergy(before && toReading(before), readings.map(toReading));
  const [stored] = await queryRows<EnergyFigures>(
    tx,
    sql`select ${sql.raw(energyCounters.join(', '))} from device_energy
        where device_id = ${deviceId} and period = 'd' and period_start = ${day}::date`,
  );
  const previous = stored ?? zeroFigures();
  const difference: Partial<EnergyFigures> = {};
  for (const name of energyCounters) difference[name] = figures[name] - Number(previous[name]);
  const deviceLedger = new EnergyLedger();
  const stationLedger = new EnergyLedger();
  // a day that holds a step between two readings keeps its rows, even at zero
  const counted = readings.length > 1 || (readings.length === 1 && before !== undefined);
  deviceLedger.add(deviceId, day, difference, 1, counted);
  stationLedger.add(device.station_id, day, difference, 1, counted);
  await writeEnergy(tx, 'device', deviceLedger);
  await writeEnergy(tx, 'station', stationLedger);

  const [after] = await queryRows<{ ms: string }>(
    tx,
    sql`select (extract(epoch from ts) * 1000)::bigint as ms from readings
        where device_id = ${deviceId} and ts >= ${end}::timestamptz order by ts limit 1`,
  );
  return after ? localDate(Number(after.ms), device.timezone) : undefined;
}
