import { readFileSync } from 'node:fs';
import { openDatabase } from '@helio/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedAccounts } from './domains/seed/seed.ts';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Starts the portal: database and migrations, seeds, HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, rootPackage.version);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await database.migrate();
    ({ app } = await buildApp({ config, database }));
    await seedAccounts(database.db, config, app.log);
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Helio ${config.version} on port ${config.port} (${database.kind} database)`);
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
