import { type AccountItem, RoleId } from '@helio/contracts';
import { type Database, queryRows, schema } from '@helio/db';
import { and, eq, sql } from 'drizzle-orm';
import { Refusal } from '../../http/refusal.ts';
import { scopeUserIds } from '../tenancy/tenancy.ts';

const { users } = schema;
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Maps a unique-index violation onto the catalogue: 1003 name, 1004 email, and 3001 when an end
 * user brings a station whose name its new tree already has.
 */
function refusalOfUniqueViolation(error: unknown): Refusal | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 3 && cause; depth++) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === '23505') {
      const name = constraint ?? message ?? '';
      if (name.includes('users_user_name_key')) return new Refusal('1003');
      if (name.includes('users_email_key')) return new Refusal('1004');
      if (name.includes('stations_owner_name_key')) return new Refusal('3001');
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

async function mapUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusalOfUniqueViolation(error) ?? error;
  }
}

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
      const rows = await queryRows<{ name_taken: boolean; email_taken: boolean }>(
        db,
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
     * Puts an end user without installer under `parentId`. Its stations move into the tree of
     * `ownerRootId` with it, so their names must be free there (3001, and nothing changes).
     */
    async bindUnder(userId: number, parentId: number, ownerRootId: number): Promise<void> {
      await mapUniqueViolation(
        db.transaction(async (tx) => {
          await tx.update(users).set({ parentId, updatedAt: new Date() }).where(eq(users.userId, userId));
          await tx
            .update(schema.stations)
            .set({ ownerRootId, updatedAt: new Date() })
            .where(eq(schema.stations.ownerRootId, userId));
        }),
      );
    },

    async delete(userId: number): Promise<void> {
      await db.delete(users).where(eq(users.userId, userId));
    },

    /** What an account holds: accounts directly under it, by role, and stations bound to it. */
    async holdings(userId: number) {
      const [row] = await queryRows<{ installers: number; end_users: number; stations: number }>(
        db,
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

    /** The caller's tree without the caller, filtered and paged, with each account's counts. */
    async listTree(
      rootId: number,
      filter: AccountFilter,
      page: { limit: number; offset: number },
    ): Promise<{ total: number; list: AccountItem[] }> {
      const conditions = [sql`u.user_id in ${scopeUserIds({ userId: rootId, roleId: RoleId.installer })}`];
      conditions.push(sql`u.user_id <> ${rootId}`);
      if (filter.keyword) {
        const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
        conditions.push(sql`(lower(u.user_name) like ${pattern} or lower(u.email) like ${pattern})`);
      }
      if (filter.roleId) conditions.push(sql`u.role_id = ${filter.roleId}`);
      if (filter.canAddInstaller)
        conditions.push(sql`u.role_id = ${RoleId.installer} and u.installer_level < 3`);
      if (filter.installerId) conditions.push(sql`u.parent_id = ${filter.installerId}`);
      const where = sql.join(conditions, sql` and `);
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from users u where ${where}`,
      );
      const rows = await queryRows<{
        user_id: number;
        user_name: string;
        email: string;
        role_id: number;
        installer_level: number | null;
        parent_id: number | null;
        parent_name: string | null;
        created_at: string | Date;
        user_count: number;
        station_count: number;
      }>(
        db,
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
          created_at: new Date(r.created_at).toISOString(),
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
