import type { DeviceType, FlowDay, FlowSum } from '@helio/contracts';
import { type EnergyCounter, energyCounters } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { todayIn } from '../../platform/local-calendar-sql.ts';
import { deviceTypeColumn } from '../devices/status-store.ts';
import type { EnergyFigures } from './ledger.ts';

/** All the SQL of the flow days (`station_flow_days`): what is missing, what is stored, the sums. */

const counters = sql.raw(energyCounters.map((name) => `e.${name}::float8 as ${name}`).join(', '));
const figures = Object.fromEntries(energyCounters.map((name) => [name, column.number])) as Record<
  EnergyCounter,
  typeof column.number
>;

const pendingRow = z.object({
  station_id: column.int,
  timezone: column.text,
  device_types: z.array(deviceTypeColumn),
  day: column.localDate,
  ...figures,
});

export interface PendingFlowDay {
  station_id: number;
  timezone: string;
  device_types: DeviceType[];
  day: string;
  /** The day's energy row: the figures a day without five-minute powers keeps. */
  totals: EnergyFigures;
}

const sumRow = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  consumption_kwh: column.number,
  self_supplied_kwh: column.number,
  pv_kwh: column.number,
  pv_on_site_kwh: column.number,
});

const missingRow = z.object({ day: column.localDate, ...figures });

export function flowDaysStore(db: Database) {
  return {
    /**
     * Finished station-local days (before the station's today at `now`, at most `horizonDays`
     * back) that have an energy row and no flow day yet, oldest first per station, at most `limit`.
     */
    async pending(now: Date, horizonDays: number, limit: number): Promise<PendingFlowDay[]> {
      const today = todayIn('s.timezone', now);
      const rows = await queryParsed(
        db,
        pendingRow,
        sql`select s.station_id, s.timezone,
                   array(select distinct d.device_type::int from devices d where d.station_id = s.station_id) as device_types,
                   to_char(e.period_start, 'YYYY-MM-DD') as day, ${counters}
            from station_energy e join stations s on s.station_id = e.station_id
            where e.period = 'd' and e.period_start < ${today} and e.period_start >= ${today} - ${horizonDays}::int
              and not exists (select 1 from station_flow_days f
                              where f.station_id = e.station_id and f.day = e.period_start)
            order by s.station_id, e.period_start
            limit ${limit}`,
      );
      return rows.map(({ station_id, timezone, device_types, day, ...totals }) => ({
        station_id,
        timezone,
        device_types,
        day,
        totals,
      }));
    },

    /** The battery's origin a station's day ended with, if that day is stored. */
    async batteryGridShare(stationId: number, day: string): Promise<number | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ share: column.number }),
        sql`select battery_grid_share::float8 as share from station_flow_days
            where station_id = ${stationId} and day = ${day}::date`,
      );
      return row?.share;
    },

    /** Stores a day's flows; a day computed again replaces the stored one. */
    async save(
      stationId: number,
      day: string,
      flows: FlowSum & Pick<FlowDay, 'flows_kwh' | 'battery'>,
      now: Date,
    ) {
      await db.execute(
        sql`insert into station_flow_days (station_id, day, consumption_kwh, self_supplied_kwh, pv_kwh,
                                           pv_on_site_kwh, battery_grid_share, flows, computed_at)
            values (${stationId}, ${day}::date, ${flows.consumption_kwh}, ${flows.self_supplied_kwh},
                    ${flows.pv_kwh}, ${flows.pv_on_site_kwh}, ${flows.battery.grid_share},
                    ${JSON.stringify(flows.flows_kwh)}::jsonb, ${now.toISOString()}::timestamptz)
            on conflict (station_id, day) do update set
              consumption_kwh = excluded.consumption_kwh, self_supplied_kwh = excluded.self_supplied_kwh,
              pv_kwh = excluded.pv_kwh, pv_on_site_kwh = excluded.pv_on_site_kwh,
              battery_grid_share = excluded.battery_grid_share, flows = excluded.flows,
              computed_at = excluded.computed_at`,
      );
    },

    /** A station's stored flow days before `before`, summed by month (`YYYY-MM`). */
    async monthSums(stationId: number, before: string): Promise<(FlowSum & { month: string })[]> {
      return queryParsed(
        db,
        sumRow,
        sql`select to_char(day, 'YYYY-MM') as month,
                   sum(consumption_kwh)::float8 as consumption_kwh, sum(self_supplied_kwh)::float8 as self_supplied_kwh,
                   sum(pv_kwh)::float8 as pv_kwh, sum(pv_on_site_kwh)::float8 as pv_on_site_kwh
            from station_flow_days
            where station_id = ${stationId} and day < ${before}::date
            group by to_char(day, 'YYYY-MM')`,
      );
    },

    /** The energy rows of a station's days before `before` that have no flow day (not computed, or too old). */
    async daysWithoutFlows(
      stationId: number,
      before: string,
    ): Promise<{ day: string; totals: EnergyFigures }[]> {
      const rows = await queryParsed(
        db,
        missingRow,
        sql`select to_char(e.period_start, 'YYYY-MM-DD') as day, ${counters}
            from station_energy e
            where e.station_id = ${stationId} and e.period = 'd' and e.period_start < ${before}::date
              and not exists (select 1 from station_flow_days f
                              where f.station_id = e.station_id and f.day = e.period_start)`,
      );
      return rows.map(({ day, ...totals }) => ({ day, totals }));
    },
  };
}

export type FlowDaysStore = ReturnType<typeof flowDaysStore>;
