/**
 * `npm run bench:firmware`: a firmware rollout at fleet scale (a report, not a test).
 *
 * BENCH_DEVICES simulated inverters (on-grid stations of BENCH_PER_STATION each, Warsaw) run in a
 * child process (this file, started with `devices`): the simulator's own devices, holding the
 * maker's public key, so each upgrade really downloads its image over HTTP (streamed into its
 * SHA-256), checks length, hash and Ed25519 signature, "flashes", reboots and reports the new
 * version. The image is BENCH_IMAGE_MB of random bytes, signed here with a key made for the run.
 * Two parts, the same device process:
 *   1. baseline, bare serving: a plain node:http server in this process that streams the image
 *      file to anyone (no link, no database, no portal); the device process downloads it
 *      BENCH_DEVICES times through the simulator's download code, BENCH_BATCH at a time;
 *   2. the portal: the real app (`buildApp`) in this process over PGlite in a temporary directory
 *      (or a new PostgreSQL database beside BENCH_DATABASE_URL), with FIRMWARE_KEYS set to the
 *      run's key. The operator (INSTALLER_*) adds a series, the model and the file (streamed
 *      upload, then the signature file); an installer registers the fleet, unlocks every device
 *      and starts one task over all of them: a canary group of BENCH_CANARY, then batches of
 *      BENCH_BATCH. The rollout runs on the portal's job runner; the devices get short-lived signed
 *      links to the download route.
 * Printed for each part: the serving throughput (bytes the devices received, first byte to last,
 * counted at the devices), the peak RSS of this process (sampled every 100 ms) above its level
 * before the part, against the image size × devices it served; for the portal, the rollout's
 * duration (task added → completed) and the upload's. Exit code 1 when something is wrong (a
 * device not upgraded, a hash not the image's, a part that ran out of time).
 *
 * Environment: BENCH_DEVICES (1000), BENCH_IMAGE_MB (16), BENCH_PER_STATION (4), BENCH_CANARY
 * (10), BENCH_BATCH (250), BENCH_INTERVAL_S (60), BENCH_CONNECT_RATE (200), BENCH_SECONDS (900:
 * limit of each part), BENCH_DATABASE_URL (PostgreSQL instead of PGlite).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auth, firmware } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { firmwareSignatureOf, rawFirmwareKey } from '../src/domains/firmware/keys.ts';
import { seedAccounts } from '../src/domains/seed/seed.ts';
import { freePort } from '../test/support/portal-process.ts';
import { cleanUp, defer } from './cleanups.ts';
import { planFleet } from './control-fleet.ts';
import { must, registerFleet, startBenchPortal } from './control-portal.ts';
import { forkDeviceProcess, runBench } from './device-process.ts';
import { numberFromEnvironment } from './environment.ts';
import {
  type ByteMeter,
  type FromFirmwareDevices,
  runFirmwareDeviceProcess,
  type ToFirmwareDevices,
} from './firmware-fleet.ts';

interface Settings {
  devices: number;
  imageBytes: number;
  perStation: number;
  canary: number;
  batch: number;
  intervalS: number;
  connectRate: number;
  seconds: number;
  databaseUrl: string | undefined;
}

const print = (line: string) => process.stdout.write(`${line}\n`);
/** A logger that drops everything (the seed's one line). */
const silentLog = Fastify({ logger: false }).log;
const mb = (bytes: number) => bytes / 1_048_576;

function settingsFromEnvironment(): Settings {
  return {
    devices: numberFromEnvironment('BENCH_DEVICES', 1000),
    imageBytes: Math.round(numberFromEnvironment('BENCH_IMAGE_MB', 16) * 1_048_576),
    perStation: numberFromEnvironment('BENCH_PER_STATION', 4),
    canary: numberFromEnvironment('BENCH_CANARY', 10),
    batch: numberFromEnvironment('BENCH_BATCH', 250),
    intervalS: numberFromEnvironment('BENCH_INTERVAL_S', 60),
    connectRate: numberFromEnvironment('BENCH_CONNECT_RATE', 200),
    seconds: numberFromEnvironment('BENCH_SECONDS', 900),
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  };
}

