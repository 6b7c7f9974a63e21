import { readFileSync } from 'node:fs';
import { openDatabase } from '@helio/db';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { rawFirmwareKey } from './domains/firmware/keys.ts';
import { type DemoPlants, startDemoPlants } from './domains/seed/demo-run.ts';
import { seedAccounts } from './domains/seed/seed.ts';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Starts the portal: database and migrations, seeds, HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, rootPackage.version);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  let demoPlants: DemoPlants | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await demoPlants?.stop();
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
    const built = await buildApp({ config, database });
    app = built.app;
    await seedAccounts(database.db, config, app.log);
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Helio ${config.version} on port ${config.port} (${database.kind} database)`);
    if (config.demoPlants) {
      const { deviceLink } = built;
      demoPlants = await startDemoPlants({
        db: database.db,
        log: app.log.child({ part: 'demo-plants' }),
        // the embedded broker is reached on loopback whatever address it listens on
        brokerUrl:
          deviceLink.embeddedPort === undefined
            ? deviceLink.brokerUrl
            : `mqtt://${['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host}:${deviceLink.embeddedPort}`,
        access: deviceLink.link,
        historyDays: config.demoHistoryDays,
        commands: built.commands,
        splitTariffs: built.tariffs.splitSoon,
        // the simulated devices are the maker's: they trust the keys the portal checks uploads with
        firmwareKeys: config.firmwareKeys.map((key) => rawFirmwareKey(key.publicKey).toString('base64')),
      });
    }
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
