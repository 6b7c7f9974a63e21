import { station, statistics } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { stationPvPowerSql, stationStatusSql } from '../stations/station-query.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/** What a dashboard ticket remembers: the link's language and the sign-in that asked for it. */
const ticketParams = z.object({
  language: z.enum(statistics.dashboardLanguages),
  sessionId: column.int,
});
export type TicketParams = z.output<typeof ticketParams>;

/** The station-local periods of one time zone at the moment the figures are read. */
export interface ZonePeriods {
  tz: string;
  /** Local date, YYYY-MM-DD. */
  today: string;
  monthStart: string;
  yearStart: string;
  /** First day of the performers' window; the window ends the day before `today`. */
  windowStart: string;
}

/** One station of the scope, with its devices' state and its PV energy per period (kWh). */
const stationFigures = z.object({
  station_id: column.int,
  station_name: column.text,
  station_type: station.stationItem.shape.station_type,
  latitude: column.number,
  longitude: column.number,
  capacity_kwp: column.number,
  unit_price: column.number,
  currency: column.text,
  status: station.stationItem.shape.status,
  device_count: column.int,
  online: column.int,
  alarm: column.int,
  /** The station's headline PV power (stationPvPowerSql), W; null without a reading of a device not offline. */
  pv_power_w: column.number.nullable(),
  /** Whether any of its devices ever reported. */
  reported: column.bool,
  today_kwh: column.number.nullable(),
  month_kwh: column.number.nullable(),
  year_kwh: column.number.nullable(),
  total_kwh: column.number.nullable(),
  /** PV energy of the complete days of the window, and how many of them have a row. */
  window_kwh: column.number.nullable(),
  window_days: column.int,
});
export type StationFigures = z.output<typeof stationFigures>;

/** Alarms of one device type and severity: happening now, and raised since the window began. */
const alarmCountRow = z.object({
  device_type: column.int,
  severity: column.text,
  happening: column.int,
  raised: column.int,
});
export type AlarmCountRow = z.output<typeof alarmCountRow>;

const TICKET_KIND = 'statistics';
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** All SQL of the statistics domain: its tickets and the fleet's figures, set-based over the scope the service gives. */
export function statisticsRepository(db: Database) {
  return {
    async insertTicket(ticket: {
      hash: string;
      userId: number;
      params: TicketParams;
      at: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.execute(
        sql`insert into download_tickets (ticket_hash, user_id, kind, params, created_at, expires_at)
            values (${ticket.hash}, ${ticket.userId}, ${TICKET_KIND}, ${JSON.stringify(ticket.params)}::jsonb,
                    ${instant(ticket.at)}, ${instant(ticket.expiresAt)})`,
      );
      // tickets that ran out a day ago are not needed any more
      await db.execute(
        sql`delete from download_tickets where kind = ${TICKET_KIND} and expires_at < ${instant(ticket.at)} - interval '1 day'`,
      );
    },

    /**
     * Marks a dashboard ticket used, in one statement so that two pages redeeming it at once cannot
     * both win; answers it with its user's name, or undefined when unknown, used or expired.
     */
    async claimTicket(hash: string, at: Date) {
      const [row] = await queryParsed(
        db,
        z.object({ user_id: column.int, user_name: column.text, params: ticketParams }),
        sql`update download_tickets t set used_at = ${instant(at)}
            from users u
            where t.ticket_hash = ${hash} and t.kind = ${TICKET_KIND} and t.used_at is null
              and t.expires_at > ${instant(at)} and u.user_id = t.user_id
            returning t.user_id, u.user_name, t.params`,
      );
      return row;
    },

    /** The time zones of the stations of `scope`. */
    async zones(scope: Scope): Promise<string[]> {
      const rows = await queryParsed(
        db,
        z.object({ timezone: column.text }),
        sql`select distinct s.timezone from stations s where ${scope.stations('s')}`,
      );
      return rows.map((row) => row.timezone);
    },

    /**
     * Every station of `scope` with its figures, in one statement: each station's devices
     * and energy rows are reached through their indexes (device station, energy primary key).
     */
    async stationFigures(scope: Scope, zones: ZonePeriods[]): Promise<StationFigures[]> {
      if (zones.length === 0) return [];
      const zoneRows = JSON.stringify(
        zones.map((z) => ({
          tz: z.tz,
          today: z.today,
          month_start: z.monthStart,
          year_start: z.yearStart,
          window_start: z.windowStart,
        })),
      );
      return queryParsed(
        db,
        stationFigures,
        sql`with zone as (
              select * from jsonb_to_recordset(${zoneRows}::jsonb)
                as z(tz text, today date, month_start date, year_start date, window_start date)
            ),
            seen as (
              select s.station_id, s.station_name, s.station_type, s.latitude, s.longitude,
                     s.capacity_kwp::float8 as capacity_kwp, s.unit_price::float8 as unit_price, s.currency,
                     zone.today, zone.month_start, zone.year_start, zone.window_start
              from stations s join zone on zone.tz = s.timezone
              where ${scope.stations('s')}
            )
            select seen.station_id, seen.station_name, seen.station_type, seen.latitude, seen.longitude,
                   seen.capacity_kwp, seen.unit_price, seen.currency,
                   ${stationStatusSql(sql`seen.station_id`)} as status,
                   fleet.device_count, fleet.online, fleet.alarm, ${stationPvPowerSql(sql`seen.station_id`)} as pv_power_w,
                   fleet.last_update_at is not null as reported,
                   days.today_kwh, days.window_kwh, days.window_days,
                   month.pv_kwh as month_kwh, years.year_kwh, years.total_kwh
            from seen
            left join lateral (
              select count(*)::int as device_count,
                     (count(*) filter (where d.status = 'online'))::int as online,
                     (count(*) filter (where d.status = 'alarm'))::int as alarm,
                     max(d.last_update_at) as last_update_at
              from devices d where d.station_id = seen.station_id
            ) fleet on true
            left join lateral (
              select sum(e.pv_kwh) filter (where e.period_start = seen.today) as today_kwh,
                     sum(e.pv_kwh) filter (where e.period_start < seen.today) as window_kwh,
                     (count(*) filter (where e.period_start < seen.today))::int as window_days
              from station_energy e
              where e.station_id = seen.station_id and e.period = 'd'
                and e.period_start >= seen.window_start and e.period_start <= seen.today
            ) days on true
            left join station_energy month on month.station_id = seen.station_id and month.period = 'm'
              and month.period_start = seen.month_start
            left join lateral (
              select sum(e.pv_kwh) filter (where e.period_start = seen.year_start) as year_kwh,
                     sum(e.pv_kwh) as total_kwh
              from station_energy e
              where e.station_id = seen.station_id and e.period = 'y'
            ) years on true
            order by seen.station_id`,
      );
    },

    /** Alarms of the devices of `scope`, happening now or raised since `since`, by device type and severity. */
    async alarmCounts(scope: Scope, since: Date): Promise<AlarmCountRow[]> {
      return queryParsed(
        db,
        alarmCountRow,
        sql`select d.device_type, a.severity,
                   (count(*) filter (where a.cleared_at is null))::int as happening,
                   (count(*) filter (where a.raised_at >= ${instant(since)}))::int as raised
            from device_alarms a join devices d on d.device_id = a.device_id
            where (a.cleared_at is null or a.raised_at >= ${instant(since)}) and ${scope.devices('d')}
            group by d.device_type, a.severity`,
      );
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
