import {
  control,
  DeviceType,
  type FirmwarePart,
  firmware,
  PCS_UPGRADE_GAP_MS,
  RoleId,
  type UpgradeTaskItem,
  type UpgradeTaskRow,
} from '@helio/contracts';
import { commandTopic } from '@helio/contracts/device-link';
import type { DatabaseHandle } from '@helio/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { freshDatabase } from './support/database.ts';
import { connectDevice, localBrokerUrl, type TestDevice } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import {
  addCatalogue,
  deviceVersions,
  startUpgradeServer,
  type UpgradeServer,
} from './support/upgrade-tasks.ts';

/**
 * The staged rollout against devices on the portal's broker: raw MQTT devices that answer each
 * upgrade command as scripted (succeed, fail with a CRC error, or hold at 50 %). A canary failure
 * pauses the task at its threshold and a resume goes on; the PCS gap holds the station's next
 * device for two minutes of the portal's clock; a device offline during the rollout upgrades when
 * it comes back; a portal restarted mid-rollout goes on where it was.
 */

const PASSWORD = 'device-pass-1';
/** Succeed, fail with a CRC error, hold at 50 %, or take the command without a word. */
type Script = 'succeed' | 'fail' | 'hold' | 'silent';

interface UpgradeCommand {
  id: string;
  name: string;
  params: { url: string; version: string; part?: FirmwarePart; sha256: string; signature: string };
}

interface ScriptedDevice {
  sn: string;
  password: string;
  received: UpgradeCommand[];
  link?: TestDevice;
  /** How it answers upgrade commands (set by `connect`, changed by a test). */
  script?: Script;
}

let server: UpgradeServer;
let installer: Account;
let modelCounter = 0;

beforeAll(async () => {
  server = await startUpgradeServer();
  installer = await registerAccount(server, RoleId.installer, 'roll');
});

async function call(target: UpgradeServer, def: Parameters<UpgradeServer['call']>[0], body: unknown) {
  const answer = await target.call(def, body, installer.token);
  return answer.body as { code: number; msg: string; data: unknown };
}

/** A new catalogue model of inverters with `parts`, and a file of each of `files`. */
async function catalogue(parts: FirmwarePart[], files: { part: FirmwarePart; version: string }[]) {
  modelCounter += 1;
  const name = `RX-${process.pid}-${modelCounter}`;
  const { fileIds } = await addCatalogue(server, { name, deviceType: DeviceType.inverter, parts, files });
  return { name, fileIds };
}

/** Devices of the model on one new station, unlocked for the installer, not connected yet. */
async function devices(count: number, model: string): Promise<ScriptedDevice[]> {
  const station = await addStation(server, installer.token, { installer_id: installer.userId });
  const list: ScriptedDevice[] = [];
  for (let i = 0; i < count; i += 1) {
    const item = await registerDevice(server, installer.token, station.station_id, {
      model,
      firmware_version: 'V1.0.0',
    });
    await call(server, control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD });
    expect((await call(server, control.unlock, { equ_sn: item.sn, pwd: PASSWORD })).code).toBe(1);
    list.push({ sn: item.sn, password: item.credentials.password, received: [] });
  }
  return list;
}

/**
 * Connects the device to `target`'s broker, answering every upgrade command as `script` says,
 * and says it is online.
 */
async function connect(target: UpgradeServer, device: ScriptedDevice, script: Script): Promise<void> {
  const link = await connectDevice(
    localBrokerUrl(target.deviceLink.embeddedPort!),
    device.sn,
    device.password,
  );
  device.link = link;
  device.script = script;
  const ts = () => target.clock.now().getTime();
  link.client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as UpgradeCommand;
    if (command.name !== 'upgrade') return;
    device.received.push(command);
    if (device.script === 'silent') return;
    void (async () => {
      await link.publish('reply', { id: command.id, ts: ts(), state: 'acknowledged' });
      await link.publish('reply', {
        id: command.id,
        ts: ts(),
        state: 'progress',
        upgrade_status: 1,
        progress_pct: 50,
      });
      if (device.script === 'succeed') await succeed(target, device, command);
      if (device.script === 'fail')
        await link.publish('reply', {
          id: command.id,
          ts: ts(),
          state: 'failed',
          upgrade_status: 4,
          message: 'CRC error',
        });
    })();
  });
  await link.client.subscribeAsync(commandTopic(device.sn), { qos: 1 });
  await link.publish('status', { state: 'online', ts: ts(), interval_s: 600, firmware_version: 'V1.0.0' });
}

