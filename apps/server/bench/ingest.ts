/**
 * `npm run bench:ingest`: device-link ingestion figures (a report, not a test).
 *
 * Devices publish telemetry (10 values each) at QoS 1 through a real broker. Measured, in one run:
 *   a. the embedded default: PGlite + the embedded aedes broker, through `startDeviceLink`. aedes
 *      sends the PUBACK only after the reading is committed, so publish→PUBACK at the device is
 *      an upper bound of publish→commit, and a device's window is freed by its PUBACKs;
 *   b. PostgreSQL + Mosquitto (dynamic security), through `startDeviceLink` with an MQTT URL.
 *      Mosquitto acknowledges a device's publish as soon as it has it (the portal's own PUBACK to
 *      Mosquitto waits for the commit, the device's does not), so here a message is done when its
 *      commit is seen: the publishers poll `device_latest` (readings of a device commit in order)
 *      every 50 ms, and publish→seen is an upper bound of publish→commit;
 *   c. the raw COPY rate into the same `readings` table of the PostgreSQL database;
 *   d. each broker's bare pass-through rate (same publishes, a subscriber in the publisher process
 *      that acknowledges at once, no database), publish→delivery;
 * then a summary with the ratios and the targets (≥ 1,000 msg/s embedded; ≥ 3,000 msg/s with
 * p99 ≤ 2 s on PostgreSQL). Exit code 0 even when a target is missed; 1 when something is wrong
 * (stored rows that are not the acknowledged or committed messages, a part that failed).
 *
 * The publishers run in a child process (this file, started with `publisher`), so they do not take
 * the event loop of the portal side, which is this process. Each device has its own MQTT 3.1.1
 * connection and keeps at most BENCH_WINDOW messages not yet done.
 *
 * Environment: BENCH_SECONDS (measured seconds per part, 20), BENCH_WARMUP_SECONDS (3),
 * BENCH_DEVICES (300), BENCH_WINDOW (10 per device), BENCH_COPY_ROWS (200000),
 * BENCH_DATABASE_URL (postgres://root@127.0.0.1:5432/test: a database `helio_bench_<random>` is
 * created beside it and dropped at the end), BENCH_PARTS (comma list of embedded, aedes,
 * postgres; all by default), BENCH_TRACE=1 (ingestion progress every second, for profiling).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { ALL_UP_TOPICS, upTopic } from '@helio/contracts/device-link';
import { type Database, openPglite, openPostgres, queryRows } from '@helio/db';
import { Aedes } from 'aedes';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DeviceLinkHandle } from '../src/device-link/index.ts';
import { commandsRepository } from '../src/domains/commands/repository.ts';
import { deviceCommands } from '../src/domains/commands/service.ts';
import { hashSecret, issueSecret } from '../src/domains/devices/credentials.ts';
import { systemClock } from '../src/platform/clock.ts';
import { createJobRunner } from '../src/platform/jobs/runner.ts';
import { freePort } from '../test/support/portal-process.ts';
import { cleanUp, defer } from './cleanups.ts';
import { numberFromEnvironment } from './environment.ts';
import { machineCpuMs, processCpuMs } from './proc-cpu.ts';

// ---------------------------------------------------------------------------------------------
// Settings and shared shapes
// ---------------------------------------------------------------------------------------------

interface BenchDevice {
  sn: string;
  secret: string;
}

/**
 * What frees a device's slot and counts as done:
 * - `puback`: the broker's PUBACK (the embedded broker sends it only after the commit);
 * - `commit`: the reading is committed, seen by polling `device_latest` (an external broker such as
 *   Mosquitto acknowledges a device's publish on receipt, before the portal has it);
 * - `deliver`: the message reached a subscriber in this process that acknowledges at once.
 */
type Completion =
  | { mode: 'puback' }
  | { mode: 'commit'; databaseUrl: string; deviceIds: number[]; pollMs: number }
  | { mode: 'deliver'; url: string; filter: string };

interface LoadConfig {
  url: string;
  devices: BenchDevice[];
  /** Most messages per device published and not yet done. */
  window: number;
  warmupMs: number;
  measureMs: number;
  /** Reading time of seq 0; seq n is at baseTs + n s. */
  baseTs: number;
  /** Whether the devices sign in with their SN and secret (false: anonymous, bare aedes). */
  signIn: boolean;
  completion: Completion;
  /** Processes whose CPU is measured over the window (Linux /proc), by label. */
  watch: { label: string; pid: number }[];
}

