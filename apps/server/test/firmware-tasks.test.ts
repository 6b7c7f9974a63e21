import {
  control,
  DeviceType,
  firmware,
  RoleId,
  type UpgradeRecord,
  type UpgradeTaskItem,
  type UpgradeTaskRow,
} from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import type { TestServer } from './support/server.ts';
import { addCatalogue, startUpgradeServer, type UpgradeServer } from './support/upgrade-tasks.ts';

/**
 * Upgrade tasks over HTTP: who may choose, add, list and steer them (9001 for strangers, end users
 * and the demo's writes, 200905 for a locked device), the checks of an addition in their order
 * (200906, 7002, 200005, 7003, 6000, 7007, 7006 and a confirmed downgrade), pause, resume and
 * cancel with 100001 for a task not in a state to take them, the detail's rows and their waits,
 * its xlsx export, and a device's upgrade records.
 */

let server: UpgradeServer;
let installer: Account;
let stranger: Account;
let endUser: Account;
let demo: string;
const PASSWORD = 'device-pass-1';
const MODEL = 'HX-5000';
let files: { armNew: number; armOld: number; dsp: number; pcs: number; other: number };

beforeAll(async () => {
  server = await startUpgradeServer();
  installer = await registerAccount(server, RoleId.installer, 'upg');
  stranger = await registerAccount(server, RoleId.installer, 'upgx');
  endUser = await createAccount(server, installer, RoleId.endUser, installer.userId, 'upgend');
  demo = await server.login();
  const hx = await addCatalogue(server, {
    name: MODEL,
    deviceType: DeviceType.inverter,
    parts: ['ARM', 'DSP', 'PCS'],
    files: [
      { part: 'ARM', version: 'V2.0.0', minVersion: 'V1.5.0' },
      { part: 'ARM', version: 'V1.8.0' },
      { part: 'DSP', version: 'V3.0.0' },
      { part: 'PCS', version: 'V1.1.0' },
    ],
  });
  const other = await addCatalogue(server, {
    name: 'HX-9000',
    deviceType: DeviceType.inverter,
    parts: ['ARM'],
    files: [{ part: 'ARM', version: 'V9.0.0' }],
  });
  const [armNew, armOld, dsp, pcs] = hx.fileIds as [number, number, number, number];
  files = { armNew, armOld, dsp, pcs, other: other.fileIds[0]! };
});
afterAll(() => server.close());

async function call(
  def: Parameters<TestServer['call']>[0],
  body: unknown,
  account: Account | string = installer,
) {
  const answer = await server.call(def, body, typeof account === 'string' ? account : account.token);
  return answer.body as { code: number; msg: string; data: unknown };
}

/** Devices of one new station of `owner` (unlocked for the installer unless `locked`). */
async function devices(
  count: number,
  options: { model?: string; firmware?: string; locked?: boolean; endUserId?: number } = {},
) {
  const station = await addStation(server, installer.token, {
    installer_id: installer.userId,
    ...(options.endUserId ? { end_user_id: options.endUserId } : {}),
  });
  const sns: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const item = await registerDevice(server, installer.token, station.station_id, {
      model: options.model ?? MODEL,
      firmware_version: options.firmware ?? 'V1.9.0',
    });
    sns.push(item.sn);
    await call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD });
    if (!options.locked)
      expect((await call(control.unlock, { equ_sn: item.sn, pwd: PASSWORD })).code).toBe(1);
  }
  return sns;
}

async function add(
  sns: string[],
  fileIds: number[],
  extra: object = {},
  account: Account | string = installer,
) {
  return call(firmware.taskAdd, { sns, file_ids: fileIds, ...extra }, account);
}

async function added(sns: string[], fileIds: number[], extra: object = {}) {
  const answer = await add(sns, fileIds, extra);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return (answer.data as { task_id: number }).task_id;
}

const later = () => new Date(server.clock.now().getTime() + 86_400_000).toISOString();

async function detail(taskId: number, account: Account = installer) {
  const answer = await call(firmware.taskDetail, { task_id: taskId }, account);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data as UpgradeTaskItem & { rows: UpgradeTaskRow[] };
}

