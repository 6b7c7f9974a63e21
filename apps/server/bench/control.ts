/**
 * `npm run bench:control`: remote control at fleet scale, save → applied (a report, not a test).
 *
 * BENCH_DEVICES simulated inverters (on-grid stations of BENCH_PER_STATION each, Warsaw) run in a
 * child process (this file, started with `devices`), so they do not take the event loop of the
 * portal side, which is this process: the simulator's stations on one timer wheel (`startFleet`),
 * the real clock, telemetry once every BENCH_INTERVAL_S, and commands answered as an inverter
 * does: `acknowledged` at once, the outcome BENCH_WORK_MS later (applying a setting takes time).
 * Each device gets one settings change (export_limit_enabled true, export_limit_w a random value
 * within its rating), at BENCH_RATE per second from a pool of BENCH_CLIENTS clients, or all at
 * once with BENCH_BURST=1. Two parts, the same fleet, plan, schedule and device process:
 *   1. baseline, the bare broker round trip: a plain aedes broker in this process (no sign-in
 *      check, no database, no portal) and a plain MQTT client here that publishes each settings
 *      command (QoS 1) on the device's command topic and subscribes to the devices' replies;
 *      latency = publish → the device's `succeeded` reply received (event-driven, to the ms);
 *   2. the portal: the real app (`buildApp`: API, embedded aedes broker with its sign-in check,
 *      ingestion, stored commands) in this process over PGlite in a temporary directory (or a new
 *      PostgreSQL database beside BENCH_DATABASE_URL, dropped at the end). An installer, the
 *      stations and devices are registered through the API, the tree's settings password is set
 *      once and every device is unlocked for the bench's sign-in (api/setting/ispwd); each change
 *      is an api/setting/save call over HTTP. "Applied" is the command's state `succeeded`, seen
 *      by one SQL poll of `device_commands` for all pending ids every BENCH_POLL_MS (through the
 *      portal's own database handle, so the poll's cost is in the portal's figures);
 *      latency = save call start → the poll's answer that shows it (an upper bound, late by at
 *      most one poll interval and the query). The lower bound beside it: the command's
 *      `updated_at` (the ingestion batch's clock, taken before its commit) − save call start.
 * Checked: every command succeeded, and every device's `device_settings` (its values as last
 * answered) holds the new export_limit_w. Printed for each part: p50/p95/p99/max, the call
 * latency (save over HTTP; publish → PUBACK for the baseline), CPU of this process (% of one
 * core over the run, process.cpuUsage) and of the device process, peak RSS and heap used
 * (sampled every 250 ms), readings stored meanwhile; then the ratios and the target (p95 ≤ 2 s
 * with the devices online). Exit code 0 even when the target is missed; 1 when something is
 * wrong (a save refused, a command not succeeded, a stored value that is not the one saved, a
 * part that failed or ran out of time).
 *
 * Environment: BENCH_DEVICES (1000), BENCH_PER_STATION (4), BENCH_RATE (saves per second, 200),
 * BENCH_BURST (1: all saves at once), BENCH_CLIENTS (32 concurrent API clients), BENCH_WORK_MS
 * (200), BENCH_INTERVAL_S (60), BENCH_POLL_MS (50), BENCH_SECONDS (120: limit of each part's
 * connecting and of its run), BENCH_SETUP_SECONDS (300: limit of registering and unlocking),
 * BENCH_CONNECT_RATE (devices connecting per second, 200), BENCH_DATABASE_URL (PostgreSQL instead
 * of PGlite, e.g. postgres://root@127.0.0.1:5432/test).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { control } from '@helio/contracts';
import { commandMessage, commandTopic, PROTOCOL_VERSION, upTopic } from '@helio/contracts/device-link';
import { queryRows } from '@helio/db';
import { Aedes } from 'aedes';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { cleanUp, defer } from './cleanups.ts';
import {
  type DeviceTotals,
  type FromDevices,
  type PlannedStation,
  planFleet,
  runDeviceProcess,
  type ToDevices,
} from './control-fleet.ts';
import { type BenchPortal, post, registerFleet, startBenchPortal } from './control-portal.ts';
import { forkDeviceProcess, runBench } from './device-process.ts';
import { numberFromEnvironment } from './environment.ts';
import { machineCpuMs, processCpuMs } from './proc-cpu.ts';

// ---------------------------------------------------------------------------------------------
// Settings, figures, printing
// ---------------------------------------------------------------------------------------------

interface Settings {
  devices: number;
  perStation: number;
  rate: number;
  burst: boolean;
  clients: number;
  workMs: number;
  intervalS: number;
  pollMs: number;
  seconds: number;
  setupSeconds: number;
  connectRate: number;
  databaseUrl: string | undefined;
}

/** What one part measured. */
interface PartResult {
  /** Save (or publish) → applied, ms. */
  latencies: number[];
  /** Portal only: save → the command's updated_at, ms (a lower bound). */
  lowerBounds: number[];
  /** The change's due time on the schedule → applied, ms (the client pool's wait included). */
  fromDue: number[];
  /** The API call (or publish → PUBACK), ms. */
  callLatencies: number[];
  sent: number;
  succeeded: number;
  /** What went wrong, one line each (the first few are printed). */
  errors: string[];
  /** From the first save to the last applied, ms. */
  windowMs: number;
  /** How late the latest call started against its schedule (client pool full), ms. */
  behindMs: number;
  /** From the first call to the last call's answer, ms. */
  callsMs: number;
  cpuPct: number;
  devicesCpuPct: number | undefined;
  machineBusyPct: number | undefined;
  peakRss: number;
  peakHeap: number;
  readingsStored: number | undefined;
  /** Devices whose stored value is the one saved (portal only). */
  matching?: number;
  totals?: DeviceTotals;
}