interface Latencies {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

interface LoadResult extends Latencies {
  connectMs: number;
  /** The measured window as it really ran, ms. */
  windowMs: number;
  /** Messages done inside the window. */
  doneInWindow: number;
  /** Done per whole second of the window. */
  perSecond: number[];
  published: number;
  /** Done in all (warm-up, window and drain). */
  done: number;
  /** PUBACKs from the broker in all, and their latency inside the window. */
  brokerAcked: number;
  brokerLatency: Latencies;
  failed: number;
  /** Not done when the drain gave up. */
  notDone: number;
  disconnects: number;
  drainMs: number;
  /** CPU over the window, % of one core: the publishers and each watched process. */
  cpu: { label: string; pct: number }[];
  machineBusyPct: number | undefined;
}

type FromPublisher =
  | { type: 'connected'; ms: number }
  | { type: 'result'; result: LoadResult }
  | { type: 'failed'; message: string };

/** The 10 inverter values of one reading; pv_kwh is a counter and only rises. */
function inverterValues(seq: number): Record<string, number> {
  const wobble = seq % 97;
  return {
    pv_power_w: 4200 + wobble,
    ac_power_w: 4050 + wobble,
    pv1_voltage_v: 381.4,
    pv1_current_a: 5.61,
    pv2_voltage_v: 377.9,
    pv2_current_a: 5.48,
    grid_voltage_v: 230.6,
    grid_frequency_hz: 50.01,
    temperature_c: 41.5,
    pv_kwh: Math.round((12_345 + seq * 0.0012) * 10_000) / 10_000,
  };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

function summarise(latencies: number[]): Latencies {
  const sorted = Float64Array.from(latencies).sort();
  return {
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

// ---------------------------------------------------------------------------------------------
// Publisher process
// ---------------------------------------------------------------------------------------------

interface DeviceState {
  client: MqttClient;
  topic: string;
  /** Next seq to publish. */
  next: number;
  /** Published and not done yet. */
  pending: number;
  /** Seqs below this are done (commit mode: committed, in order). */
  doneBelow: number;
  /** performance.now() of each publish, by seq. */
  sentAt: number[];
}

async function runPublishers(config: LoadConfig, send: (message: FromPublisher) => void): Promise<void> {
  const { completion } = config;
  const connectStarted = performance.now();
  let disconnects = 0;
  let running = false;
  const clients: MqttClient[] = new Array(config.devices.length);
  const connectOne = async (index: number) => {
    const device = config.devices[index]!;
    const client = await mqtt.connectAsync(config.url, {
      protocolVersion: 4,
      clientId: device.sn,
      ...(config.signIn ? { username: device.sn, password: device.secret } : {}),
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      keepalive: 60,
    });
    client.on('close', () => {
      if (running) disconnects += 1;
    });
    client.on('error', () => {});
    clients[index] = client;
  };
  // a few sign-ins at a time: a broker that checks a password hash per connection is not flooded
  let nextToConnect = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (nextToConnect < config.devices.length) await connectOne(nextToConnect++);
    }),
  );
  const connectMs = performance.now() - connectStarted;
  send({ type: 'connected', ms: connectMs });

  const states: DeviceState[] = config.devices.map((device, index) => ({
    client: clients[index]!,
    topic: upTopic(device.sn, 'telemetry'),
    next: 0,
    pending: 0,
    doneBelow: 0,
    sentAt: [],
  }));
  const latencies: number[] = [];
  const brokerLatencies: number[] = [];
  const perSecond: number[] = [];
  const counts = { published: 0, done: 0, brokerAcked: 0, failed: 0, pending: 0, doneInWindow: 0 };
  const windowStart = performance.now() + config.warmupMs;
  const windowEnd = windowStart + config.measureMs;
  const inWindow = (now: number) => now >= windowStart && now < windowEnd;
  let allDone: () => void = () => {};

  const finish = (state: DeviceState, seq: number, now: number) => {
    state.pending -= 1;
    counts.pending -= 1;
    counts.done += 1;
    if (inWindow(now)) {
      counts.doneInWindow += 1;
      latencies.push(now - state.sentAt[seq]!);
      const second = Math.floor((now - windowStart) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    }
  };
  const settled = (state: DeviceState) => {
    if (running) pump(state);
    else if (counts.pending === 0) allDone();
  };

  const pump = (state: DeviceState): void => {
    while (running && state.pending < config.window && state.client.connected) {
      const seq = state.next++;
      const payload = JSON.stringify({
        v: 1,
        ts: config.baseTs + seq * 1000,
        seq,
        interval_s: 1,
        values: inverterValues(seq),
      });
      const sentAt = performance.now();
      state.sentAt[seq] = sentAt;
      state.pending += 1;
      counts.pending += 1;
      counts.published += 1;
      state.client.publish(state.topic, payload, { qos: 1 }, (error) => {
        const now = performance.now();
        if (error) {
          counts.failed += 1;
          if (completion.mode === 'puback') {
            state.pending -= 1;
            counts.pending -= 1;
            settled(state);
          }
          return;
        }
        counts.brokerAcked += 1;
        if (inWindow(now)) brokerLatencies.push(now - sentAt);
        if (completion.mode === 'puback') {
          finish(state, seq, now);
          settled(state);
        }
      });
    }
  };

  // deliver mode: a subscriber here, acknowledging at once (mqtt.js does by default)
  let subscriber: MqttClient | undefined;
  if (completion.mode === 'deliver') {
    const bySn = new Map(config.devices.map((device, index) => [device.sn, states[index]!]));
    subscriber = await mqtt.connectAsync(completion.url, {
      protocolVersion: 4,
      clientId: `bench-subscriber-${process.pid}`,
      clean: true,
      reconnectPeriod: 0,
    });
    subscriber.on('message', (topic, payload) => {
      const now = performance.now();
      const state = bySn.get(topic.split('/')[1] ?? '');
      const seq = Number(/"seq":(\d+)/.exec(payload.toString('latin1'))?.[1]);
      if (!state || !Number.isInteger(seq) || state.sentAt[seq] === undefined) return;
      finish(state, seq, now);
      state.sentAt[seq] = Number.NaN;
      settled(state);
    });
    const granted = await subscriber.subscribeAsync(completion.filter, { qos: 1 });
    if (granted.some((grant) => grant.qos !== 1))
      throw new Error(`subscription ${completion.filter} refused`);
  }

  // commit mode: poll each device's newest committed seq (readings of a device commit in order)
  let stopPolling = false;
  let polling: Promise<void> = Promise.resolve();
  let database: pg.Client | undefined;
  if (completion.mode === 'commit') {
    const byId = new Map(completion.deviceIds.map((id, index) => [id, states[index]!]));
    database = new pg.Client({ connectionString: completion.databaseUrl });
    await database.connect();
    const client = database;
    polling = (async () => {
      while (!stopPolling) {
        const { rows } = await client.query<{ device_id: number; seq: string }>(
          'select device_id, seq from device_latest',
        );
        // the answer's arrival: the commit happened before it (an upper bound, by ≤ one poll)
        const now = performance.now();
        for (const row of rows) {
          const state = byId.get(row.device_id);
          if (!state) continue;
          const newest = Number(row.seq);
          if (newest < state.doneBelow) continue;
          for (let seq = state.doneBelow; seq <= newest && seq < state.next; seq += 1)
            finish(state, seq, now);
          state.doneBelow = Math.min(newest + 1, state.next);
          settled(state);
        }
        await new Promise((resolve) => setTimeout(resolve, completion.pollMs));
      }
    })();
  }

  // commit mode: the PostgreSQL backends of the bench database are watched too
  let backends: number[] = [];
  const sampleCpu = () => ({
    self: process.cpuUsage(),
    watched: config.watch.map((entry) => processCpuMs(entry.pid)),
    backends: new Map(backends.map((pid) => [pid, processCpuMs(pid)])),
    machine: machineCpuMs(),
  });

  running = true;
  for (const state of states) pump(state);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowStart - performance.now())));
  if (database) {
    const { rows } = await database.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    backends = rows.map((row) => row.pid);
  }
  const before = sampleCpu();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowEnd - performance.now())));
  const after = sampleCpu();
  const windowMs = Math.min(performance.now(), windowEnd) - windowStart;
  running = false;

  // nothing new; wait for every message still pending so the stored rows can be compared
  const drainStarted = performance.now();
  if (counts.pending > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      allDone = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  const drainMs = performance.now() - drainStarted;
  stopPolling = true;
  await polling;
  await database?.end();
  await subscriber?.endAsync(true);
  await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));

  const selfCpu = after.self.user + after.self.system - before.self.user - before.self.system;
  const cpu = [{ label: 'publishers', pct: (selfCpu / 1000 / windowMs) * 100 }];
  config.watch.forEach((entry, index) => {
    const from = before.watched[index];
    const to = after.watched[index];
    if (from !== undefined && to !== undefined)
      cpu.push({ label: entry.label, pct: ((to - from) / windowMs) * 100 });
  });
  if (backends.length > 0) {
    let used = 0;
    for (const pid of backends) {
      const from = before.backends.get(pid);
      const to = after.backends.get(pid);
      if (from !== undefined && to !== undefined) used += to - from;
    }
    cpu.push({ label: `PostgreSQL (${backends.length} connections)`, pct: (used / windowMs) * 100 });
  }
  const machineBusyPct =
    before.machine && after.machine && after.machine.total > before.machine.total
      ? ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) * 100
      : undefined;
  if (machineBusyPct !== undefined) {
    // whatever else runs on the machine (other tests, builds) takes from the same cores
    const ours = cpu.reduce((sum, entry) => sum + entry.pct, 0);
    const others = (machineBusyPct / 100) * os.availableParallelism() * 100 - ours;
    cpu.push({ label: 'everything else on the machine', pct: Math.max(0, others) });
  }
  const wholeSeconds = Math.floor(config.measureMs / 1000);
  send({
    type: 'result',
    result: {
      connectMs,
      windowMs,
      doneInWindow: counts.doneInWindow,
      ...summarise(latencies),
      perSecond: Array.from({ length: wholeSeconds }, (_, second) => perSecond[second] ?? 0),
      published: counts.published,
      done: counts.done,
      brokerAcked: counts.brokerAcked,
      brokerLatency: summarise(brokerLatencies),
      failed: counts.failed,
      notDone: counts.pending,
      disconnects,
      drainMs,
      cpu,
      machineBusyPct,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Portal side: helpers
// ---------------------------------------------------------------------------------------------

interface Measured extends LoadResult {
  /** Done messages per second of the window. */
  rate: number;
  completion: Completion['mode'];
}

/** Runs one load in a publisher process; this process (the portal side) is watched too. */
async function runLoad(
  config: Omit<LoadConfig, 'watch'>,
  watch: { label: string; pid: number }[] = [],
): Promise<Measured> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['publisher'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stopChild = defer(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const limitMs = config.warmupMs + config.measureMs + 180_000;
  const trace = startTrace();
  try {
    return await new Promise<Measured>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the publishers did not finish in ${limitMs} ms`)),
        limitMs,
      );
      child.on('message', (message: FromPublisher) => {
        switch (message.type) {
          case 'connected':
            print(`  ${config.devices.length} devices connected in ${(message.ms / 1000).toFixed(1)} s`);
            break;
          case 'result':
            clearTimeout(timer);
            resolve({
              ...message.result,
              rate: message.result.doneInWindow / (message.result.windowMs / 1000),
              completion: config.completion.mode,
            });
            break;
          case 'failed':
            clearTimeout(timer);
            reject(new Error(`publishers failed: ${message.message}`));
            break;
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the publisher process ended (${signal ?? code}) before its result`));
      });
      child.send({
        ...config,
        watch: [{ label: 'portal', pid: process.pid }, ...watch],
      } satisfies LoadConfig);
    });
  } finally {
    trace.stop();
    await stopChild();
  }
}

