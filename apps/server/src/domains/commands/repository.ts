import type { ReplyMessage } from '@helio/contracts/device-link';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CommandState, commandStateRank, replyMoves, waitingStates } from './lifecycle.ts';

/** All SQL of the stored commands (`device_commands`). Times are parameters from the caller's clock. */

/** A command as it goes out to its device. */
export interface OutgoingCommand {
  commandId: string;
  sn: string;
  name: string;
  params: unknown;
  createdMs: number;
  expiresMs: number;
}

/** What became of a command. */
export type CommandStatus = z.output<typeof statusRow>;

const outgoingRow = z
  .object({
    command_id: column.text,
    sn: column.text,
    name: column.text,
    params: z.unknown(),
    created_ms: column.int,
    expires_ms: column.int,
  })
  .transform(
    (row): OutgoingCommand => ({
      commandId: row.command_id,
      sn: row.sn,
      name: row.name,
      params: row.params,
      createdMs: row.created_ms,
      expiresMs: row.expires_ms,
    }),
  );

const statusRow = z.object({
  state: z.enum(Object.keys(commandStateRank) as [CommandState, ...CommandState[]]),
  upgrade_status: column.int.nullable(),
  progress_pct: column.int.nullable(),
  message: column.text.nullable(),
});

const selectOutgoing = sql`select c.command_id, d.sn, c.name, c.params,
    (extract(epoch from c.created_at) * 1000)::bigint as created_ms,
    (extract(epoch from c.expires_at) * 1000)::bigint as expires_ms
  from device_commands c join devices d on d.device_id = c.device_id`;

const states = (list: readonly CommandState[]) =>
  sql.join(
    list.map((state) => sql`${state}`),
    sql`, `,
  );

