/**
 * The portal side of `npm run bench:control` (control.ts): the real app (`buildApp`) in this
 * process over PGlite in a temporary directory, or over a new PostgreSQL database beside
 * BENCH_DATABASE_URL, with its embedded broker; a small API client; and the fleet registered
 * through the API as an installer would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { auth, control, DeviceType, device, StationType, station, user } from '@helio/contracts';
import { type DatabaseHandle, openPglite, openPostgres } from '@helio/db';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { benchPlace, type PlannedStation, plantOf } from './control-fleet.ts';

export interface BenchPortal {
  url: string;
  /** The embedded broker as the devices reach it. */
  brokerUrl: string;
  database: DatabaseHandle;
  /** What the database is, for the report. */
  label: string;
  /** Warnings and errors the portal logged. */
  problems(): number;
  close(): Promise<void>;
}

const TEMP_PREFIX = 'helio-bench-control-';
const DATABASE_PREFIX = 'helio_bench_control_';

/** Whether a process `pid` runs on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what an earlier run killed before its clean-up left (tsx ends a process that does not
 * take a signal within milliseconds): temporary directories and databases named after a process
 * that no longer runs.
 */
async function sweepStale(databaseUrl: string | undefined): Promise<void> {
  const owner = (name: string, prefix: string) => Number(name.slice(prefix.length).split(/[-_]/)[0]);
  for (const entry of readdirSync(os.tmpdir())) {
    const pid = owner(entry, TEMP_PREFIX);
    if (entry.startsWith(TEMP_PREFIX) && Number.isInteger(pid) && pid > 0 && !alive(pid))
      rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  if (!databaseUrl) return;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = owner(datname, DATABASE_PREFIX);
      if (/^[a-z0-9_]+$/.test(datname) && Number.isInteger(pid) && pid > 0 && !alive(pid))
        await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Starts the portal; `databaseUrl` (PostgreSQL) or PGlite in a temporary directory. `env` adds
 * settings (e.g. FIRMWARE_KEYS); with `port`, it listens there (devices are given addresses at
 * PORTAL_URL, which must name the port), else on any free port.
 */
export async function startBenchPortal(
  databaseUrl: string | undefined,
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<BenchPortal> {
  const undo: (() => Promise<void> | void)[] = [];
  const closeAll = async () => {
    while (undo.length > 0) {
      try {
        await undo.pop()!();
      } catch (error) {
        process.stderr.write(`clean-up step failed: ${error instanceof Error ? error.message : error}\n`);
      }
    }
  };
  try {
    await sweepStale(databaseUrl);
    const directory = mkdtempSync(path.join(os.tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
    undo.push(() => rmSync(directory, { recursive: true, force: true }));
    let database: DatabaseHandle;
    let label: string;
    if (databaseUrl) {
      const name = `${DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const version = (await admin.query('show server_version')).rows[0]?.server_version as string;
      await admin.query(`create database ${name}`);
      await admin.end();
      undo.push(async () => {
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        try {
          await dropper.query(`drop database if exists ${name} with (force)`);
        } finally {
          await dropper.end();
        }
      });
      const target = new URL(databaseUrl);
      target.pathname = `/${name}`;
      database = openPostgres(target.toString(), { max: 10, onIdleError: () => {} });
      label = `PostgreSQL ${version} (database ${name}, dropped at the end)`;
    } else {
      database = await openPglite(directory);
      label = 'PGlite (embedded, in a temporary directory)';
    }
    undo.push(() => database.close());
    await database.migrate();

    let problems = 0;
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        // pino's JSON lines; at LOG_LEVEL=warn only warnings and errors come
        const line = String(chunk);
        // the bench serves no web app: that warning is expected
        if (line.includes('web app not built')) {
          done();
          return;
        }
        problems += 1;
        if (problems <= 5) process.stderr.write(`  [portal] ${line.slice(0, 400).trimEnd()}\n`);
        if (problems === 5) process.stderr.write('  [portal] (further warnings not shown)\n');
        done();
      },
    });
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: directory,
      WEB_DIST: '/nonexistent',
      MQTT_PORT: '0',
      DEMO: '0',
      // every simulated device and the bench's clients come from 127.0.0.1
      MQTT_MAX_CONNECTIONS_PER_ADDRESS: '0',
      SIGNUP_LIMIT_PER_HOUR: '100000',
      WEATHER_URL: 'off',
      ...options.env,
    });
    const { app, deviceLink } = await buildApp({ config, database, logStream });
    undo.push(async () => {
      // a connection whose request never came (a client cut off mid-call) would hold the close
      // until the server's header timeout: cut what is left after a moment
      const force = setTimeout(() => app.server.closeAllConnections(), 2000);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
    });
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      brokerUrl: `mqtt://127.0.0.1:${deviceLink.embeddedPort}`,
      database,
      label,
      problems: () => problems,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** A call's answer envelope. */
interface Answer {
  code: number;
  msg: string;
  data?: unknown;
}

/** POSTs a call; answers the envelope (any code). */
export async function post(
  baseUrl: string,
  callPath: string,
  body: unknown,
  token?: string,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}

/** POSTs a call that must succeed; answers its data. */
export async function must<T>(baseUrl: string, callPath: string, body: unknown, token?: string): Promise<T> {
  const answer = await post(baseUrl, callPath, body, token);
  if (answer.code !== 1) throw new Error(`${callPath} refused: ${answer.code} ${answer.msg}`);
  return answer.data as T;
}

/** Runs `work` for each item, `concurrency` at a time. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export interface RegisteredFleet {
  token: string;
  /** Each device's secret, by SN. */
  passwords: Record<string, string>;
  deviceIds: Map<string, number>;
  ms: { register: number; unlock: number };
}

/**
 * Signs an installer up and in, sets the tree's settings password, registers the stations and
 * their inverters (with the plant's rating) and unlocks every device for this sign-in.
 */
export async function registerFleet(
  baseUrl: string,
  stations: readonly PlannedStation[],
  runTag: string,
): Promise<RegisteredFleet> {
  const started = performance.now();
  const userName = `bench_${runTag.toLowerCase()}`;
  const password = 'bench-pass-1';
  await must(baseUrl, user.register.path, {
    user_name: userName,
    email: `${userName}@example.com`,
    pwd: password,
    pwd_again: password,
    role_id: 1,
  });
  const { token, user_id: userId } = await must<{ token: string; user_id: number }>(
    baseUrl,
    auth.login.path,
    { user_name: userName, pwd: password },
  );
  const settingsPassword = 'bench-device-1';
  await must(baseUrl, control.setTreePassword.path, { pwd: settingsPassword }, token);
  const passwords: Record<string, string> = {};
  const deviceIds = new Map<string, number>();
  await inPool(stations, 4, async (planned) => {
    const config = plantOf(planned);
    const added = await must<{ station_id: number }>(
      baseUrl,
      station.add.path,
      {
        station_name: `Bench ${runTag} ${planned.key}`,
        station_type: StationType.onGrid,
        installer_id: userId,
        country_code: benchPlace.countryCode,
        province_code: 'PL-14',
        city: 'Warszawa',
        address: `ul. Testowa ${planned.seed}`,
        latitude: benchPlace.latitude,
        longitude: benchPlace.longitude,
        timezone: benchPlace.timeZone,
        capacity_kwp: config.pv?.capacityKwp ?? 1,
        unit_price: 0.85,
        currency: 'PLN',
      },
      token,
    );
    for (const entry of planned.devices) {
      const registered = await must<{ device_id: number; credentials: { password: string } }>(
        baseUrl,
        device.add.path,
        {
          station_id: added.station_id,
          sn: entry.sn,
          device_type: DeviceType.inverter,
          model: 'Helio PV-Inverter',
          rated_power_w: entry.ratedPowerW,
        },
        token,
      );
      passwords[entry.sn] = registered.credentials.password;
      deviceIds.set(entry.sn, registered.device_id);
    }
  });
  const registeredAt = performance.now();
  // argon2 per check: a few at a time, as the thread pool takes them
  const sns = stations.flatMap((planned) => planned.devices.map((entry) => entry.sn));
  await inPool(sns, 4, async (sn) => {
    await must(baseUrl, control.unlock.path, { equ_sn: sn, pwd: settingsPassword }, token);
  });
  return {
    token,
    passwords,
    deviceIds,
    ms: { register: registeredAt - started, unlock: performance.now() - registeredAt },
  };
}