async function succeed(target: UpgradeServer, device: ScriptedDevice, command: UpgradeCommand) {
  await device.link!.publish('reply', {
    id: command.id,
    ts: target.clock.now().getTime(),
    state: 'succeeded',
    upgrade_status: 2,
    progress_pct: 100,
  });
}

async function detail(target: UpgradeServer, taskId: number) {
  const answer = await call(target, firmware.taskDetail, { task_id: taskId });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data as UpgradeTaskItem & { rows: UpgradeTaskRow[] };
}

/** The task's detail once `ready` holds, the rollout job run between looks (the portal's runner runs it too). */
async function until(
  target: UpgradeServer,
  taskId: number,
  ready: (task: UpgradeTaskItem & { rows: UpgradeTaskRow[] }) => boolean,
) {
  return vi.waitFor(
    async () => {
      await target.rolloutJobs.runDue();
      const task = await detail(target, taskId);
      if (!ready(task)) throw new Error(`task not there yet: ${JSON.stringify(task)}`);
      return task;
    },
    { timeout: 40_000, interval: 100 },
  );
}

async function addTask(sns: string[], fileIds: number[], extra: object) {
  const answer = await call(server, firmware.taskAdd, { sns, file_ids: fileIds, ...extra });
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return (answer.data as { task_id: number }).task_id;
}

const row = (task: { rows: UpgradeTaskRow[] }, sn: string, part: FirmwarePart) =>
  task.rows.find((candidate) => candidate.equ_sn === sn && candidate.part === part)!;