/** BENCH_TRACE=1: the ingestion's progress every second, for profiling. */
let traced: { totals(): { stored: number; batches: number } } | undefined;
function startTrace(): { stop(): void } {
  if (!process.env.BENCH_TRACE || !traced) return { stop() {} };
  const source = traced;
  let last = { ...source.totals(), at: performance.now() };
  const timer = setInterval(() => {
    const now = { ...source.totals(), at: performance.now() };
    const stored = now.stored - last.stored;
    const batches = now.batches - last.batches;
    if (batches > 0)
      print(
        `    trace: ${fmtInt((stored * 1000) / (now.at - last.at))} readings/s in ${batches} batches ` +
          `(${batches > 0 ? (stored / batches).toFixed(0) : '-'} per batch, ${batches > 0 ? ((now.at - last.at) / batches).toFixed(0) : '-'} ms per batch)`,
      );
    last = now;
  }, 1000);
  return { stop: () => clearInterval(timer) };
}

const completionWords: Record<Completion['mode'], { done: string; latency: string }> = {
  puback: { done: 'acknowledged (PUBACK after commit)', latency: 'publish→PUBACK' },
  commit: { done: 'committed', latency: 'publish→commit' },
  deliver: { done: 'delivered to the subscriber', latency: 'publish→delivery' },
};

