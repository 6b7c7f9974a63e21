import { type AccountItem, RoleId } from '@helio/contracts';
import { column, type Database, queryParsed, schema } from '@helio/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Refusal } from '../../core/refusal.ts';
import { containsPattern } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';
import type { Scope } from '../tenancy/tenancy.ts';

const { users } = schema;
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Maps a unique-index violation onto the catalogue: 1003 name, 1004 email, and 3001 when an end
 * user brings a station whose name its new tree already has.
 */
const uniqueRefusals = {
  users_user_name_key: '1003',
  users_email_key: '1004',
  stations_owner_name_key: '3001',
} as const;

function refusalOfUniqueViolation(error: unknown): Refusal | undefined {
  const index = violatedUniqueIndex(error, Object.keys(uniqueRefusals));
  return index ? new Refusal(uniqueRefusals[index as keyof typeof uniqueRefusals]) : undefined;
}

/** Runs a write, answering a taken name, email or station name with its catalogue code. */
export async function mapUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusalOfUniqueViolation(error) ?? error;
  }
}

const treeAccount = z.object({
  user_id: column.int,
  user_name: column.text,
  email: column.text,
  role_id: column.int,
  installer_level: column.int.nullable(),
  parent_id: column.int.nullable(),
  parent_name: column.text.nullable(),
  created_at: column.isoInstant,
  user_count: column.int,
  station_count: column.int,
});

export interface AccountFilter {
  keyword?: string | undefined;
  roleId?: number | undefined;
  canAddInstaller?: boolean | undefined;
  installerId?: number | undefined;
}

/** All SQL of the accounts domain. */
export function usersRepository(db: Database) {
  return {
    async findById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userId, userId));
      return row;
    },

    async findByLogin(login: string): Promise<UserRow | undefined> {
      const needle = login.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.userName}) = ${needle} or lower(${users.email}) = ${needle}`)
        .limit(1);
      return row;
    },

    /** Which of the name and email are taken by an account other than `exceptUserId`. */
    async taken(userName: string, email: string, exceptUserId?: number) {
      const rows = await queryParsed(
        db,
        z.object({ name_taken: column.bool.nullable(), email_taken: column.bool.nullable() }),
        sql`select
              bool_or(lower(user_name) = ${userName.toLowerCase()}) as name_taken,
              bool_or(lower(email) = ${email.toLowerCase()}) as email_taken
            from users where user_id <> ${exceptUserId ?? -1}`,
      );
      return { name: rows[0]?.name_taken === true, email: rows[0]?.email_taken === true };
    },

    create(values: NewUser): Promise<UserRow> {
      return mapUniqueViolation(
        db
          .insert(users)
          .values(values)
          .returning()
          .then(([row]) => row!),
      );
    },

    async update(
      userId: number,
      values: Partial<Pick<UserRow, 'userName' | 'email' | 'passwordHash' | 'parentId'>>,
    ) {
      await mapUniqueViolation(
        db
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.userId, userId)),
      );
    },

    /**
     * Puts an end user without installer under `parentId` (its accepted invitation): 4003 when it
     * has an installer by now. Its stations move into the tree of `ownerRootId` with it, so their
     * names must be free there (3001, and nothing changes). `within` runs in the same transaction
     * (the invitation settled with the move, or neither).
     */
    async bindUnder(
      userId: number,
      parentId: number,
      ownerRootId: number,
      within: (tx: Database) => Promise<void> = async () => undefined,
    ): Promise<void> {
      await mapUniqueViolation(
        db.transaction(async (tx) => {
          const moved = await tx
            .update(users)
            .set({ parentId, updatedAt: new Date() })
            .where(and(eq(users.userId, userId), isNull(users.parentId)))
            .returning({ userId: users.userId });
          if (moved.length === 0) throw new Refusal('4003');
          await tx
            .update(schema.stations)
            .set({ ownerRootId, updatedAt: new Date() })
            .where(eq(schema.stations.ownerRootId, userId));
          await within(tx as unknown as Database);
        }),
      );
    },

    async delete(userId: number): Promise<void> {
      await db.delete(users).where(eq(users.userId, userId));
    },

    /** What an account holds: accounts directly under it, by role, and stations bound to it. */
    async holdings(userId: number) {
      const [row] = await queryParsed(
        db,
        z.object({ installers: column.int, end_users: column.int, stations: column.int }),
        sql`select
              (select count(*)::int from users where parent_id = ${userId} and role_id = ${RoleId.installer}) as installers,
              (select count(*)::int from users where parent_id = ${userId} and role_id = ${RoleId.endUser}) as end_users,
              (select count(*)::int from stations where installer_id = ${userId} or end_user_id = ${userId}) as stations`,
      );
      return {
        installers: row?.installers ?? 0,
        endUsers: row?.end_users ?? 0,
        stations: row?.stations ?? 0,
      };
    },

    /** The accounts of `scope` (the tree of `rootId`) without `rootId`, filtered and paged, with each account's counts. */
    async listTree(
      scope: Scope,
      rootId: number,
      filter: AccountFilter,
      page: { limit: number; offset: number },
    ): Promise<{ total: number; list: AccountItem[] }> {
      const conditions = [sql`u.user_id in ${scope.accounts}`];
      conditions.push(sql`u.user_id <> ${rootId}`);
      if (filter.keyword) {
        const pattern = containsPattern(filter.keyword);
        conditions.push(sql`(lower(u.user_name) like ${pattern} or lower(u.email) like ${pattern})`);
      }
      if (filter.roleId) conditions.push(sql`u.role_id = ${filter.roleId}`);
      if (filter.canAddInstaller)
        conditions.push(sql`u.role_id = ${RoleId.installer} and u.installer_level < 3`);
      if (filter.installerId) conditions.push(sql`u.parent_id = ${filter.installerId}`);
      const where = sql.join(conditions, sql` and `);
      const [count] = await queryParsed(
        db,
        z.object({ total: column.int }),
        sql`select count(*)::int as total from users u where ${where}`,
      );
      const rows = await queryParsed(
        db,
        treeAccount,
        sql`select u.user_id, u.user_name, u.email, u.role_id, u.installer_level, u.parent_id,
                   p.user_name as parent_name, u.created_at,
                   (select count(*)::int from users c where c.parent_id = u.user_id) as user_count,
                   (select count(*)::int from stations s where s.installer_id = u.user_id or s.end_user_id = u.user_id) as station_count
            from users u left join users p on p.user_id = u.parent_id
            where ${where}
            order by coalesce(u.installer_level, 4), u.created_at, u.user_id
            limit ${page.limit} offset ${page.offset}`,
      );
      return {
        total: count?.total ?? 0,
        list: rows.map((r) => ({
          user_id: r.user_id,
          user_name: r.user_name,
          email: r.email,
          role_id: r.role_id === RoleId.installer ? RoleId.installer : RoleId.endUser,
          installer_level: r.installer_level,
          installer_id: r.parent_id === rootId ? null : r.parent_id,
          installer_name: r.parent_id === rootId ? null : r.parent_name,
          created_at: r.created_at,
          user_count: r.user_count,
          station_count: r.station_count,
        })),
      };
    },

    /** Ends every session of an account (password changed or reset). */
    async revokeAllSessions(userId: number): Promise<void> {
      await db
        .update(schema.sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(schema.sessions.userId, userId), sql`${schema.sessions.revokedAt} is null`));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