describe('the staged rollout', { timeout: 60_000 }, () => {
  it('pauses when the canary’s failure passes the threshold; a resume rolls out the next batch', async () => {
    const model = await catalogue(
      ['ARM', 'DSP'],
      [
        { part: 'ARM', version: 'V2.0.0' },
        { part: 'DSP', version: 'V3.0.0' },
      ],
    );
    const [canary, ...batch] = await devices(3, model.name);
    await connect(server, canary!, 'fail');
    for (const device of batch) await connect(server, device, 'succeed');
    const taskId = await addTask([canary!.sn, ...batch.map((device) => device.sn)], model.fileIds, {
      canary_size: 1,
      batch_size: 2,
      failure_threshold_pct: 20,
    });

    const paused = await until(server, taskId, (task) => task.state === 'paused');
    expect(paused.pause_reason).toBe('failures');
    expect(row(paused, canary!.sn, 'ARM')).toMatchObject({
      state: 'failed',
      status: 4,
      message: 'CRC error',
    });
    expect(row(paused, canary!.sn, 'DSP')).toMatchObject({
      state: 'failed',
      status: null,
      message: 'an earlier part failed',
    });
    for (const device of batch) {
      expect(row(paused, device.sn, 'ARM')).toMatchObject({ state: 'queued', waiting_for: 'pause' });
      expect(device.received).toEqual([]);
    }
    // the canary got one command: its DSP never went out
    expect(canary!.received.map((command) => command.params.part)).toEqual(['ARM']);

    expect((await call(server, firmware.taskResume, { task_id: taskId })).code).toBe(1);
    const done = await until(server, taskId, (task) => task.state === 'completed');
    expect(done.counts).toMatchObject({ total: 6, succeeded: 4, failed: 2, by_status: { 2: 4, 4: 1 } });
    for (const device of batch) {
      // one part at a time, in order
      expect(device.received.map((command) => `${command.params.part} ${command.params.version}`)).toEqual([
        'ARM V2.0.0',
        'DSP V3.0.0',
      ]);
      expect(await deviceVersions(server, device.sn)).toEqual({
        firmware_version: 'V2.0.0',
        firmware_parts: { ARM: 'V2.0.0', DSP: 'V3.0.0' },
      });
    }
    expect(done.finished_at).not.toBeNull();
    // the canary's records: newest first, with the failure's status and message
    const records = (await call(server, firmware.updateLog, { equ_sn: canary!.sn })).data as {
      list: { part: string; status: number | null; state: string }[];
    };
    expect(records.list.map((record) => `${record.part} ${record.state} ${record.status}`).sort()).toEqual([
      'ARM failed 4',
      'DSP failed null',
    ]);
  });

  it('holds a station’s next upgrade for two minutes after a PCS upgrade (SPEC §9)', async () => {
    const model = await catalogue(['ARM', 'PCS'], [{ part: 'PCS', version: 'V1.1.0' }]);
    const [first, second] = await devices(2, model.name);
    await connect(server, first!, 'succeed');
    await connect(server, second!, 'succeed');
    const taskId = await addTask([first!.sn, second!.sn], model.fileIds, { canary_size: 2 });

    const held = await until(server, taskId, (task) => row(task, first!.sn, 'PCS').state === 'succeeded');
    expect(row(held, second!.sn, 'PCS')).toMatchObject({ state: 'queued', waiting_for: 'pcs_gap' });
    await server.rolloutJobs.runDue();
    expect(second!.received).toEqual([]);

    server.clock.advance(PCS_UPGRADE_GAP_MS - 10_000);
    await server.rolloutJobs.runDue();
    expect(row(await detail(server, taskId), second!.sn, 'PCS').waiting_for).toBe('pcs_gap');
    expect(second!.received).toEqual([]);

    server.clock.advance(20_000);
    const done = await until(server, taskId, (task) => task.state === 'completed');
    expect(row(done, second!.sn, 'PCS')).toMatchObject({ state: 'succeeded', status: 2, progress_pct: 100 });
    expect(second!.received).toHaveLength(1);
    // PCS is not the main part: the device's firmware_version stays
    expect(await deviceVersions(server, second!.sn)).toEqual({
      firmware_version: 'V1.0.0',
      firmware_parts: { PCS: 'V1.1.0' },
    });
  });

  it('does not wait for an offline device, which upgrades when it comes back', async () => {
    const model = await catalogue(['ARM'], [{ part: 'ARM', version: 'V2.0.0' }]);
    const [away, present] = await devices(2, model.name);
    await connect(server, present!, 'succeed');
    const taskId = await addTask([away!.sn, present!.sn], model.fileIds, { canary_size: 1, batch_size: 1 });

    const waiting = await until(
      server,
      taskId,
      (task) => row(task, present!.sn, 'ARM').state === 'succeeded',
    );
    expect(waiting.state).toBe('running');
    expect(row(waiting, away!.sn, 'ARM')).toMatchObject({
      state: 'queued',
      waiting_for: 'online',
      device_state: 'offline',
    });

    await connect(server, away!, 'succeed');
    const done = await until(server, taskId, (task) => task.state === 'completed');
    expect(row(done, away!.sn, 'ARM')).toMatchObject({ state: 'succeeded', status: 2 });
    expect((await deviceVersions(server, away!.sn))?.firmware_version).toBe('V2.0.0');
  });
});