function printLoad(result: Measured): void {
  const words = completionWords[result.completion];
  const seconds = result.perSecond;
  print(
    `  sustained: ${fmtInt(result.rate)} msg/s (${fmtInt(result.doneInWindow)} ${words.done} in ${(result.windowMs / 1000).toFixed(1)} s)`,
  );
  print(
    `  ${words.latency}: p50 ${fmtMs(result.p50)}, p90 ${fmtMs(result.p90)}, p99 ${fmtMs(result.p99)}, max ${fmtMs(result.max)}` +
      (result.completion === 'commit' ? ' (seen by polling device_latest: upper bound)' : ''),
  );
  if (result.completion === 'commit') {
    const broker = result.brokerLatency;
    print(
      `  Mosquitto's PUBACK to the device: p50 ${fmtMs(broker.p50)}, p99 ${fmtMs(broker.p99)} ` +
        '(sent on receipt, before the portal has the message)',
    );
  }
  if (seconds.length > 0) {
    print(
      `  per second: min ${fmtInt(Math.min(...seconds))}, max ${fmtInt(Math.max(...seconds))} msg/s; ` +
        `drain after the window ${(result.drainMs / 1000).toFixed(1)} s`,
    );
  }
  const machine = result.machineBusyPct === undefined ? 'n/a' : `${result.machineBusyPct.toFixed(0)}%`;
  print(
    `  CPU in the window (% of one core): ${result.cpu.map((entry) => `${entry.label} ${entry.pct.toFixed(0)}%`).join(', ')}; ` +
      `whole machine ${machine} busy (${os.availableParallelism()} cores)`,
  );
  if (result.failed > 0 || result.notDone > 0 || result.disconnects > 0) {
    print(
      `  WARNING: ${result.failed} publishes failed, ${result.notDone} never done, ${result.disconnects} connections dropped`,
    );
  }
}