/** Rejects when `work` takes longer than `seconds`. */
async function within<T>(seconds: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${seconds} s`)), seconds * 1000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Samples this process's RSS every 100 ms until stopped; answers the peak. */
function rssSampler(): { stop(): number; before: number } {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    before,
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/** Writes `bytes` random bytes to `file` a megabyte at a time; answers their SHA-256. */
async function writeImage(file: string, bytes: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; ) {
    const chunk = randomBytes(Math.min(1_048_576, bytes - written));
    hash.update(chunk);
    written += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

type DeviceProcess = ReturnType<typeof startDeviceProcess>;

function startDeviceProcess() {
  const child = forkDeviceProcess<ToFirmwareDevices, FromFirmwareDevices>(fileURLToPath(import.meta.url));
  return {
    send: (message: ToFirmwareDevices) => child.send(message),
    next: child.next.bind(child) as typeof child.next,
    /** Disconnects every device, ends the process and answers what its devices received. */
    async stop() {
      if (child.exited()) return undefined;
      child.send({ type: 'stop' });
      try {
        return await within(60, 'stopping the devices', child.next('stopped'));
      } catch {
        return undefined;
      } finally {
        await child.kill();
      }
    },
  };
}

interface PartResult {
  label: string;
  throughputMbS: number;
  peakSecondMbS: number;
  servedBytes: number;
  downloads: number;
  peakRssMb: number;
  rssGrowthMb: number;
  durationS: number;
}

function throughputOf(meter: ByteMeter): number {
  const seconds = Math.max(0.001, (meter.lastMs - meter.firstMs) / 1000);
  return mb(meter.bytes) / seconds;
}

/** The busiest whole second's bytes, MiB/s (the serving rate while a stage downloads). */
function peakSecondOf(meter: ByteMeter): number {
  return mb(Math.max(0, ...Object.values(meter.perSecond)));
}

async function baselinePart(
  settings: Settings,
  image: { file: string; sha256: string },
  devices: DeviceProcess,
): Promise<PartResult> {
  print('\n1. baseline: a bare node:http server streams the image file, no link, no database');
  const server = createHttpServer((request, response) => {
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(settings.imageBytes),
    });
    createReadStream(image.file).pipe(response);
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const rss = rssSampler();
  const started = performance.now();
  devices.send({
    type: 'baseline',
    url: `http://127.0.0.1:${port}/image.bin`,
    sizeBytes: settings.imageBytes,
    downloads: settings.devices,
    concurrency: settings.batch,
  });
  const done = await within(settings.seconds, 'the baseline downloads', devices.next('baseline-done'));
  const durationS = (performance.now() - started) / 1000;
  const peak = rss.stop();
  await close();
  if (done.sha256s.length !== 1 || done.sha256s[0] !== image.sha256)
    throw new Error(`baseline: downloaded hashes ${done.sha256s.join(', ')} are not the image's`);
  return {
    label: 'baseline',
    throughputMbS: throughputOf(done.meter),
    peakSecondMbS: peakSecondOf(done.meter),
    servedBytes: done.meter.bytes,
    downloads: done.meter.downloads,
    peakRssMb: mb(peak),
    rssGrowthMb: mb(peak - rss.before),
    durationS,
  };
}

