import { createHash, randomBytes } from 'node:crypto';
import {
  control,
  DeviceType,
  firmware,
  RoleId,
  StationType,
  type UpgradeTaskItem,
  type UpgradeTaskRow,
} from '@helio/contracts';
import type { DatabaseHandle } from '@helio/db';
import { afterAll, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../../simulator/src/devices/virtual-device.ts';
import { makerKey } from '../../simulator/test/support/firmware.ts';
import { eventually, online, registeredStation, testLink } from '../../simulator/test/support/portal.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { freshDatabase } from './support/database.ts';
import { operatorAccount, uploadImage } from './support/firmware.ts';
import { freePort } from './support/portal-process.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Firmware from the operator's catalogue to simulated devices and back, on the real path: the
 * operator publishes an image signed with the maker's key; an installer starts a staged task;
 * the rollout job sends `upgrade` commands with short-lived links through the portal's broker;
 * each simulated inverter (which holds the maker's public key) downloads the image from the
 * portal's download route, checks length, SHA-256 and signature, flashes, reboots and reports its
 * new version; its replies move the task's rows. Devices made to fail with CRC errors pause the
 * task at its threshold; a portal restarted mid-rollout goes on; a device offline during the
 * rollout upgrades when it comes back.
 */

const PASSWORD = 'device-pass-1';
const MODEL = 'H-5000';
const key = makerKey();

interface Portal {
  server: TestServer;
  database: DatabaseHandle;
  installer: Account;
  operatorToken: string;
  brokerUrl: string;
  env: Record<string, string>;
}

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const item of opened.reverse()) await item.close().catch(() => {});
});

/** A portal trusting the maker's key, on fixed HTTP and MQTT ports (so a restart keeps both). */
async function startPortal(): Promise<Portal> {
  const database = await freshDatabase();
  opened.push(database);
  const env = {
    PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    FIRMWARE_KEYS: key.publicKey,
    INSTALLER_NAME: operatorAccount.userName,
    INSTALLER_EMAIL: operatorAccount.email,
    INSTALLER_PASSWORD: operatorAccount.password,
  };
  const server = await startTestServer({ database, env });
  opened.push(server);
  const installer = await registerAccount(server, RoleId.installer, 'fws');
  return {
    server,
    database,
    installer,
    operatorToken: await server.login(operatorAccount.userName, operatorAccount.password),
    brokerUrl: `mqtt://127.0.0.1:${env.MQTT_PORT}`,
    env,
  };
}

/** The operator publishes a signed image of `version` for the model's ARM part; answers the file id. */
async function publish(portal: Portal, modelId: number, version: string): Promise<number> {
  const image = randomBytes(256 * 1024 + 17);
  const sha256 = createHash('sha256').update(image).digest('hex');
  const uploaded = await uploadImage(portal.server, portal.operatorToken, image, `arm-${version}.bin`);
  expect(uploaded.body.code).toBe(1);
  const signature = JSON.stringify({
    format: 'helio-firmware-signature/1',
    sha256,
    size_bytes: image.length,
    key_id: createHash('sha256').update(Buffer.from(key.publicKey, 'base64')).digest('hex').slice(0, 16),
    signature: key.sign(sha256, image.length),
  });
  const added = await portal.server.call(
    firmware.fileAdd,
    {
      upload_id: (uploaded.body.data as { upload_id: string }).upload_id,
      model_id: modelId,
      part: 'ARM',
      name: `H-5000 ARM ${version}`,
      version,
      signature,
    },
    portal.operatorToken,
  );
  expect(added.body).toMatchObject({ code: 1 });
  return (added.body.data as { file_id: number }).file_id;
}

async function catalogueModel(portal: Portal): Promise<number> {
  const series = await portal.server.call(firmware.seriesAdd, { name: 'Hybrid H' }, portal.operatorToken);
  const model = await portal.server.call(
    firmware.modelAdd,
    {
      series_id: (series.body.data as { series_id: number }).series_id,
      name: MODEL,
      device_type: DeviceType.inverter,
      parts: ['ARM', 'DSP'],
    },
    portal.operatorToken,
  );
  return (model.body.data as { model_id: number }).model_id;
}

/**
 * `count` on-grid stations of one simulated inverter each, connected on a link with the maker's
 * key (failing every upgrade with a CRC error when `failing`), unlocked for the installer.
 */
async function inverters(portal: Portal, count: number, failing = false): Promise<VirtualDevice[]> {
  const run = testLink(portal.brokerUrl, {
    firmwareKeys: [key.publicKey],
    ...(failing ? { upgradeFailureRate: 1, upgradeFailures: ['crc' as const] } : {}),
  });
  const devices: VirtualDevice[] = [];
  for (let i = 0; i < count; i += 1) {
    const plant = await registeredStation(portal.server, portal.installer, StationType.onGrid, {
      types: [DeviceType.inverter],
      seed: 30 + i,
    });
    const device = plant.station.devices[0]!;
    run.attach(device);
    await online(device);
    await portal.server.call(
      control.setDevicePassword,
      { equ_sn: device.sn, pwd: PASSWORD },
      portal.installer.token,
    );
    const unlocked = await portal.server.call(
      control.unlock,
      { equ_sn: device.sn, pwd: PASSWORD },
      portal.installer.token,
    );
    expect(unlocked.body.code).toBe(1);
    devices.push(device);
  }
  return devices;
}

type Detail = UpgradeTaskItem & { rows: UpgradeTaskRow[] };

async function detail(portal: Portal, taskId: number): Promise<Detail> {
  const answer = await portal.server.call(firmware.taskDetail, { task_id: taskId }, portal.installer.token);
  expect(answer.body.code).toBe(1);
  return answer.body.data as Detail;
}

