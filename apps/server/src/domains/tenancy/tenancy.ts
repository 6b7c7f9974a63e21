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
  };
}

export type Tenancy = ReturnType<typeof tenancy>;