export function commandsRepository(db: Database) {
  return {
    /**
     * Stores a command; with a client key already used for the device, stores nothing and answers
     * the command that key made (the same change sent twice is one command).
     */
    async insert(command: {
      commandId: string;
      deviceId: number;
      name: string;
      params: unknown;
      createdBy: number | null;
      createdAt: Date;
      expiresAt: Date;
      clientKey?: string | undefined;
    }): Promise<{ commandId: string; created: boolean }> {
      const [row] = await queryParsed(
        db,
        z.object({ command_id: column.text }),
        sql`insert into device_commands (command_id, device_id, name, params, created_by, created_at, expires_at, client_key)
            values (${command.commandId}, ${command.deviceId}, ${command.name}, ${JSON.stringify(command.params ?? {})}::jsonb,
                    ${command.createdBy}, ${command.createdAt.toISOString()}, ${command.expiresAt.toISOString()},
                    ${command.clientKey ?? null})
            on conflict (device_id, client_key) where client_key is not null do nothing
            returning command_id`,
      );
      if (row) return { commandId: row.command_id, created: true };
      const [existing] = await queryParsed(
        db,
        z.object({ command_id: column.text }),
        sql`select command_id from device_commands where device_id = ${command.deviceId} and client_key = ${command.clientKey ?? null}`,
      );
      if (!existing) throw new Error('a command key conflicted but its command is gone');
      return { commandId: existing.command_id, created: false };
    },

    /** The command, when its device is not offline (it may be sent now). */
    async deliverable(commandId: string): Promise<OutgoingCommand | undefined> {
      const [command] = await queryParsed(
        db,
        outgoingRow,
        sql`${selectOutgoing} where c.command_id = ${commandId} and d.status <> 'offline'`,
      );
      return command;
    },

    /** Pending commands not expired at `now` of devices not offline (only `deviceIds`, when given), oldest first. */
    async pending(
      deviceIds: readonly number[] | undefined,
      now: Date,
      limit: number,
    ): Promise<OutgoingCommand[]> {
      const only =
        deviceIds === undefined
          ? sql``
          : deviceIds.length === 0
            ? sql` and false`
            : sql` and c.device_id in (${sql.join(
                deviceIds.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      return queryParsed(
        db,
        outgoingRow,
        sql`${selectOutgoing} where c.state = 'pending' and c.expires_at > ${now.toISOString()} and d.status <> 'offline'${only}
            order by c.created_at limit ${limit}`,
      );
    },

    /** A pending command went out at `at`. */
    async markSent(commandId: string, at: Date): Promise<void> {
      const iso = at.toISOString();
      await db.execute(
        sql`update device_commands set state = 'sent', sent_at = ${iso}, updated_at = ${iso}
            where command_id = ${commandId} and state = 'pending'`,
      );
    },

    /** Commands still waiting past their expiry at `now` end as expired; answers how many. */
    async expire(now: Date): Promise<number> {
      const at = now.toISOString();
      const rows = await queryParsed(
        db,
        z.object({ command_id: column.text }),
        sql`update device_commands set state = 'expired', updated_at = ${at}, finished_at = ${at}
            where state in (${states(waitingStates)}) and expires_at < ${at} returning command_id`,
      );
      return rows.length;
    },

    async status(commandId: string): Promise<CommandStatus | undefined> {
      const [row] = await queryParsed(
        db,
        statusRow,
        sql`select state, upgrade_status, progress_pct, message from device_commands where command_id = ${commandId}`,
      );
      return row;
    },

    /** A device's newest commands and where each stands (what a live console follows). */
    recent(deviceId: number, limit: number): Promise<MovedCommand[]> {
      return queryParsed(
        db,
        z
          .object({ command_id: column.text, name: column.text, state: statusRow.shape.state })
          .transform(
            (row): MovedCommand => ({ commandId: row.command_id, name: row.name, state: row.state }),
          ),
        sql`select command_id, name, state from device_commands where device_id = ${deviceId}
            order by created_at desc, command_id limit ${limit}`,
      );
    },
  };
}

export type CommandsRepository = ReturnType<typeof commandsRepository>;

const allStates = Object.keys(commandStateRank) as CommandState[];

/** A command a reply moved, as the reply left it. */
export interface MovedCommand {
  commandId: string;
  name: string;
  state: CommandState;
}

const finalStates: readonly CommandState[] = ['succeeded', 'failed', 'expired'];

/**
 * A device's reply moves its command forward (lifecycle.ts `replyMoves`), in the caller's
 * transaction (ingestion's batch), at `at` (the batch's clock). A reply for another device's
 * command, or one that would move it back, changes nothing and answers undefined.
 */
export async function applyReply(
  tx: Database,
  deviceId: number,
  reply: ReplyMessage,
  at: Date,
): Promise<MovedCommand | undefined> {
  const from = allStates.filter((state) => replyMoves(state, reply.state));
  const iso = at.toISOString();
  const finished = finalStates.includes(reply.state) ? iso : null;
  const [row] = await queryParsed(
    tx,
    z.object({ command_id: column.text, name: column.text, state: statusRow.shape.state }),
    sql`update device_commands set state = ${reply.state},
          upgrade_status = coalesce(${reply.upgrade_status ?? null}::int, upgrade_status),
          progress_pct = coalesce(${reply.progress_pct ?? null}::int, progress_pct),
          message = coalesce(${reply.message ?? null}::text, message),
          error = coalesce(${reply.error ?? null}::text, error),
          answer = coalesce(${reply.values === undefined ? null : JSON.stringify(reply.values)}::jsonb, answer),
          report = coalesce(${reply.report === undefined ? null : JSON.stringify(reply.report)}::jsonb, report),
          finished_at = coalesce(${finished}::timestamptz, finished_at),
          updated_at = ${iso}
        where command_id = ${reply.id} and device_id = ${deviceId} and state in (${states(from)})
        returning command_id, name, state`,
  );
  return row ? { commandId: row.command_id, name: row.name, state: row.state } : undefined;
}