const fmtInt = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : String(value);
const fmtMs = (value: number) =>
  !Number.isFinite(value)
    ? 'n/a'
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value.toFixed(0)} ms`;
const fmtRatio = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : `${(value * 100).toFixed(0)}%`;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A quiet logger for the portal side: warnings and errors are counted, the first few shown. */
function benchLog(): FastifyBaseLogger & { problems: () => number } {
  let problems = 0;
  const shown = 8;
  const noisy =
    (level: string) =>
    (first: unknown, second?: unknown): void => {
      problems += 1;
      if (problems > shown) return;
      const text = typeof first === 'string' ? first : String(second ?? '');
      const details = typeof first === 'object' ? JSON.stringify(first, errorReplacer).slice(0, 400) : '';
      process.stderr.write(`  [portal ${level}] ${text} ${details}\n`);
      if (problems === shown) process.stderr.write('  [portal] (further warnings not shown)\n');
    };
  const quiet = () => {};
  const log = {
    level: 'warn',
    fatal: noisy('fatal'),
    error: noisy('error'),
    warn: noisy('warn'),
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
    problems: () => problems,
  };
  return log as unknown as FastifyBaseLogger & { problems: () => number };
}

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { message: value.message } : value;
}

// ---------------------------------------------------------------------------------------------
// Portal side: fleet
// ---------------------------------------------------------------------------------------------

function makeDevices(count: number): BenchDevice[] {
  return Array.from({ length: count }, (_, index) => ({
    // INV + 11 characters: a valid inverter SN
    sn: `INVBENCH${String(index + 1).padStart(6, '0')}`,
    secret: issueSecret(),
  }));
}

/** 30 inverters per station. */
const stationsFor = (deviceCount: number) => Math.max(1, Math.ceil(deviceCount / 30));

/** One installer, a few stations in Warsaw, and the devices, inserted directly. */
async function seedFleet(db: Database, devices: BenchDevice[]): Promise<Map<string, number>> {
  const [user] = await queryRows<{ user_id: number }>(
    db,
    sql`insert into users (user_name, email, password_hash, role_id, installer_level)
        values ('bench', 'bench@helio.invalid', 'not-a-password-hash', 1, 1) returning user_id`,
  );
  const stationCount = stationsFor(devices.length);
  const stations = await queryRows<{ station_id: number }>(
    db,
    sql`insert into stations (station_name, station_type, installer_id, owner_root_id, country_code, province_code,
          city, address, latitude, longitude, capacity_kwp, unit_price, currency, timezone)
        select 'Bench ' || g, 4, ${user!.user_id}, ${user!.user_id}, 'PL', 'PL-14', 'Warszawa',
               'ul. Testowa ' || g, 52.2297, 21.0122, 150, 0.85, 'PLN', 'Europe/Warsaw'
        from generate_series(1, ${stationCount}) g
        returning station_id`,
  );
  const rows = devices.map((device, index) => ({
    station_id: stations[index % stations.length]!.station_id,
    sn: device.sn,
    secret_hash: hashSecret(device.secret),
  }));
  const inserted = await queryRows<{ device_id: number; sn: string }>(
    db,
    sql`insert into devices (station_id, sn, device_type, model, rated_power_w, secret_hash, secret_issued_at)
        select r.station_id, r.sn, 1, 'H-5000', 5000, r.secret_hash, now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(station_id int, sn text, secret_hash text)
        returning device_id, sn`,
  );
  return new Map(inserted.map((row) => [row.sn, row.device_id]));
}

async function countReadings(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(db, sql`select count(*) as count from readings`);
  return Number(row!.count);
}

/** Compares the stored rows with the messages done (acknowledged or seen committed); a mismatch is an error. */
function checkStored(label: string, stored: number, result: Measured): void {
  const same = stored === result.done && result.done === result.published;
  const what = result.completion === 'commit' ? 'committed' : 'acknowledged';
  print(
    `  stored rows in readings: ${fmtInt(stored)}; ${what} messages: ${fmtInt(result.done)}; ` +
      `published: ${fmtInt(result.published)} → ${same ? 'equal' : 'ERROR: MISMATCH'}`,
  );
  if (!same) {
    process.exitCode = 1;
    problems.push(
      `${label}: ${stored} stored rows, ${result.done} ${what} and ${result.published} published messages`,
    );
  }
}

function printIngestion(totals: { stored: number; batches: number; dropped: number }, problemCount: number) {
  print(
    `  ingestion: ${fmtInt(totals.batches)} batches, ${(totals.stored / Math.max(1, totals.batches)).toFixed(0)} readings per batch on average` +
      (totals.dropped > 0 ? `, ${totals.dropped} dropped` : '') +
      (problemCount > 0 ? `, ${problemCount} warnings logged` : ''),
  );
}

const problems: string[] = [];

// ---------------------------------------------------------------------------------------------
// Portal side: the parts
// ---------------------------------------------------------------------------------------------

interface Settings {
  seconds: number;
  warmup: number;
  devices: number;
  window: number;
  copyRows: number;
  databaseUrl: string;
  parts: Set<string>;
}

function loadConfig(
  settings: Settings,
  url: string,
  devices: BenchDevice[],
  completion: Completion,
  signIn = true,
): Omit<LoadConfig, 'watch'> {
  return {
    url,
    devices,
    window: settings.window,
    warmupMs: settings.warmup * 1000,
    measureMs: settings.seconds * 1000,
    // far enough in the past that no reading of the run is ahead of the clock
    baseTs: Math.floor((Date.now() - 12 * 3600_000) / 1000) * 1000,
    signIn,
    completion,
  };
}

/** The stored commands, as the app wires them: sent through the link once it runs (none are in the bench). */
function benchCommands(db: Database, log: FastifyBaseLogger, link: () => DeviceLinkHandle) {
  return deviceCommands({
    repo: commandsRepository(db),
    channel: () => link().link,
    log,
    clock: systemClock,
  });
}

async function embeddedPart(settings: Settings, devices: BenchDevice[]): Promise<Measured> {
  print('\n[a] Embedded default: PGlite + embedded aedes broker, through startDeviceLink');
  const { startDeviceLink } = await import('../src/device-link/index.ts');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'helio-bench-'));
  const removeDirectory = defer(() => rmSync(directory, { recursive: true, force: true }));
  const opening = performance.now();
  const handle = await openPglite(directory);
  const closeDatabase = defer(() => handle.close());
  await handle.migrate();
  await seedFleet(handle.db, devices);
  print(
    `  PGlite created, migrated and seeded (${devices.length} inverters, ${stationsFor(devices.length)} stations) in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
  );
  const log = benchLog();
  // the link's periodic jobs run beside ingestion, as in the portal
  const jobs = createJobRunner({ db: handle.db, log, clock: systemClock, singleProcess: true });
  const link = await startDeviceLink({
    db: handle.db,
    log,
    commands: benchCommands(handle.db, log, () => link),
    mqttUrl: undefined,
    mqttPort: 0,
    host: '127.0.0.1',
    publicUrl: undefined,
    // every simulated device connects from this one address
    embedded: { maxConnectionsPerAddress: 0 },
    jobs,
    clock: systemClock,
  });
  await jobs.start();
  const closeLink = defer(async () => {
    await jobs.stop();
    await link.close();
  });
  traced = link.ingestor;
  const result = await runLoad(
    loadConfig(settings, `mqtt://127.0.0.1:${link.embeddedPort}`, devices, { mode: 'puback' }),
  );
  traced = undefined;
  printLoad(result);
  await closeLink();
  printIngestion(link.ingestor.totals(), log.problems());
  checkStored('embedded', await countReadings(handle.db), result);
  await closeDatabase();
  await removeDirectory();
  return result;
}