describe('a command that expires', { timeout: 60_000 }, () => {
  it('(never answered, the device away) puts its row back in the queue; the device gets it again when back', async () => {
    const model = await catalogue(['ARM'], [{ part: 'ARM', version: 'V2.0.0' }]);
    const [device] = await devices(1, model.name);
    await connect(server, device!, 'silent');
    const taskId = await addTask([device!.sn], model.fileIds, {});
    await until(server, taskId, (task) => row(task, device!.sn, 'ARM').state === 'sent');
    // the row is sent once the broker took the command; the device has it a moment later
    await vi.waitFor(() => expect(device!.received).toHaveLength(1), { timeout: 10_000 });

    // the device went silent for longer than a command waits (COMMAND_TTL): offline, its command expired
    server.clock.advance(server.commands.ttlMs + 60_000);
    const queued = await vi.waitFor(
      async () => {
        await server.jobs.runAllNow();
        await server.rolloutJobs.runDue();
        const task = await detail(server, taskId);
        if (row(task, device!.sn, 'ARM').state !== 'queued') throw new Error('not queued again yet');
        return task;
      },
      { timeout: 40_000, interval: 200 },
    );
    expect(row(queued, device!.sn, 'ARM')).toMatchObject({ waiting_for: 'online', status: null });

    device!.script = 'succeed';
    await device!.link!.publish('status', {
      state: 'online',
      ts: server.clock.now().getTime(),
      interval_s: 600,
    });
    await until(server, taskId, (task) => task.state === 'completed');
    expect(device!.received).toHaveLength(2);
    expect(device!.received[1]!.id).not.toBe(device!.received[0]!.id);
  });
});

describe('the versions a device names', () => {
  it('keeps each part’s version of its online status, merged over what it said before', async () => {
    const model = await catalogue(['ARM', 'DSP'], [{ part: 'DSP', version: 'V3.0.0' }]);
    const [device] = await devices(1, model.name);
    await connect(server, device!, 'succeed');
    const ts = () => server.clock.now().getTime();
    await device!.link!.publish('status', {
      state: 'online',
      ts: ts(),
      firmware_version: 'V1.2.0',
      firmware_parts: { ARM: 'V1.2.0', DSP: 'V3.1.0' },
    });
    await device!.link!.publish('status', { state: 'online', ts: ts(), firmware_parts: { DSP: 'V3.2.0' } });
    await vi.waitFor(async () =>
      expect(await deviceVersions(server, device!.sn)).toEqual({
        firmware_version: 'V1.2.0',
        firmware_parts: { ARM: 'V1.2.0', DSP: 'V3.2.0' },
      }),
    );
    // the task's checks read them: the DSP file would be a downgrade now
    const answer = await call(server, firmware.taskAdd, { sns: [device!.sn], file_ids: model.fileIds });
    expect(answer.msg).toBe('7006');
  });
});

describe('a portal restarted mid-rollout', { timeout: 60_000 }, () => {
  let database: DatabaseHandle;
  let restarted: UpgradeServer | undefined;
  afterAll(async () => {
    await restarted?.close();
    await database?.close();
  });

  it('goes on where it was: the outcome of a command sent before the restart, then the next stage', async () => {
    await server.close();
    database = await freshDatabase();
    server = await startUpgradeServer({ database });
    const clock = server.clock;
    installer = await registerAccount(server, RoleId.installer, 'rollr');
    const model = await catalogue(['ARM'], [{ part: 'ARM', version: 'V2.0.0' }]);
    const [first, second] = await devices(2, model.name);
    await connect(server, first!, 'hold');
    await connect(server, second!, 'succeed');
    const taskId = await addTask([first!.sn, second!.sn], model.fileIds, { canary_size: 1, batch_size: 1 });
    const flashing = await until(server, taskId, (task) => row(task, first!.sn, 'ARM').progress_pct === 50);
    expect(row(flashing, first!.sn, 'ARM')).toMatchObject({ state: 'sent', status: 1 });
    expect(row(flashing, second!.sn, 'ARM').waiting_for).toBe('stage');

    await first!.link!.close();
    await second!.link!.close();
    await server.close();
    restarted = await startUpgradeServer({ database, clock });
    installer = { ...installer, token: await restarted.login(installer.userName, installer.password) };

    // the device finished flashing while the portal was away and says so when it is back
    await connect(restarted, first!, 'hold');
    await connect(restarted, second!, 'succeed');
    await succeed(restarted, first!, first!.received[0]!);
    const done = await until(restarted, taskId, (task) => task.state === 'completed');
    expect(done.counts).toMatchObject({ succeeded: 2, failed: 0 });
    expect(first!.received).toHaveLength(1);
    expect(second!.received).toHaveLength(1);
  });
});
