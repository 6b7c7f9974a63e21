import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '@helio/db';
import { ConfigError, loadConfig } from './config.ts';
import { rebuildEnergy } from './domains/energy/rebuild.ts';

/**
 * `npm run energy:rebuild -- [--station N …] [--device N …]`: counts the day, month and year
 * energy of devices again from their stored readings (domains/energy/rebuild.ts), on the
 * database the portal is configured with (DATABASE_URL, else the embedded one in DATA_DIR, which
 * the portal must not have open meanwhile). Without a station or device, every device.
 */

const usage = `Usage: npm run energy:rebuild -- [--station <id> …] [--device <id> …] [--batch <devices>]

Counts device and station energy (days, months, years) again from the stored readings: after
history was imported or readings were restored. Without --station or --device, every device.
Uses the portal's configuration (DATABASE_URL, else the embedded database in DATA_DIR).`;

function ids(values: string[] | undefined, what: string): number[] | undefined {
  if (!values || values.length === 0) return undefined;
  return values.map((value) => {
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0)
      throw new ConfigError(`--${what} takes a positive id, not ${value}`);
    return id;
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      station: { type: 'string', multiple: true },
      device: { type: 'string', multiple: true },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const stationIds = ids(values.station, 'station');
  const deviceIds = ids(values.device, 'device');
  const batchSize = values.batch === undefined ? undefined : ids([values.batch], 'batch')![0];
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const scope =
      stationIds || deviceIds
        ? `${stationIds ? `stations ${stationIds.join(', ')}` : ''}${stationIds && deviceIds ? ' and ' : ''}${deviceIds ? `devices ${deviceIds.join(', ')}` : ''}`
        : 'every device';
    console.log(`Rebuilding energy from readings (${database.kind} database): ${scope}`);
    const started = performance.now();
    let lastPrint = started;
    const outcome = await rebuildEnergy(
      database.db,
      { stationIds, deviceIds },
      {
        batchSize,
        onBatch: (progress) => {
          const now = performance.now();
          if (now - lastPrint < 5000 || progress.devices === progress.total) return;
          lastPrint = now;
          console.log(
            `  ${progress.devices.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} devices, ` +
              `${progress.steps.toLocaleString('en-US')} readings counted, ${((now - started) / 1000).toFixed(0)} s`,
          );
        },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const format = (value: number) => value.toLocaleString('en-US');
    console.log(
      `Done in ${seconds.toFixed(1)} s: ${format(outcome.devices)} devices on ${format(outcome.stations)} stations, ` +
        `${format(outcome.steps)} readings counted (each against the one before it), ` +
        `${format(outcome.deviceRows)} device rows written, ${format(outcome.stationRows)} station rows adjusted`,
    );
    if (outcome.devices === 0) console.log('No device matched: nothing was changed.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || (error instanceof TypeError && 'code' in error)) {
    console.error(error.message);
    console.error(usage);
  } else console.error(error);
  process.exit(1);
});
