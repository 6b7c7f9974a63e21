import {
  type AlarmItem,
  type AlarmState,
  alarm,
  alarmFault,
  type DeviceType,
  type Page,
  type ProcessingState,
  type TimeRange,
} from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/** The alarm list's filter, as the service checked it. */
export interface AlarmFilter {
  stationId?: number | undefined;
  deviceId?: number | undefined;
  sn?: string | undefined;
  deviceType?: DeviceType | undefined;
  severity?: FaultSeverity | undefined;
  state?: AlarmState | undefined;
  processingState?: ProcessingState | undefined;
  range?: TimeRange | undefined;
}

export type AlarmSortColumn =
  | 'raised_at'
  | 'cleared_at'
  | 'acquired_at'
  | 'severity'
  | 'code'
  | 'station_name'
  | 'sn';
export interface AlarmSort {
  by: AlarmSortColumn;
  order: 'asc' | 'desc';
}

const sortColumns: Record<AlarmSortColumn, SQL> = {
  raised_at: sql`a.raised_at`,
  // happening alarms (no end) sort as the newest
  cleared_at: sql`coalesce(a.cleared_at, 'infinity'::timestamptz)`,
  acquired_at: sql`a.created_at`,
  severity: sql`array_position(array['warning', 'fault', 'critical']::text[], a.severity)`,
  code: sql`a.code`,
  station_name: sql`lower(s.station_name)`,
  sn: sql`d.sn`,
};

/** `select … from device_alarms a …` with every column of an alarm item. */
function alarmSelect(where: SQL): SQL {
  return sql`select a.alarm_id, s.station_id, s.station_name, s.timezone, d.device_id, d.sn, d.device_type, a.code,
      a.severity, a.part, a.source, a.raised_at, a.cleared_at, a.created_at as acquired_at,
      a.processing_state, a.opinion, a.processed_by, p.user_name as processed_by_name, a.processed_at
    from device_alarms a
    join devices d on d.device_id = a.device_id
    join stations s on s.station_id = d.station_id
    left join users p on p.user_id = a.processed_by
    where ${where}`;
}

const item = alarm.alarmItem.shape;
const alarmRow = z.object({
  alarm_id: column.int,
  station_id: column.int,
  station_name: column.text,
  timezone: column.text,
  device_id: column.int,
  sn: column.text,
  device_type: item.device_type,
  code: column.int,
  severity: item.severity,
  part: column.text,
  source: item.source,
  raised_at: column.isoInstant,
  cleared_at: column.isoInstant.nullable(),
  acquired_at: column.isoInstant,
  processing_state: item.processing_state,
  opinion: column.text.nullable(),
  processed_by: column.int.nullable(),
  processed_by_name: column.text.nullable(),
  processed_at: column.isoInstant.nullable(),
});
type AlarmRow = z.output<typeof alarmRow>;

function toAlarmItem(row: AlarmRow): AlarmItem {
  return {
    ...row,
    fault_key: alarmFault(row.code).key,
    part: row.part === '' ? null : row.part,
    state: row.cleared_at === null ? 'happening' : 'ended',
  };
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown) => (value === null ? null : iso(value));
const numberOrNull = (value: unknown) => (value === null ? null : Number(value));
const textOrNull = (value: unknown) => (value === null ? null : String(value));

/**
 * A row of `alarmSelect` as an alarm item without zod: the export reads up to 100,000 of them, and
 * parsing each with `alarmRow` costs about 4 µs a row against 1.4 µs here (mostly the instants), so
 * the export keeps this light mapping; the list and every other read parse with `alarmRow`.
 */
function exportedAlarmItem(row: Record<string, unknown>): AlarmItem {
  const code = Number(row.code);
  const clearedAt = isoOrNull(row.cleared_at);
  const part = String(row.part);
  return {
    alarm_id: Number(row.alarm_id),
    station_id: Number(row.station_id),
    station_name: String(row.station_name),
    timezone: String(row.timezone),
    device_id: Number(row.device_id),
    sn: String(row.sn),
    device_type: Number(row.device_type) as DeviceType,
    code,
    fault_key: alarmFault(code).key,
    severity: row.severity as FaultSeverity,
    part: part === '' ? null : part,
    source: row.source as AlarmItem['source'],
    state: clearedAt === null ? 'happening' : 'ended',
    raised_at: iso(row.raised_at),
    cleared_at: clearedAt,
    acquired_at: iso(row.acquired_at),
    processing_state: row.processing_state as ProcessingState,
    opinion: textOrNull(row.opinion),
    processed_by: numberOrNull(row.processed_by),
    processed_by_name: textOrNull(row.processed_by_name),
    processed_at: isoOrNull(row.processed_at),
  };
}

