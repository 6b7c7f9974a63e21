import { COMMUNICATION_LOST_CODE, type DeviceType } from '@helio/contracts';
import {
  type AlarmMessage,
  energyCounters,
  type FlatValues,
  headlineFigures,
  type ReplyMessage,
  readCounters,
  type StatusMessage,
} from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AlarmEventInput,
  endCommunicationLost,
  openDeviceAlarmKeys,
  recordAlarmEvents,
  transactionMs,
} from '../../domains/alarms/lifecycle-store.ts';
import { type CounterReading, type Counters, counterRise, EnergyLedger } from './energy.ts';
import { localDate } from './periods.ts';

/**
 * All SQL of ingestion. One batch of messages, from any number of devices, is written in one
 * transaction: the raw readings (a repeated one is skipped by the primary key), the newest
 * reading of each device, the energy its counters rose by (per device and per station, for the
 * station-local day, month and year), alarms, command replies and each device's status. Rows are
 * passed as one JSON document per table, which both PostgreSQL drivers read the same way.
 */

/** A registered device, as ingestion needs it. */
export interface DeviceRef {
  deviceId: number;
  stationId: number;
  type: DeviceType;
  timeZone: string;
}

export interface IncomingReading {
  ms: number;
  seq: number;
  values: FlatValues;
}

export type BatchItem =
  | { device: DeviceRef; kind: 'readings'; intervalS: number | undefined; readings: IncomingReading[] }
  | { device: DeviceRef; kind: 'alarm'; message: AlarmMessage }
  | { device: DeviceRef; kind: 'status'; message: StatusMessage }
  | { device: DeviceRef; kind: 'reply'; message: ReplyMessage };

