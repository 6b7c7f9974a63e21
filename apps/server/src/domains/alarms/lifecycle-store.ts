import { alarmFault, COMMUNICATION_LOST_CODE } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AlarmEvent, type AlarmRow, alarmIntervals, planAlarmRows } from './lifecycle.ts';

/**
 * The alarm lifecycle's repository by another name: all its SQL. It runs inside the caller's
 * transaction (ingestion's batch, or the job that opens communication-lost alarms): events are
 * stored once each, then the alarms of every key they touched are replayed from all of that key's
 * events (lifecycle.ts, pure).
 */

const alarmKey = z.object({ code: column.int, part: column.text });
const deviceAlarmKey = alarmKey.extend({ device_id: column.int });
const storedEvent = z.object({
  ms: column.int,
  event: z.enum(['raise', 'clear']),
  seq: column.int.nullable(),
});
const storedAlarm = z.object({
  alarm_id: column.int,
  raised_ms: column.int,
  cleared_ms: column.int.nullable(),
});
const deviceSince = z.object({ device_id: column.int, ms: column.int });

export interface AlarmEventInput {
  deviceId: number;
  code: number;
  /** EMS 5000 part, '' for the device itself. */
  part: string;
  ms: number;
  event: 'raise' | 'clear';
  seq: number | null;
  source: 'device' | 'status' | 'server';
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Stores the events and brings the alarms of the keys they touch up to date; answers how many alarms opened. */
export async function recordAlarmEvents(tx: Database, events: readonly AlarmEventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((event) => ({
    device_id: event.deviceId,
    code: event.code,
    part: event.part,
    ts: iso(event.ms),
    event: event.event,
    seq: event.seq,
    source: event.source,
  }));
  const stored = await queryParsed(
    tx,
    deviceAlarmKey,
    sql`insert into device_alarm_events (device_id, code, part, ts, event, seq, source)
        select r.device_id, r.code, r.part, r.ts, r.event, r.seq, r.source
        from jsonb_to_recordset(${json(rows)})
             as r(device_id int, code int, part text, ts timestamptz, event text, seq bigint, source text)
        join devices d on d.device_id = r.device_id
        order by r.device_id, r.code, r.part, r.ts, r.event
        on conflict do nothing
        returning device_id, code, part`,
  );
  const keys = new Map<string, { deviceId: number; code: number; part: string }>();
  for (const row of stored) {
    keys.set(`${row.device_id}|${row.code}|${row.part}`, {
      deviceId: row.device_id,
      code: row.code,
      part: row.part,
    });
  }
  let opened = 0;
  const ordered = [...keys.values()].sort(
    (a, b) => a.deviceId - b.deviceId || a.code - b.code || a.part.localeCompare(b.part),
  );
  for (const key of ordered) opened += await replayKey(tx, key);
  return opened;
}

/** Replays one key's events onto its rows; answers 1 when it inserted a happening alarm. */
async function replayKey(
  tx: Database,
  key: { deviceId: number; code: number; part: string },
): Promise<number> {
  const where = sql`device_id = ${key.deviceId} and code = ${key.code} and part = ${key.part}`;
  // one replay of a key at a time across replicas (a shared subscription may split a device's
  // messages): the lock is held to the commit, so the next replay reads every event committed before
  await tx.execute(
    sql`select pg_advisory_xact_lock(${key.deviceId}::int, hashtext(${`${key.code}|${key.part}`}))`,
  );
  const events = await queryParsed(
    tx,
    storedEvent,
    sql`select (extract(epoch from ts) * 1000)::bigint as ms, event, seq from device_alarm_events where ${where}`,
  );
  const rows = await queryParsed(
    tx,
    storedAlarm,
    sql`select alarm_id, (extract(epoch from raised_at) * 1000)::bigint as raised_ms,
               (extract(epoch from cleared_at) * 1000)::bigint as cleared_ms
        from device_alarms where ${where} for update`,
  );
  const intervals = alarmIntervals(events satisfies AlarmEvent[]);
  const plan = planAlarmRows(
    rows.map(
      (row): AlarmRow => ({ alarmId: row.alarm_id, raisedMs: row.raised_ms, clearedMs: row.cleared_ms }),
    ),
    intervals,
  );
  if (plan.deletes.length > 0) {
    await tx.execute(
      sql`delete from device_alarms where alarm_id in (${sql.join(
        plan.deletes.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  for (const update of plan.updates) {
    await tx.execute(
      sql`update device_alarms set raised_at = ${iso(update.raisedMs)}::timestamptz,
            cleared_at = ${update.clearedMs === null ? null : iso(update.clearedMs)}::timestamptz
          where alarm_id = ${update.alarmId}`,
    );
  }
  const { severity } = alarmFault(key.code);
  const source = key.code === COMMUNICATION_LOST_CODE ? 'server' : 'device';
  let opened = 0;
  for (const insert of plan.inserts) {
    const happening = insert.clearedMs === null;
    if (happening) opened += 1;
    await tx.execute(
      sql`insert into device_alarms (device_id, code, part, raised_at, cleared_at, severity, source, notice_pending)
          values (${key.deviceId}, ${key.code}, ${key.part}, ${iso(insert.raisedMs)}::timestamptz,
                  ${insert.clearedMs === null ? null : iso(insert.clearedMs)}::timestamptz,
                  ${severity}, ${source}, ${happening})`,
    );
  }
  return opened;
}

/** The keys of the device's happening alarms that the device itself reports (not the portal's). */
export async function openDeviceAlarmKeys(
  tx: Database,
  deviceId: number,
): Promise<{ code: number; part: string }[]> {
  return queryParsed(
    tx,
    alarmKey,
    sql`select code, part from device_alarms
        where device_id = ${deviceId} and cleared_at is null and code <> ${COMMUNICATION_LOST_CODE}`,
  );
}

/**
 * Devices that spoke in this batch are no longer out of touch: their communication-lost alarm ends
 * at the batch's time `ms`, which is also their new `last_seen_at`.
 */
export async function endCommunicationLost(
  tx: Database,
  deviceIds: readonly number[],
  ms: number,
): Promise<void> {
  if (deviceIds.length === 0) return;
  const open = await queryParsed(
    tx,
    z.object({ device_id: column.int }),
    sql`select device_id from device_alarms
        where code = ${COMMUNICATION_LOST_CODE} and part = '' and cleared_at is null
          and device_id in (select value::int from jsonb_array_elements_text(${json(deviceIds)}))`,
  );
  if (open.length === 0) return;
  await recordAlarmEvents(
    tx,
    open.map((row) => ({
      deviceId: row.device_id,
      code: COMMUNICATION_LOST_CODE,
      part: '',
      ms,
      event: 'clear' as const,
      seq: null,
      source: 'server' as const,
    })),
  );
}

/**
 * Opens a communication-lost alarm for every device the portal has heard from, but not for longer
 * than `silentMs` and three of its intervals, that has none happening. Silence counts only from
 * `listeningSinceMs` (when this process started listening): a device is not blamed for the time
 * the portal itself was down. The alarm starts at the last contact (or the key's newest event, if
 * the clock stepped back). `now` is the job's clock. Answers how many opened.
 */
export async function openCommunicationLost(
  db: Database,
  silentMs: number,
  listeningSinceMs = 0,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const silent = await queryParsed(
      tx,
      deviceSince,
      // from the last contact, and never before the key's newest event (clocks may step back)
      sql`select d.device_id, (extract(epoch from greatest(
              date_trunc('milliseconds', d.last_seen_at),
              (select max(e.ts) from device_alarm_events e
               where e.device_id = d.device_id and e.code = ${COMMUNICATION_LOST_CODE} and e.part = ''))) * 1000)::bigint as ms
          from devices d
          where d.last_seen_at is not null
            and greatest(d.last_seen_at, ${new Date(listeningSinceMs).toISOString()}::timestamptz)
                < ${now.toISOString()}::timestamptz - greatest(make_interval(secs => ${silentMs / 1000}),
                                   make_interval(secs => 3 * d.report_interval_s))
            and not exists (select 1 from device_alarms a where a.device_id = d.device_id
                              and a.code = ${COMMUNICATION_LOST_CODE} and a.part = '' and a.cleared_at is null)
          order by d.device_id
          limit 1000`,
    );
    return recordAlarmEvents(
      tx,
      silent.map((row) => ({
        deviceId: row.device_id,
        code: COMMUNICATION_LOST_CODE,
        part: '',
        ms: row.ms,
        event: 'raise' as const,
        seq: null,
        source: 'server' as const,
      })),
    );
  });
}