/** The bare aedes broker: no authentication, no database, a subscriber that acknowledges at once. */
async function aedesBarePart(settings: Settings, devices: BenchDevice[]): Promise<Measured> {
  print(
    '\n[d1] Broker pass-through: bare aedes in this process (no database), subscriber acknowledges at once',
  );
  const broker = await Aedes.createBroker();
  broker.authenticate = (_client, _username, _password, callback) => callback(null, true);
  const server: Server = createServer(broker.handle as (socket: import('node:net').Socket) => void);
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const stop = defer(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  const url = `mqtt://127.0.0.1:${port}`;
  const result = await runLoad(
    loadConfig(settings, url, devices, { mode: 'deliver', url, filter: ALL_UP_TOPICS }, false),
  );
  printLoad(result);
  await stop();
  return result;
}

/** The pid of the Mosquitto started with the configuration in `directory` (Linux /proc). */
function mosquittoPid(directory: string): number | undefined {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (commandLine.includes('mosquitto') && commandLine.includes(directory)) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}

interface PostgresFigures {
  portal?: Measured;
  bare?: Measured;
  copyRate?: number;
}

async function postgresPart(settings: Settings, devices: BenchDevice[]): Promise<PostgresFigures> {
  const figures: PostgresFigures = {};
  const { startMosquitto } = await import('../test/support/mosquitto.ts');
  const { mosquittoAccess } = await import('../src/device-link/mosquitto-access.ts');
  const { startDeviceLink } = await import('../src/device-link/index.ts');

  // a database of its own beside BENCH_DATABASE_URL
  const name = `helio_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: settings.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  defer(async () => {
    const dropper = new pg.Client({ connectionString: settings.databaseUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const target = new URL(settings.databaseUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const handle = openPostgres(url, { max: 10, onIdleError: () => {} });
  const closeDatabase = defer(() => handle.close());
  await handle.migrate();
  const deviceIds = await seedFleet(handle.db, devices);
  const [version] = await queryRows<{ server_version: string }>(handle.db, sql`show server_version`);
  print(
    `\nPostgreSQL ${version?.server_version}: database ${name} created, migrated and seeded (${devices.length} inverters)`,
  );

  const broker = await startMosquitto();
  const disposeBroker = defer(() => broker.dispose());
  const brokerUrl = `mqtt://${broker.host}:${broker.port}`;
  const mosquittoVersion = /mosquitto version ([0-9.]+)/.exec(broker.log())?.[1] ?? '';
  const pid = mosquittoPid(broker.directory);
  const watchBroker = pid === undefined ? [] : [{ label: 'Mosquitto', pid }];
  const log = benchLog();
  const provisioning = performance.now();
  const access = mosquittoAccess({ url: broker.url, log });
  const closeAccess = defer(() => access.close());
  await access.ensureRoles();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < devices.length) {
        const device = devices[next++]!;
        await access.provision(device.sn, device.secret);
      }
    }),
  );
  await closeAccess();
  print(
    `Mosquitto ${mosquittoVersion} (dynamic security, the test configuration) on port ${broker.port}: ` +
      `${devices.length} devices provisioned in ${((performance.now() - provisioning) / 1000).toFixed(1)} s`,
  );

  // d2. bare Mosquitto, before the portal has a session that would queue these messages
  print(
    '\n[d2] Broker pass-through: Mosquitto alone (same configuration, no database), subscriber acknowledges at once',
  );
  figures.bare = await runLoad(
    loadConfig(settings, brokerUrl, devices, {
      mode: 'deliver',
      url: broker.url,
      filter: `$share/bench/${ALL_UP_TOPICS}`,
    }),
    watchBroker,
  );
  printLoad(figures.bare);

  // b. the portal on PostgreSQL + Mosquitto
  print('\n[b] PostgreSQL + Mosquitto, through startDeviceLink with MQTT_URL');
  const jobs = createJobRunner({ db: handle.db, log, clock: systemClock });
  const link = await startDeviceLink({
    db: handle.db,
    log,
    commands: benchCommands(handle.db, log, () => link),
    mqttUrl: broker.url,
    mqttPort: 0,
    host: '127.0.0.1',
    publicUrl: undefined,
    jobs,
    clock: systemClock,
  });
  await jobs.start();
  const closeLink = defer(async () => {
    await jobs.stop();
    await link.close();
  });
  traced = link.ingestor;
  figures.portal = await runLoad(
    loadConfig(settings, brokerUrl, devices, {
      mode: 'commit',
      databaseUrl: url,
      deviceIds: devices.map((device) => deviceIds.get(device.sn)!),
      pollMs: 50,
    }),
    watchBroker,
  );
  traced = undefined;
  printLoad(figures.portal);
  await closeLink();
  printIngestion(link.ingestor.totals(), log.problems());
  checkStored('postgres', await countReadings(handle.db), figures.portal);
  await disposeBroker();

  // c. raw COPY into the same table
  figures.copyRate = await copyPart(settings, url, [...deviceIds.values()]);

  await closeDatabase();
  return figures;
}