/** What a written batch changed, for the caller's log and tests. */
export interface BatchOutcome {
  stored: number;
  repeated: number;
  late: number;
  /** Alarms that opened (happening) in this batch: the notifier has work. */
  alarmsOpened: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Months (first days, UTC) whose readings partition is known to exist. */
const knownPartitions = new WeakMap<Database, Set<string>>();

function monthOf(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 7)}-01`;
}

async function ensurePartitions(
  tx: Database,
  months: Iterable<string>,
  known: Set<string>,
): Promise<string[]> {
  const made: string[] = [];
  for (const month of months) {
    if (known.has(month)) continue;
    await tx.execute(sql`select readings_partition(${month}::date)`);
    made.push(month);
  }
  return made;
}

interface Latest {
  ms: number;
  seq: number;
  values: FlatValues;
}

/** The state a device ends the batch in, for its row in `devices`. */
interface DeviceTouch {
  newestMs: number | null;
  intervalS: number | null;
  firmware: string | null;
  offline: boolean;
  /** The device itself sent something in the batch (anything but a last will or offline status). */
  spoke: boolean;
}

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

/** Writes one batch in one transaction. */
export async function writeBatch(db: Database, items: readonly BatchItem[]): Promise<BatchOutcome> {
  let known = knownPartitions.get(db);
  if (!known) {
    known = new Set();
    knownPartitions.set(db, known);
  }
  const knownMonths = known;
  const made: string[] = [];
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const devices = new Map<number, DeviceRef>();
    const touches = new Map<number, DeviceTouch>();
    const touch = (device: DeviceRef): DeviceTouch => {
      devices.set(device.deviceId, device);
      let state = touches.get(device.deviceId);
      if (!state) {
        state = { newestMs: null, intervalS: null, firmware: null, offline: false, spoke: false };
        touches.set(device.deviceId, state);
      }
      return state;
    };

    // 1. raw readings, each stored once
    const rows: { device_id: number; ts: string; seq: number; values: FlatValues }[] = [];
    const months = new Set<string>();
    for (const item of items) {
      const state = touch(item.device);
      if (item.kind !== 'status' || item.message.state !== 'offline') state.spoke = true;
      if (item.kind === 'readings') {
        if (item.intervalS !== undefined) state.intervalS = item.intervalS;
        state.offline = false;
        for (const reading of item.readings) {
          rows.push({
            device_id: item.device.deviceId,
            ts: new Date(reading.ms).toISOString(),
            seq: reading.seq,
            values: reading.values,
          });
          months.add(monthOf(reading.ms));
          state.newestMs = Math.max(state.newestMs ?? reading.ms, reading.ms);
        }
      } else if (item.kind === 'status') {
        state.offline = item.message.state === 'offline';
        if (item.message.interval_s !== undefined) state.intervalS = item.message.interval_s;
        if (item.message.firmware_version !== undefined) state.firmware = item.message.firmware_version;
      } else {
        state.offline = false;
      }
    }
    made.push(...(await ensurePartitions(tx, months, knownMonths)));
    const inserted = new Set<string>();
    if (rows.length > 0) {
      const stored = await queryRows<{ device_id: number; ms: string | number }>(
        tx,
        sql`insert into readings (device_id, ts, seq, values)
            select r.device_id, r.ts, r.seq, r.values
            from jsonb_to_recordset(${json(rows)}) as r(device_id int, ts timestamptz, seq bigint, values jsonb)
            join devices d on d.device_id = r.device_id
            on conflict (device_id, ts) do nothing
            returning device_id, (extract(epoch from ts) * 1000)::bigint as ms`,
      );
      for (const row of stored) inserted.add(`${row.device_id}|${Number(row.ms)}`);
    }

    // 2. energy: each new reading rises from the device's newest one; older ones are recounted
    const readingDevices = [...new Set(rows.map((row) => row.device_id))].sort((a, b) => a - b);
    const latest = new Map<number, Latest>();
    if (readingDevices.length > 0) {
      const found = await queryRows<{
        device_id: number;
        ms: string | number;
        seq: string | number;
        values: FlatValues;
      }>(
        tx,
        sql`select device_id, (extract(epoch from ts) * 1000)::bigint as ms, seq, values
            from device_latest where device_id in (${sql.join(
              readingDevices.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by device_id for update`,
      );
      for (const row of found) {
        latest.set(row.device_id, { ms: Number(row.ms), seq: Number(row.seq), values: row.values });
      }
    }
    const deviceLedger = new EnergyLedger();
    const stationLedger = new EnergyLedger();
    const recount = new Map<string, { device_id: number; day: string }>();
    const newLatest = new Map<number, Latest>();
    let late = 0;
    const fresh = new Map<number, IncomingReading[]>();
    for (const item of items) {
      if (item.kind !== 'readings') continue;
      for (const reading of item.readings) {
        if (!inserted.has(`${item.device.deviceId}|${reading.ms}`)) continue;
        inserted.delete(`${item.device.deviceId}|${reading.ms}`); // a reading twice in one batch counts once
        const list = fresh.get(item.device.deviceId) ?? [];
        list.push(reading);
        fresh.set(item.device.deviceId, list);
      }
    }
    for (const [deviceId, readings] of fresh) {
      const device = devices.get(deviceId)!;
      readings.sort((a, b) => a.ms - b.ms);
      let current: (CounterReading & { latest: Latest }) | undefined;
      const stored = latest.get(deviceId);
      if (stored)
        current = { ms: stored.ms, counters: readCounters(device.type, stored.values), latest: stored };
      for (const reading of readings) {
        const counters: Counters = readCounters(device.type, reading.values);
        if (current && reading.ms < current.ms) {
          late += 1;
          const day = localDate(reading.ms, device.timeZone);
          recount.set(`${deviceId}|${day}`, { device_id: deviceId, day });
          continue;
        }
        if (current) {
          const rise = counterRise(current.counters, counters);
          const day = localDate(reading.ms, device.timeZone);
          deviceLedger.add(deviceId, day, rise, 1, true);
          stationLedger.add(device.stationId, day, rise, 1, true);
        }
        current = {
          ms: reading.ms,
          counters,
          latest: { ms: reading.ms, seq: reading.seq, values: reading.values },
        };
        newLatest.set(deviceId, current.latest);
      }
    }

    if (newLatest.size > 0) {
      const latestRows = [...newLatest].map(([deviceId, reading]) => ({
        device_id: deviceId,
        ts: new Date(reading.ms).toISOString(),
        seq: reading.seq,
        values: reading.values,
        ...headline(devices.get(deviceId)!.type, reading.values),
      }));
      await tx.execute(
        sql`insert into device_latest (device_id, ts, seq, values, power_w, pv_power_w, total_kwh)
            select r.device_id, r.ts, r.seq, r.values, r.power_w, r.pv_power_w, r.total_kwh
            from jsonb_to_recordset(${json(latestRows)})
                 as r(device_id int, ts timestamptz, seq bigint, values jsonb, power_w float8, pv_power_w float8, total_kwh float8)
            join devices d on d.device_id = r.device_id
            order by r.device_id
            on conflict (device_id) do update set ts = excluded.ts, seq = excluded.seq, values = excluded.values,
              power_w = excluded.power_w, pv_power_w = excluded.pv_power_w, total_kwh = excluded.total_kwh`,
      );
    }
    await writeEnergy(tx, 'device', deviceLedger);
    await writeEnergy(tx, 'station', stationLedger);
    if (recount.size > 0) {
      await tx.execute(
        sql`insert into energy_recount (device_id, day)
            select r.device_id, r.day from jsonb_to_recordset(${json([...recount.values()])}) as r(device_id int, day date)
            join devices d on d.device_id = r.device_id
            on conflict do nothing`,
      );
    }

    // 3. events, in the order they came: alarm events are replayed in time order whatever their
    // arrival (domains/alarms/lifecycle.ts); an online status's active list settles what is open then
    let alarmsOpened = 0;
    let alarmEvents: AlarmEventInput[] = [];
    for (const item of items) {
      if (item.kind === 'alarm') {
        const event = alarmEvent(item.device, item.message);
        if (event) alarmEvents.push(event);
      } else if (item.kind === 'status' && item.message.state === 'online' && item.message.active_alarms) {
        alarmsOpened += await recordAlarmEvents(tx, alarmEvents);
        alarmEvents = [];
        alarmsOpened += await settleAlarms(tx, item.device, item.message.active_alarms, item.message.ts);
      } else if (item.kind === 'reply') await writeReply(tx, item.device, item.message);
    }
    alarmsOpened += await recordAlarmEvents(tx, alarmEvents);
    // a device that spoke is in touch again: its communication-lost alarm ends
    await endCommunicationLost(
      tx,
      [...touches].filter(([, state]) => state.spoke).map(([deviceId]) => deviceId),
    );

    // 4. each device's status and times
    const touchRows = [...touches].map(([deviceId, state]) => ({
      device_id: deviceId,
      newest: state.newestMs === null ? null : new Date(state.newestMs).toISOString(),
      interval_s: state.intervalS,
      firmware: state.firmware,
      offline: state.offline,
    }));
    touchRows.sort((a, b) => a.device_id - b.device_id);
    await tx.execute(
      sql`update devices d set
            last_seen_at = now(),
            last_update_at = case when t.newest is null then d.last_update_at
                                  else greatest(d.last_update_at, t.newest) end,
            report_interval_s = coalesce(t.interval_s, d.report_interval_s),
            firmware_version = coalesce(t.firmware, d.firmware_version),
            status = case when t.offline then 'offline'
                          when exists (select 1 from device_alarms a where a.device_id = d.device_id and a.cleared_at is null)
                            then 'alarm'
                          else 'online' end
          from jsonb_to_recordset(${json(touchRows)})
               as t(device_id int, newest timestamptz, interval_s int, firmware text, offline boolean)
          where d.device_id = t.device_id`,
    );
    let stored = 0;
    for (const list of fresh.values()) stored += list.length;
    return { stored, repeated: rows.length - stored, late, alarmsOpened };
  });
  for (const month of made) knownMonths.add(month);
  return outcome;
}

const energyColumns = sql.raw(energyCounters.join(', '));
const energyTypes = sql.raw(energyCounters.map((name) => `${name} float8`).join(', '));
const energySum = (table: string) =>
  sql.raw(energyCounters.map((name) => `${name} = ${table}.${name} + excluded.${name}`).join(', '));

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

/**
 * The event an alarm message stands for; none for the portal's own code, which a device may not
 * raise or clear.
 */
function alarmEvent(device: DeviceRef, message: AlarmMessage): AlarmEventInput | undefined {
  if (message.code === COMMUNICATION_LOST_CODE) return undefined;
  return {
    deviceId: device.deviceId,
    code: message.code,
    part: message.part ?? '',
    ms: message.ts,
    event: message.event,
    seq: message.seq,
    source: 'device',
  };
}

/**
 * A device back online says which alarms are happening (at `ts`, else at arrival): the listed ones
 * are raised then, every other alarm of it happening in the portal is cleared then.
 */
async function settleAlarms(
  tx: Database,
  device: DeviceRef,
  active: NonNullable<StatusMessage['active_alarms']>,
  ts: number | undefined,
): Promise<number> {
  const ms = ts ?? (await transactionMs(tx));
  const listed = active.filter((alarm) => alarm.code !== COMMUNICATION_LOST_CODE);
  const keys = new Set(listed.map((alarm) => `${alarm.code}|${alarm.part ?? ''}`));
  const events: AlarmEventInput[] = [];
  for (const open of await openDeviceAlarmKeys(tx, device.deviceId)) {
    if (keys.has(`${open.code}|${open.part}`)) continue;
    events.push({ deviceId: device.deviceId, ...open, ms, event: 'clear', seq: null, source: 'status' });
  }
  for (const alarm of listed) {
    events.push({
      deviceId: device.deviceId,
      code: alarm.code,
      part: alarm.part ?? '',
      ms,
      event: 'raise',
      seq: null,
      source: 'status',
    });
  }
  return recordAlarmEvents(tx, events);
}

const replyRank: Record<ReplyMessage['state'], number> = {
  acknowledged: 1,
  progress: 2,
  succeeded: 3,
  failed: 3,
};

/** A reply moves its command forward, never back (replies may arrive reordered or twice). */
async function writeReply(tx: Database, device: DeviceRef, message: ReplyMessage): Promise<void> {
  await tx.execute(
    sql`update device_commands set state = ${message.state},
          upgrade_status = coalesce(${message.upgrade_status ?? null}::int, upgrade_status),
          progress_pct = coalesce(${message.progress_pct ?? null}::int, progress_pct),
          message = coalesce(${message.message ?? null}::text, message),
          updated_at = now()
        where command_id = ${message.id} and device_id = ${device.deviceId}
          and (case state when 'acknowledged' then 1 when 'progress' then 2
                          when 'succeeded' then 3 when 'failed' then 3 when 'expired' then 3 else 0 end)
              ${message.state === 'progress' ? sql`<=` : sql`<`} ${replyRank[message.state]}`,
  );
}
