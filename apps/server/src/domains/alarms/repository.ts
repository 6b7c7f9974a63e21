import {
  type AlarmItem,
  type AlarmState,
  alarmFault,
  type DeviceType,
  type Page,
  type ProcessingState,
  type TimeRange,
} from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../http/calls.ts';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import { stationViewScope } from '../tenancy/tenancy.ts';

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

interface AlarmRow {
  alarm_id: number;
  station_id: number;
  station_name: string;
  timezone: string;
  device_id: number;
  sn: string;
  device_type: number;
  code: number;
  severity: string;
  part: string;
  source: string;
  raised_at: string | Date;
  cleared_at: string | Date | null;
  acquired_at: string | Date;
  processing_state: string;
  opinion: string | null;
  processed_by: number | null;
  processed_by_name: string | null;
  processed_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function toAlarmItem(row: AlarmRow): AlarmItem {
  return {
    alarm_id: row.alarm_id,
    station_id: row.station_id,
    station_name: row.station_name,
    timezone: row.timezone,
    device_id: row.device_id,
    sn: row.sn,
    device_type: row.device_type as DeviceType,
    code: row.code,
    fault_key: alarmFault(row.code).key,
    severity: row.severity as FaultSeverity,
    part: row.part === '' ? null : row.part,
    source: row.source as AlarmItem['source'],
    state: row.cleared_at === null ? 'happening' : 'ended',
    raised_at: iso(row.raised_at),
    cleared_at: isoOrNull(row.cleared_at),
    acquired_at: iso(row.acquired_at),
    processing_state: row.processing_state as ProcessingState,
    opinion: row.opinion,
    processed_by: row.processed_by,
    processed_by_name: row.processed_by_name,
    processed_at: isoOrNull(row.processed_at),
  };
}

/** The filter as SQL over `a` (alarm), `d` (device) and `s` (station), within what the caller sees. */
function filterCondition(caller: Caller, filter: AlarmFilter): SQL {
  const conditions = [stationViewScope(caller, 's')];
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

export interface AlarmCounts {
  happening: number;
  unprocessed: number;
}

/** All SQL of the alarm list, processing, counts and timeline. */
export function alarmsRepository(db: Database) {
  return {
    async list(
      caller: Caller,
      filter: AlarmFilter,
      sort: AlarmSort,
      page: PageWindow,
    ): Promise<Page<AlarmItem>> {
      const where = filterCondition(caller, filter);
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${alarmSelect(where)} ${orderBy(sort)} limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map(toAlarmItem) };
    },

    /** How many alarms the filter matches. */
    async count(caller: Caller, filter: AlarmFilter): Promise<number> {
      const [row] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${filterCondition(caller, filter)}`,
      );
      return row?.total ?? 0;
    },

    /** The alarms of `alarmIds` the caller sees, by id. */
    async items(caller: Caller, alarmIds: readonly number[]): Promise<AlarmItem[]> {
      if (alarmIds.length === 0) return [];
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${alarmSelect(sql`a.alarm_id in ${ids(alarmIds)} and ${stationViewScope(caller, 's')}`)} order by a.alarm_id`,
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
        await queryRows<{ alarm_id: number; station_id: number }>(
          db,
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

    /** One page of the export, in the list's order. */
    async exportPage(
      caller: Caller,
      filter: AlarmFilter,
      sort: AlarmSort,
      offset: number,
      limit: number,
    ): Promise<AlarmItem[]> {
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${alarmSelect(filterCondition(caller, filter))} ${orderBy(sort)} limit ${limit} offset ${offset}`,
      );
      return rows.map(toAlarmItem);
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
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${alarmSelect(where)} order by (a.cleared_at is null) desc, a.raised_at desc, a.alarm_id desc
            limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from device_alarms a
            join devices d on d.device_id = a.device_id join stations s on s.station_id = d.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map(toAlarmItem) };
    },

    /** Happening and unprocessed alarms: over what the caller sees, and per station and device asked. */
    async counts(caller: Caller, stationIds: readonly number[], deviceIds: readonly number[]) {
      const counted = sql`(count(*) filter (where a.cleared_at is null))::int as happening,
                          (count(*) filter (where a.processing_state = 'unprocessed'))::int as unprocessed`;
      const joined = sql`from device_alarms a join devices d on d.device_id = a.device_id
                         join stations s on s.station_id = d.station_id`;
      const [total] = await queryRows<AlarmCounts>(
        db,
        sql`select ${counted} ${joined} where ${stationViewScope(caller, 's')}`,
      );
      const stations =
        stationIds.length === 0
          ? []
          : await queryRows<AlarmCounts & { station_id: number }>(
              db,
              sql`select s.station_id, ${counted} ${joined} where s.station_id in ${ids(stationIds)}
                  group by s.station_id`,
            );
      const devices =
        deviceIds.length === 0
          ? []
          : await queryRows<AlarmCounts & { device_id: number }>(
              db,
              sql`select d.device_id, ${counted} ${joined} where d.device_id in ${ids(deviceIds)}
                  group by d.device_id`,
            );
      return { total: total ?? { happening: 0, unprocessed: 0 }, stations, devices };
    },

    /** The alarms of a station (or one of its devices) that overlap [from, to], as epoch ms. */
    async intervals(
      stationId: number,
      deviceId: number | undefined,
      range: TimeRange,
    ): Promise<{ raisedMs: number; clearedMs: number | null }[]> {
      const rows = await queryRows<{ raised: string | number; cleared: string | number | null }>(
        db,
        sql`select (extract(epoch from a.raised_at) * 1000)::bigint as raised,
                   (extract(epoch from a.cleared_at) * 1000)::bigint as cleared
            from device_alarms a join devices d on d.device_id = a.device_id
            where d.station_id = ${stationId}
              ${deviceId === undefined ? sql`` : sql`and d.device_id = ${deviceId}`}
              and a.raised_at <= ${new Date(range.toMs).toISOString()}::timestamptz
              and (a.cleared_at is null or a.cleared_at >= ${new Date(range.fromMs).toISOString()}::timestamptz)`,
      );
      return rows.map((row) => ({
        raisedMs: Number(row.raised),
        clearedMs: row.cleared === null ? null : Number(row.cleared),
      }));
    },

    /** Whether the device is on the station. */
    async deviceOnStation(deviceId: number, stationId: number): Promise<boolean> {
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists(select 1 from devices where device_id = ${deviceId} and station_id = ${stationId}) as found`,
      );
      return row?.found === true;
    },
  };
}

export type AlarmsRepository = ReturnType<typeof alarmsRepository>;
