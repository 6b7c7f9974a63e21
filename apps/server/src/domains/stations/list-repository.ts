import {
  type Page,
  RoleId,
  type StationItem,
  type StationState,
  type StationType,
  type station,
  stationStates,
} from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Clock, systemClock } from '../../platform/clock.ts';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import type { Scope } from '../tenancy/tenancy.ts';
import { stationRow, stationSelect, stationStatusSql, toStationItem } from './station-query.ts';

export interface StationFilter {
  keyword?: string | undefined;
  stationType?: StationType | undefined;
  status?: StationState | undefined;
  installerId?: number | undefined;
}
export interface StationSort {
  by: 'name' | 'created_at' | 'capacity' | 'status';
  order: 'asc' | 'desc';
}
const installerChoice = z.object({
  installer_id: column.int,
  installer_name: column.text,
  installer_level: column.int,
}) satisfies z.ZodType<z.infer<typeof station.installerChoice>>;
const endUserChoice = z.object({
  end_user_id: column.int,
  end_user_name: column.text,
  email: column.text,
  installer_id: column.int.nullable(),
  installer_name: column.text.nullable(),
}) satisfies z.ZodType<z.infer<typeof station.endUserChoice>>;
const total = z.object({ total: column.int });
const stationCounts = z.object({
  total: column.int,
  online: column.int,
  offline: column.int,
  alarm: column.int,
  no_device: column.int,
});

/**
 * The status of station `s` (stationStatusSql): what filtering and sorting by status need of every
 * station, without the live columns, which are computed for the rows of the page only.
 */
const stationStatus = stationStatusSql(sql`s.station_id`);
/** The order of contracts' stationStates: alarm, offline, online, no_device. */
const statusRank = (status: SQL) =>
  sql`array_position(array[${sql.join(
    stationStates.map((state) => sql`${state}`),
    sql`, `,
  )}]::text[], ${status})`;

/** Sort keys on the `stations` table (`s`), and the same on a stationSelect row (`x`). */
const sortColumns: Record<StationSort['by'], { station: SQL; row: SQL }> = {
  name: { station: sql`lower(s.station_name)`, row: sql`lower(x.station_name)` },
  created_at: { station: sql`s.created_at`, row: sql`x.created_at` },
  capacity: { station: sql`s.capacity_kwp`, row: sql`x.capacity_kwp` },
  status: { station: statusRank(stationStatus), row: statusRank(sql`x.status`) },
};

/** SQL of the station list, the status counts and the accounts a station can be bound to; each read within the scope the service gives. */
export function stationListRepository(
  db: Database,
  photoUrl: (photoId: string) => string,
  clock: Clock = systemClock,
) {
  async function totalOf(query: SQL): Promise<number> {
    const [row] = await queryParsed(db, total, sql`select count(*)::int as total from (${query}) q`);
    return row?.total ?? 0;
  }

  return {
    /**
     * One page of the stations of `scope`. The page's ids are found on the stations table (with the
     * devices' statuses when the status filters or sorts), and only those rows get the full
     * stationSelect with its live columns: a page costs the same with 10 or 10,000 stations.
     */
    async list(
      scope: Scope,
      filter: StationFilter,
      sort: StationSort,
      page: PageWindow,
    ): Promise<Page<StationItem>> {
      const conditions = [scope.stations('s')];
      if (filter.keyword) conditions.push(sql`lower(s.station_name) like ${containsPattern(filter.keyword)}`);
      if (filter.stationType) conditions.push(sql`s.station_type = ${filter.stationType}`);
      if (filter.status) conditions.push(sql`${stationStatus} = ${filter.status}`);
      if (filter.installerId) conditions.push(sql`s.installer_id = ${filter.installerId}`);
      const where = sql.join(conditions, sql` and `);
      const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
      const order = sortColumns[sort.by];
      const pageIds = sql`select s.station_id from stations s where ${where}
                          order by ${order.station} ${direction}, s.station_id ${direction}
                          limit ${page.limit} offset ${page.offset}`;
      const rows = await queryParsed(
        db,
        stationRow,
        sql`select * from (${stationSelect(sql`s.station_id in (${pageIds})`, clock.now())}) x
            order by ${order.row} ${direction}, x.station_id ${direction}`,
      );
      return {
        total: await totalOf(sql`select 1 from stations s where ${where}`),
        list: rows.map((row) => toStationItem(row, photoUrl)),
      };
    },

    /** The stations of `scope` by status. */
    async stationStat(scope: Scope) {
      const [row] = await queryParsed(
        db,
        stationCounts,
        sql`select count(*)::int as total,
              (count(*) filter (where x.status = 'online'))::int as online,
              (count(*) filter (where x.status = 'offline'))::int as offline,
              (count(*) filter (where x.status = 'alarm'))::int as alarm,
              (count(*) filter (where x.status = 'no_device'))::int as no_device
            from (select ${stationStatus} as status from stations s where ${scope.stations('s')}) x`,
      );
      return row ?? { total: 0, online: 0, offline: 0, alarm: 0, no_device: 0 };
    },

    /** The devices of `scope` by status. */
    async equipStat(scope: Scope) {
      const [row] = await queryParsed(
        db,
        z.object({ total: column.int, online: column.int, offline: column.int, alarm: column.int }),
        sql`select count(*)::int as total,
              (count(*) filter (where d.status = 'online'))::int as online,
              (count(*) filter (where d.status = 'offline'))::int as offline,
              (count(*) filter (where d.status = 'alarm'))::int as alarm
            from devices d where ${scope.devices('d')}`,
      );
      return row ?? { total: 0, online: 0, offline: 0, alarm: 0 };
    },

    /** The installers of `scope` (an installer's tree: itself and its sub-installers), by level then name. */
    async installerChoices(scope: Scope, keyword: string | undefined, page: PageWindow) {
      const conditions = [sql`u.user_id in ${scope.accounts}`, sql`u.role_id = ${RoleId.installer}`];
      if (keyword) conditions.push(sql`lower(u.user_name) like ${containsPattern(keyword)}`);
      const query = sql`select u.user_id as installer_id, u.user_name as installer_name, u.installer_level
                        from users u where ${sql.join(conditions, sql` and `)}`;
      const list = await queryParsed(
        db,
        installerChoice,
        sql`${query} order by u.installer_level, lower(u.user_name), u.user_id limit ${page.limit} offset ${page.offset}`,
      );
      return { total: await totalOf(query), list };
    },

    /** End users of `scope` (the caller's tree, or an installer's in it), by name. */
    async endUserChoices(scope: Scope, keyword: string | undefined, page: PageWindow) {
      const conditions = [sql`u.user_id in ${scope.accounts}`, sql`u.role_id = ${RoleId.endUser}`];
      if (keyword) {
        const pattern = containsPattern(keyword);
        conditions.push(sql`(lower(u.user_name) like ${pattern} or lower(u.email) like ${pattern})`);
      }
      const query = sql`select u.user_id as end_user_id, u.user_name as end_user_name, u.email,
                          u.parent_id as installer_id, p.user_name as installer_name
                        from users u left join users p on p.user_id = u.parent_id
                        where ${sql.join(conditions, sql` and `)}`;
      const list = await queryParsed(
        db,
        endUserChoice,
        sql`${query} order by lower(u.user_name), u.user_id limit ${page.limit} offset ${page.offset}`,
      );
      return { total: await totalOf(query), list };
    },
  };
}

export type StationListRepository = ReturnType<typeof stationListRepository>;
