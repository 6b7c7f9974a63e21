import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from '@helio/db';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { seedAccounts } from '../../../server/src/domains/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../../..');

/** Builds the web app as users get it and serves it from the real server on an ephemeral port. */
export default async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@helio/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');

  const database = wrapPglite(await PGlite.create());
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(root, 'apps/web/dist'),
  });
  const { app } = await buildApp({ config, database });
  await seedAccounts(database.db, config, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);

  return async () => {
    await app.close();
    await database.close();
  };
}
