import { type CallData, device } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readingValues } from './latest-store.ts';
import { deviceTypeColumn } from './status-store.ts';

type Realtime = CallData<typeof device.realtime>;
type History = CallData<typeof device.history>;

/** Bucket lengths a long history is averaged over, in seconds: round figures a chart reads well. */
const bucketChoices = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];

/** The shortest round bucket that brings `seconds` of range down to at most `maxPoints` points. */
export function bucketFor(seconds: number, maxPoints = device.HISTORY_MAX_POINTS): number {
  const needed = seconds / maxPoints;
  return bucketChoices.find((choice) => choice >= needed) ?? 86_400;
}

/** A device with its newest reading (none until it reports). */
const realtimeRow = z.object({
  device_type: deviceTypeColumn,
  status: device.deviceItem.shape.status,
  report_interval_s: column.int,
  last_seen_at: column.isoInstant.nullable(),
  ts: column.isoInstant.nullable(),
  seq: column.int.nullable(),
  values: readingValues.nullable(),
});
const alarmRow = z.object({ code: column.int, part: column.text, raised_at: column.isoInstant });
const readingRow = z.object({ ts: column.isoInstant, values: readingValues });
/** The average of one numeric field over one bucket (its start, epoch seconds). */
const bucketRow = z.object({ bucket: column.int, key: column.text, average: column.number });

/**
 * What a device reported: its newest reading with the alarms happening now, and its readings over
 * a range. The caller's reach to the device is checked before (tenancy).
 */
export function deviceTelemetry(db: Database) {
  return {
    async realtime(deviceId: number): Promise<Realtime | undefined> {
      const [row] = await queryParsed(
        db,
        realtimeRow,
        sql`select d.device_type, d.status, d.report_interval_s, d.last_seen_at, l.ts, l.seq, l.values
            from devices d left join device_latest l on l.device_id = d.device_id
            where d.device_id = ${deviceId}`,
      );
      if (!row) return undefined;
      const alarms = await queryParsed(
        db,
        alarmRow,
        sql`select code, part, raised_at from device_alarms
            where device_id = ${deviceId} and cleared_at is null order by raised_at, code`,
      );
      return {
        device_id: deviceId,
        device_type: row.device_type,
        status: row.status,
        interval_s: row.report_interval_s,
        last_seen_at: row.last_seen_at,
        reading:
          row.ts === null || row.seq === null || row.values === null
            ? null
            : { ts: row.ts, seq: row.seq, values: row.values },
        active_alarms: alarms.map((alarm) => ({
          code: alarm.code,
          part: alarm.part === '' ? null : alarm.part,
          raised_at: alarm.raised_at,
        })),
      };
    },

    /**
     * Readings from `from` (inclusive) to `to` (exclusive), oldest first: every one when they
     * fit in HISTORY_MAX_POINTS, else the average of each numeric field over equal buckets.
     */
    async history(deviceId: number, from: string, to: string): Promise<History> {
      const start = new Date(from).toISOString();
      const end = new Date(to).toISOString();
      const [counted] = await queryParsed(
        db,
        z.object({ n: column.int }),
        sql`select count(*)::int as n from readings
            where device_id = ${deviceId} and ts >= ${start}::timestamptz and ts < ${end}::timestamptz`,
      );
      const fields = new Set<string>();
      const points: History['points'] = [];
      if ((counted?.n ?? 0) <= device.HISTORY_MAX_POINTS) {
        const rows = await queryParsed(
          db,
          readingRow,
          sql`select ts, values from readings
              where device_id = ${deviceId} and ts >= ${start}::timestamptz and ts < ${end}::timestamptz
              order by ts`,
        );
        for (const row of rows) {
          const values: Record<string, number> = {};
          for (const [key, value] of Object.entries(row.values)) {
            if (typeof value !== 'number') continue;
            values[key] = value;
            fields.add(key);
          }
          points.push({ ts: row.ts, values });
        }
        return { bucket_s: 0, fields: [...fields].sort(), points: fillNulls(points, fields) };
      }
      const bucket = bucketFor((Date.parse(end) - Date.parse(start)) / 1000);
      const rows = await queryParsed(
        db,
        bucketRow,
        sql`select (floor(extract(epoch from r.ts) / ${bucket}) * ${bucket})::bigint as bucket,
                   v.key, avg((v.value)::text::float8) as average
            from readings r cross join lateral jsonb_each(r.values) v
            where r.device_id = ${deviceId} and r.ts >= ${start}::timestamptz and r.ts < ${end}::timestamptz
              and jsonb_typeof(v.value) = 'number'
            group by 1, 2 order by 1`,
      );
      let current: { ts: string; values: Record<string, number> } | undefined;
      let currentBucket = Number.NaN;
      for (const row of rows) {
        const at = row.bucket;
        if (at !== currentBucket) {
          currentBucket = at;
          current = { ts: new Date(at * 1000).toISOString(), values: {} };
          points.push(current);
        }
        current!.values[row.key] = row.average;
        fields.add(row.key);
      }
      return { bucket_s: bucket, fields: [...fields].sort(), points: fillNulls(points, fields) };
    },
  };
}

/** Every point carries every field, null where that reading lacked it. */
function fillNulls(points: History['points'], fields: Set<string>): History['points'] {
  return points.map((point) => {
    const values: Record<string, number | null> = {};
    for (const field of [...fields].sort()) values[field] = point.values[field] ?? null;
    return { ts: point.ts, values };
  });
}

export type DeviceTelemetry = ReturnType<typeof deviceTelemetry>;
