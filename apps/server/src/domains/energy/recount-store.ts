import type { DeviceType } from '@helio/contracts';
import type { FlatValues } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readingValues } from '../devices/latest-store.ts';
import { deviceTypeColumn } from '../devices/status-store.ts';

/**
 * The SQL the recount reads with (recount.ts): the queue of device days that late readings
 * touched (`energy_recount`, filled by ingestion through store.ts `queueRecount`), the device and
 * its station's zone, and the stored readings around and within the days counted again.
 */

/** A queued day, with when it was queued (a day queued again meanwhile stays queued). */
export interface QueuedDay {
  deviceId: number;
  day: string;
  /** As the database wrote it (compared again by the database, never parsed here). */
  queuedAt: string;
}

/** The oldest queued days, at most `limit`. */
export async function queuedDays(db: Database, limit: number): Promise<QueuedDay[]> {
  return queryParsed(
    db,
    z
      .object({ device_id: column.int, day: column.localDate, queued_at: column.text })
      .transform((row) => ({ deviceId: row.device_id, day: row.day, queuedAt: row.queued_at })),
    sql`select device_id, to_char(day, 'YYYY-MM-DD') as day, queued_at::text as queued_at
        from energy_recount order by queued_at, device_id, day limit ${limit}`,
  );
}

/** Takes a counted day off the queue, unless it was queued again after `entry` was read. */
export async function dequeueDay(tx: Database, entry: QueuedDay): Promise<void> {
  await tx.execute(
    sql`delete from energy_recount where device_id = ${entry.deviceId} and day = ${entry.day}::date
          and queued_at <= ${entry.queuedAt}::timestamptz`,
  );
}

/**
 * Locks the device's newest reading (`device_latest`): the lock ingestion takes before it counts
 * a device's new readings, so a recount and a batch of the same device never count at once.
 */
export async function lockDeviceReadings(tx: Database, deviceId: number): Promise<void> {
  await tx.execute(sql`select 1 from device_latest where device_id = ${deviceId} for update`);
}

/** A device as the recount needs it. */
export interface RecountDevice {
  deviceId: number;
  stationId: number;
  type: DeviceType;
  timeZone: string;
}

export async function recountDevice(tx: Database, deviceId: number): Promise<RecountDevice | undefined> {
  const [row] = await queryParsed(
    tx,
    z.object({ device_type: deviceTypeColumn, station_id: column.int, timezone: column.text }),
    sql`select d.device_type, d.station_id, s.timezone from devices d join stations s using (station_id)
        where d.device_id = ${deviceId}`,
  );
  if (!row) return undefined;
  return { deviceId, stationId: row.station_id, type: row.device_type, timeZone: row.timezone };
}

/** A stored reading: its instant (ms) and flattened values. */
export interface StoredReading {
  ms: number;
  values: FlatValues;
}

const msOf = sql`(extract(epoch from ts) * 1000)::bigint`;

const readingRow = z.object({ ms: column.int, values: readingValues });

/** The device's last reading before `beforeMs`, if any. */
export async function readingBefore(
  tx: Database,
  deviceId: number,
  beforeMs: number,
): Promise<StoredReading | undefined> {
  const [row] = await queryParsed(
    tx,
    readingRow,
    sql`select ${msOf} as ms, values from readings
        where device_id = ${deviceId} and ts < ${new Date(beforeMs).toISOString()}::timestamptz
        order by ts desc limit 1`,
  );
  return row;
}

/** The device's first reading at or after `fromMs`, if any. */
export async function readingFrom(
  tx: Database,
  deviceId: number,
  fromMs: number,
): Promise<StoredReading | undefined> {
  const [row] = await queryParsed(
    tx,
    readingRow,
    sql`select ${msOf} as ms, values from readings
        where device_id = ${deviceId} and ts >= ${new Date(fromMs).toISOString()}::timestamptz
        order by ts limit 1`,
  );
  return row;
}

/** The device's readings from `fromMs` up to (not including) `toMs`, oldest first. */
export async function readingsBetween(
  tx: Database,
  deviceId: number,
  fromMs: number,
  toMs: number,
): Promise<StoredReading[]> {
  return queryParsed(
    tx,
    readingRow,
    sql`select ${msOf} as ms, values from readings
        where device_id = ${deviceId} and ts >= ${new Date(fromMs).toISOString()}::timestamptz
          and ts < ${new Date(toMs).toISOString()}::timestamptz
        order by ts`,
  );
}
