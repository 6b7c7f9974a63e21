import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DataDirectoryLockedError, openPglite, queryRows } from '../src/index.ts';

describe('directory lock', () => {
  it('is exclusive while held and free after release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'helio-lock-'));
    const file = path.join(dir, 'pg.lock');
    const lock = acquireDirectoryLock(file);
    // a lock file written by another live process (our parent) refuses a second holder
    writeFileSync(file, String(process.ppid));
    expect(() => acquireDirectoryLock(file)).toThrow(DataDirectoryLockedError);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireDirectoryLock(file).release();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'helio-lock-'));
    const file = path.join(dir, 'pg.lock');
    writeFileSync(file, '999999999');
    const lock = acquireDirectoryLock(file);
    lock.release();
  });
});

describe('embedded database on disk', () => {
  it('migrates, keeps data across a clean close and reopen, and locks its folder meanwhile', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'helio-pg-'));
    const first = await openPglite(dir);
    await first.migrate();
    await first.db.execute(
      sql`insert into users (user_name, email, password_hash, role_id, installer_level) values ('kept', 'k@x.invalid', 'h', 2, null)`,
    );
    await expect(openPglite(dir)).rejects.toThrow(DataDirectoryLockedError);
    await first.close();
    expect(existsSync(path.join(dir, 'pg.lock'))).toBe(false);

    const second = await openPglite(dir);
    await second.migrate();
    const result = await queryRows<{ n: number }>(
      second.db,
      sql`select count(*)::int as n from users where user_name = 'kept'`,
    );
    expect(result[0]?.n).toBe(1);
    await second.close();
  }, 60_000);
});