/** COPY of rows shaped like the portal's (device_id, ts, seq, values with 10 numbers). */
async function copyPart(settings: Settings, url: string, deviceIds: number[]): Promise<number> {
  print(`\n[c] Raw COPY into readings (same table, pg-copy-streams), ${fmtInt(settings.copyRows)} rows`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const endClient = defer(() => client.end());
  // half-second offsets: never the time of a reading the portal stored (whole seconds from its base)
  const base = Math.floor((Date.now() - 12 * 3600_000) / 1000) * 1000 + 500;
  const perDevice = Math.ceil(settings.copyRows / deviceIds.length);
  const months = new Set<string>();
  for (const ms of [base, base + perDevice * 1000])
    months.add(`${new Date(ms).toISOString().slice(0, 7)}-01`);
  for (const month of months) await client.query('select readings_partition($1::date)', [month]);
  // generated before the clock starts: the figure is the database's, not this loop's
  const chunks: string[] = [];
  let lines: string[] = [];
  for (let index = 0; index < settings.copyRows; index += 1) {
    const seq = Math.floor(index / deviceIds.length);
    const deviceId = deviceIds[index % deviceIds.length]!;
    lines.push(
      `${deviceId}\t${new Date(base + seq * 1000).toISOString()}\t${seq}\t${JSON.stringify(inverterValues(seq))}\n`,
    );
    if (lines.length === 5000) {
      chunks.push(lines.join(''));
      lines = [];
    }
  }
  if (lines.length > 0) chunks.push(lines.join(''));
  const before = Number((await client.query('select count(*) as count from readings')).rows[0].count);
  const started = performance.now();
  const stream = client.query(copyFrom('COPY readings (device_id, ts, seq, values) FROM STDIN'));
  await pipeline(Readable.from(chunks), stream);
  const seconds = (performance.now() - started) / 1000;
  const after = Number((await client.query('select count(*) as count from readings')).rows[0].count);
  const rate = (after - before) / seconds;
  print(
    `  ${fmtInt(after - before)} rows in ${seconds.toFixed(2)} s (one COPY, one transaction): ${fmtInt(rate)} rows/s`,
  );
  await endClient();
  return rate;
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const settings: Settings = {
    seconds: numberFromEnvironment('BENCH_SECONDS', 20),
    warmup: numberFromEnvironment('BENCH_WARMUP_SECONDS', 3),
    devices: Math.round(numberFromEnvironment('BENCH_DEVICES', 300)),
    window: Math.round(numberFromEnvironment('BENCH_WINDOW', 10)),
    copyRows: Math.round(numberFromEnvironment('BENCH_COPY_ROWS', 200_000)),
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test',
    parts: new Set(
      (process.env.BENCH_PARTS || 'embedded,aedes,postgres').split(',').map((part) => part.trim()),
    ),
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const startLoad = os.loadavg()[0]!;
  print('Helio device-link ingestion benchmark');
  print(
    `${settings.devices} inverters (own MQTT 3.1.1 connection each), telemetry of 10 values at QoS 1, ` +
      `≤ ${settings.window} in flight per device; ${settings.warmup} s warm-up + ${settings.seconds} s measured per part`,
  );
  print(
    `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node.js ${process.version}; ` +
      'publishers run in a child process',
  );

  const devices = makeDevices(settings.devices);
  let embedded: Measured | undefined;
  let aedes: Measured | undefined;
  let postgres: PostgresFigures = {};
  const attempt = async <T>(label: string, part: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await part();
    } catch (error) {
      process.exitCode = 1;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      problems.push(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
      print(`  ERROR: ${label} failed: ${message}`);
      await cleanUp();
      return undefined;
    }
  };
  try {
    if (settings.parts.has('embedded'))
      embedded = await attempt('embedded part', () => embeddedPart(settings, devices));
    if (settings.parts.has('aedes'))
      aedes = await attempt('bare aedes part', () => aedesBarePart(settings, devices));
    if (settings.parts.has('postgres')) {
      postgres = (await attempt('PostgreSQL part', () => postgresPart(settings, devices))) ?? {};
    }
  } finally {
    await cleanUp();
  }
  print(
    `\nload average (1 min) at the start ${startLoad.toFixed(1)}, at the end ${os.loadavg()[0]!.toFixed(1)}: ` +
      'other work on the machine takes from the same cores and lowers every figure',
  );
  summary(settings.parts, embedded, aedes, postgres);
}

function summary(
  parts: Set<string>,
  embedded: Measured | undefined,
  aedes: Measured | undefined,
  postgres: PostgresFigures,
): void {
  const rows: string[][] = [
    [
      'part',
      'msg/s',
      'p50',
      'p99',
      'broker bare msg/s',
      'portal ÷ broker',
      'raw COPY rows/s',
      'portal ÷ COPY',
      'target',
      'result',
    ],
  ];
  const verdicts: string[] = [];
  const verdict = (run: boolean, checks: [string, boolean][]) => {
    if (!run) return 'not run';
    const missed = checks.filter(([, met]) => !met).map(([name]) => name);
    return missed.length === 0 ? 'met' : `MISSED (${missed.join(', ')})`;
  };
  {
    const rate = embedded?.rate;
    const result = verdict(parts.has('embedded'), [['msg/s', rate !== undefined && rate >= 1000]]);
    rows.push([
      'embedded (PGlite + aedes)',
      rate === undefined ? 'n/a' : fmtInt(rate),
      embedded ? fmtMs(embedded.p50) : 'n/a',
      embedded ? fmtMs(embedded.p99) : 'n/a',
      aedes ? fmtInt(aedes.rate) : 'n/a',
      fmtRatio(rate !== undefined && aedes ? rate / aedes.rate : undefined),
      '–',
      '–',
      '≥ 1,000 msg/s',
      result,
    ]);
    verdicts.push(
      `embedded: ${result === 'met' ? 'target met' : result === 'not run' ? result : `TARGET ${result}`}`,
    );
  }
  {
    const portal = postgres.portal;
    const rate = portal?.rate;
    const result = verdict(parts.has('postgres'), [
      ['msg/s', rate !== undefined && rate >= 3000],
      ['p99', portal !== undefined && portal.p99 <= 2000],
    ]);
    rows.push([
      'PostgreSQL (+ Mosquitto)',
      rate === undefined ? 'n/a' : fmtInt(rate),
      portal ? fmtMs(portal.p50) : 'n/a',
      portal ? fmtMs(portal.p99) : 'n/a',
      postgres.bare ? fmtInt(postgres.bare.rate) : 'n/a',
      fmtRatio(rate !== undefined && postgres.bare ? rate / postgres.bare.rate : undefined),
      postgres.copyRate === undefined ? 'n/a' : fmtInt(postgres.copyRate),
      fmtRatio(rate !== undefined && postgres.copyRate ? rate / postgres.copyRate : undefined),
      '≥ 3,000 msg/s, p99 ≤ 2 s',
      result,
    ]);
    verdicts.push(
      `PostgreSQL: ${result === 'met' ? 'target met' : result === 'not run' ? result : `TARGET ${result}`}`,
    );
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  print(
    '\nSummary (messages of 10 values; embedded latency: publish→PUBACK, sent after the commit; ' +
      'PostgreSQL latency: publish→commit seen by polling, as Mosquitto acknowledges on receipt)',
  );
  for (const [index, row] of rows.entries()) {
    print(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
    if (index === 0) print(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
  print('');
  for (const line of verdicts) print(line);
  for (const problem of problems) print(`ERROR: ${problem}`);
}

// ---------------------------------------------------------------------------------------------
// Entry: the portal side, or (in the child process) the publishers
// ---------------------------------------------------------------------------------------------

if (process.argv[2] === 'publisher') {
  const send = (message: FromPublisher) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));
  process.once('message', (config: LoadConfig) => {
    runPublishers(config, (message) => void send(message))
      .catch((error: unknown) =>
        send({
          type: 'failed',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
      )
      .finally(() => process.disconnect());
  });
} else {
  await main();
}