describe('choices', () => {
  it('answers the devices’ model, versions and files, counting downgrades and devices below a minimum', async () => {
    const [low] = await devices(1, { firmware: 'V1.0.0' });
    const [high] = await devices(1, { firmware: 'V2.5.0' });
    const answer = await call(firmware.choices, { sns: [low, high] });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const data = answer.data as {
      model: string;
      devices: { equ_sn: string; versions: object; busy: boolean }[];
      files: { file_id: number; downgrades: number; below_minimum: number; notes: string }[];
    };
    expect(data.model).toBe(MODEL);
    expect(data.devices).toEqual([
      expect.objectContaining({ equ_sn: low, versions: { ARM: 'V1.0.0' }, busy: false }),
      expect.objectContaining({ equ_sn: high, versions: { ARM: 'V2.5.0' }, busy: false }),
    ]);
    const armNew = data.files.find((file) => file.file_id === files.armNew);
    expect(armNew).toMatchObject({ downgrades: 1, below_minimum: 1, notes: 'Release V2.0.0' });
    expect(data.files.map((file) => file.file_id).sort()).toEqual(
      [files.armNew, files.armOld, files.dsp, files.pcs].sort(),
    );
  });

  it('refuses devices of two models (200906), a model not in the catalogue (7002), strangers and end users (9001)', async () => {
    const [one] = await devices(1);
    const [other] = await devices(1, { model: 'HX-9000' });
    const [unknown] = await devices(1, { model: 'NOPE-1' });
    expect((await call(firmware.choices, { sns: [one, other] })).msg).toBe('200906');
    expect((await call(firmware.choices, { sns: [unknown] })).msg).toBe('7002');
    expect((await call(firmware.choices, { sns: [one] }, stranger)).msg).toBe('9001');
    expect((await call(firmware.choices, { sns: [one] }, endUser)).msg).toBe('9001');
  });
});

describe('adding a task', () => {
  it('refuses strangers, end users and the demo with 9001, and a locked device with 200905', async () => {
    const sns = await devices(2);
    const [own] = await devices(1, { endUserId: endUser.userId });
    expect((await add(sns, [files.armNew], {}, stranger)).msg).toBe('9001');
    expect((await add([own!], [files.armNew], {}, endUser)).msg).toBe('9001');
    expect((await add(sns, [files.armNew], {}, demo)).msg).toBe('9001');
    const locked = await devices(1, { locked: true });
    const answer = await add([sns[0]!, locked[0]!], [files.armNew]);
    expect(answer.msg).toBe('200905');
    expect(answer.data).toEqual({
      issues: [{ path: 'sns.1', message: 'validation.devicePasswordRequired' }],
    });
  });

  it('checks the model, the files and one file per part (200906, 7002, 200005)', async () => {
    const [one] = await devices(1);
    const [other] = await devices(1, { model: 'HX-9000' });
    const [unknown] = await devices(1, { model: 'NOPE-2' });
    expect((await add([one!, other!], [files.armNew])).msg).toBe('200906');
    expect((await add([unknown!], [files.armNew])).msg).toBe('7002');
    expect((await add([one!], [files.other])).msg).toBe('7002');
    expect((await add([one!], [999_999])).msg).toBe('7002');
    const twice = await add([one!], [files.armNew, files.armOld]);
    expect(twice.msg).toBe('200005');
    expect(twice.data).toEqual({ issues: [{ path: 'file_ids.1', message: 'validation.invalidValue' }] });
  });

  it('refuses a device below a file’s minimum (7007) and a downgrade unless confirmed (7006)', async () => {
    const [low] = await devices(1, { firmware: 'V1.0.0' });
    expect((await add([low!], [files.armNew])).msg).toBe('7007');
    const [high] = await devices(1, { firmware: 'V2.5.0' });
    expect((await add([high!], [files.armNew])).msg).toBe('7006');
    const taskId = await added([high!], [files.armNew], { confirm_downgrade: true, start_at: later() });
    const task = await detail(taskId);
    expect(task.rows).toEqual([
      expect.objectContaining({ equ_sn: high, part: 'ARM', from_version: 'V2.5.0', version: 'V2.0.0' }),
    ]);
    await call(firmware.taskCancel, { task_id: taskId });
  });

  it('refuses a device already in an unfinished task (7003) and a second task of the tree for a model’s part (6000)', async () => {
    const sns = await devices(3);
    const taskId = await added([sns[0]!], [files.dsp], { start_at: later() });
    expect((await add([sns[0]!, sns[1]!], [files.pcs])).msg).toBe('7003');
    expect((await add([sns[1]!], [files.dsp])).msg).toBe('6000');
    // another part of the model is free; once the first task is over, its part is too
    const pcsTask = await added([sns[1]!], [files.pcs], { start_at: later() });
    await call(firmware.taskCancel, { task_id: taskId });
    const again = await added([sns[2]!], [files.dsp], { start_at: later() });
    for (const id of [pcsTask, again])
      expect((await call(firmware.taskCancel, { task_id: id })).code).toBe(1);
  });
});