function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

const fmtInt = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : String(value);
const fmtMs = (value: number) =>
  !Number.isFinite(value)
    ? 'n/a'
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const fmtMb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const fmtRatio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}×` : 'n/a');

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function spread(values: readonly number[], withMax = true): string {
  return (
    `p50 ${fmtMs(percentile(values, 0.5))}, p95 ${fmtMs(percentile(values, 0.95))}, ` +
    `p99 ${fmtMs(percentile(values, 0.99))}` +
    (withMax ? `, max ${fmtMs(percentile(values, 1))}` : '')
  );
}

/** This process's CPU, the device process's and the machine's, and peak memory, from now until `stop()`. */
function watchResources(childPid: number | undefined) {
  const cpu = process.cpuUsage();
  const childCpu = processCpuMs(childPid);
  const machine = machineCpuMs();
  const started = performance.now();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const childNow = processCpuMs(childPid);
    const machineNow = machineCpuMs();
    return {
      cpuPct: ((used.user + used.system) / 1000 / ms) * 100,
      devicesCpuPct:
        childCpu !== undefined && childNow !== undefined ? ((childNow - childCpu) / ms) * 100 : undefined,
      machineBusyPct:
        machine && machineNow && machineNow.total > machine.total
          ? ((machineNow.busy - machine.busy) / (machineNow.total - machine.total)) * 100
          : undefined,
      peakRss,
      peakHeap,
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Clean-up, time limits
// ---------------------------------------------------------------------------------------------

/** `work`, or a rejection naming `what` after `seconds`. */
async function within<T>(seconds: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: not done within ${seconds} s`)), seconds * 1000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The device process
// ---------------------------------------------------------------------------------------------

interface RunningDevices {
  pid: number | undefined;
  connected: number;
  connectMs: number;
  /** Disconnects every device, ends the process and answers its totals. */
  stop(): Promise<DeviceTotals | undefined>;
}

