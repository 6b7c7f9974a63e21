import type { control } from '@helio/contracts';
import type { CommandsRepository } from './repository.ts';

/**
 * A device's live stream (the EMS 5000 console's api/ems5000/live, a charger's api/charging/live):
 * `ready`, then every `pollMs` a `reading` when the device's newest reading moved and a `command`
 * for each of its newest commands that appeared or changed state, until the signal ends it (the
 * client left, the sign-in ended, the app closes). It looks in the database, so any replica
 * serves it. Who may follow which device is the caller's to check before it begins.
 */

/** The newest commands of the device the stream follows. */
const LIVE_COMMANDS = 20;
/** How often the stream looks for news by default, ms. */
const DEFAULT_POLL_MS = 1500;

export interface DeviceLiveDeps {
  /** The instant (ISO) of a device's newest reading, null before the first. */
  latestAt: (deviceId: number) => Promise<string | null>;
  commands: Pick<CommandsRepository, 'recent'>;
  pollMs?: number | undefined;
}

export function followDevice(deps: DeviceLiveDeps, device: { deviceId: number; sn: string }) {
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  return async (send: (event: control.DeviceLiveEvent) => void, signal: AbortSignal): Promise<void> => {
    const states = new Map<string, string>();
    const commandsNow = () => deps.commands.recent(device.deviceId, LIVE_COMMANDS);
    for (const command of await commandsNow()) states.set(command.commandId, command.state);
    let readingAt = await deps.latestAt(device.deviceId);
    send({ type: 'ready', equ_sn: device.sn });
    while (!signal.aborted) {
      await wait(pollMs, signal);
      if (signal.aborted) break;
      const at = await deps.latestAt(device.deviceId);
      if (at !== null && at !== readingAt) {
        readingAt = at;
        send({ type: 'reading', updated_at: at });
      }
      // oldest first, so a command's states arrive in their order
      for (const command of (await commandsNow()).reverse()) {
        if (states.get(command.commandId) === command.state) continue;
        states.set(command.commandId, command.state);
        send({ type: 'command', command_id: command.commandId, name: command.name, state: command.state });
      }
    }
  };
}

/** Resolves after `ms`, or at once when `signal` ends. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
