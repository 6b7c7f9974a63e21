import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killPortals, startPortal as startChild, waitForHealth } from './support/portal-process.ts';

afterAll(killPortals);

/** Starts the real entry point on the embedded database, as `npm start` does. */
function startPortal(dataDir: string, port: number) {
  return startChild({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
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
