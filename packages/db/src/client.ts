import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock, type DirectoryLock } from './lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database handle every repository takes: PGlite and node-postgres share the pg-core API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several replicas at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary but fixed key of the advisory lock that serialises migrations across replicas. */
const MIGRATION_LOCK_KEY = 7_246_810_101;

/** Connects to PostgreSQL at `url` (production and CI). */
export function openPostgres(
  url: string,
  options: {
    max?: number;
    /**
     * An idle pooled connection failed (the server restarted or ended it). The pool replaces it on
     * the next query; without a handler, pg would throw the error out of the process.
     */
    onIdleError?: (error: Error) => void;
  } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on(
    'error',
    options.onIdleError ??
      ((error) =>
        process.stderr.write(
          `PostgreSQL: an idle connection failed and will be replaced: ${error.message}\n`,
        )),
  );
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the embedded PGlite database in `dataDir/pg`. PGlite allows one process per data
 * folder, so an exclusive lock file beside it is held until close.
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const lock: DirectoryLock = acquireDirectoryLock(path.join(dataDir, 'pg.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'pg'));
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an already created PGlite instance (tests load a migrated template into memory). */
export function wrapPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
}

/** Opens PostgreSQL when a URL is given, else the embedded database in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Cheap liveness probe for the health endpoint. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Rows of a raw SQL query, cast to `Row` unchecked; PGlite and node-postgres both answer `{rows}`,
 * but not with the same types (rows.ts). Repositories use `queryParsed` (rows.ts), which checks
 * each row; this is left for tests and throwaway scripts.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
