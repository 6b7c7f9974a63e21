import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openPostgres, wrapPglite } from '@helio/db';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh, migrated database for one test file. With DATABASE_URL (CI), a new PostgreSQL
 * database is created beside the given one and dropped at close; otherwise an in-memory PGlite
 * is loaded from the template that the global setup migrated once.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return freshPostgres();
  const template = await readFile(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return wrapPglite(client);
}

async function freshPostgres(): Promise<DatabaseHandle> {
  const created = await freshPostgresUrl();
  // Dropping the database ends its connections; the ones still closing must not fail the run.
  const handle = openPostgres(created.url, { max: 4, onIdleError: () => {} });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * The URL of a new, empty PostgreSQL database beside DATABASE_URL, for a portal process the test
 * starts itself (it migrates at start-up). Dropped by the returned function.
 */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `helio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect().catch((error: unknown) => {
    // DATABASE_URL asks for PostgreSQL: never fall back to anything else, say what is wrong.
    const { hostname, port } = new URL(url);
    throw new Error(
      `DATABASE_URL is set but PostgreSQL at ${hostname || 'localhost'}:${port || 5432} is unreachable ` +
        `(${error instanceof Error ? error.message : String(error)}): start it, or unset DATABASE_URL ` +
        'to run on the embedded database',
    );
  });
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
