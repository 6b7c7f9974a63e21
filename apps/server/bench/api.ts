/**
 * `npm run bench:api [-- --fresh] [-- --rebuild]`: API latency at fleet scale on real PostgreSQL
 * (a report, not a test).
 *
 * 1. The data set, in the database `helio_bench_api` beside BENCH_DATABASE_URL (default
 *    postgres://root@127.0.0.1:5432/test), built with set-based SQL (api-data.ts) and kept for
 *    the next run (`--fresh` builds it again): one level-1 installer owning 10,000 stations, a few
 *    end users with some of them, 100,000 devices of the types each station type takes, the newest
 *    reading of every device, open and past alarms, and the 365 days before the build of
 *    five-minute readings for the 1,000 devices of 250 stations (inverter, battery, meter, and a
 *    wallbox or a data logger), shaped as the device protocol's values of each type. The energy
 *    rows are then counted from those readings by the energy rebuild (`npm run energy:rebuild`,
 *    domains/energy/rebuild.ts), as after an import of history; its time is reported
 *    (`--rebuild` runs it again on a kept data set).
 * 2. The portal as a process on that database (DEMO=0, MQTT_PORT=0, LOG_LEVEL=warn), signed in as
 *    the installer; BENCH_CONCURRENCY (20) clients for BENCH_SECONDS (20) after BENCH_WARMUP_SECONDS
 *    (3) on each of: the station list's first page (default sort), the list sorted by capacity and
 *    filtered by type and status, and the station chart of a random history station for a day, a
 *    month and a year.
 * 3. Accuracy: every history station's month and year totals in station_energy against sums
 *    computed independently from the raw readings (api-accuracy.ts).
 * Then a summary with the targets: list p95 ≤ 100 ms; each chart p95 ≤ 100 ms; totals within 0.1 %.
 * Exit code 0 even when a target is missed; 1 when something failed.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_API_DATABASE (helio_bench_api), BENCH_JOBS (2: parallel
 * statements while building), and for a smaller trial data set BENCH_API_STATIONS (10000),
 * BENCH_API_DEVICES (100000), BENCH_API_HISTORY_STATIONS (250), BENCH_API_HISTORY_DAYS (365).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { localDate } from '@helio/contracts';
import { openPostgres } from '@helio/db';
import pg from 'pg';
import { hashPassword } from '../src/domains/auth/passwords.ts';
import { rebuildEnergy } from '../src/domains/energy/rebuild.ts';
import { freePort, startPortal, waitForHealth } from '../test/support/portal-process.ts';
import { type AccuracyResult, checkTotals } from './api-accuracy.ts';
import {
  BENCH_INSTALLER,
  createModel,
  deviceStatusSql,
  type FleetSize,
  inParallel,
  insertAccounts,
  insertAlarms,
  insertChunk,
  insertDevices,
  insertLatest,
  insertStations,
  latestFromHistory,
  planFleet,
  settleCycles,
  updateHeadlines,
} from './api-data.ts';
import { call, type LoadResult, runLoad } from './api-load.ts';
import { numberFromEnvironment } from './environment.ts';

const fmtInt = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
const fmtMs = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const fmtS = (value: number) =>
  value >= 120 ? `${(value / 60).toFixed(1)} min` : `${value.toFixed(value >= 10 ? 0 : 1)} s`;
const fmtBytes = (value: number) =>
  value >= 1024 ** 3 ? `${(value / 1024 ** 3).toFixed(2)} GB` : `${(value / 1024 ** 2).toFixed(1)} MB`;

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

interface Settings {
  adminUrl: string;
  database: string;
  size: FleetSize;
  jobs: number;
  concurrency: number;
  seconds: number;
  warmup: number;
  fresh: boolean;
  rebuild: boolean;
}

/** What bench_meta keeps about the data set. */
interface Meta {
  size: FleetSize;
  fromMs: number;
  toMs: number;
  builtAt: string;
  stages: Record<string, { seconds: number; at: string; note?: string }>;
  complete: boolean;
}

const problems: string[] = [];

// ---------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------

