import {
  type Page,
  RoleId,
  type StationItem,
  type StationState,
  type StationType,
  type station,
  stationStates,
} from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../http/calls.ts';
import { containsPattern, type PageWindow } from '../../platform/search.ts';
import { deviceViewScope, scopeUserIds, stationViewScope } from '../tenancy/tenancy.ts';
import { type StationRow, stationSelect, toStationItem } from './station-query.ts';

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
type InstallerChoice = z.infer<typeof station.installerChoice>;
type EndUserChoice = z.infer<typeof station.endUserChoice>;

/** Whether the station `s` has a device (of a status). */
const hasDevice = (status?: 'online' | 'alarm') =>
  sql`exists (select 1 from devices d where d.station_id = s.station_id${status ? sql` and d.status = ${status}` : sql``})`;

/**
 * The status of station `s` from its devices' statuses alone, as stationSelect derives it (alarm,
 * else online, else offline, else no_device): what filtering and sorting by status need of every
 * station, without the live columns, which are computed for the rows of the page only.
 */
const statusIs: Record<StationState, SQL> = {
  alarm: hasDevice('alarm'),
  online: sql`not ${hasDevice('alarm')} and ${hasDevice('online')}`,
  offline: sql`not ${hasDevice('alarm')} and not ${hasDevice('online')} and ${hasDevice()}`,
  no_device: sql`not ${hasDevice()}`,
};
const stationStatus = sql`case when ${hasDevice('alarm')} then 'alarm' when ${hasDevice('online')} then 'online'
  when ${hasDevice()} then 'offline' else 'no_device' end`;
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

/** SQL of the station list, the status counts and the accounts a station can be bound to. */
export function stationListRepository(db: Database, photoUrl: (photoId: string) => string) {
  async function count(query: SQL): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${query}) q`,
    );
    return row?.total ?? 0;
  }

  return {
    /**
     * One page of the caller's stations. The page's ids are found on the stations table (with the
     * devices' statuses when the status filters or sorts), and only those rows get the full
     * stationSelect with its live columns: a page costs the same with 10 or 10,000 stations.
     */
    async list(
      caller: Caller,
      filter: StationFilter,
      sort: StationSort,
      page: PageWindow,
    ): Promise<Page<StationItem>> {
      const conditions = [stationViewScope(caller, 's')];
      if (filter.keyword) conditions.push(sql`lower(s.station_name) like ${containsPattern(filter.keyword)}`);
      if (filter.stationType) conditions.push(sql`s.station_type = ${filter.stationType}`);
      if (filter.status) conditions.push(statusIs[filter.status]);
      if (filter.installerId) conditions.push(sql`s.installer_id = ${filter.installerId}`);
      const where = sql.join(conditions, sql` and `);
      const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
      const order = sortColumns[sort.by];
      const pageIds = sql`select s.station_id from stations s where ${where}
                          order by ${order.station} ${direction}, s.station_id ${direction}
                          limit ${page.limit} offset ${page.offset}`;
      const rows = await queryRows<StationRow>(
        db,
        sql`select * from (${stationSelect(sql`s.station_id in (${pageIds})`)}) x
            order by ${order.row} ${direction}, x.station_id ${direction}`,
      );
      return {
        total: await count(sql`select 1 from stations s where ${where}`),
        list: rows.map((row) => toStationItem(row, photoUrl)),
      };
    },

    async stationStat(caller: Caller) {
      const [row] = await queryRows<Record<StationState | 'total', number>>(
        db,
        sql`select count(*)::int as total,
              (count(*) filter (where x.status = 'online'))::int as online,
              (count(*) filter (where x.status = 'offline'))::int as offline,
              (count(*) filter (where x.status = 'alarm'))::int as alarm,
              (count(*) filter (where x.status = 'no_device'))::int as no_device
            from (${stationSelect(stationViewScope(caller, 's'))}) x`,
      );
      return { total: 0, online: 0, offline: 0, alarm: 0, no_device: 0, ...row };
    },

    async equipStat(caller: Caller) {
      const [row] = await queryRows<{ total: number; online: number; offline: number; alarm: number }>(
        db,
        sql`select count(*)::int as total,
              (count(*) filter (where d.status = 'online'))::int as online,
              (count(*) filter (where d.status = 'offline'))::int as offline,
              (count(*) filter (where d.status = 'alarm'))::int as alarm
            from devices d where ${deviceViewScope(caller, 'd')}`,
      );
      return { total: 0, online: 0, offline: 0, alarm: 0, ...row };
    },

    /** The caller (an installer) and its sub-installers, by level then name. */
    async installerChoices(caller: Caller, keyword: string | undefined, page: PageWindow) {
      const conditions = [sql`u.user_id in ${scopeUserIds(caller)}`, sql`u.role_id = ${RoleId.installer}`];
      if (keyword) conditions.push(sql`lower(u.user_name) like ${containsPattern(keyword)}`);
      const query = sql`select u.user_id as installer_id, u.user_name as installer_name, u.installer_level
                        from users u where ${sql.join(conditions, sql` and `)}`;
      const list = await queryRows<InstallerChoice>(
        db,
        sql`${query} order by u.installer_level, lower(u.user_name), u.user_id limit ${page.limit} offset ${page.offset}`,
      );
      return { total: await count(query), list };
    },

    /** End users of `treeRootId`'s tree (the caller's, or an installer's in it), by name. */
    async endUserChoices(treeRootId: number, keyword: string | undefined, page: PageWindow) {
      const tree = scopeUserIds({ userId: treeRootId, roleId: RoleId.installer });
      const conditions = [sql`u.user_id in ${tree}`, sql`u.role_id = ${RoleId.endUser}`];
      if (keyword) {
        const pattern = containsPattern(keyword);
        conditions.push(sql`(lower(u.user_name) like ${pattern} or lower(u.email) like ${pattern})`);
      }
      const query = sql`select u.user_id as end_user_id, u.user_name as end_user_name, u.email,
                          u.parent_id as installer_id, p.user_name as installer_name
                        from users u left join users p on p.user_id = u.parent_id
                        where ${sql.join(conditions, sql` and `)}`;
      const list = await queryRows<EndUserChoice>(
        db,
        sql`${query} order by lower(u.user_name), u.user_id limit ${page.limit} offset ${page.offset}`,
      );
      return { total: await count(query), list };
    },
  };
}

export type StationListRepository = ReturnType<typeof stationListRepository>;
