import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type SimulatorOptions, simulatorOptions } from './options.ts';
import { backfill } from './runtime/backfill.ts';
import { type FleetStats, startFleet } from './runtime/fleet.ts';
import { places, placesNamed } from './runtime/places.ts';
import { type FleetFile, fleetFile, provisionFleet, stationsFromFile } from './runtime/provision.ts';

/**
 * `npm run simulate -- …`: a fleet of virtual devices against any portal's broker.
 *
 * Either it provisions its fleet through the portal's API as an installer (`--api`, `--user`,
 * `--password`), saving the devices and the secrets the portal issued to a file, or it takes such
 * a file (`--devices`). It can write history first (`--backfill-days`), then runs live until
 * Ctrl-C, printing a summary now and then; Ctrl-C disconnects every device cleanly (each says
 * `offline` first), a second Ctrl-C exits at once.
 */

export const usage = `Usage: npm run simulate -- [options]

A fleet of simulated plants and devices speaking the Helio device protocol (MQTT).

Where the fleet comes from (one of):
  --api <url>                 portal API base, e.g. http://127.0.0.1:8080/ ; with --user and
  --user <name>               --password of an installer, stations and devices are registered
  --password <secret>         through the API (or set SIMULATOR_PASSWORD instead of --password)
  --save <file>               where to write the provisioned fleet (default simulator-fleet-<tag>.json);
                              it holds the device secrets the portal shows only once
  --devices <file>            a fleet file written by an earlier run: simulate those devices

Connection:
  --broker <url>              MQTT broker, e.g. mqtt://127.0.0.1:1884 (default: the broker address
                              the portal issued with the credentials, or the file's)
  --connect-rate <n>          new connections per second while the fleet comes up (200)

Fleet (when provisioning):
  --stations <n>              number of stations (3)
  --devices-per-station <n>   devices per station, 1–32 (3); a wallbox station always has one
  --station-types <list>      station types, comma-separated, used in turn (4):
                              1 on-grid, 4 residential ESS, 5 off-grid, 6 ESS with wallbox,
                              8 wallbox, 9 C&I ESS with an EMS 5000
  --locations <list>          places or regions, comma-separated, used in turn (all):
                              europe, south_america, asia, all, or place names:
                              ${places.map((place) => place.name).join(', ')}

Time and behaviour:
  --interval <s>              seconds between two readings of a device (60)
  --speed-up <x>              run x times faster than real time while catching up (1); readings
                              are never stamped ahead of the real clock, so with x > 1 the run
                              starts --catch-up-hours back (24) and runs in real time once caught up
  --catch-up-hours <h>        how far back a speeded-up run starts
  --backfill-days <d>         first write d days of history through the backfill path (0)
  --backfill-interval <s>     seconds between two readings of that history (300)
  --fault-rate <n>            faults per device per simulated day (0.05)
  --outage-rate <n>           grid outages per C&I station per simulated day (0): the EMS
                              islands the site, its generator starts when the battery runs low
  --outage-minutes <m>        their mean length, minutes (90)
  --offline-rate <n>          uplink drops per station per simulated day (the fault rate)
  --upgrade-failure-rate <p>  share of upgrades of a good image that fail on purpose, 0–1 (0.1)
  --upgrade-failures <list>   their kinds, comma-separated (all): fetch (9, the download breaks
                              off), crc (4), flash (6), name (7), undefined (3)
  --firmware-keys <list>      the maker's Ed25519 public keys (base64 of the raw 32 bytes, as the
                              portal's FIRMWARE_KEYS, or set FIRMWARE_KEYS); a device downloads
                              and flashes only images signed with one; none: every upgrade fails 5
  --seed <n>                  same seed, same stations → same readings (1)
  --summary <s>               seconds between two printed summaries (10)
  --verbose                   print device connection errors
  -h, --help                  this text

Examples:
  npm run simulate -- --api http://127.0.0.1:8080/ --user installer1 --password secret \\
      --stations 50 --devices-per-station 4 --station-types 1,4,6,9 --locations europe --backfill-days 7
  npm run simulate -- --devices simulator-fleet-k3x9q2.json --interval 10 --fault-rate 2
`;