function databaseUrl(settings: Settings): string {
  const url = new URL(settings.adminUrl);
  url.pathname = `/${settings.database}`;
  return url.toString();
}

async function admin<T>(settings: Settings, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: settings.adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function readMeta(pool: pg.Pool): Promise<Meta | undefined> {
  const { rows } = await pool.query<{ value: Meta }>(`select value from bench_meta where key = 'dataset'`);
  return rows[0]?.value;
}

async function writeMeta(pool: pg.Pool, meta: Meta): Promise<void> {
  await pool.query(
    `insert into bench_meta (key, value) values ('dataset', $1::jsonb)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(meta)],
  );
}

const sameSize = (a: FleetSize, b: FleetSize) =>
  (Object.keys(a) as (keyof FleetSize)[]).every((key) => a[key] === b[key]);

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  process.stdout.write(`  ${label} … `);
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  print(fmtS(seconds));
  return { value, seconds };
}

/** Makes sure the data set is there, building what is missing; answers its description. */
async function ensureDataset(settings: Settings): Promise<{ pool: pg.Pool; meta: Meta; built: boolean }> {
  const url = databaseUrl(settings);
  const name = settings.database;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_API_DATABASE must be a plain name: ${name}`);
  let exists = await admin(settings, async (client) => {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length > 0;
  });
  const drop = async () => {
    await admin(settings, (client) => client.query(`drop database if exists ${name} with (force)`));
    exists = false;
  };
  if (exists && settings.fresh) {
    print(`--fresh: dropping ${name}`);
    await drop();
  }
  if (exists) {
    // kept from an earlier run: complete, or resumable, or another size (then built again)
    const pool = new pg.Pool({ connectionString: url, max: settings.jobs + 2 });
    const meta = await readMeta(pool).catch(() => undefined);
    if (meta && sameSize(meta.size, settings.size) && meta.stages.fleet) {
      if (meta.complete && !settings.rebuild) {
        print(`Data set: kept in ${name} (built ${meta.builtAt}); --fresh builds it again`);
        return { pool, meta, built: false };
      }
      print(`Data set: ${meta.complete ? 'kept' : 'incomplete'} in ${name}, continuing`);
      return { pool, meta: await build(settings, pool, meta), built: true };
    }
    await pool.end();
    print(`Data set: ${name} holds ${meta ? 'another size' : 'no complete fleet'}; building it again`);
    await drop();
  }
  await admin(settings, (client) => client.query(`create database ${name}`));
  const handle = openPostgres(url, { max: 2, onIdleError: () => {} });
  await handle.migrate();
  await handle.close();
  const pool = new pg.Pool({ connectionString: url, max: settings.jobs + 2 });
  await pool.query(`create table bench_meta (key text primary key, value jsonb not null)`);
  const toMs = Math.floor(Date.now() / 300_000) * 300_000;
  const meta: Meta = {
    size: settings.size,
    fromMs: toMs - settings.size.historyDays * 86_400_000,
    toMs,
    builtAt: new Date().toISOString(),
    stages: {},
    complete: false,
  };
  return { pool, meta: await build(settings, pool, meta), built: true };
}

async function build(settings: Settings, pool: pg.Pool, meta: Meta): Promise<Meta> {
  const { size } = settings;
  const plan = planFleet(size);
  const historyIds = plan.history.map((station) => station.stationId);
  const stage = async (key: string, label: string, work: () => Promise<string | undefined>) => {
    if (meta.stages[key]) return;
    print(`\n${label}`);
    const started = performance.now();
    const note = await work();
    meta.stages[key] = {
      seconds: (performance.now() - started) / 1000,
      at: new Date().toISOString(),
      ...(note ? { note } : {}),
    };
    await writeMeta(pool, meta);
    print(`  done in ${fmtS(meta.stages[key].seconds)}${note ? `: ${note}` : ''}`);
  };

  await stage(
    'fleet',
    'Fleet: accounts, stations, devices, newest readings, alarms (one transaction)',
    async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const passwordHash = await hashPassword(BENCH_INSTALLER.password);
        await timed(`${size.endUsers + 1} accounts (argon2id password of the installer)`, () =>
          insertAccounts(client, plan, passwordHash),
        );
        await timed(`${fmtInt(plan.stations.length)} stations`, () => insertStations(client, plan));
        await timed(`${fmtInt(plan.deviceCount)} devices`, () => insertDevices(client, plan));
        await timed('newest readings of the devices without history', () => insertLatest(client, historyIds));
        await timed('headline columns', () => updateHeadlines(client));
        await timed('alarms', () => insertAlarms(client));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
      return `${fmtInt(plan.stations.length)} stations, ${fmtInt(plan.deviceCount)} devices`;
    },
  );

  const groups: number[][] = [];
  const groupCount = Math.max(1, settings.jobs);
  for (let index = 0; index < groupCount; index += 1)
    groups.push(historyIds.filter((_, position) => position % groupCount === index));

  await stage(
    'model',
    'History model: stations, solar cycles, battery shares, counters at each cycle',
    async () => {
      await pool.query('drop table if exists bench_cycle, bench_station cascade');
      await pool.query('drop function if exists bench_steps(timestamptz, timestamptz, int[])');
      const client = await pool.connect();
      try {
        await timed('cycles and the step function', () => createModel(client, plan, meta.fromMs, meta.toMs));
      } finally {
        client.release();
      }
      await timed('two passes over every five-minute step', () => settleCycles(pool, groups, settings.jobs));
      const { rows } = await pool.query<{ n: string }>('select count(*) as n from bench_cycle');
      return `${fmtInt(Number(rows[0]!.n))} station cycles`;
    },
  );

  await stage(
    'history',
    'History: five-minute readings, a month of one station group per statement',
    async () => {
      await pool.query(
        'create table if not exists bench_progress (chunk text primary key, rows bigint not null, done_at timestamptz not null default now())',
      );
      const chunks: { key: string; stations: number[]; from: number; to: number }[] = [];
      const months: string[] = [];
      for (let month = new Date(meta.fromMs); month.getTime() < meta.toMs; ) {
        const start = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
        const end = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1);
        const label = new Date(start).toISOString().slice(0, 7);
        months.push(`${label}-01`);
        for (const [index, group] of groups.entries()) {
          chunks.push({
            key: `${label}/${index + 1}`,
            stations: group,
            from: Math.max(start, meta.fromMs),
            to: Math.min(end, meta.toMs),
          });
        }
        month = new Date(end);
      }
      for (const month of months) await pool.query('select readings_partition($1::date)', [month]);
      const { rows: done } = await pool.query<{ chunk: string; rows: string }>(
        'select chunk, rows from bench_progress',
      );
      const finished = new Set(done.map((row) => row.chunk));
      let rows = done.reduce((sum, row) => sum + Number(row.rows), 0);
      const expected = size.historyStations * 4 * Math.round((meta.toMs - meta.fromMs) / 300_000);
      const todo = chunks.filter((chunk) => !finished.has(chunk.key));
      print(
        `  ${chunks.length} chunks (${months.length} months × ${groups.length} station groups), ${todo.length} to do, ` +
          `${settings.jobs} at a time; about ${fmtInt(expected)} readings in all`,
      );
      const started = performance.now();
      const before = rows;
      await inParallel(
        todo.map((chunk) => async () => {
          const chunkStarted = performance.now();
          const inserted = await insertChunk(pool, chunk.key, chunk.stations, chunk.from, chunk.to);
          rows += inserted;
          const elapsed = (performance.now() - started) / 1000;
          print(
            `  ${chunk.key}: ${fmtInt(inserted)} readings in ${fmtS((performance.now() - chunkStarted) / 1000)}; ` +
              `${fmtInt(rows)} of ${fmtInt(expected)} (${((rows / expected) * 100).toFixed(0)} %), ` +
              `${fmtInt((rows - before) / elapsed)} rows/s overall`,
          );
        }),
        settings.jobs,
      );
      return `${fmtInt(rows)} readings`;
    },
  );

  await stage('latest', 'Newest readings of the history devices, statistics', async () => {
    const client = await pool.connect();
    try {
      await timed('device_latest from the last readings', () => latestFromHistory(client, historyIds));
    } finally {
      client.release();
    }
    await timed('analyze', () => pool.query('analyze'));
    return undefined;
  });

  if (settings.rebuild) delete meta.stages.rebuild;
  await stage(
    'rebuild',
    'Energy: rebuilt from the readings of every device (npm run energy:rebuild)',
    async () => {
      const handle = openPostgres(databaseUrl(settings), { max: 2, onIdleError: () => {} });
      try {
        let lastPrint = performance.now();
        const started = performance.now();
        const outcome = await rebuildEnergy(
          handle.db,
          {},
          {
            onBatch: (progress) => {
              const now = performance.now();
              if (now - lastPrint < 15_000) return;
              lastPrint = now;
              print(
                `  ${fmtInt(progress.devices)} of ${fmtInt(progress.total)} devices, ${fmtInt(progress.steps)} readings counted, ` +
                  `${fmtS((now - started) / 1000)}`,
              );
            },
          },
        );
        await pool.query('analyze device_energy, station_energy');
        return (
          `${fmtInt(outcome.devices)} devices on ${fmtInt(outcome.stations)} stations, ${fmtInt(outcome.steps)} readings counted, ` +
          `${fmtInt(outcome.deviceRows)} device rows, ${fmtInt(outcome.stationRows)} station rows`
        );
      } finally {
        await handle.close();
      }
    },
  );
  meta.complete = true;
  await writeMeta(pool, meta);
  return meta;
}

