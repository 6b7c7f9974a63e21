import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the real entry point on the embedded database, as `npm start` does. */
function startPortal(dataDir: string, port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    MQTT_PORT: '0',
    DEMO_PLANTS: '0',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env,
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

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the portal did not start');
}

describe('the portal process', () => {
  it('holds its data folder exclusively and closes cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'helio-process-'));
    const port = await freePort();
    const first = startPortal(dataDir, port);
    await waitForHealth(port);
    expect(existsSync(path.join(dataDir, 'pg.lock'))).toBe(true);

    const second = startPortal(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/data folder is in use/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(existsSync(path.join(dataDir, 'pg.lock'))).toBe(false);

    // the data survived: the demo account still signs in after a restart, which is stopped with SIGINT
    const third = startPortal(dataDir, port);
    await waitForHealth(port);
    const answer = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'demo', pwd: 'demo123' }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(1);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg.lock'))).toBe(false);
  }, 90_000);
});