/** The filter as SQL over `a` (alarm), `d` (device) and `s` (station), within `scope`. */
function filterCondition(scope: Scope, filter: AlarmFilter): SQL {
  const conditions = [scope.stations('s')];
  if (filter.stationId) conditions.push(sql`s.station_id = ${filter.stationId}`);
  if (filter.deviceId) conditions.push(sql`d.device_id = ${filter.deviceId}`);
  if (filter.sn) conditions.push(sql`lower(d.sn) like ${containsPattern(filter.sn)}`);
  if (filter.deviceType) conditions.push(sql`d.device_type = ${filter.deviceType}`);
  if (filter.severity) conditions.push(sql`a.severity = ${filter.severity}`);
  if (filter.state === 'happening') conditions.push(sql`a.cleared_at is null`);
  if (filter.state === 'ended') conditions.push(sql`a.cleared_at is not null`);
  if (filter.processingState) conditions.push(sql`a.processing_state = ${filter.processingState}`);
  if (filter.range) {
    conditions.push(
      sql`a.raised_at between ${new Date(filter.range.fromMs).toISOString()}::timestamptz
                          and ${new Date(filter.range.toMs).toISOString()}::timestamptz`,
    );
  }
  return sql.join(conditions, sql` and `);
}

function orderBy(sort: AlarmSort): SQL {
  const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
  return sql`order by ${sortColumns[sort.by]} ${direction}, a.raised_at ${direction}, a.alarm_id ${direction}`;
}

const ids = (list: readonly number[]) =>
  sql`(${sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  )})`;

const alarmCounts = z.object({ happening: column.int, unprocessed: column.int });
export type AlarmCounts = z.output<typeof alarmCounts>;
const total = z.object({ total: column.int });