/** Starts the device process against `brokerUrl` and waits until every device has connected. */
async function startDevices(
  settings: Settings,
  brokerUrl: string,
  stations: PlannedStation[],
  passwords: Record<string, string>,
): Promise<RunningDevices> {
  const child = forkDeviceProcess<ToDevices, FromDevices>(fileURLToPath(import.meta.url));
  child.send({
    type: 'start',
    brokerUrl,
    stations,
    passwords,
    workMs: settings.workMs,
    intervalS: settings.intervalS,
    connectRate: settings.connectRate,
  } satisfies ToDevices);
  const ready = await within(settings.seconds, 'connecting the devices', child.next('ready'));
  return {
    pid: child.pid,
    connected: ready.connected,
    connectMs: ready.ms,
    async stop() {
      if (child.exited()) return undefined;
      child.send({ type: 'stop' });
      try {
        return (await within(30, 'stopping the devices', child.next('stopped'))).totals;
      } catch {
        return undefined;
      } finally {
        await child.kill();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The schedule: one change per device, at the rate or all at once
// ---------------------------------------------------------------------------------------------

interface Change {
  sn: string;
  exportLimitW: number;
}

function plannedChanges(stations: readonly PlannedStation[]): Change[] {
  const changes = stations.flatMap((station) =>
    station.devices.map((device) => ({
      sn: device.sn,
      // 10–90 % of its rating: never its default (the rating itself)
      exportLimitW: Math.round(device.ratedPowerW * (0.1 + 0.8 * Math.random())),
    })),
  );
  // devices of a station are not changed one after another
  for (let index = changes.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [changes[index], changes[other]] = [changes[other]!, changes[index]!];
  }
  return changes;
}

/**
 * Calls `send` for each change: change i is due at i / rate s (all at once in burst mode), taken
 * by the first free client of the pool. Answers how late the latest call started against its due
 * time (the pool was full).
 */
async function fire(
  settings: Settings,
  changes: readonly Change[],
  send: (change: Change, due: number) => Promise<void>,
): Promise<number> {
  const start = performance.now();
  let next = 0;
  let behindMs = 0;
  const clients = settings.burst ? changes.length : settings.clients;
  await Promise.all(
    Array.from({ length: Math.min(clients, changes.length) }, async () => {
      while (next < changes.length) {
        const index = next++;
        const due = settings.burst ? start : start + (index * 1000) / settings.rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        behindMs = Math.max(behindMs, performance.now() - due);
        await send(changes[index]!, due);
      }
    }),
  );
  return behindMs;
}

/** Waits until `done()` or `seconds` have passed since `since`; answers whether it was done. */
async function until(done: () => boolean, since: number, seconds: number): Promise<boolean> {
  while (!done()) {
    if (performance.now() - since > seconds * 1000) return false;
    await sleep(20);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Part 1: the bare broker round trip
// ---------------------------------------------------------------------------------------------

async function baselinePart(settings: Settings, stations: PlannedStation[]): Promise<PartResult> {
  print('\n[1] Baseline: bare aedes in this process (no sign-in check, no database, no portal), a plain');
  print('    MQTT client here publishes each settings command; latency = publish → `succeeded` reply');
  const broker = await Aedes.createBroker({ queueLimit: 100 });
  broker.authenticate = (_client, _username, _password, callback) => callback(null, true);
  const server: Server = createServer(broker.handle as (socket: Socket) => void);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const stopBroker = defer(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  const address = server.address();
  const url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const passwords = Object.fromEntries(
    stations.flatMap((station) => station.devices.map((device) => [device.sn, 'bare'])),
  );
  const devices = await startDevices(settings, url, stations, passwords);
  const stopDevices = defer(async () => {
    await devices.stop();
  });
  print(
    `    ${fmtInt(devices.connected)} devices connected in ${(devices.connectMs / 1000).toFixed(1)} s (device process)`,
  );
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 4,
    clientId: `bench-control-${process.pid}`,
    clean: true,
    reconnectPeriod: 0,
  });
  const stopClient = defer(async () => {
    await client.endAsync(true);
  });
  // the devices subscribe right after their CONNACK: give the last ones a moment
  await sleep(1000);

  const pending = new Map<string, { at: number; due: number; change: Change }>();
  const result = emptyResult();
  result.matching = 0;
  client.on('message', (_topic, payload) => {
    const now = performance.now();
    let reply: { id?: string; state?: string; values?: Record<string, unknown> };
    try {
      reply = JSON.parse(payload.toString()) as typeof reply;
    } catch {
      return;
    }
    const entry = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!entry || (reply.state !== 'succeeded' && reply.state !== 'failed')) return;
    pending.delete(reply.id!);
    if (reply.state !== 'succeeded') {
      result.errors.push(`${entry.change.sn}: command ${reply.state}`);
      return;
    }
    result.succeeded += 1;
    result.latencies.push(now - entry.at);
    result.fromDue.push(now - entry.due);
    if (reply.values?.export_limit_w !== entry.change.exportLimitW)
      result.errors.push(
        `${entry.change.sn}: answered export_limit_w ${String(reply.values?.export_limit_w)}`,
      );
    else result.matching = (result.matching ?? 0) + 1;
  });
  await client.subscribeAsync(upTopic('+', 'reply'), { qos: 1 });

  const changes = plannedChanges(stations);
  const stopWatching = watchResources(devices.pid);
  const started = performance.now();
  result.behindMs = await fire(settings, changes, async (change, due) => {
    const id = randomUUID();
    const now = Date.now();
    const message = commandMessage.parse({
      v: PROTOCOL_VERSION,
      id,
      ts: now,
      expires_at: now + 3_600_000,
      name: 'settings',
      params: { export_limit_enabled: true, export_limit_w: change.exportLimitW },
    });
    const at = performance.now();
    pending.set(id, { at, due, change });
    result.sent += 1;
    try {
      await client.publishAsync(commandTopic(change.sn), JSON.stringify(message), { qos: 1 });
      result.callLatencies.push(performance.now() - at);
    } catch (error) {
      pending.delete(id);
      result.errors.push(`${change.sn}: publish failed: ${error instanceof Error ? error.message : error}`);
    }
  });
  result.callsMs = performance.now() - started;
  const complete = await until(() => pending.size === 0, started, settings.seconds);
  result.windowMs = performance.now() - started;
  Object.assign(result, stopWatching());
  if (!complete)
    result.errors.push(`${pending.size} commands without an outcome after ${settings.seconds} s`);
  await stopClient();
  result.totals = await devices.stop();
  await stopDevices();
  await stopBroker();
  printPart(result, settings, false);
  return result;
}

function emptyResult(): PartResult {
  return {
    latencies: [],
    lowerBounds: [],
    fromDue: [],
    callLatencies: [],
    sent: 0,
    succeeded: 0,
    errors: [],
    windowMs: 0,
    behindMs: 0,
    callsMs: 0,
    cpuPct: Number.NaN,
    devicesCpuPct: undefined,
    machineBusyPct: undefined,
    peakRss: 0,
    peakHeap: 0,
    readingsStored: undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Part 2: the portal
// ---------------------------------------------------------------------------------------------

async function countOf(portal: BenchPortal, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(portal.database.db, query);
  return Number(row?.count ?? 0);
}

async function portalPart(
  settings: Settings,
  stations: PlannedStation[],
  runTag: string,
): Promise<PartResult> {
  print('\n[2] Portal: buildApp in this process (API, embedded aedes broker, ingestion, stored commands);');
  print('    api/setting/save over HTTP; applied = state `succeeded` seen by polling device_commands');
  const opening = performance.now();
  const portal = await startBenchPortal(settings.databaseUrl);
  const closePortal = defer(() => portal.close());
  print(
    `    ${portal.label}: migrated and listening in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
  );

  const fleet = await within(
    settings.setupSeconds,
    'registering and unlocking the fleet',
    registerFleet(portal.url, stations, runTag),
  );
  const deviceCount = fleet.deviceIds.size;
  print(
    `    registered through the API: 1 installer, ${fmtInt(stations.length)} stations, ${fmtInt(deviceCount)} inverters ` +
      `in ${(fleet.ms.register / 1000).toFixed(1)} s; tree settings password set once, ` +
      `${fmtInt(deviceCount)} devices unlocked (api/setting/ispwd, argon2) in ${(fleet.ms.unlock / 1000).toFixed(1)} s`,
  );

  const devices = await startDevices(settings, portal.brokerUrl, stations, fleet.passwords);
  const stopDevices = defer(async () => {
    await devices.stop();
  });
  const onlineQuery = sql`select count(*) as count from devices where status <> 'offline'`;
  const onlineSince = performance.now();
  let online = 0;
  while (online < deviceCount && performance.now() - onlineSince < settings.seconds * 1000) {
    online = await countOf(portal, onlineQuery);
    if (online < deviceCount) await sleep(200);
  }
  print(
    `    ${fmtInt(devices.connected)} devices connected in ${(devices.connectMs / 1000).toFixed(1)} s (device process); ` +
      `${fmtInt(online)} online in the portal`,
  );
  if (online < deviceCount) throw new Error(`only ${online} of ${deviceCount} devices online in the portal`);

  const result = emptyResult();
  const pending = new Map<string, { at: number; due: number; wall: number; change: Change }>();
  const expected = new Map<string, number>();
  let polling = true;
  const finished = new Set<string>();
  const poll = async () => {
    while (polling) {
      const ids = [...pending.keys()];
      if (ids.length > 0) {
        const rows = await queryRows<{ command_id: string; state: string; updated_at: string | Date }>(
          portal.database.db,
          sql`select command_id, state, updated_at from device_commands
              where state in ('succeeded', 'failed', 'expired')
                and command_id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
        );
        // the answer's arrival: the commit happened before it
        const now = performance.now();
        for (const row of rows) {
          const entry = pending.get(row.command_id);
          if (!entry) continue;
          pending.delete(row.command_id);
          finished.add(row.command_id);
          if (row.state !== 'succeeded') {
            result.errors.push(`${entry.change.sn}: command ${row.state}`);
            continue;
          }
          result.succeeded += 1;
          result.latencies.push(now - entry.at);
          result.fromDue.push(now - entry.due);
          result.lowerBounds.push(new Date(row.updated_at).getTime() - entry.wall);
        }
      }
      await sleep(settings.pollMs);
    }
  };

  const changes = plannedChanges(stations);
  const readingsQuery = sql`select count(*) as count from readings`;
  const readingsBefore = await countOf(portal, readingsQuery);
  const stopWatching = watchResources(devices.pid);
  const started = performance.now();
  const poller = poll();
  result.behindMs = await fire(settings, changes, async (change, due) => {
    const at = performance.now();
    const wall = Date.now();
    result.sent += 1;
    expected.set(change.sn, change.exportLimitW);
    try {
      const answer = await post(
        portal.url,
        control.save.path,
        {
          equ_sn: change.sn,
          key: randomUUID(),
          changes: { export_limit_enabled: true, export_limit_w: change.exportLimitW },
        },
        fleet.token,
      );
      result.callLatencies.push(performance.now() - at);
      const commandId = (answer.data as { command_id?: string } | undefined)?.command_id;
      if (answer.code !== 1 || !commandId) {
        result.errors.push(`${change.sn}: save answered ${answer.code} ${answer.msg}`);
        return;
      }
      if (!finished.has(commandId)) pending.set(commandId, { at, due, wall, change });
    } catch (error) {
      result.errors.push(`${change.sn}: save failed: ${error instanceof Error ? error.message : error}`);
    }
  });
  result.callsMs = performance.now() - started;
  const complete = await until(() => pending.size === 0, started, settings.seconds);
  result.windowMs = performance.now() - started;
  Object.assign(result, stopWatching());
  polling = false;
  await poller;
  result.readingsStored = (await countOf(portal, readingsQuery)) - readingsBefore;
  if (!complete) result.errors.push(`${pending.size} commands not applied after ${settings.seconds} s`);

  // every device's values as last answered hold the value saved
  const stored = await queryRows<{ sn: string; limit_w: string | number | null; enabled: unknown }>(
    portal.database.db,
    sql`select d.sn, s.values->>'export_limit_w' as limit_w, s.values->>'export_limit_enabled' as enabled
        from devices d left join device_settings s on s.device_id = d.device_id`,
  );
  result.matching = 0;
  for (const row of stored) {
    const want = expected.get(row.sn);
    if (want === undefined) continue;
    if (Number(row.limit_w) === want && String(row.enabled) === 'true') result.matching += 1;
    else
      result.errors.push(`${row.sn}: device_settings export_limit_w ${String(row.limit_w)}, saved ${want}`);
  }
  result.totals = await devices.stop();
  await stopDevices();
  const problems = portal.problems();
  if (problems > 0) print(`    the portal logged ${problems} warnings or errors (first ones above)`);
  await closePortal();
  printPart(result, settings, true);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

/** A call started later than this against its due time: the client pool could not keep the rate. */
const BEHIND_MS = 50;

function printPart(result: PartResult, settings: Settings, portal: boolean): void {
  const what = portal ? 'save → applied' : 'publish → succeeded';
  print(
    `    ${what}: ${spread(result.latencies)} (${fmtInt(result.succeeded)} of ${fmtInt(result.sent)} succeeded)`,
  );
  if (portal) {
    print(
      `    (seen by a poll every ${settings.pollMs} ms: late by at most one poll; by the command's updated_at, ` +
        `before the commit: ${spread(result.lowerBounds, false)})`,
    );
    print(`    api/setting/save call: ${spread(result.callLatencies, false)}`);
  } else {
    print(`    publish → PUBACK: ${spread(result.callLatencies, false)}`);
  }
  const schedule = settings.burst
    ? 'all at once'
    : `${fmtInt(settings.rate)}/s from ${settings.clients} clients` +
      (result.behindMs > BEHIND_MS
        ? `, the last call started ${fmtMs(result.behindMs)} behind its schedule (every client busy)`
        : ', on schedule');
  print(
    `    run: ${(result.windowMs / 1000).toFixed(1)} s from the first call to the last outcome; ${schedule}`,
  );
  if (!settings.burst && result.behindMs > BEHIND_MS)
    print(
      `    from each change's due time (the wait for a free client included): ${spread(result.fromDue, false)}`,
    );
  const machine = result.machineBusyPct === undefined ? 'n/a' : `${result.machineBusyPct.toFixed(0)}%`;
  print(
    `    CPU over the run (% of one core): this process ${result.cpuPct.toFixed(0)}%, device process ` +
      `${result.devicesCpuPct === undefined ? 'n/a' : `${result.devicesCpuPct.toFixed(0)}%`}; ` +
      `whole machine ${machine} busy (${os.availableParallelism()} cores)` +
      (portal && settings.databaseUrl ? "; PostgreSQL's own processes not counted" : ''),
  );
  print(
    `    memory of this process, peak: RSS ${fmtMb(result.peakRss)}, heap used ${fmtMb(result.peakHeap)}`,
  );
  if (result.readingsStored !== undefined)
    print(
      `    ingestion meanwhile: ${fmtInt(result.readingsStored)} readings stored ` +
        `(${(result.readingsStored / (result.windowMs / 1000)).toFixed(0)}/s; every device reports each ${settings.intervalS} s)`,
    );
  if (result.matching !== undefined)
    print(
      `    applied values match: ${fmtInt(result.matching)}/${fmtInt(result.sent)}` +
        (portal ? ' (device_settings)' : " (the devices' answers)"),
    );
  const totals = result.totals;
  if (totals && (totals.connectFailures > 0 || totals.drops > 0 || totals.publishErrors > 0))
    print(
      `    WARNING: devices had ${totals.connectFailures} failed connects, ${totals.drops} dropped connections, ` +
        `${totals.publishErrors} publish errors`,
    );
  for (const error of result.errors.slice(0, 5)) print(`    ERROR: ${error}`);
  if (result.errors.length > 5) print(`    ERROR: … ${result.errors.length - 5} more`);
}

function summary(settings: Settings, baseline: PartResult | undefined, portal: PartResult | undefined): void {
  const p95 = (part: PartResult | undefined) => (part ? percentile(part.latencies, 0.95) : Number.NaN);
  print('\nSummary');
  print(
    `  devices ${fmtInt(settings.devices)}, ${settings.burst ? 'burst (all saves at once)' : `${fmtInt(settings.rate)} saves/s`}, ` +
      `work on the device ${settings.workMs} ms`,
  );
  const rows: string[][] = [
    ['', 'p50', 'p95', 'p99', 'max', 'CPU of this process', 'peak RSS', 'peak heap'],
    ...(
      [
        ['bare broker', baseline],
        ['portal', portal],
      ] as const
    ).map(([label, part]) => [
      label,
      part ? fmtMs(percentile(part.latencies, 0.5)) : 'n/a',
      part ? fmtMs(percentile(part.latencies, 0.95)) : 'n/a',
      part ? fmtMs(percentile(part.latencies, 0.99)) : 'n/a',
      part ? fmtMs(percentile(part.latencies, 1)) : 'n/a',
      part ? `${part.cpuPct.toFixed(0)}%` : 'n/a',
      part ? fmtMb(part.peakRss) : 'n/a',
      part ? fmtMb(part.peakHeap) : 'n/a',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    print(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
    if (index === 0) print(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  }
  print(
    `  ratio portal ÷ bare broker: p95 ${fmtRatio(p95(portal) / p95(baseline))}` +
      (portal && baseline ? `, CPU ${fmtRatio(portal.cpuPct / baseline.cpuPct)}` : ''),
  );
  if (portal && !settings.burst && portal.behindMs > BEHIND_MS)
    print(
      `  the portal took the saves at ${fmtInt(portal.sent / (portal.callsMs / 1000))}/s, below the ` +
        `${fmtInt(settings.rate)}/s asked: from each change's due time p95 ${fmtMs(percentile(portal.fromDue, 0.95))}`,
    );
  const verdict = !portal
    ? 'not measured'
    : p95(portal) <= 2000 && portal.succeeded === portal.sent
      ? 'met'
      : 'MISSED';
  print(`  target p95 ≤ 2 s (devices online): ${verdict} (p95 ${fmtMs(p95(portal))})`);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const settings: Settings = {
    devices: Math.round(numberFromEnvironment('BENCH_DEVICES', 1000)),
    perStation: Math.round(numberFromEnvironment('BENCH_PER_STATION', 4)),
    rate: numberFromEnvironment('BENCH_RATE', 200),
    burst: ['1', 'true', 'yes'].includes(process.env.BENCH_BURST ?? ''),
    clients: Math.round(numberFromEnvironment('BENCH_CLIENTS', 32)),
    workMs: numberFromEnvironment('BENCH_WORK_MS', 200),
    intervalS: numberFromEnvironment('BENCH_INTERVAL_S', 60),
    pollMs: numberFromEnvironment('BENCH_POLL_MS', 50),
    seconds: numberFromEnvironment('BENCH_SECONDS', 120),
    setupSeconds: numberFromEnvironment('BENCH_SETUP_SECONDS', 300),
    connectRate: numberFromEnvironment('BENCH_CONNECT_RATE', 200),
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: cleaning up\n`);
    process.exitCode = 130;
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const runTag = randomBytes(3).toString('hex').toUpperCase();
  const stations = planFleet(settings.devices, settings.perStation, runTag);
  const startLoad = os.loadavg()[0]!;
  print('Helio remote-control benchmark: save → applied');
  print(
    `${fmtInt(settings.devices)} simulated inverters on ${fmtInt(stations.length)} on-grid stations ` +
      `(${settings.perStation} each) in a child process; telemetry every ${settings.intervalS} s; ` +
      `a setting takes ${settings.workMs} ms on the device`,
  );
  print(
    `one change per device: ${settings.burst ? 'all at once' : `${fmtInt(settings.rate)}/s from a pool of ${settings.clients} clients`}; ` +
      `each part limited to ${settings.seconds} s`,
  );
  print(
    `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node.js ${process.version}, load average ${startLoad.toFixed(1)}`,
  );

  const problems: string[] = [];
  const attempt = async (label: string, part: () => Promise<PartResult>): Promise<PartResult | undefined> => {
    try {
      const result = await part();
      if (result.errors.length > 0 || result.succeeded !== result.sent || result.sent !== settings.devices)
        problems.push(`${label}: ${result.succeeded} of ${settings.devices} succeeded`);
      if (result.matching !== undefined && result.matching !== settings.devices)
        problems.push(`${label}: applied values match ${result.matching}/${settings.devices}`);
      return result;
    } catch (error) {
      problems.push(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
      print(`    ERROR: ${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
      await cleanUp();
      return undefined;
    }
  };
  let baseline: PartResult | undefined;
  let portal: PartResult | undefined;
  try {
    baseline = await attempt('baseline', () => baselinePart(settings, stations));
    portal = await attempt('portal', () => portalPart(settings, stations, runTag));
  } finally {
    await cleanUp();
  }
  print(
    `\nload average (1 min) at the start ${startLoad.toFixed(1)}, at the end ${os.loadavg()[0]!.toFixed(1)}: ` +
      'other work on the machine takes from the same cores and lowers every figure',
  );
  summary(settings, baseline, portal);
  for (const problem of problems) print(`ERROR: ${problem}`);
  if (!interrupted) process.exitCode = problems.length > 0 ? 1 : 0;
}

runBench(main, runDeviceProcess);