/** Waits until the task satisfies `done`, running the portal's due jobs meanwhile. */
async function until(portal: Portal, taskId: number, done: (task: Detail) => boolean, timeoutMs = 30_000) {
  return eventually(async () => {
    await portal.server.jobs.runDue();
    const task = await detail(portal, taskId);
    if (!done(task)) throw new Error(`task ${taskId} is ${task.state}: ${JSON.stringify(task.counts)}`);
    return task;
  }, timeoutMs);
}

async function addTask(portal: Portal, sns: string[], fileId: number, rollout: Record<string, number>) {
  const added = await portal.server.call(
    firmware.taskAdd,
    { sns, file_ids: [fileId], ...rollout },
    portal.installer.token,
  );
  expect(added.body).toMatchObject({ code: 1 });
  return (added.body.data as { task_id: number }).task_id;
}

async function versionOf(portal: Portal, sn: string): Promise<string | undefined> {
  const answer = await portal.server.call(firmware.choices, { sns: [sn] }, portal.installer.token);
  return (answer.body.data as { devices: { versions: { ARM?: string } }[] }).devices[0]?.versions.ARM;
}

describe('firmware to simulated devices', { timeout: 120_000 }, () => {
  it('pauses at its threshold when the canary devices fail with CRC errors, and finishes the batch after a resume', async () => {
    const portal = await startPortal();
    const modelId = await catalogueModel(portal);
    const fileId = await publish(portal, modelId, 'V2.20.0');
    const failing = await inverters(portal, 2, true);
    const healthy = await inverters(portal, 2);
    const sns = [...failing, ...healthy].map((device) => device.sn);
    const taskId = await addTask(portal, sns, fileId, {
      canary_size: 2,
      batch_size: 2,
      failure_threshold_pct: 40,
    });

    // the first failure pauses the task; the other canary device, already asked, finishes on its own
    const paused = await until(
      portal,
      taskId,
      (task) =>
        task.state === 'paused' &&
        failing.every((device) => task.rows.find((row) => row.equ_sn === device.sn)?.state === 'failed'),
    );
    expect(paused.pause_reason).toBe('failures');
    for (const device of failing)
      expect(paused.rows.find((row) => row.equ_sn === device.sn)).toMatchObject({
        state: 'failed',
        status: 4,
      });
    // the batch after the canary was never asked
    for (const device of healthy)
      expect(paused.rows.find((row) => row.equ_sn === device.sn)).toMatchObject({
        state: 'queued',
        status: null,
        waiting_for: 'pause',
      });
    expect(paused.counts.by_status['4']).toBe(2);

    expect(
      (await portal.server.call(firmware.taskResume, { task_id: taskId }, portal.installer.token)).body.code,
    ).toBe(1);
    const completed = await until(portal, taskId, (task) => task.state === 'completed');
    for (const device of healthy) {
      expect(completed.rows.find((row) => row.equ_sn === device.sn)).toMatchObject({
        state: 'succeeded',
        status: 2,
        progress_pct: 100,
        from_version: 'V2.14.3',
      });
      // the device said so itself after its reboot, and the portal stored it
      expect(device.firmwareVersion).toBe('V2.20.0');
      expect(await versionOf(portal, device.sn)).toBe('V2.20.0');
    }
    for (const device of failing) expect(await versionOf(portal, device.sn)).toBe('V2.14.3');

    // the device detail's upgrade records say the same
    const records = await portal.server.call(
      firmware.updateLog,
      { equ_sn: failing[0]!.sn },
      portal.installer.token,
    );
    expect((records.body.data as { list: { status: number; version: string }[] }).list[0]).toMatchObject({
      status: 4,
      version: 'V2.20.0',
    });
  });

  it('goes on after a portal restart in the middle of the rollout, and upgrades a device that was offline when it comes back', async () => {
    const first = await startPortal();
    const modelId = await catalogueModel(first);
    const fileId = await publish(first, modelId, 'V2.21.0');
    const devices = await inverters(first, 3);
    const away = devices[2]!;
    await away.disconnect();
    const taskId = await addTask(
      first,
      devices.map((device) => device.sn),
      fileId,
      { canary_size: 1, batch_size: 1, failure_threshold_pct: 50 },
    );
    // the canary upgraded; the offline device does not hold the next stage back
    const midway = await until(first, taskId, (task) =>
      task.rows.some((row) => row.equ_sn === devices[0]!.sn && row.state === 'succeeded'),
    );
    expect(midway.rows.find((row) => row.equ_sn === away.sn)?.state).toBe('queued');

    // the portal goes down and comes back on the same database, ports and clock
    await first.server.close();
    const server = await startTestServer({
      database: first.database,
      env: first.env,
      clock: first.server.clock,
    });
    opened.push(server);
    const second: Portal = {
      ...first,
      server,
      installer: {
        ...first.installer,
        token: await server.login(first.installer.userName, first.installer.password),
      },
    };
    await eventually(async () => {
      const task = await until(second, taskId, (item) =>
        item.rows.some((row) => row.equ_sn === devices[1]!.sn && row.state === 'succeeded'),
      );
      const row = task.rows.find((item) => item.equ_sn === away.sn);
      expect(row).toMatchObject({ state: 'queued', waiting_for: 'online' });
      expect(task.state).toBe('running');
    }, 40_000);

    // the device comes back: it gets its command, downloads and upgrades; the task completes
    await away.connect();
    const completed = await until(second, taskId, (task) => task.state === 'completed', 40_000);
    expect(completed.rows.map((row) => row.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    for (const device of devices) expect(await versionOf(second, device.sn)).toBe('V2.21.0');
  });
});
