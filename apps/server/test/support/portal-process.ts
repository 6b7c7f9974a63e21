import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real entry point as a child process, as `npm start` runs it: for the tests of start-up,
 * shutdown and crashes. Children left running at the end are killed by `killPortals`.
 */

const main = path.resolve(import.meta.dirname, '../../src/main.ts');
const children: ChildProcess[] = [];

/** A free TCP port on loopback, as the kernel hands them out. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('could not find a free port');
  return address.port;
}

export interface PortalProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote so far. */
  output(): string;
}

/**
 * Starts the portal with `env` over the test's environment, without the test runner's
 * NODE_ENV, and without DATABASE_URL unless `env` gives one. The embedded broker takes any free
 * port and the demo plants stay off unless `env` says otherwise.
 */
export function startPortal(env: Record<string, string>): PortalProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DEMO_PLANTS: '0',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the portal answers its health check; fails with what it wrote otherwise. */
export async function waitForHealth(port: number, portal?: PortalProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the portal did not start${portal ? `:\n${portal.output()}` : ''}`);
}

/** Kills every portal the tests started (for afterAll). */
export function killPortals(): void {
  for (const child of children) child.kill('SIGKILL');
}