interface Sizes {
  rows: { table: string; rows: number; bytes: number }[];
}

async function sizes(pool: pg.Pool): Promise<Sizes> {
  const tables = [
    'stations',
    'devices',
    'device_latest',
    'device_alarms',
    'device_energy',
    'station_energy',
    'users',
  ];
  const rows: Sizes['rows'] = [];
  const readings = await pool.query<{ bytes: string; partitions: string }>(
    `select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) as bytes, count(*) as partitions
     from pg_inherits i where i.inhparent = 'readings'::regclass`,
  );
  const counted = await pool.query<{ n: string }>(`select coalesce(sum(rows), 0) as n from bench_progress`);
  rows.push({
    table: `readings (${readings.rows[0]!.partitions} monthly partitions)`,
    rows: Number(counted.rows[0]!.n),
    bytes: Number(readings.rows[0]!.bytes),
  });
  for (const table of tables) {
    const { rows: found } = await pool.query<{ n: string; bytes: string }>(
      `select (select count(*) from ${table}) as n, pg_total_relation_size('${table}') as bytes`,
    );
    rows.push({ table, rows: Number(found[0]!.n), bytes: Number(found[0]!.bytes) });
  }
  return { rows };
}

// ---------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------

interface Measured {
  label: string;
  body: string;
  result: LoadResult;
}