describe('a task', () => {
  it('is listed and detailed for its tree only; rows wait for the start, then the pause; cancel ends it', async () => {
    const sns = await devices(3);
    const taskId = await added(sns, [files.armNew, files.dsp], {
      name: 'Spring upgrade',
      start_at: later(),
      canary_size: 1,
      batch_size: 1,
    });
    const sub = await createAccount(server, installer, RoleId.installer, installer.userId, 'upgsub');
    const list = (await call(firmware.taskList, { page_size: 50 }, sub)).data as {
      list: UpgradeTaskItem[];
    };
    const item = list.list.find((candidate) => candidate.task_id === taskId);
    expect(item).toMatchObject({
      name: 'Spring upgrade',
      model: MODEL,
      state: 'scheduled',
      devices: 3,
      stages: 3,
      stage: 0,
      counts: { total: 6, queued: 6, by_status: {}, succeeded: 0, failed: 0, cancelled: 0 },
      files: [
        { file_id: files.armNew, part: 'ARM', version: 'V2.0.0' },
        { file_id: files.dsp, part: 'DSP', version: 'V3.0.0' },
      ],
    });
    const task = await detail(taskId);
    expect(task.rows.map((row) => `${row.equ_sn} ${row.stage} ${row.part} ${row.waiting_for}`)).toEqual(
      sns.flatMap((sn, index) => [`${sn} ${index} ARM start`, `${sn} ${index} DSP start`]),
    );
    expect(task.rows[0]).toMatchObject({ device_state: 'offline', state: 'queued', status: null });

    for (const account of [stranger, endUser]) {
      expect((await call(firmware.taskDetail, { task_id: taskId }, account)).msg).toBe('9001');
      expect((await call(firmware.taskPause, { task_id: taskId }, account)).msg).toBe('9001');
      expect((await call(firmware.taskCancel, { task_id: taskId }, account)).msg).toBe('9001');
    }
    expect((await call(firmware.taskList, {}, endUser)).msg).toBe('9001');
    expect(((await call(firmware.taskList, {}, stranger)).data as { total: number }).total).toBe(0);
    expect((await call(firmware.taskPause, { task_id: taskId }, demo)).msg).toBe('9001');

    expect((await call(firmware.taskResume, { task_id: taskId })).msg).toBe('100001');
    expect((await call(firmware.taskPause, { task_id: taskId })).code).toBe(1);
    expect((await detail(taskId)).rows.map((row) => row.waiting_for)).toEqual(Array(6).fill('pause'));
    expect((await detail(taskId)).pause_reason).toBe('manual');
    expect((await call(firmware.taskPause, { task_id: taskId })).msg).toBe('100001');
    expect((await call(firmware.taskResume, { task_id: taskId })).code).toBe(1);
    // its start is still ahead: scheduled again
    expect((await detail(taskId)).state).toBe('scheduled');
    expect((await call(firmware.taskCancel, { task_id: taskId })).code).toBe(1);
    const cancelled = await detail(taskId);
    expect(cancelled).toMatchObject({ state: 'cancelled', counts: { cancelled: 6, queued: 0 } });
    expect(cancelled.finished_at).not.toBeNull();
    expect((await call(firmware.taskCancel, { task_id: taskId })).msg).toBe('100001');
    expect((await call(firmware.taskResume, { task_id: taskId })).msg).toBe('100001');
    expect(
      (
        (await call(firmware.taskList, { state: 'cancelled', page_size: 50 })).data as {
          list: UpgradeTaskItem[];
        }
      ).list.map((candidate) => candidate.task_id),
    ).toContain(taskId);
  });

  it('exports its rows as an xlsx through a one-time link', async () => {
    const sns = await devices(2);
    const taskId = await added(sns, [files.dsp], { start_at: later() });
    const answer = await call(firmware.taskDetail, { task_id: taskId, export: 1, language: 'pl' });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const { download_url: url, file_name: fileName } = answer.data as {
      download_url: string;
      file_name: string;
    };
    expect(fileName).toBe(`upgrade-task-${taskId}.xlsx`);
    expect((await call(firmware.taskDetail, { task_id: taskId, export: 1 }, stranger)).msg).toBe('9001');
    const address = url.startsWith('http') ? url : `${server.url}${url}`;
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect((await fetch(address)).status).toBe(404);
    await call(firmware.taskCancel, { task_id: taskId });
  });

  it('shows in the device’s upgrade records (updateLog), newest first, with file, versions, state and who', async () => {
    const [sn] = await devices(1);
    const first = await added([sn!], [files.dsp], { start_at: later() });
    await call(firmware.taskCancel, { task_id: first });
    const second = await added([sn!], [files.armNew, files.pcs], { start_at: later() });
    const answer = await call(firmware.updateLog, { equ_sn: sn, page_size: 10 });
    expect(answer.code, JSON.stringify(answer)).toBe(1);
    const page = answer.data as { total: number; list: UpgradeRecord[] };
    expect(page.total).toBe(3);
    expect(page.list.map((row) => `${row.task_id} ${row.part} ${row.state}`)).toEqual([
      `${second} PCS queued`,
      `${second} ARM queued`,
      `${first} DSP cancelled`,
    ]);
    expect(page.list[1]).toMatchObject({
      file: `${MODEL}-ARM-V2.0.0.bin`,
      from_version: 'V1.9.0',
      version: 'V2.0.0',
      status: null,
      created_by: installer.userName,
    });
    expect((await call(firmware.updateLog, { equ_sn: sn }, stranger)).msg).toBe('9001');
    await call(firmware.taskCancel, { task_id: second });
  });
});
