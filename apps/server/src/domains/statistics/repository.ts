import type { statistics } from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../http/calls.ts';
import { derivedStatus } from '../stations/station-query.ts';
import { deviceViewScope, stationViewScope } from '../tenancy/tenancy.ts';

/** What a dashboard ticket remembers: the link's language and the sign-in that asked for it. */
export interface TicketParams {
  language: statistics.DashboardLanguage;
  sessionId: number;
}

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

/** One station the caller sees, with its devices' state and its PV energy per period (kWh). */
export interface StationFigures {
  station_id: number;
  station_name: string;
  station_type: number;
  latitude: number;
  longitude: number;
  capacity_kwp: number;
  unit_price: number;
  currency: string;
  status: string;
  device_count: number;
  online: number;
  alarm: number;
  /** PV power of its devices that are not offline, W; null without such a reading. */
  pv_power_w: number | null;
  /** Whether any of its devices ever reported. */
  reported: boolean;
  today_kwh: number | null;
  month_kwh: number | null;
  year_kwh: number | null;
  total_kwh: number | null;
  /** PV energy of the complete days of the window, and how many of them have a row. */
  window_kwh: number | null;
  window_days: number;
}

/** Alarms of one device type and severity: happening now, and raised since the window began. */
export interface AlarmCountRow {
  device_type: number;
  severity: string;
  happening: number;
  raised: number;
}

const TICKET_KIND = 'statistics';
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** All SQL of the statistics domain: its tickets and the fleet's figures, set-based over the scope. */
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
      const [row] = await queryRows<{ user_id: number; user_name: string; params: TicketParams }>(
        db,
        sql`update download_tickets t set used_at = ${instant(at)}
            from users u
            where t.ticket_hash = ${hash} and t.kind = ${TICKET_KIND} and t.used_at is null
              and t.expires_at > ${instant(at)} and u.user_id = t.user_id
            returning t.user_id, u.user_name, t.params`,
      );
      return row;
    },

    /** The time zones of the stations the caller sees. */
    async zonesInView(caller: Caller): Promise<string[]> {
      const rows = await queryRows<{ timezone: string }>(
        db,
        sql`select distinct s.timezone from stations s where ${stationViewScope(caller, 's')}`,
      );
      return rows.map((row) => row.timezone);
    },

    /**
     * Every station the caller sees with its figures, in one statement: each station's devices
     * and energy rows are reached through their indexes (device station, energy primary key).
     */
    async stationFigures(caller: Caller, zones: ZonePeriods[]): Promise<StationFigures[]> {
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
      return queryRows<StationFigures>(
        db,
        sql`with zone as (
              select * from jsonb_to_recordset(${zoneRows}::jsonb)
                as z(tz text, today date, month_start date, year_start date, window_start date)
            ),
            seen as (
              select s.station_id, s.station_name, s.station_type, s.latitude, s.longitude,
                     s.capacity_kwp::float8 as capacity_kwp, s.unit_price::float8 as unit_price, s.currency,
                     zone.today, zone.month_start, zone.year_start, zone.window_start
              from stations s join zone on zone.tz = s.timezone
              where ${stationViewScope(caller, 's')}
            )
            select seen.station_id, seen.station_name, seen.station_type, seen.latitude, seen.longitude,
                   seen.capacity_kwp, seen.unit_price, seen.currency,
                   ${derivedStatus} as status,
                   fleet.device_count, fleet.online, fleet.alarm, fleet.pv_power_w,
                   fleet.last_update_at is not null as reported,
                   days.today_kwh, days.window_kwh, days.window_days,
                   month.pv_kwh as month_kwh, years.year_kwh, years.total_kwh
            from seen
            left join lateral (
              select count(*)::int as device_count,
                     (count(*) filter (where d.status = 'online'))::int as online,
                     (count(*) filter (where d.status = 'alarm'))::int as alarm,
                     max(d.last_update_at) as last_update_at,
                     sum(l.pv_power_w) filter (where d.status <> 'offline') as pv_power_w
              from devices d left join device_latest l on l.device_id = d.device_id
              where d.station_id = seen.station_id
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

    /** Alarms of the stations the caller sees, happening now or raised since `since`, by device type and severity. */
    async alarmCounts(caller: Caller, since: Date): Promise<AlarmCountRow[]> {
      return queryRows<AlarmCountRow>(
        db,
        sql`select d.device_type, a.severity,
                   (count(*) filter (where a.cleared_at is null))::int as happening,
                   (count(*) filter (where a.raised_at >= ${instant(since)}))::int as raised
            from device_alarms a join devices d on d.device_id = a.device_id
            where (a.cleared_at is null or a.raised_at >= ${instant(since)}) and ${deviceViewScope(caller, 'd')}
            group by d.device_type, a.severity`,
      );
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