/** All SQL of the alarm list, processing, counts and timeline; the scope of each read is the service's. */
export function alarmsRepository(db: Database) {
  return {
    async list(
      scope: Scope,
      filter: AlarmFilter,
      sort: AlarmSort,
      page: PageWindow,
    ): Promise<Page<AlarmItem>> {
      const where = filterCondition(scope, filter);
      const rows = await queryParsed(
        db,
        alarmRow,
        sql`${alarmSelect(where)} ${orderBy(sort)} limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map(toAlarmItem) };
    },

    /** How many alarms the filter matches. */
    async count(scope: Scope, filter: AlarmFilter): Promise<number> {
      const [row] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${filterCondition(scope, filter)}`,
      );
      return row?.total ?? 0;
    },

    /** The alarms of `alarmIds` within `scope`, by id. */
    async items(scope: Scope, alarmIds: readonly number[]): Promise<AlarmItem[]> {
      if (alarmIds.length === 0) return [];
      const rows = await queryParsed(
        db,
        alarmRow,
        sql`${alarmSelect(sql`a.alarm_id in ${ids(alarmIds)} and ${scope.stations('s')}`)} order by a.alarm_id`,
      );
      return rows.map(toAlarmItem);
    },

    /**
     * Marks alarms processed (by `userId`, now) or unprocessed again; the opinion replaces the old
     * one when given. Answers the station of each alarm, for the operation log.
     */
    async process(
      alarmIds: readonly number[],
      state: ProcessingState,
      opinion: string | undefined,
      userId: number,
    ): Promise<{ alarmId: number; stationId: number }[]> {
      const processed = state === 'processed';
      return (
        await queryParsed(
          db,
          z.object({ alarm_id: column.int, station_id: column.int }),
          sql`update device_alarms a set processing_state = ${state},
                opinion = coalesce(${opinion ?? null}::text, a.opinion),
                processed_by = ${processed ? userId : null}::int,
                processed_at = ${processed ? sql`now()` : sql`null::timestamptz`}
              from devices d
              where a.alarm_id in ${ids(alarmIds)} and d.device_id = a.device_id
              returning a.alarm_id, d.station_id`,
        )
      ).map((row) => ({ alarmId: row.alarm_id, stationId: row.station_id }));
    },

    /** One page of the export, in the list's order (mapped lightly: `exportedAlarmItem`). */
    async exportPage(
      scope: Scope,
      filter: AlarmFilter,
      sort: AlarmSort,
      offset: number,
      limit: number,
    ): Promise<AlarmItem[]> {
      const result = (await db.execute(
        sql`${alarmSelect(filterCondition(scope, filter))} ${orderBy(sort)} limit ${limit} offset ${offset}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map(exportedAlarmItem);
    },

    /** A station's alarms, happening ones first, then newest first. */
    async stationErrors(
      stationId: number,
      state: AlarmState | undefined,
      page: PageWindow,
    ): Promise<Page<AlarmItem>> {
      const conditions = [sql`s.station_id = ${stationId}`];
      if (state === 'happening') conditions.push(sql`a.cleared_at is null`);
      if (state === 'ended') conditions.push(sql`a.cleared_at is not null`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryParsed(
        db,
        alarmRow,
        sql`${alarmSelect(where)} order by (a.cleared_at is null) desc, a.raised_at desc, a.alarm_id desc
            limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map(toAlarmItem) };
    },

    /** Happening and unprocessed alarms: over `scope`, and per station and device asked (checked by the service). */
    async counts(scope: Scope, stationIds: readonly number[], deviceIds: readonly number[]) {
      const counted = sql`(count(*) filter (where a.cleared_at is null))::int as happening,
                          (count(*) filter (where a.processing_state = 'unprocessed'))::int as unprocessed`;
      const joined = sql`from device_alarms a join devices d on d.device_id = a.device_id
                         join stations s on s.station_id = d.station_id`;
      const [overall] = await queryParsed(
        db,
        alarmCounts,
        sql`select ${counted} ${joined} where ${scope.stations('s')}`,
      );
      const stations =
        stationIds.length === 0
          ? []
          : await queryParsed(
              db,
              alarmCounts.extend({ station_id: column.int }),
              sql`select s.station_id, ${counted} ${joined} where s.station_id in ${ids(stationIds)}
                  group by s.station_id`,
            );
      const devices =
        deviceIds.length === 0
          ? []
          : await queryParsed(
              db,
              alarmCounts.extend({ device_id: column.int }),
              sql`select d.device_id, ${counted} ${joined} where d.device_id in ${ids(deviceIds)}
                  group by d.device_id`,
            );
      return { total: overall ?? { happening: 0, unprocessed: 0 }, stations, devices };
    },

    /** The alarms of a station (or one of its devices) that overlap [from, to], as epoch ms. */
    async intervals(
      stationId: number,
      deviceId: number | undefined,
      range: TimeRange,
    ): Promise<{ raisedMs: number; clearedMs: number | null }[]> {
      const rows = await queryParsed(
        db,
        z.object({ raised: column.int, cleared: column.int.nullable() }),
        sql`select (extract(epoch from a.raised_at) * 1000)::bigint as raised,
                   (extract(epoch from a.cleared_at) * 1000)::bigint as cleared
            from device_alarms a join devices d on d.device_id = a.device_id
            where d.station_id = ${stationId}
              ${deviceId === undefined ? sql`` : sql`and d.device_id = ${deviceId}`}
              and a.raised_at <= ${new Date(range.toMs).toISOString()}::timestamptz
              and (a.cleared_at is null or a.cleared_at >= ${new Date(range.fromMs).toISOString()}::timestamptz)`,
      );
      return rows.map((row) => ({ raisedMs: row.raised, clearedMs: row.cleared }));
    },

    /** Whether the device is on the station. */
    async deviceOnStation(deviceId: number, stationId: number): Promise<boolean> {
      const [row] = await queryParsed(
        db,
        z.object({ found: column.bool }),
        sql`select exists(select 1 from devices where device_id = ${deviceId} and station_id = ${stationId}) as found`,
      );
      return row?.found === true;
    },
  };
}

export type AlarmsRepository = ReturnType<typeof alarmsRepository>;