const flags = {
  api: { type: 'string' },
  broker: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  devices: { type: 'string' },
  save: { type: 'string' },
  stations: { type: 'string' },
  'devices-per-station': { type: 'string' },
  'station-types': { type: 'string' },
  locations: { type: 'string' },
  interval: { type: 'string' },
  'speed-up': { type: 'string' },
  'catch-up-hours': { type: 'string' },
  'backfill-days': { type: 'string' },
  'backfill-interval': { type: 'string' },
  'fault-rate': { type: 'string' },
  'outage-rate': { type: 'string' },
  'outage-minutes': { type: 'string' },
  'offline-rate': { type: 'string' },
  'upgrade-failure-rate': { type: 'string' },
  'upgrade-failures': { type: 'string' },
  'firmware-keys': { type: 'string' },
  seed: { type: 'string' },
  'connect-rate': { type: 'string' },
  summary: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type CommandLine =
  | { help: true }
  | { help: false; options: SimulatorOptions; verbose: boolean }
  | { help: false; error: string };

const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');

/** Keys as FIRMWARE_KEYS lists them: separated by commas or white space. */
const keyList = (value: string | undefined) => value?.split(/[\s,]+/).filter((key) => key !== '');

/** Reads the command line into the run options, or says what is wrong with it. */
export function parseCommandLine(argv: readonly string[], environment: NodeJS.ProcessEnv = {}): CommandLine {
  let values: ReturnType<typeof parseArgs<{ options: typeof flags }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: flags, allowPositionals: false, strict: true }));
  } catch (error) {
    return { help: false, error: (error as Error).message };
  }
  if (values.help) return { help: true };
  const parsed = simulatorOptions.safeParse({
    api_url: values.api,
    broker_url: values.broker,
    user: values.user,
    password: values.password ?? environment.SIMULATOR_PASSWORD,
    devices_file: values.devices,
    save_file: values.save,
    stations: values.stations,
    devices_per_station: values['devices-per-station'],
    station_types: list(values['station-types']),
    locations: list(values.locations),
    interval_s: values.interval,
    speed_up: values['speed-up'],
    catch_up_hours: values['catch-up-hours'],
    backfill_days: values['backfill-days'],
    backfill_interval_s: values['backfill-interval'],
    fault_rate: values['fault-rate'],
    outage_rate: values['outage-rate'],
    outage_minutes: values['outage-minutes'],
    offline_rate: values['offline-rate'],
    upgrade_failure_rate: values['upgrade-failure-rate'],
    upgrade_failures: list(values['upgrade-failures']),
    firmware_keys: keyList(values['firmware-keys'] ?? environment.FIRMWARE_KEYS),
    seed: values.seed,
    connect_rate: values['connect-rate'],
    summary_s: values.summary,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { help: false, error: `--${String(issue.path[0] ?? '').replaceAll('_', '-')}: ${issue.message}` };
  }
  const options = parsed.data;
  if (!options.devices_file && !(options.api_url && options.user && options.password)) {
    return { help: false, error: 'give --devices <file>, or --api with --user and --password' };
  }
  try {
    placesNamed(options.locations);
  } catch (error) {
    return { help: false, error: (error as Error).message };
  }
  return { help: false, options, verbose: values.verbose === true };
}

const number = new Intl.NumberFormat('en-US');
const HOUR_MS = 3_600_000;

function summary(stats: FleetStats): string {
  const simulated = new Date(stats.simulatedMs).toISOString().slice(0, 19).replace('T', ' ');
  const { totals, eventLoopLagMs: lag } = stats;
  return [
    `${simulated} UTC${stats.caughtUp ? '' : ' (catching up)'}`,
    `${number.format(stats.connected)}/${number.format(stats.devices)} connected`,
    `${number.format(stats.messagesPerSecond)} msg/s`,
    `${number.format(totals.readings)} readings`,
    `${number.format(stats.buffered)} buffered`,
    `${number.format(totals.alarms)} alarm events`,
    `${number.format(totals.commands)} commands`,
    `${number.format(totals.drops)} drops`,
    `lag p99 ${lag.p99} ms`,
  ].join(' · ');
}

