import {
  type CommandItem,
  control,
  type DeviceState,
  type DeviceType,
  type DiagnosticKind,
  type Page,
} from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pagedRows } from '../../platform/paged-rows.ts';
import type { PageWindow } from '../../platform/search.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/** All SQL of remote control: the devices it acts on, passwords, unlocks, commands as listed, diagnostics. */

/** A device as control sees it, found in the caller's scope. */
export interface ControlTarget {
  deviceId: number;
  sn: string;
  deviceType: DeviceType;
  ratedPowerW: number | null;
  status: DeviceState;
  stationId: number;
  timezone: string;
  /** Whether the device lies in the caller's held scope (ownership), not only a grant. */
  held: boolean;
  /** The device's own settings password hash, else its tree's (its level-1 installer's). */
  passwordHash: string | null;
}

const targetRow = z.object({
  device_id: column.int,
  sn: column.text,
  device_type: column.int,
  rated_power_w: column.number.nullable(),
  status: z.enum(['online', 'offline', 'alarm']),
  station_id: column.int,
  timezone: column.text,
  held: z.boolean(),
  password_hash: column.text.nullable(),
});

const item = control.commandItem.shape;
const commandRow = z.object({
  command_id: column.text,
  name: item.name,
  state: item.state,
  progress_pct: column.int.nullable(),
  upgrade_status: item.upgrade_status,
  message: column.text.nullable(),
  error: item.error,
  params: z.record(z.string(), z.unknown()),
  created_at: column.isoInstant,
  sent_at: column.isoInstant.nullable(),
  updated_at: column.isoInstant,
  expires_at: column.isoInstant,
  created_by: column.text.nullable(),
}) satisfies z.ZodType<CommandItem>;
export type CommandRow = z.output<typeof commandRow>;

const selectCommand = sql`select c.command_id, c.name, c.state, c.progress_pct, c.upgrade_status, c.message, c.error,
    c.params, c.created_at, c.sent_at, c.updated_at, c.expires_at, u.user_name as created_by
  from device_commands c left join users u on u.user_id = c.created_by`;

