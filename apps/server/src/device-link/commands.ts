import { randomUUID } from 'node:crypto';
import { type CommandMessage, commandMessage, PROTOCOL_VERSION } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceLink } from './link.ts';

/**
 * Commands to devices (PRODUCT.md §4): each has an id and a life, pending → sent →
 * acknowledged → succeeded or failed, or expired when its time runs out first. A command for a
 * device that is away waits in the database and goes out when the device is back; the device's
 * replies move it forward (ingest/store.ts). The table is the truth, the broker only carries.
 */

export type NewCommand = Pick<CommandMessage, 'name' | 'params'>;

/** How long a command waits for its device by default. */
export const DEFAULT_COMMAND_TTL_MS = 24 * 3_600_000;

export function deviceCommands(options: { db: Database; link: () => DeviceLink; log: FastifyBaseLogger }) {
  const { db, log } = options;

  async function deliver(row: {
    command_id: string;
    sn: string;
    name: string;
    params: unknown;
    created_ms: string | number;
    expires_ms: string | number;
  }): Promise<void> {
    const message = commandMessage.parse({
      v: PROTOCOL_VERSION,
      id: row.command_id,
      ts: Number(row.created_ms),
      expires_at: Number(row.expires_ms),
      name: row.name,
      params: row.params,
    });
    await options.link().sendCommand(row.sn, JSON.stringify(message));
    await db.execute(
      sql`update device_commands set state = 'sent', sent_at = now(), updated_at = now()
          where command_id = ${row.command_id} and state = 'pending'`,
    );
  }

  const select = sql`select c.command_id, d.sn, c.name, c.params,
      (extract(epoch from c.created_at) * 1000)::bigint as created_ms,
      (extract(epoch from c.expires_at) * 1000)::bigint as expires_ms
    from device_commands c join devices d on d.device_id = c.device_id`;

  return {
    /**
     * Queues a command for a device and sends it at once when the device is connected. The
     * command is checked against the protocol's schema before anything is stored.
     */
    async create(
      deviceId: number,
      command: NewCommand,
      createdBy: number | null,
      ttlMs = DEFAULT_COMMAND_TTL_MS,
    ): Promise<string> {
      const commandId = randomUUID();
      const now = Date.now();
      commandMessage.parse({
        v: PROTOCOL_VERSION,
        id: commandId,
        ts: now,
        expires_at: now + ttlMs,
        ...command,
      });
      await db.execute(
        sql`insert into device_commands (command_id, device_id, name, params, created_by, created_at, expires_at)
            values (${commandId}, ${deviceId}, ${command.name}, ${JSON.stringify(command.params ?? {})}::jsonb,
                    ${createdBy}, ${new Date(now).toISOString()}, ${new Date(now + ttlMs).toISOString()})`,
      );
      const [row] = await queryRows<Parameters<typeof deliver>[0] & { status: string }>(
        db,
        sql`${select} where c.command_id = ${commandId} and d.status <> 'offline'`,
      );
      if (row)
        await deliver(row).catch((error: unknown) =>
          log.warn({ err: error, commandId }, 'command not sent yet'),
        );
      return commandId;
    },

    /** Sends what waits for devices that are back; answers how many went out. */
    async deliverPending(deviceIds?: readonly number[]): Promise<number> {
      const only =
        deviceIds === undefined
          ? sql``
          : deviceIds.length === 0
            ? sql` and false`
            : sql` and c.device_id in (${sql.join(
                deviceIds.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      const rows = await queryRows<Parameters<typeof deliver>[0]>(
        db,
        sql`${select} where c.state = 'pending' and c.expires_at > now() and d.status <> 'offline'${only}
            order by c.created_at limit 500`,
      );
      let sent = 0;
      for (const row of rows) {
        try {
          await deliver(row);
          sent += 1;
        } catch (error) {
          log.warn({ err: error, commandId: row.command_id }, 'command not sent yet');
        }
      }
      return sent;
    },

    async state(commandId: string) {
      const [row] = await queryRows<{
        state: string;
        upgrade_status: number | null;
        progress_pct: number | null;
        message: string | null;
      }>(
        db,
        sql`select state, upgrade_status, progress_pct, message from device_commands where command_id = ${commandId}`,
      );
      return row;
    },
  };
}

export type DeviceCommands = ReturnType<typeof deviceCommands>;
