import { DeviceType, pileStates, sessionStarts } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { localDateSql } from '../../../platform/local-calendar-sql.ts';
import type { PageWindow } from '../../../platform/search.ts';
import { deviceTypeColumn } from '../../devices/status-store.ts';
import type { Scope } from '../../tenancy/tenancy.ts';
import type { PileReading, SessionChange, SessionShares, SessionSoFar } from './sessions.ts';

/**
 * All SQL of charging records: the wallboxes whose readings are newer than their sessions, their
 * readings, the sessions kept in `charging_sessions`, and a station's records read by filter.
 */

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint`);
const iso = (value: number) => new Date(value).toISOString();

const pendingRow = z.object({
  device_id: column.int,
  station_id: column.int,
  latest_ms: column.int,
  cursor_ms: column.int.nullable(),
});

const stationRow = z.object({
  station_id: column.int,
  station_name: column.text,
  timezone: column.text,
  currency: column.text,
  unit_price: column.number,
  device_types: z.array(deviceTypeColumn),
});
export type RecordsStation = z.output<typeof stationRow>;

const readingRow = z.object({
  ms: column.int,
  state: z.enum(pileStates).nullable().catch(null),
  power_w: column.number.nullable(),
  session_kwh: column.number.nullable(),
  ev_kwh: column.number.nullable(),
  session_no: column.number.nullable(),
  start: z.enum(sessionStarts).nullable().catch(null),
}) satisfies z.ZodType<PileReading>;

const openRow = z.object({
  key: column.number,
  started_ms: column.int,
  last_ms: column.int,
  state: z.enum(['charging', 'plugged', 'ended']),
  start: z.enum(sessionStarts).nullable().catch(null),
  energy_kwh: column.number,
  max_power_w: column.number,
  counted_kwh: column.number,
  pv_kwh: column.number,
  battery_kwh: column.number,
  grid_kwh: column.number,
  cost: column.number.nullable(),
});

const recordRow = z.object({
  record_id: column.int,
  device_id: column.int,
  sn: column.text,
  started_ms: column.int,
  ended_ms: column.int.nullable(),
  last_ms: column.int,
  state: z.enum(['charging', 'plugged', 'ended']),
  start: z.enum(sessionStarts).nullable().catch(null),
  energy_kwh: column.number,
  max_power_w: column.number,
  pv_kwh: column.number,
  battery_kwh: column.number,
  grid_kwh: column.number,
  cost: column.number.nullable(),
});
export type RecordRow = z.output<typeof recordRow>;

const figuresRow = z.object({
  sessions: column.int,
  energy_kwh: column.number,
  pv_kwh: column.number,
  battery_kwh: column.number,
  grid_kwh: column.number,
  cost: column.number.nullable(),
});
export type FiguresRow = z.output<typeof figuresRow>;

/** Which sessions a read takes: a station's, of one charger, started between two instants. */
export interface RecordsFilter {
  stationId: number;
  deviceId?: number;
  fromMs?: number;
  toMs?: number;
}

const recordColumns = sql.raw(`c.record_id, c.device_id, d.sn,
  ${'(extract(epoch from c.started_at) * 1000)::bigint'} as started_ms,
  ${'(extract(epoch from c.ended_at) * 1000)::bigint'} as ended_ms,
  ${'(extract(epoch from c.last_at) * 1000)::bigint'} as last_ms,
  c.state, c.start, c.energy_kwh, c.max_power_w, c.pv_kwh, c.battery_kwh, c.grid_kwh, c.cost`);
const figureSums = sql.raw(`count(*) as sessions, coalesce(sum(c.energy_kwh), 0)::float8 as energy_kwh,
  coalesce(sum(c.pv_kwh), 0)::float8 as pv_kwh, coalesce(sum(c.battery_kwh), 0)::float8 as battery_kwh,
  coalesce(sum(c.grid_kwh), 0)::float8 as grid_kwh, sum(c.cost)::float8 as cost`);

function where(filter: RecordsFilter): SQL {
  const parts = [sql`c.station_id = ${filter.stationId}`];
  if (filter.deviceId !== undefined) parts.push(sql`c.device_id = ${filter.deviceId}`);
  if (filter.fromMs !== undefined) parts.push(sql`c.started_at >= ${iso(filter.fromMs)}::timestamptz`);
  if (filter.toMs !== undefined) parts.push(sql`c.started_at < ${iso(filter.toMs)}::timestamptz`);
  return sql.join(parts, sql` and `);
}

export function recordsRepository(db: Database) {
  return {
    /**
     * Wallboxes whose newest reading is newer than the newest reading their sessions counted (or
     * that have no session yet), longest waiting first.
     */
    async pending(): Promise<z.output<typeof pendingRow>[]> {
      return queryParsed(
        db,
        pendingRow,
        sql`select p.device_id, p.station_id, p.latest_ms, p.cursor_ms from (
              select d.device_id, d.station_id, ${ms('l.ts')} as latest_ms,
                     (select ${ms('max(c.last_at)')} from charging_sessions c where c.device_id = d.device_id) as cursor_ms
              from devices d join device_latest l on l.device_id = d.device_id
              where d.device_type = ${DeviceType.chargingPile}) p
            where p.cursor_ms is null or p.latest_ms > p.cursor_ms
            order by p.cursor_ms nulls first, p.device_id`,
      );
    },

    /** The device's session going on: the one its newest counted reading belongs to, unless ended. */
    async open(deviceId: number): Promise<(SessionSoFar & SessionShares) | undefined> {
      const [row] = await queryParsed(
        db,
        openRow,
        sql`select session_no as key, ${ms('started_at')} as started_ms, ${ms('last_at')} as last_ms, state, start,
                   energy_kwh, max_power_w, counted_kwh, pv_kwh, battery_kwh, grid_kwh, cost
            from charging_sessions where device_id = ${deviceId}
            order by last_at desc, started_at desc limit 1`,
      );
      if (!row || row.state === 'ended') return undefined;
      const live = { ...row, state: row.state };
      return {
        key: live.key,
        number: null,
        startedMs: live.started_ms,
        lastMs: live.last_ms,
        state: live.state,
        start: live.start,
        energyKwh: live.energy_kwh,
        maxPowerW: live.max_power_w,
        countedKwh: live.counted_kwh,
        pv_kwh: live.pv_kwh,
        battery_kwh: live.battery_kwh,
        grid_kwh: live.grid_kwh,
        cost: live.cost,
      };
    },

    /** The device's readings after `afterMs` (from the first without it) and before `beforeMs`, oldest first, at most `limit`. */
    async readings(
      deviceId: number,
      range: { afterMs: number | null; beforeMs: number },
      limit: number,
    ): Promise<PileReading[]> {
      const after = range.afterMs === null ? sql`` : sql`and ts > ${iso(range.afterMs)}::timestamptz`;
      return this.readingsWhere(
        deviceId,
        sql`ts < ${iso(range.beforeMs)}::timestamptz ${after}`,
        sql`order by ts limit ${limit}`,
      );
    },

    /** The device's newest reading at or before `atMs`. */
    async readingAt(deviceId: number, atMs: number): Promise<PileReading | undefined> {
      const [row] = await this.readingsWhere(
        deviceId,
        sql`ts <= ${iso(atMs)}::timestamptz`,
        sql`order by ts desc limit 1`,
      );
      return row;
    },

    async readingsWhere(deviceId: number, condition: SQL, tail: SQL): Promise<PileReading[]> {
      return queryParsed(
        db,
        readingRow,
        sql`select ${ms('ts')} as ms, values->>'pile_state' as state,
                   case when jsonb_typeof(values->'power_w') = 'number' then (values->>'power_w')::float8 end as power_w,
                   case when jsonb_typeof(values->'session_kwh') = 'number' then (values->>'session_kwh')::float8 end as session_kwh,
                   case when jsonb_typeof(values->'ev_kwh') = 'number' then (values->>'ev_kwh')::float8 end as ev_kwh,
                   case when jsonb_typeof(values->'session_no') = 'number' then (values->>'session_no')::float8 end as session_no,
                   values->>'session_start' as start
            from readings where device_id = ${deviceId} and ${condition} ${tail}`,
      );
    },

    /** Which of `keys` are already sessions of the device. */
    async taken(deviceId: number, keys: readonly number[]): Promise<Set<number>> {
      if (keys.length === 0) return new Set();
      const rows = await queryParsed(
        db,
        z.object({ key: column.number }),
        sql`select session_no as key from charging_sessions where device_id = ${deviceId}
              and session_no in (${sql.join(
                keys.map((key) => sql`${key}`),
                sql`, `,
              )})`,
      );
      return new Set(rows.map((row) => row.key));
    },

    /** A station as the sessions need it; with `scope`, only when in it. */
    async station(stationId: number, scope?: Scope): Promise<RecordsStation | undefined> {
      const [row] = await queryParsed(
        db,
        stationRow,
        sql`select s.station_id, s.station_name, s.timezone, s.currency, s.unit_price::float8 as unit_price,
                   array(select distinct d.device_type::int from devices d where d.station_id = s.station_id) as device_types
            from stations s where s.station_id = ${stationId} ${scope ? sql`and ${scope.stations('s')}` : sql``}`,
      );
      return row;
    },

    /** Writes a session the readings touched, with its shares so far (absolute, not added). */
    async save(
      tx: Database,
      at: { deviceId: number; stationId: number; now: Date },
      session: SessionChange,
      shares: SessionShares,
    ): Promise<void> {
      const values = sql`${session.energyKwh}, ${session.maxPowerW}, ${shares.pv_kwh}, ${shares.battery_kwh},
        ${shares.grid_kwh}, ${shares.cost}, ${session.countedKwh}`;
      await tx.execute(
        sql`insert into charging_sessions (device_id, station_id, session_no, started_at, ended_at, last_at, state, start,
                                           energy_kwh, max_power_w, pv_kwh, battery_kwh, grid_kwh, cost, counted_kwh, updated_at)
            values (${at.deviceId}, ${at.stationId}, ${session.key}, ${iso(session.startedMs)}::timestamptz,
                    ${session.endedMs === null ? null : iso(session.endedMs)}::timestamptz, ${iso(session.lastMs)}::timestamptz,
                    ${session.state}, ${session.start}, ${values}, ${at.now.toISOString()}::timestamptz)
            on conflict (device_id, session_no) do update set
              ended_at = excluded.ended_at, last_at = excluded.last_at, state = excluded.state, start = excluded.start,
              energy_kwh = excluded.energy_kwh, max_power_w = excluded.max_power_w, pv_kwh = excluded.pv_kwh,
              battery_kwh = excluded.battery_kwh, grid_kwh = excluded.grid_kwh, cost = excluded.cost,
              counted_kwh = excluded.counted_kwh, updated_at = excluded.updated_at`,
      );
    },

    /** The station's wallboxes. */
    async chargers(stationId: number): Promise<{ device_id: number; sn: string }[]> {
      return queryParsed(
        db,
        z.object({ device_id: column.int, sn: column.text }),
        sql`select device_id, sn from devices where station_id = ${stationId}
              and device_type = ${DeviceType.chargingPile} order by sn`,
      );
    },

    /** A page of the sessions `filter` takes, newest first (every one without `page`). */
    async list(filter: RecordsFilter, page?: PageWindow): Promise<RecordRow[]> {
      return queryParsed(
        db,
        recordRow,
        sql`select ${recordColumns} from charging_sessions c join devices d on d.device_id = c.device_id
            where ${where(filter)} order by c.started_at desc, c.record_id desc
            ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
      );
    },

    /** The sessions `filter` takes, summed (cost: of those with a price; null when none has one). */
    async totals(filter: RecordsFilter): Promise<FiguresRow> {
      const [row] = await queryParsed(
        db,
        figuresRow,
        sql`select ${figureSums} from charging_sessions c where ${where(filter)}`,
      );
      return row ?? { sessions: 0, energy_kwh: 0, pv_kwh: 0, battery_kwh: 0, grid_kwh: 0, cost: null };
    },

    /** The same by station-local month of their start, newest first. */
    async months(filter: RecordsFilter): Promise<(FiguresRow & { month: string })[]> {
      const month = sql.raw(`to_char(${localDateSql('c.started_at', 's.timezone')}, 'YYYY-MM')`);
      return queryParsed(
        db,
        figuresRow.extend({ month: column.text }),
        sql`select ${month} as month, ${figureSums}
            from charging_sessions c join stations s on s.station_id = c.station_id
            where ${where(filter)} group by 1 order by 1 desc`,
      );
    },
  };
}

export type RecordsRepository = ReturnType<typeof recordsRepository>;