export function controlRepository(db: Database) {
  return {
    /** The device with this SN if `seen` reaches it; `held` says whether the caller's own scope does. */
    async target(sn: string, seen: Scope, held: Scope): Promise<ControlTarget | undefined> {
      const [row] = await queryParsed(
        db,
        targetRow,
        sql`select d.device_id, d.sn, d.device_type, d.rated_power_w, d.status, d.station_id, s.timezone,
                   (${held.devices('d')}) as held,
                   coalesce(d.settings_pwd_hash, root.settings_pwd_hash) as password_hash
            from devices d join stations s on s.station_id = d.station_id
            left join users root on root.user_id = s.owner_root_id
            where d.sn = ${sn} and ${seen.devices('d')}`,
      );
      if (!row) return undefined;
      return {
        deviceId: row.device_id,
        sn: row.sn,
        deviceType: row.device_type as DeviceType,
        ratedPowerW: row.rated_power_w,
        status: row.status,
        stationId: row.station_id,
        timezone: row.timezone,
        held: row.held,
        passwordHash: row.password_hash,
      };
    },

    async setDevicePassword(deviceId: number, hash: string): Promise<void> {
      await db.execute(sql`update devices set settings_pwd_hash = ${hash} where device_id = ${deviceId}`);
    },

    async setTreePassword(userId: number, hash: string): Promise<void> {
      await db.execute(sql`update users set settings_pwd_hash = ${hash} where user_id = ${userId}`);
    },

    /** The device is unlocked for this sign-in until `until`; unlocks past their time go. */
    async unlock(sessionId: number, deviceId: number, until: Date, now: Date): Promise<void> {
      await db.execute(
        sql`insert into device_unlocks (session_id, device_id, until) values (${sessionId}, ${deviceId}, ${until.toISOString()})
            on conflict (session_id, device_id) do update set until = excluded.until`,
      );
      await db.execute(sql`delete from device_unlocks where until < ${now.toISOString()}`);
    },

    /** Until when the device is unlocked for this sign-in at `now`; undefined when it is not. */
    async unlockedUntil(sessionId: number, deviceId: number, now: Date): Promise<string | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ until: column.isoInstant }),
        sql`select until from device_unlocks
            where session_id = ${sessionId} and device_id = ${deviceId} and until > ${now.toISOString()}`,
      );
      return row?.until;
    },

    /** The device's commands of `names` not finished, oldest first. */
    async unfinished(deviceId: number, names: readonly string[]): Promise<CommandRow[]> {
      return queryParsed(
        db,
        commandRow,
        sql`${selectCommand} where c.device_id = ${deviceId} and c.finished_at is null
              and c.name in (${list(names)}) order by c.created_at`,
      );
    },

    /** The device's newest finished command of `names`. */
    async lastFinished(deviceId: number, names: readonly string[]): Promise<CommandRow | undefined> {
      const [row] = await queryParsed(
        db,
        commandRow,
        sql`${selectCommand} where c.device_id = ${deviceId} and c.finished_at is not null
              and c.name in (${list(names)}) order by c.finished_at desc limit 1`,
      );
      return row;
    },

    /** The device's newest commands of `name` (at most `limit`), newest first. */
    async latest(deviceId: number, name: string, limit: number): Promise<CommandRow[]> {
      return queryParsed(
        db,
        commandRow,
        sql`${selectCommand} where c.device_id = ${deviceId} and c.name = ${name}
              order by c.created_at desc limit ${limit}`,
      );
    },

    /** One command and its device. */
    async command(
      commandId: string,
    ): Promise<(CommandRow & { device_id: number; sn: string; report: unknown }) | undefined> {
      const [row] = await queryParsed(
        db,
        commandRow.extend({ device_id: column.int, sn: column.text, report: z.unknown() }),
        sql`select c.device_id, d.sn, c.report, x.* from device_commands c
            join devices d on d.device_id = c.device_id
            join (${selectCommand}) x on x.command_id = c.command_id
            where c.command_id = ${commandId}`,
      );
      return row;
    },

    /** The device's commands, newest first, filtered by name and state. */
    async commands(
      deviceId: number,
      filter: { name?: string | undefined; state?: string | undefined },
      page: PageWindow,
    ): Promise<Page<CommandRow>> {
      const conditions: SQL[] = [sql`c.device_id = ${deviceId}`];
      if (filter.name) conditions.push(sql`c.name = ${filter.name}`);
      if (filter.state) conditions.push(sql`c.state = ${filter.state}`);
      const where = sql.join(conditions, sql` and `);
      return pagedRows(db, commandRow, {
        from: sql`device_commands c where ${where}`,
        select: sql`${selectCommand} where ${where} order by c.created_at desc, c.command_id`,
        page,
      });
    },

    /** The requester's address and language, for a self-test report. */
    async requester(
      userId: number,
    ): Promise<{ email: string; language: string; userName: string } | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ email: column.text, language: column.text, user_name: column.text }),
        sql`select email, language, user_name from users where user_id = ${userId}`,
      );
      return row ? { email: row.email, language: row.language, userName: row.user_name } : undefined;
    },

    /** Records a refused or dropped message of a device; only the newest 50 per device are kept. */
    async recordDiagnostic(entry: {
      deviceId: number;
      at: Date;
      kind: DiagnosticKind;
      topic: string | null;
      detail: string;
    }): Promise<void> {
      await db.execute(
        sql`insert into device_diagnostics (device_id, at, kind, topic, detail)
            values (${entry.deviceId}, ${entry.at.toISOString()}, ${entry.kind}, ${entry.topic}, ${entry.detail.slice(0, 300)})`,
      );
      await db.execute(
        sql`delete from device_diagnostics where device_id = ${entry.deviceId} and id not in (
              select id from device_diagnostics where device_id = ${entry.deviceId} order by at desc, id desc limit 50)`,
      );
    },

    async diagnostics(deviceId: number) {
      return queryParsed(
        db,
        z.object({
          at: column.isoInstant,
          kind: z.enum(control.diagnosticKinds),
          topic: column.text.nullable(),
          detail: column.text,
        }),
        sql`select at, kind, topic, detail from device_diagnostics where device_id = ${deviceId}
            order by at desc, id desc limit 50`,
      );
    },
  };
}

export type ControlRepository = ReturnType<typeof controlRepository>;

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
