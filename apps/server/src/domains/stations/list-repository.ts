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

const sortColumns: Record<StationSort['by'], SQL> = {
  name: sql`lower(x.station_name)`,
  created_at: sql`x.created_at`,
  capacity: sql`x.capacity_kwp`,
  // the order of contracts' stationStates: alarm, offline, online, no_device
  status: sql`array_position(array[${sql.join(
    stationStates.map((state) => sql`${state}`),
    sql`, `,
  )}]::text[], x.status)`,
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
    async list(
      caller: Caller,
      filter: StationFilter,
      sort: StationSort,
      page: PageWindow,
    ): Promise<Page<StationItem>> {
      const conditions = [sql`true`];
      if (filter.keyword) conditions.push(sql`lower(x.station_name) like ${containsPattern(filter.keyword)}`);
      if (filter.stationType) conditions.push(sql`x.station_type = ${filter.stationType}`);
      if (filter.status) conditions.push(sql`x.status = ${filter.status}`);
      if (filter.installerId) conditions.push(sql`x.installer_id = ${filter.installerId}`);
      const filtered = sql`select * from (${stationSelect(stationViewScope(caller, 's'))}) x where ${sql.join(conditions, sql` and `)}`;
      const direction = sql.raw(sort.order === 'asc' ? 'asc' : 'desc');
      const rows = await queryRows<StationRow>(
        db,
        sql`${filtered} order by ${sortColumns[sort.by]} ${direction}, x.station_id ${direction}
            limit ${page.limit} offset ${page.offset}`,
      );
      return { total: await count(filtered), list: rows.map((row) => toStationItem(row, photoUrl)) };
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