async function measure(
  settings: Settings,
  pool: pg.Pool,
  meta: Meta,
): Promise<{ list: Measured[]; charts: Measured[] | string; listTotal: number | undefined }> {
  // a live fleet: the devices that report do so now (the portal's job turns silent ones offline)
  await pool.query(
    `update devices d set status = x.status,
       last_seen_at = case when x.status = 'offline' then d.last_seen_at else now() - make_interval(secs => d.device_id % 240) end
     from (select device_id, ${deviceStatusSql('d0', 'd0.station_id in (select station_id from bench_station)')} as status
           from devices d0) x
     where x.device_id = d.device_id`,
  );
  // the table as autovacuum leaves it soon after, not in the middle of the measurements
  await pool.query('vacuum analyze devices');
  const port = await freePort();
  const portal = startPortal({
    PORT: String(port),
    DATABASE_URL: databaseUrl(settings),
    DEMO: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'warn',
    WEATHER_URL: 'off',
    ALARM_SILENT_MINUTES: '10080',
    DATA_DIR: os.tmpdir(),
  });
  const stopPortal = async () => {
    if (portal.child.exitCode === null && portal.child.signalCode === null) {
      portal.child.kill('SIGTERM');
      await portal.exited;
    }
  };
  try {
    await waitForHealth(port, portal);
    const base = `http://127.0.0.1:${port}`;
    const login = await call<{ token: string }>(base, 'api/user/login', {
      user_name: BENCH_INSTALLER.userName,
      pwd: BENCH_INSTALLER.password,
    });
    print(
      `\nPortal on port ${port} (PostgreSQL ${settings.database}), signed in as ${BENCH_INSTALLER.userName}`,
    );
    const load = async (
      label: string,
      path: string,
      body: () => unknown,
      shown: string,
    ): Promise<Measured> => {
      const result = await runLoad({
        baseUrl: base,
        path,
        token: login.token,
        body,
        concurrency: settings.concurrency,
        warmupMs: settings.warmup * 1000,
        measureMs: settings.seconds * 1000,
        watch: async () => {
          const { rows } = await pool.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          );
          return [
            { label: 'portal', pids: portal.child.pid === undefined ? [] : [portal.child.pid] },
            { label: 'PostgreSQL', pids: rows.map((row) => row.pid) },
          ];
        },
      });
      print(
        `  ${label}: ${fmtInt(result.requests)} answers, ${result.perSecond.toFixed(1)} req/s, p50 ${fmtMs(result.p50)}, ` +
          `p95 ${fmtMs(result.p95)}, p99 ${fmtMs(result.p99)}, max ${fmtMs(result.max)}` +
          (result.errors > 0 ? `, ${result.errors} FAILED (${result.firstError})` : ''),
      );
      print(
        `    CPU (% of one core, ${result.capacity} in all): ` +
          result.cpu.map((entry) => `${entry.label} ${entry.pct.toFixed(0)}`).join(', '),
      );
      if (result.errors > 0) problems.push(`${label}: ${result.errors} calls failed: ${result.firstError}`);
      return { label, body: shown, result };
    };

    // 1. the station list
    const firstPage = { page: 1, page_size: 20 };
    const byName = { page: 3, page_size: 20, sort_by: 'name', sort_order: 'asc', station_type: 4 };
    const byStatus = {
      page: 2,
      page_size: 20,
      sort_by: 'capacity',
      sort_order: 'desc',
      station_type: 4,
      status: 'online',
    };
    const total = async (body: object) =>
      (await call<{ total: number }>(base, 'api/station/list', body, login.token)).total;
    const totals = [await total(firstPage), await total(byName), await total(byStatus)];
    print(
      `\n[1] Station list, ${settings.concurrency} clients, ${settings.warmup} s warm-up + ${settings.seconds} s each ` +
        `(stations matching: ${totals.map(fmtInt).join(', ')})`,
    );
    const list = [
      await load(
        'list, first page (default sort)',
        'api/station/list',
        () => firstPage,
        JSON.stringify(firstPage),
      ),
      await load('list, by name, one type', 'api/station/list', () => byName, JSON.stringify(byName)),
      await load(
        'list, by capacity, one type, online',
        'api/station/list',
        () => byStatus,
        JSON.stringify(byStatus),
      ),
    ];

    // 2. the station charts, when this version has them
    const openapi = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    if (!openapi.paths['/api/station/chart'])
      return { list, charts: 'api/station/chart does not exist in this version', listTotal: totals[0] };
    const { rows: history } = await pool.query<{ station_id: number; timezone: string }>(
      `select b.station_id, s.timezone from bench_station b join stations s using (station_id) order by 1`,
    );
    const pick = () => history[Math.floor(Math.random() * history.length)]!;
    // a random instant of the history (not its first or last day)
    const someMs = () =>
      meta.fromMs + 86_400_000 + Math.random() * (meta.toMs - meta.fromMs - 2 * 86_400_000);
    const dayBody = () => {
      const station = pick();
      return { station_id: station.station_id, type: 1, date: localDate(someMs(), station.timezone) };
    };
    const monthBody = () => {
      const station = pick();
      return {
        station_id: station.station_id,
        type: 3,
        date: localDate(someMs(), station.timezone).slice(0, 7),
      };
    };
    const yearBody = () => {
      const station = pick();
      return {
        station_id: station.station_id,
        type: 4,
        date: localDate(someMs(), station.timezone).slice(0, 4),
      };
    };
    // one of each, looked at: curves with data, bars that are the energy rows
    const sample = await call<{ series: { key: string }[]; rows: { values: (number | null)[] }[] }>(
      base,
      'api/station/chart',
      dayBody(),
      login.token,
    );
    const pv = sample.series.findIndex((series) => series.key === 'pv_w');
    const withData = sample.rows.filter((row) => row.values.some((value) => value !== null)).length;
    const peak = Math.max(...sample.rows.map((row) => (pv >= 0 ? (row.values[pv] ?? 0) : 0)));
    print(
      `\n[2] Station charts of random history stations, ${settings.concurrency} clients, ${settings.warmup} s warm-up + ` +
        `${settings.seconds} s each (a sample day: ${sample.rows.length} five-minute rows, ${withData} with data, ` +
        `series ${sample.series.map((series) => series.key).join(', ')}, PV peak ${fmtInt(peak)} W)`,
    );
    const charts = [
      await load(
        'chart, day (type 1)',
        'api/station/chart',
        dayBody,
        '{station_id, type: 1, date: YYYY-MM-DD}',
      ),
      await load(
        'chart, month (type 3)',
        'api/station/chart',
        monthBody,
        '{station_id, type: 3, date: YYYY-MM}',
      ),
      await load('chart, year (type 4)', 'api/station/chart', yearBody, '{station_id, type: 4, date: YYYY}'),
    ];
    return { list, charts, listTotal: totals[0] };
  } finally {
    await stopPortal();
  }
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { fresh: { type: 'boolean' }, rebuild: { type: 'boolean' } },
    strict: true,
  });
  const settings: Settings = {
    adminUrl: process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test',
    database: process.env.BENCH_API_DATABASE || 'helio_bench_api',
    size: {
      stations: Math.round(numberFromEnvironment('BENCH_API_STATIONS', 10_000)),
      devices: Math.round(numberFromEnvironment('BENCH_API_DEVICES', 100_000)),
      historyStations: Math.round(numberFromEnvironment('BENCH_API_HISTORY_STATIONS', 250)),
      historyDays: Math.round(numberFromEnvironment('BENCH_API_HISTORY_DAYS', 365)),
      endUsers: 20,
    },
    jobs: Math.round(numberFromEnvironment('BENCH_JOBS', 2)),
    concurrency: Math.round(numberFromEnvironment('BENCH_CONCURRENCY', 20)),
    seconds: numberFromEnvironment('BENCH_SECONDS', 20),
    warmup: numberFromEnvironment('BENCH_WARMUP_SECONDS', 3),
    fresh: values.fresh === true,
    rebuild: values.rebuild === true,
  };
  print('Helio API benchmark at fleet scale (PostgreSQL)');
  print(
    `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node.js ${process.version}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const { pool, meta, built } = await ensureDataset(settings);
  try {
    const { rows: version } = await pool.query<{ server_version: string }>('show server_version');
    const found = await sizes(pool);
    print(
      `\nData set in ${settings.database} (PostgreSQL ${version[0]!.server_version}), history ${new Date(meta.fromMs).toISOString()} → ${new Date(meta.toMs).toISOString()}`,
    );
    const widths = [Math.max(...found.rows.map((row) => row.table.length)), 14, 10];
    for (const row of found.rows)
      print(
        `  ${row.table.padEnd(widths[0]!)}  ${fmtInt(row.rows).padStart(widths[1]!)} rows  ${fmtBytes(row.bytes).padStart(widths[2]!)}`,
      );
    print(`  build stages${built ? '' : ` (from the build of ${meta.builtAt})`}:`);
    for (const key of ['fleet', 'model', 'history', 'latest', 'rebuild']) {
      const stage = meta.stages[key];
      if (!stage) continue;
      print(`    ${key.padEnd(8)} ${fmtS(stage.seconds).padStart(9)}${stage.note ? `  ${stage.note}` : ''}`);
    }

    const measured = await measure(settings, pool, meta);

    print(
      '\n[3] Accuracy: station month and year totals against sums of counter rises from the raw readings',
    );
    const { rows: history } = await pool.query<{ station_id: number }>(
      'select station_id from bench_station order by 1',
    );
    const accuracy = await checkTotals(
      pool,
      history.map((row) => row.station_id),
      settings.jobs,
    );
    print(
      `  ${accuracy.stations} stations, ${fmtInt(accuracy.rows)} month and year rows × 6 counters ` +
        `(${fmtInt(accuracy.rawTotalKwh)} kWh counted), ${accuracy.unmatched} rows on one side only, in ${fmtS(accuracy.seconds)}`,
    );
    print(
      `  worst relative difference ${(accuracy.worstRelative * 100).toExponential(2)} % (${accuracy.worst})`,
    );
    print(`  worst absolute difference ${accuracy.worstAbsolute.toExponential(2)} kWh`);
    summary(meta, found, measured, accuracy);
  } finally {
    await pool.end();
  }
}

function summary(
  meta: Meta,
  found: Sizes,
  measured: Awaited<ReturnType<typeof measure>>,
  accuracy: AccuracyResult,
): void {
  const rows: string[][] = [['figure', 'value', 'target', 'result']];
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const readings = found.rows[0]!;
  rows.push([
    'stations / devices / history devices',
    `${fmtInt(meta.size.stations)} / ${fmtInt(meta.size.devices)} / ${fmtInt(meta.size.historyStations * 4)}`,
    '',
    '',
  ]);
  rows.push(['readings', `${fmtInt(readings.rows)} rows, ${fmtBytes(readings.bytes)}`, '', '']);
  const energy = found.rows.filter((row) => row.table.endsWith('_energy'));
  for (const row of energy)
    rows.push([row.table, `${fmtInt(row.rows)} rows, ${fmtBytes(row.bytes)}`, '', '']);
  const stage = (key: string) => meta.stages[key];
  if (stage('history')) rows.push(['history build (readings)', fmtS(stage('history')!.seconds), '', '']);
  if (stage('rebuild')) rows.push(['energy rebuild (all devices)', fmtS(stage('rebuild')!.seconds), '', '']);
  const load = (entry: Measured) => {
    const { result } = entry;
    const met = result.errors === 0 && result.p95 <= 100;
    rows.push([
      entry.label,
      `p50 ${fmtMs(result.p50)}, p95 ${fmtMs(result.p95)}, p99 ${fmtMs(result.p99)}, ${result.perSecond.toFixed(1)} req/s` +
        (result.errors > 0 ? `, ${result.errors} errors` : '') +
        `; other work ${(result.cpu.find((entry) => entry.label === 'everything else')?.pct ?? 0).toFixed(0)} % CPU`,
      'p95 ≤ 100 ms at 20 clients',
      verdict(met),
    ]);
  };
  for (const entry of measured.list) load(entry);
  if (typeof measured.charts === 'string')
    rows.push(['station charts', measured.charts, 'p95 ≤ 100 ms each', 'not run']);
  else for (const entry of measured.charts) load(entry);
  rows.push([
    'month/year totals vs raw readings',
    `worst ${(accuracy.worstRelative * 100).toFixed(6)} % over ${fmtInt(accuracy.rows)} rows` +
      (accuracy.unmatched > 0 ? `, ${accuracy.unmatched} unmatched` : ''),
    '≤ 0.1 %',
    verdict(accuracy.worstRelative <= 0.001 && accuracy.unmatched === 0),
  ]);
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  print(
    '\nSummary (latency: request sent → answer read, closed loop; "other work": CPU taken by processes other than ' +
      'the portal, its PostgreSQL connections and the clients, in % of one core)',
  );
  for (const [index, row] of rows.entries()) {
    print(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
    if (index === 0) print(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
  for (const problem of problems) print(`ERROR: ${problem}`);
  print(`\nload average (1 min) at the end ${os.loadavg()[0]!.toFixed(1)}`);
}

main().catch((error: unknown) => {
  process.exitCode = 1;
  print(`ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
