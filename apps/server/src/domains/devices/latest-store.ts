import type { DeviceType } from '@helio/contracts';
import { type FlatValues, headlineFigures, readCounters } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A device's newest reading (`device_latest`), which the lists, the real-time tab and the power
 * flow read, with its headline figures in columns. Ingestion locks and writes it in its batch's
 * transaction; the lock is also the one the energy recount and rebuild take on a device, so a
 * device's readings are never counted by two of them at once.
 */

/** A stored reading's values (jsonb): flattened keys, each a number or a state name. */
export const readingValues: z.ZodType<FlatValues> = z.record(z.string(), z.union([z.number(), z.string()]));

const latestRow = z
  .object({ device_id: column.int, ms: column.int, seq: column.int, values: readingValues })
  .transform((row) => ({
    deviceId: row.device_id,
    reading: { ms: row.ms, seq: row.seq, values: row.values },
  }));

/** A reading as kept for a device's newest: instant (ms), sequence number and flattened values. */
export interface LatestReading {
  ms: number;
  seq: number;
  values: FlatValues;
}

/**
 * Locks the newest readings of `deviceIds` (in id order, so concurrent batches lock alike) and
 * answers them; a device that never reported has none.
 */
export async function lockLatest(
  tx: Database,
  deviceIds: readonly number[],
): Promise<Map<number, LatestReading>> {
  const latest = new Map<number, LatestReading>();
  if (deviceIds.length === 0) return latest;
  const ids = [...deviceIds].sort((a, b) => a - b);
  const rows = await queryParsed(
    tx,
    latestRow,
    sql`select device_id, (extract(epoch from ts) * 1000)::bigint as ms, seq, values
        from device_latest where device_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by device_id for update`,
  );
  for (const row of rows) latest.set(row.deviceId, row.reading);
  return latest;
}

/** The figures the lists show without reading `values`: power, PV power and the headline counter. */
function headline(type: DeviceType, values: FlatValues) {
  const figures = headlineFigures[type];
  const power = figures.power ? values[figures.power] : undefined;
  const counters = readCounters(type, values);
  const total = figures.counter ? counters[figures.counter] : undefined;
  const pv = values.pv_power_w ?? values['pvs.pv_power_w'];
  return {
    power_w: typeof power === 'number' ? power : null,
    pv_power_w: typeof pv === 'number' ? pv : null,
    total_kwh: total ?? null,
  };
}

/** Makes each reading its device's newest (the caller checked it is newer than the stored one). */
export async function writeLatest(
  tx: Database,
  newest: readonly { deviceId: number; type: DeviceType; reading: LatestReading }[],
): Promise<void> {
  if (newest.length === 0) return;
  const rows = newest.map(({ deviceId, type, reading }) => ({
    device_id: deviceId,
    ts: new Date(reading.ms).toISOString(),
    seq: reading.seq,
    values: reading.values,
    ...headline(type, reading.values),
  }));
  await tx.execute(
    sql`insert into device_latest (device_id, ts, seq, values, power_w, pv_power_w, total_kwh)
        select r.device_id, r.ts, r.seq, r.values, r.power_w, r.pv_power_w, r.total_kwh
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as r(device_id int, ts timestamptz, seq bigint, values jsonb, power_w float8, pv_power_w float8, total_kwh float8)
        join devices d on d.device_id = r.device_id
        order by r.device_id
        on conflict (device_id) do update set ts = excluded.ts, seq = excluded.seq, values = excluded.values,
          power_w = excluded.power_w, pv_power_w = excluded.pv_power_w, total_kwh = excluded.total_kwh`,
  );
}
