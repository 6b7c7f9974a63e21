import { RoleId } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../../core/caller.ts';

/**
 * All SQL of tenancy (PRODUCT.md §3): the scope conditions every repository filters by, and
 * tenancy's own lookups. An installer reaches its tree (itself, its sub-installers, their end
 * users, and the stations and devices of all of them); an end user reaches only itself and its
 * own stations. Which scope a query gets is the service's choice (tenancy.ts); a repository only
 * applies the `Scope` it is given.
 */

type Account = Pick<Caller, 'userId' | 'roleId'>;

/** The ids of the account and every account below it, as a subquery for `user_id in (…)`. */
export function scopeUserIds(account: Account): SQL {
  if (account.roleId !== RoleId.installer) return sql`(select ${account.userId}::int)`;
  return sql`(
    with recursive tree(user_id) as (
      select ${account.userId}::int
      union all
      select u.user_id from users u join tree t on u.parent_id = t.user_id
    )
    select user_id from tree
  )`;
}

/** Condition on the `stations` table: the stations the account may reach (it holds them). */
export function stationScope(account: Account, stationsAlias = 'stations'): SQL {
  const alias = sql.raw(stationsAlias);
  if (account.roleId !== RoleId.installer) return sql`${alias}.end_user_id = ${account.userId}`;
  const ids = scopeUserIds(account);
  return sql`(${alias}.installer_id in ${ids} or ${alias}.end_user_id in ${ids})`;
}

/** Condition on the `devices` table: the devices on stations the account may reach. */
export function deviceScope(account: Account, devicesAlias = 'devices'): SQL {
  const alias = sql.raw(devicesAlias);
  return sql`${alias}.station_id in (select scoped.station_id from stations scoped where ${stationScope(account, 'scoped')})`;
}

/**
 * Stations granted to the account's tree by a passed authorization request (README.md "Alarms and
 * messages"): its installers read them and serve them (alarms, reports) but do not own them.
 */
export function grantedStationIds(account: Account): SQL {
  return sql`(select g.station_id from authorization_requests g
              where g.state = 'pass' and g.requester_id in ${scopeUserIds(account)})`;
}

/**
 * Condition on the `stations` table: the stations the account may see, i.e. its scope and the
 * stations granted to its tree. Reads and service acts (alarm processing, reports) use it; every
 * act of ownership (edit, delete, bind, registering devices) keeps to `stationScope`.
 */
export function stationViewScope(account: Account, stationsAlias = 'stations'): SQL {
  if (account.roleId !== RoleId.installer) return stationScope(account, stationsAlias);
  const alias = sql.raw(stationsAlias);
  return sql`(${stationScope(account, stationsAlias)} or ${alias}.station_id in ${grantedStationIds(account)})`;
}

/** Condition on the `devices` table: the devices on stations the account may see. */
export function deviceViewScope(account: Account, devicesAlias = 'devices'): SQL {
  const alias = sql.raw(devicesAlias);
  return sql`${alias}.station_id in (select seen.station_id from stations seen where ${stationViewScope(account, 'seen')})`;
}

/**
 * The part of the fleet a query may touch, as a service chose it through tenancy (`held` or
 * `seen`) and hands it to a repository, which applies it as conditions and decides nothing itself.
 */
export interface Scope {
  /** The accounts: the account and every one below it, a subquery for `user_id in ${accounts}`. */
  readonly accounts: SQL;
  /** Condition on a `stations` row named `alias`. */
  stations(alias: string): SQL;
  /** Condition on a `devices` row named `alias`. */
  devices(alias: string): SQL;
}

/** What the account holds: its tree and their stations (acts of ownership). */
export function heldScope(account: Account): Scope {
  return {
    accounts: scopeUserIds(account),
    stations: (alias) => stationScope(account, alias),
    devices: (alias) => deviceScope(account, alias),
  };
}

/** What the account sees: what it holds and the stations granted to its tree (reads, service acts). */
export function seenScope(account: Account): Scope {
  return {
    accounts: scopeUserIds(account),
    stations: (alias) => stationViewScope(account, alias),
    devices: (alias) => deviceViewScope(account, alias),
  };
}

const found = z.object({ found: column.bool });
const scopedAccount = z.object({
  user_id: column.int,
  user_name: column.text,
  role_id: column.int,
  parent_id: column.int.nullable(),
});

/** An account as the scoping rules need it. */
export interface ScopedAccount {
  userId: number;
  userName: string;
  roleId: number;
  parentId: number | null;
}

/** Tenancy's lookups: whether an account, station or device lies in a scope, and the tree around an account. */
export function tenancyRepository(db: Database) {
  async function exists(condition: SQL): Promise<boolean> {
    const [row] = await queryParsed(db, found, sql`select exists(${condition}) as found`);
    return row?.found === true;
  }

  return {
    /** Whether the account `userId` exists and lies in `scope`. */
    accountIn: (userId: number, scope: Scope) =>
      exists(sql`select 1 from users where user_id = ${userId} and user_id in ${scope.accounts}`),

    /** The account if it lies in `scope`. */
    async account(userId: number, scope: Scope): Promise<ScopedAccount | undefined> {
      const [row] = await queryParsed(
        db,
        scopedAccount,
        sql`select user_id, user_name, role_id, parent_id from users
            where user_id = ${userId} and user_id in ${scope.accounts}`,
      );
      return (
        row && { userId: row.user_id, userName: row.user_name, roleId: row.role_id, parentId: row.parent_id }
      );
    },

    /** The top of the account tree `userId` belongs to: its level-1 installer, or itself without one. */
    async treeRootOf(userId: number): Promise<number | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ user_id: column.int }),
        sql`with recursive up(user_id, parent_id) as (
              select user_id, parent_id from users where user_id = ${userId}
              union all
              select u.user_id, u.parent_id from users u join up on u.user_id = up.parent_id
            )
            select user_id from up where parent_id is null`,
      );
      return row?.user_id;
    },

    /** Whether the station exists and lies in `scope`. */
    stationIn: (stationId: number, scope: Scope) =>
      exists(sql`select 1 from stations where station_id = ${stationId} and ${scope.stations('stations')}`),

    /** Whether the device exists and lies in `scope`. */
    deviceIn: (deviceId: number, scope: Scope) =>
      exists(sql`select 1 from devices where device_id = ${deviceId} and ${scope.devices('devices')}`),
  };
}

export type TenancyRepository = ReturnType<typeof tenancyRepository>;
