import type { FlatValues } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IncomingReading } from './items.ts';

/**
 * The raw readings (`readings`, partitioned by month), written first in a batch's transaction:
 * each stored once per device and instant (a repeated one is skipped by the primary key), the
 * month's partition made when it is new. Rows are passed as one JSON document, which both
 * PostgreSQL drivers read the same way.
 */

/** Months (first days, UTC) whose readings partition is known to exist, per database. */
const knownPartitions = new WeakMap<Database, Set<string>>();

function monthOf(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 7)}-01`;
}

/** The months whose partition exists in `db`; add to it only after the transaction that made them committed. */
export function knownMonths(db: Database): Set<string> {
  let known = knownPartitions.get(db);
  if (!known) {
    known = new Set();
    knownPartitions.set(db, known);
  }
  return known;
}

/** A device's readings in a batch, as sent. */
export interface SentReadings {
  deviceId: number;
  readings: readonly IncomingReading[];
}

/** What storing a batch's readings did. */
export interface StoredReadings {
  /** Each device's readings stored now (not before), oldest first, a reading sent twice in the batch once. */
  fresh: Map<number, IncomingReading[]>;
  /** Readings sent, repeats included. */
  sent: number;
  /** Months whose partition this transaction made. */
  madeMonths: string[];
}

/** Stores a batch's readings in its transaction; `known` months need no partition made. */
export async function storeReadings(
  tx: Database,
  known: ReadonlySet<string>,
  sent: readonly SentReadings[],
): Promise<StoredReadings> {
  const rows: { device_id: number; ts: string; seq: number; values: FlatValues }[] = [];
  const months = new Set<string>();
  for (const { deviceId, readings } of sent) {
    for (const reading of readings) {
      rows.push({
        device_id: deviceId,
        ts: new Date(reading.ms).toISOString(),
        seq: reading.seq,
        values: reading.values,
      });
      months.add(monthOf(reading.ms));
    }
  }
  const madeMonths: string[] = [];
  for (const month of months) {
    if (known.has(month)) continue;
    await tx.execute(sql`select readings_partition(${month}::date)`);
    madeMonths.push(month);
  }
  const inserted = await insertReadings(tx, rows);
  return { fresh: freshReadings(sent, inserted), sent: rows.length, madeMonths };
}

/** A reading inserted now: its device and instant (ms). */
const insertedRow = z.object({ device_id: column.int, ms: column.int });

/**
 * Inserts the rows a device does not have yet; answers the `deviceId|ms` keys inserted. Up to a
 * batch's 2,000 rows of two integers come back: parsing them costs a few milliseconds, next to
 * the insert of the batch.
 */
async function insertReadings(
  tx: Database,
  rows: readonly { device_id: number; ts: string; seq: number; values: FlatValues }[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  if (rows.length === 0) return inserted;
  const stored = await queryParsed(
    tx,
    insertedRow,
    sql`insert into readings (device_id, ts, seq, values)
        select r.device_id, r.ts, r.seq, r.values
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as r(device_id int, ts timestamptz, seq bigint, values jsonb)
        join devices d on d.device_id = r.device_id
        on conflict (device_id, ts) do nothing
        returning device_id, (extract(epoch from ts) * 1000)::bigint as ms`,
  );
  for (const row of stored) inserted.add(`${row.device_id}|${row.ms}`);
  return inserted;
}

/** The readings sent that were inserted, per device, oldest first; one sent twice in the batch counts once. */
function freshReadings(sent: readonly SentReadings[], inserted: Set<string>): Map<number, IncomingReading[]> {
  const fresh = new Map<number, IncomingReading[]>();
  for (const { deviceId, readings } of sent) {
    for (const reading of readings) {
      const key = `${deviceId}|${reading.ms}`;
      if (!inserted.delete(key)) continue;
      const list = fresh.get(deviceId) ?? [];
      list.push(reading);
      fresh.set(deviceId, list);
    }
  }
  for (const list of fresh.values()) list.sort((a, b) => a.ms - b.ms);
  return fresh;
}
