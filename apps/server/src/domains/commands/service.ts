import { randomUUID } from 'node:crypto';
import { type CommandMessage, commandMessage, PROTOCOL_VERSION } from '@helio/contracts/device-link';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { CommandState } from './lifecycle.ts';
import type { CommandStatus, CommandsRepository, OutgoingCommand } from './repository.ts';

/**
 * Commands to devices (PRODUCT.md §4; their states in lifecycle.ts). A command for a device that
 * is away waits in the database and goes out when the device is back (the device link tells, and
 * the `device-link.commands` job looks); the device's replies move it forward (replies.ts, in
 * ingestion's transaction). The table is the truth, the broker only carries.
 */

export type NewCommand = Pick<CommandMessage, 'name' | 'params'>;

/** How long a command waits for its device by default. */
export const DEFAULT_COMMAND_TTL_MS = 24 * 3_600_000;

/** What commands need of the broker: publishing to a device's command topic (the device link). */
export interface CommandChannel {
  /** Publishes a command to a device's command topic at QoS 1, never retained. */
  sendCommand(sn: string, payload: string): Promise<void>;
}

/** Most commands sent in one pass. */
const DELIVERY_BATCH = 500;

export function deviceCommands(options: {
  repo: CommandsRepository;
  /** The broker's side, given by the app once the device link runs. */
  channel: () => CommandChannel;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How long a command waits for its device unless told otherwise (COMMAND_TTL_HOURS). */
  ttlMs?: number;
}) {
  const { repo, log, clock } = options;
  const defaultTtlMs = options.ttlMs ?? DEFAULT_COMMAND_TTL_MS;

  async function deliver(command: OutgoingCommand): Promise<void> {
    const message = commandMessage.parse({
      v: PROTOCOL_VERSION,
      id: command.commandId,
      ts: command.createdMs,
      expires_at: command.expiresMs,
      name: command.name,
      params: command.params,
    });
    await options.channel().sendCommand(command.sn, JSON.stringify(message));
    await repo.markSent(command.commandId, clock.now());
  }

  return {
    /**
     * Queues a command for a device and sends it at once when the device is connected. The
     * command is checked against the protocol's schema before anything is stored. With a
     * `clientKey` the device already had a command for, nothing new is stored or sent: that
     * command is answered (`created: false`).
     */
    async create(
      deviceId: number,
      command: NewCommand,
      createdBy: number | null,
      options: { ttlMs?: number; clientKey?: string } = {},
    ): Promise<{ commandId: string; created: boolean; state: CommandState }> {
      const ttlMs = options.ttlMs ?? defaultTtlMs;
      const commandId = randomUUID();
      const now = clock.now().getTime();
      commandMessage.parse({
        v: PROTOCOL_VERSION,
        id: commandId,
        ts: now,
        expires_at: now + ttlMs,
        ...command,
      });
      const stored = await repo.insert({
        commandId,
        deviceId,
        name: command.name,
        params: command.params,
        createdBy,
        createdAt: new Date(now),
        expiresAt: new Date(now + ttlMs),
        clientKey: options.clientKey,
      });
      if (!stored.created) {
        // the key's command, wherever it has got to
        const state = (await repo.status(stored.commandId))?.state ?? 'pending';
        return { ...stored, state };
      }
      const ready = await repo.deliverable(commandId);
      const sent =
        ready !== undefined &&
        (await deliver(ready).then(
          () => true,
          (error: unknown) => {
            log.warn({ err: error, commandId }, 'command not sent yet');
            return false;
          },
        ));
      return { ...stored, state: sent ? 'sent' : 'pending' };
    },

    /** Sends what waits for devices that are back and has not expired at `now`; answers how many went out. */
    async deliverPending(deviceIds?: readonly number[], now = clock.now()): Promise<number> {
      let sent = 0;
      for (const command of await repo.pending(deviceIds, now, DELIVERY_BATCH)) {
        try {
          await deliver(command);
          sent += 1;
        } catch (error) {
          log.warn({ err: error, commandId: command.commandId }, 'command not sent yet');
        }
      }
      return sent;
    },

    /** Commands still waiting past their expiry at `now` end as expired; answers how many. */
    expire(now = clock.now()): Promise<number> {
      return repo.expire(now);
    },

    state(commandId: string): Promise<CommandStatus | undefined> {
      return repo.status(commandId);
    },

    /** How long a command waits for its device, ms. */
    ttlMs: defaultTtlMs,
  };
}

export type DeviceCommands = ReturnType<typeof deviceCommands>;
