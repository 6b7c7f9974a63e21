/**
 * The simulated devices' child process of a bench (control.ts, firmware.ts): forked from the
 * bench's own file with `devices`, spoken to over IPC. `next(type)` waits for the next message of
 * a type; a `failed` message or the child's end rejects it. The child is killed at clean-up.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { defer } from './cleanups.ts';

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
