/**
 * The simulated devices' child process of a bench (control.ts, firmware.ts): forked from the
 * bench's own file with `devices`, spoken to over IPC. `next(type)` waits for the next message of
 * a type; a `failed` message or the child's end rejects it. The child is killed at clean-up.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Fleet } from '../../simulator/src/runtime/fleet.ts';
import { cleanUp, defer } from './cleanups.ts';

export interface DeviceProcess<To, From extends { type: string }> {
  pid: number | undefined;
  send(message: To): void;
  next<K extends From['type']>(type: K): Promise<Extract<From, { type: K }>>;
  exited(): boolean;
  /** Kills the child now if it still runs. */
  kill(): Promise<void>;
}

export function forkDeviceProcess<To, From extends { type: string }>(file: string): DeviceProcess<To, From> {
  const child: ChildProcess = fork(file, ['devices'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = defer(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const messages: From[] = [];
  let waiting: (() => void) | undefined;
  let exited = false;
  child.on('message', (message: From) => {
    messages.push(message);
    waiting?.();
  });
  child.once('exit', () => {
    exited = true;
    waiting?.();
  });
  return {
    pid: child.pid,
    send: (message) => child.send(message as object),
    async next<K extends From['type']>(type: K): Promise<Extract<From, { type: K }>> {
      for (;;) {
        const index = messages.findIndex((message) => message.type === type || message.type === 'failed');
        if (index >= 0) {
          const [message] = messages.splice(index, 1) as [From & { message?: string }];
          if (message.type === 'failed') throw new Error(`device process failed: ${message.message}`);
          return message as Extract<From, { type: K }>;
        }
        if (exited) throw new Error('the device process ended unexpectedly');
        await new Promise<void>((resolve) => {
          waiting = resolve;
        });
      }
    },
    exited: () => exited,
    kill,
  };
}

/** What a device process answers of a fleet that has connected. */
export interface FleetReady {
  type: 'ready';
  connected: number;
  devices: number;
  ms: number;
}

/**
 * The child's side: `start` makes and runs a fleet (its devices' problems counted by the `log`
 * it is given), answered `ready` once every device connected; `stop` stops it, answers
 * `stopped(problems)` and ends the process; any other message goes to `other`. A failure answers
 * `failed` and ends the process.
 */
export function serveFleet<To extends { type: string }, From extends { type: string }>(handlers: {
  start(message: Extract<To, { type: 'start' }>, log: () => void): Fleet;
  stopped(fleet: Fleet | undefined, problems: number): From;
  other?(message: To, send: (message: From) => Promise<void>): Promise<void>;
}): void {
  let fleet: Fleet | undefined;
  let problems = 0;
  const send = (message: From | FleetReady | { type: 'failed'; message: string }) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));
  const fail = (error: unknown) =>
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }).finally(() => process.exit(1));
  process.on('message', (message: To) => {
    if (message.type === 'start') {
      const started = performance.now();
      const running = handlers.start(message as Extract<To, { type: 'start' }>, () => {
        problems += 1;
      });
      fleet = running;
      running.ready
        .then(() => {
          const stats = running.stats();
          return send({
            type: 'ready',
            connected: stats.connected,
            devices: stats.devices,
            ms: performance.now() - started,
          });
        })
        .catch(fail);
    } else if (message.type === 'stop') {
      (async () => {
        await fleet?.stop();
        await send(handlers.stopped(fleet, problems));
        process.disconnect();
        process.exit(0);
      })().catch(fail);
    } else {
      handlers.other?.(message, send).catch(fail);
    }
  });
  // the bench process went away: nothing to run for
  process.on('disconnect', () => process.exit(0));
}

/**
 * A bench file's entry: the device process when started with `devices`, else `main`, whose
 * clean-up steps run after it whatever happens, then the process ends with its exit code.
 */
export function runBench(main: () => Promise<void>, devices: () => void): void {
  if (process.argv[2] === 'devices') {
    devices();
    return;
  }
  main()
    .catch(async (error: unknown) => {
      process.stdout.write(
        `ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      await cleanUp();
      process.exitCode = 1;
    })
    // open keep-alive sockets of the API clients would hold the process a few seconds more;
    // after a signal, its clean-up may still run: wait for it
    .finally(async () => {
      await cleanUp();
      process.exit(process.exitCode ?? 0);
    });
}
