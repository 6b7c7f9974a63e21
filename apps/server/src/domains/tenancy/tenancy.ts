import { RoleId } from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';

/**
 * The one tenancy mechanism (PRODUCT.md §3): an installer reaches its tree (itself, its
 * sub-installers, their end users, and the stations and devices of all of them); an end user
 * reaches only itself and its own stations. Every domain scopes its reads and writes through here.
 */

/** The ids of the caller and every account below it, as a subquery for `user_id in (…)`. */
export function scopeUserIds(caller: Pick<Caller, 'userId' | 'roleId'>): SQL {
  if (caller.roleId !== RoleId.installer) return sql`(select ${caller.userId}::int)`;
  return sql`(
    with recursive tree(user_id) as (
      select ${caller.userId}::int
      union all
      select u.user_id from users u join tree t on u.parent_id = t.user_id
    )
    select user_id from tree
  )`;
}

/** Condition on the `stations` table: the stations the caller may reach. */
export function stationScope(caller: Pick<Caller, 'userId' | 'roleId'>, stationsAlias = 'stations'): SQL {
  const alias = sql.raw(stationsAlias);
  if (caller.roleId !== RoleId.installer) return sql`${alias}.end_user_id = ${caller.userId}`;
  const ids = scopeUserIds(caller);
  return sql`(${alias}.installer_id in ${ids} or ${alias}.end_user_id in ${ids})`;
}

/** Condition on the `devices` table: the devices on stations the caller may reach. */
export function deviceScope(caller: Pick<Caller, 'userId' | 'roleId'>, devicesAlias = 'devices'): SQL {
  const alias = sql.raw(devicesAlias);
  return sql`${alias}.station_id in (select scoped.station_id from stations scoped where ${stationScope(caller, 'scoped')})`;
}

/**
 * Stations granted to the caller's tree by a passed authorization request (README.md "Alarms and
 * messages"): its installers read them and serve them (alarms, reports) but do not own them.
 */
export function grantedStationIds(caller: Pick<Caller, 'userId' | 'roleId'>): SQL {
  return sql`(select g.station_id from authorization_requests g
              where g.state = 'pass' and g.requester_id in ${scopeUserIds(caller)})`;
}

/**
 * Condition on the `stations` table: the stations the caller may see, i.e. its scope and the
 * stations granted to its tree. Reads and service acts (alarm processing, reports) use it; every
 * act of ownership (edit, delete, bind, registering devices) keeps to `stationScope`.
 */
export function stationViewScope(caller: Pick<Caller, 'userId' | 'roleId'>, stationsAlias = 'stations'): SQL {
  if (caller.roleId !== RoleId.installer) return stationScope(caller, stationsAlias);
  const alias = sql.raw(stationsAlias);
  return sql`(${stationScope(caller, stationsAlias)} or ${alias}.station_id in ${grantedStationIds(caller)})`;
}

/** Condition on the `devices` table: the devices on stations the caller may see. */
export function deviceViewScope(caller: Pick<Caller, 'userId' | 'roleId'>, devicesAlias = 'devices'): SQL {
  const alias = sql.raw(devicesAlias);
  return sql`${alias}.station_id in (select seen.station_id from stations seen where ${stationViewScope(caller, 'seen')})`;
}

/** An account as the scoping rules need it. */
export interface ScopedAccount {
  userId: number;
  userName: string;
  roleId: number;
  parentId: number | null;
}

export function tenancy(db: Database) {
  async function reaches(caller: Caller, userId: number): Promise<boolean> {
    if (userId === caller.userId) return true;
    const rows = await queryRows<{ found: boolean }>(
      db,
      sql`select exists(select 1 from users where user_id = ${userId} and user_id in ${scopeUserIds(caller)}) as found`,
    );
    return rows[0]?.found === true;
  }

  return {
    reaches,
    /**
     * Refuses with 9001 unless `userId` is the caller (when `allowSelf`) or below it. An id that does
     * not exist is refused the same way, so ids outside one's tree reveal nothing.
     */
    async assertReachesUser(caller: Caller, userId: number, options: { allowSelf: boolean }): Promise<void> {
      if (userId === caller.userId) {
        if (options.allowSelf) return;
        throw new Refusal('9001');
      }
      if (!(await reaches(caller, userId))) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the caller is an installer. */
    assertInstaller(caller: Caller): void {
      if (caller.roleId !== RoleId.installer) throw new Refusal('9001');
    },
    /** The account if the caller reaches it (itself included); undefined otherwise or when it does not exist. */
    async accountInScope(caller: Caller, userId: number): Promise<ScopedAccount | undefined> {
      const [row] = await queryRows<{
        user_id: number;
        user_name: string;
        role_id: number;
        parent_id: number | null;
      }>(
        db,
        sql`select user_id, user_name, role_id, parent_id from users
            where user_id = ${userId} and user_id in ${scopeUserIds(caller)}`,
      );
      return (
        row && { userId: row.user_id, userName: row.user_name, roleId: row.role_id, parentId: row.parent_id }
      );
    },
    /** True when `userId` is `installerId` or below it in the installer tree. */
    async isInTreeOf(installerId: number, userId: number): Promise<boolean> {
      const rows = await queryRows<{ found: boolean }>(
        db,
        sql`select ${userId}::int in ${scopeUserIds({ userId: installerId, roleId: RoleId.installer })} as found`,
      );
      return rows[0]?.found === true;
    },
    /** The top of the account tree `userId` belongs to: its level-1 installer, or itself when it has no installer. */
    async treeRootOf(userId: number): Promise<number | undefined> {
      const rows = await queryRows<{ user_id: number }>(
        db,
        sql`with recursive up(user_id, parent_id) as (
              select user_id, parent_id from users where user_id = ${userId}
              union all
              select u.user_id, u.parent_id from users u join up on u.user_id = up.parent_id
            )
            select user_id from up where parent_id is null`,
      );
      return rows[0]?.user_id;
    },
    /** Refuses with 9001 unless the station exists and is in the caller's scope. */
    async assertReachesStation(caller: Caller, stationId: number): Promise<void> {
      const rows = await queryRows<{ found: boolean }>(
        db,
        sql`select exists(select 1 from stations where station_id = ${stationId} and ${stationScope(caller)}) as found`,
      );
      if (rows[0]?.found !== true) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the device exists and its station is in the caller's scope. */
    async assertReachesDevice(caller: Caller, deviceId: number): Promise<void> {
      const rows = await queryRows<{ found: boolean }>(
        db,
        sql`select exists(select 1 from devices where device_id = ${deviceId} and ${deviceScope(caller)}) as found`,
      );
      if (rows[0]?.found !== true) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the station exists and the caller may see it (its scope or a grant). */
    async assertSeesStation(caller: Caller, stationId: number): Promise<void> {
      const rows = await queryRows<{ found: boolean }>(
        db,
        sql`select exists(select 1 from stations where station_id = ${stationId} and ${stationViewScope(caller)}) as found`,
      );
      if (rows[0]?.found !== true) throw new Refusal('9001');
    },
    /** Refuses with 9001 unless the device exists and the caller may see its station. */
    async assertSeesDevice(caller: Caller, deviceId: number): Promise<void> {
      const rows = await queryRows<{ found: boolean }>(
        db,
        sql`select exists(select 1 from devices where device_id = ${deviceId} and ${deviceViewScope(caller)}) as found`,
      );
      if (rows[0]?.found !== true) throw new Refusal('9001');
    },
  };
}

export type Tenancy = ReturnType<typeof tenancy>;