/** Runs the CLI; resolves with the process's exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const commandLine = parseCommandLine(argv, process.env);
  if (commandLine.help) {
    process.stdout.write(usage);
    return 0;
  }
  if ('error' in commandLine) {
    process.stderr.write(`simulate: ${commandLine.error}\nsimulate --help shows the options\n`);
    return 2;
  }
  const { options, verbose } = commandLine;
  const say = (line: string) => process.stdout.write(`${line}\n`);

  let interrupted = false;
  let stopping: (() => Promise<void>) | undefined;
  const onSignal = () => {
    if (interrupted) {
      say('second interrupt: exiting now');
      process.exit(130);
    }
    interrupted = true;
    say('stopping: disconnecting every device (Ctrl-C again to exit at once)');
    void stopping?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let file: FleetFile;
  if (options.devices_file) {
    const text = await readFile(options.devices_file, 'utf8');
    const parsed = fleetFile.safeParse(JSON.parse(text));
    if (!parsed.success) {
      process.stderr.write(
        `simulate: ${options.devices_file} is not a fleet file: ${z.prettifyError(parsed.error)}\n`,
      );
      return 2;
    }
    file = parsed.data;
    say(`fleet from ${options.devices_file}: ${file.stations.length} stations`);
  } else {
    const runTag = randomBytes(6)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, 'X')
      .slice(0, 6)
      .toUpperCase();
    say(`provisioning ${options.stations} stations through ${options.api_url} (run ${runTag})`);
    file = await provisionFleet({
      apiUrl: options.api_url!,
      user: options.user!,
      password: options.password!,
      stations: options.stations,
      devicesPerStation: options.devices_per_station,
      stationTypes: options.station_types,
      places: placesNamed(options.locations),
      seed: options.seed,
      runTag,
      // the portal takes a plant's history from its commissioning day (device-protocol.md §10)
      commissionedOn: new Date(Date.now() - (options.backfill_days + 1) * 24 * HOUR_MS)
        .toISOString()
        .slice(0, 10),
      onStation: (done, total) => {
        if (done === total || done % 10 === 0) say(`  ${done}/${total} stations registered`);
      },
    });
    const saveTo = options.save_file ?? `simulator-fleet-${runTag.toLowerCase()}.json`;
    await writeFile(saveTo, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    say(`saved the fleet and its device secrets to ${saveTo} (run again with --devices ${saveTo})`);
  }
  if (interrupted) return 130;

  const brokerUrl = options.broker_url ?? file.broker_url;
  if (!brokerUrl) {
    process.stderr.write('simulate: no broker: give --broker <url>\n');
    return 2;
  }
  const seed = file.seed ?? options.seed;
  const now = Date.now();
  const catchUpMs = options.speed_up > 1 ? (options.catch_up_hours ?? 24) * HOUR_MS : 0;
  const startMs = options.backfill_days > 0 ? now - options.backfill_days * 24 * HOUR_MS : now - catchUpMs;
  const stations = stationsFromFile(file, seed, startMs, {
    gridOutagesPerDay: options.outage_rate,
    gridOutageMinutes: options.outage_minutes,
  });
  const deviceCount = stations.reduce((sum, station) => sum + station.devices.length, 0);
  const log = verbose
    ? (message: string, fields?: Record<string, unknown>) => say(`${message} ${JSON.stringify(fields ?? {})}`)
    : undefined;

  if (options.backfill_days > 0) {
    say(
      `backfill: ${options.backfill_days} days of ${deviceCount} devices every ${options.backfill_interval_s} s → ${brokerUrl}`,
    );
    const abort = new AbortController();
    stopping = async () => abort.abort();
    const result = await backfill({
      signal: abort.signal,
      brokerUrl,
      stations,
      fromMs: startMs,
      toMs: now,
      intervalS: options.backfill_interval_s,
      faultRate: options.fault_rate,
      keepConnected: true,
      connectRatePerSecond: options.connect_rate,
      log,
      onProgress: (progress) => {
        const share = progress.total > 0 ? Math.floor((progress.readings / progress.total) * 100) : 100;
        say(
          `  backfill ${share}% · ${number.format(progress.readings)}/${number.format(progress.total)} readings · ` +
            `${number.format(progress.readingsPerSecond)} readings/s · ${progress.stationsDone}/${progress.stations} stations`,
        );
      },
    });
    say(
      `backfill done: ${number.format(result.readings)} readings in ${(result.elapsedMs / 1000).toFixed(1)} s`,
    );
    if (result.aborted) {
      say('stopped during the backfill');
      return 130;
    }
  }

  const fleet = startFleet({
    brokerUrl,
    stations,
    intervalS: options.interval_s,
    speedUp: options.speed_up,
    faultRate: options.fault_rate,
    offlineRate: options.offline_rate,
    upgradeFailureRate: options.upgrade_failure_rate,
    upgradeFailures: options.upgrade_failures,
    firmwareKeys: options.firmware_keys,
    connectRatePerSecond: options.connect_rate,
    log,
  });
  say(
    `running ${stations.length} stations, ${deviceCount} devices → ${brokerUrl}, a reading every ${options.interval_s} s` +
      (options.speed_up > 1 ? `, ×${options.speed_up} until caught up` : ''),
  );
  const finished = new Promise<void>((resolve) => {
    stopping = async () => {
      clearInterval(timer);
      await fleet.stop();
      say(summary(fleet.stats()));
      resolve();
    };
  });
  const timer = setInterval(() => say(summary(fleet.stats())), options.summary_s * 1000);
  void fleet.ready.then(() => say(`all ${deviceCount} devices connected`));
  if (interrupted) void stopping?.();
  await finished;
  say('stopped');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`simulate: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