async function portalPart(
  settings: Settings,
  image: { file: string; sha256: string },
  keys: { publicKey: string; signature: string },
  devices: DeviceProcess,
): Promise<PartResult & { uploadS: number; rolloutS: number; succeeded: number }> {
  print('\n2. the portal: the operator publishes the signed image, an installer rolls it out in stages');
  const port = await freePort();
  const operator = { name: 'bench_operator', email: 'operator@bench.invalid', password: 'bench-operator-1' };
  const portal = await startBenchPortal(settings.databaseUrl, {
    port,
    env: {
      PORT: String(port),
      PORTAL_URL: `http://127.0.0.1:${port}/`,
      FIRMWARE_KEYS: keys.publicKey,
      INSTALLER_NAME: operator.name,
      INSTALLER_EMAIL: operator.email,
      INSTALLER_PASSWORD: operator.password,
    },
  });
  defer(() => portal.close());
  print(`   database: ${portal.label}`);
  // the operator: the account made from INSTALLER_* at start-up (main.ts seeds it; buildApp does not)
  await seedAccounts(
    portal.database.db,
    {
      demo: false,
      demoPassword: 'unused',
      installer: { userName: operator.name, email: operator.email, password: operator.password },
    },
    silentLog,
  );
  const base = portal.url;
  const { token: operatorToken } = await must<{ token: string }>(base, auth.login.path, {
    user_name: operator.name,
    pwd: operator.password,
  });
  const { series_id } = await must<{ series_id: number }>(
    base,
    firmware.seriesAdd.path,
    { name: 'Helio PV' },
    operatorToken,
  );
  const { model_id } = await must<{ model_id: number }>(
    base,
    firmware.modelAdd.path,
    { series_id, name: 'Helio PV-Inverter', device_type: 1, parts: ['ARM', 'DSP'] },
    operatorToken,
  );
  const uploadStarted = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(image.file), 'inverter-arm-v2.15.0.bin');
  const uploaded = (await (
    await fetch(`${base}/${firmware.fileUpload.path}`, {
      method: 'POST',
      headers: { token: operatorToken },
      body: form,
    })
  ).json()) as { code: number; msg: string; data: { upload_id: string; sha256: string } };
  if (uploaded.code !== 1) throw new Error(`upload refused: ${uploaded.msg}`);
  if (uploaded.data.sha256 !== image.sha256) throw new Error('the portal hashed the upload differently');
  const { file_id } = await must<{ file_id: number }>(
    base,
    firmware.fileAdd.path,
    {
      upload_id: uploaded.data.upload_id,
      model_id,
      part: 'ARM',
      name: 'Inverter ARM V2.15.0',
      version: 'V2.15.0',
      notes: { en: 'Bench image' },
      signature: keys.signature,
    },
    operatorToken,
  );
  const uploadS = (performance.now() - uploadStarted) / 1000;
  print(`   image published in ${uploadS.toFixed(2)} s (streamed upload, hash and signature checked)`);

  const runTag = randomBytes(3).toString('hex').toUpperCase();
  const stations = planFleet(settings.devices, settings.perStation, runTag);
  const fleet = await registerFleet(base, stations, runTag);
  print(
    `   ${settings.devices} devices registered in ${(fleet.ms.register / 1000).toFixed(1)} s, unlocked in ${(fleet.ms.unlock / 1000).toFixed(1)} s`,
  );
  devices.send({
    type: 'start',
    brokerUrl: portal.brokerUrl,
    stations,
    passwords: fleet.passwords,
    firmwareKeys: [keys.publicKey],
    intervalS: settings.intervalS,
    connectRate: settings.connectRate,
  });
  const ready = await within(settings.seconds, 'connecting the devices', devices.next('ready'));
  print(`   ${ready.connected}/${ready.devices} devices connected in ${(ready.ms / 1000).toFixed(1)} s`);
  // the devices' online status has reached the portal: every device is online there
  const onlineBy = Date.now() + 60_000;
  for (;;) {
    const [row] = await queryRows<{ online: number }>(
      portal.database.db,
      sql`select count(*)::int as online from devices where status <> 'offline'`,
    );
    if ((row?.online ?? 0) >= settings.devices) break;
    if (Date.now() > onlineBy) throw new Error(`only ${row?.online} devices online at the portal`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const sns = stations.flatMap((planned) => planned.devices.map((entry) => entry.sn));
  const rss = rssSampler();
  const started = performance.now();
  const { task_id } = await must<{ task_id: number }>(
    base,
    firmware.taskAdd.path,
    {
      name: 'Bench rollout',
      sns,
      file_ids: [file_id],
      canary_size: settings.canary,
      batch_size: settings.batch,
      failure_threshold_pct: 50,
    },
    fleet.token,
  );
  let state = 'scheduled';
  const deadline = performance.now() + settings.seconds * 1000;
  while (state !== 'completed') {
    const [task] = await queryRows<{ state: string }>(
      portal.database.db,
      sql`select state from upgrade_tasks where task_id = ${task_id}`,
    );
    state = task?.state ?? 'missing';
    if (state === 'paused' || state === 'cancelled' || state === 'missing')
      throw new Error(`the task ended ${state}`);
    if (performance.now() > deadline) throw new Error(`the rollout took longer than ${settings.seconds} s`);
    if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const rolloutS = (performance.now() - started) / 1000;
  const peak = rss.stop();
  const [outcome] = await queryRows<{ succeeded: number; upgraded: number }>(
    portal.database.db,
    sql`select (select count(*)::int from upgrade_task_devices where task_id = ${task_id} and state = 'succeeded') as succeeded,
               (select count(*)::int from devices where firmware_version = 'V2.15.0') as upgraded`,
  );
  const stopped = await devices.stop();
  if (!stopped) throw new Error('the device process did not report');
  if ((outcome?.succeeded ?? 0) !== settings.devices || (outcome?.upgraded ?? 0) !== settings.devices)
    throw new Error(
      `${outcome?.succeeded} rows succeeded and ${outcome?.upgraded} devices run V2.15.0 of ${settings.devices}`,
    );
  if (portal.problems() > 0) print(`   the portal logged ${portal.problems()} warnings or errors`);
  return {
    label: 'portal',
    throughputMbS: throughputOf(stopped.meter),
    peakSecondMbS: peakSecondOf(stopped.meter),
    servedBytes: stopped.meter.bytes,
    downloads: stopped.meter.downloads,
    peakRssMb: mb(peak),
    rssGrowthMb: mb(peak - rss.before),
    durationS: rolloutS,
    uploadS,
    rolloutS,
    succeeded: outcome?.succeeded ?? 0,
  };
}

function report(settings: Settings, result: PartResult): void {
  const servedMb = mb(settings.imageBytes) * settings.devices;
  print(
    `   served ${(mb(result.servedBytes) / 1024).toFixed(2)} GiB in ${result.downloads} responses at ${result.throughputMbS.toFixed(0)} MiB/s` +
      ` (first byte to last, counted at the devices), ${result.peakSecondMbS.toFixed(0)} MiB/s in the busiest second; ${result.durationS.toFixed(1)} s in all`,
  );
  print(
    `   peak RSS ${result.peakRssMb.toFixed(0)} MiB, ${result.rssGrowthMb.toFixed(0)} MiB above the start of the part` +
      ` — against image × devices = ${(servedMb / 1024).toFixed(1)} GiB`,
  );
}

async function main(): Promise<void> {
  const settings = settingsFromEnvironment();
  print(
    `bench:firmware — ${settings.devices} devices, a ${mb(settings.imageBytes).toFixed(0)} MiB image, canary ${settings.canary}, batches of ${settings.batch}` +
      ` (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  const directory = mkdtempSync(path.join(os.tmpdir(), `helio-bench-firmware-${process.pid}-`));
  defer(() => rmSync(directory, { recursive: true, force: true }));
  const file = path.join(directory, 'image.bin');
  const sha256 = await writeImage(file, settings.imageBytes);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const keys = {
    publicKey: rawFirmwareKey(publicKey).toString('base64'),
    signature: JSON.stringify(firmwareSignatureOf({ sha256, sizeBytes: settings.imageBytes }, privateKey)),
  };
  const image = { file, sha256 };
  const problems: string[] = [];
  let baseline: PartResult | undefined;
  let portal: (PartResult & { uploadS: number; rolloutS: number }) | undefined;
  try {
    const baselineDevices = startDeviceProcess();
    try {
      baseline = await baselinePart(settings, image, baselineDevices);
      report(settings, baseline);
    } catch (error) {
      problems.push(`baseline: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await baselineDevices.stop();
    }
    const portalDevices = startDeviceProcess();
    try {
      portal = await portalPart(settings, image, keys, portalDevices);
      report(settings, portal);
      print(
        `   rollout ${portal.rolloutS.toFixed(1)} s from the task's addition to its completion (canary, then ${Math.ceil((settings.devices - settings.canary) / settings.batch)} batches)`,
      );
    } catch (error) {
      problems.push(`portal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      await portalDevices.stop();
    }
  } finally {
    await cleanUp();
  }
  if (baseline && portal) {
    print('\nsummary');
    print(
      `   serving throughput, busiest second: portal ${portal.peakSecondMbS.toFixed(0)} MiB/s, bare server ${baseline.peakSecondMbS.toFixed(0)} MiB/s` +
        ` (ratio ${(portal.peakSecondMbS / baseline.peakSecondMbS).toFixed(2)})`,
    );
    print(
      `   serving throughput, first byte to last: portal ${portal.throughputMbS.toFixed(0)} MiB/s, bare server ${baseline.throughputMbS.toFixed(0)} MiB/s` +
        ` (ratio ${(portal.throughputMbS / baseline.throughputMbS).toFixed(2)}; the portal's downloads come a stage at a time, with the pauses between stages)`,
    );
    print(
      `   peak RSS growth: portal ${portal.rssGrowthMb.toFixed(0)} MiB, bare server ${baseline.rssGrowthMb.toFixed(0)} MiB,` +
        ` image × devices ${((mb(settings.imageBytes) * settings.devices) / 1024).toFixed(1)} GiB`,
    );
    print(
      `   rollout: ${portal.rolloutS.toFixed(1)} s for ${settings.devices} devices; upload ${portal.uploadS.toFixed(2)} s`,
    );
  }
  for (const problem of problems) print(`ERROR: ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

runBench(main, runFirmwareDeviceProcess);
