import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from '@helio/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one PGlite database and dumps it, so each test file loads a ready database in
 * milliseconds instead of creating and migrating its own (seconds and ~0.8 GB each).
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) return; // each test file creates its own PostgreSQL database
  const directory = path.resolve(import.meta.dirname, '../../../../.tmp');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `pglite-template-${process.pid}.tar.gz`);
  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
}
