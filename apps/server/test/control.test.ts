import { allCalls, control, gridStandardOf, gridStandards, message, RoleId } from '@helio/contracts';
import { commandTopic, type SelfTestRow } from '@helio/contracts/device-link';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { connectDevice, localBrokerUrl } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * Remote control over HTTP against a device that answers as the protocol says (an MQTT client in
 * the test, so every reply is the test's choice): the device password and its unlock, who may
 * change what, the one check of a change set, 7005/8001/240000, the Log, idempotency, offline
 * delivery and expiry, diagnostics, and the self-test report mailed through a real SMTP server
 * with the clock moved instead of waiting.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let installer: Account;
let broker: string;
const PASSWORD = 'device-pass-1';

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, COMMAND_TTL_HOURS: '1' } });
  installer = await registerAccount(server, RoleId.installer, 'ctl');
  broker = localBrokerUrl(server.deviceLink.embeddedPort!);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function newDevice(owner = installer, overrides: Record<string, unknown> = {}, endUserId?: number) {
  const station = await addStation(server, owner.token, {
    timezone: 'Europe/Rome',
    country_code: 'IT',
    province_code: 'IT-25',
    city: 'Milan',
    latitude: 45.46,
    longitude: 9.19,
    currency: 'EUR',
    installer_id: owner.userId,
    ...(endUserId ? { end_user_id: endUserId } : {}),
  });
  return registerDevice(server, owner.token, station.station_id, { rated_power_w: 6000, ...overrides });
}

/** A device that keeps values and answers commands as the protocol says; `answer` may be changed per test. */
async function answeringDevice(
  item: { sn: string; credentials: { password: string } },
  values: Record<string, number | string | boolean>,
) {
  const device = await connectDevice(broker, item.sn, item.credentials.password);
  const received: { id: string; name: string; params: Record<string, unknown> }[] = [];
  const behaviour = {
    /** What the device does with a command; default: apply and succeed with its values. */
    answer: async (command: { id: string; name: string; params: Record<string, unknown> }) => {
      await device.publish('reply', { id: command.id, ts: Date.now(), state: 'acknowledged' });
      if (command.name === 'settings') Object.assign(values, command.params);
      if (command.name === 'self_test') return; // answered by the test
      await device.publish('reply', { id: command.id, ts: Date.now(), state: 'succeeded', values });
    },
  };
  device.client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString());
    received.push(command);
    void behaviour.answer(command);
  });
  await device.client.subscribeAsync(commandTopic(item.sn), { qos: 1 });
  await device.publish('status', { state: 'online', ts: Date.now(), interval_s: 60 });
  await vi.waitFor(async () => {
    const detail = await server.call(control.settings, { equ_sn: item.sn }, installer.token);
    if ((detail.body.data as { status: string }).status === 'offline') throw new Error('not online yet');
  });
  return { device, received, behaviour, values };
}

const cei = gridStandardOf('CEI_0_21')!;
const ceiValues = (): Record<string, number | string | boolean> => ({
  grid_standard: 'CEI_0_21',
  ...Object.fromEntries(Object.entries(cei.settings).map(([name, bound]) => [name, bound.default])),
  export_limit_enabled: false,
  export_limit_w: 6000,
  charge_1_start: '00:00',
  charge_1_end: '00:00',
  discharge_1_start: '00:00',
  discharge_1_end: '00:00',
  charge_stop_soc_pct: 95,
  discharge_stop_soc_pct: 10,
  report_interval_s: '300',
});

async function unlock(account: Account, sn: string, pwd = PASSWORD) {
  return server.call(control.unlock, { equ_sn: sn, pwd }, account.token);
}

async function finished(commandId: string, token = installer.token) {
  return vi.waitFor(
    async () => {
      const answer = await server.call(control.command, { command_id: commandId }, token);
      const item = answer.body.data as { state: string };
      if (!['succeeded', 'failed', 'expired'].includes(item.state)) throw new Error(`still ${item.state}`);
      return answer.body.data as { state: string; message: string | null; error: string | null };
    },
    { timeout: 5000 },
  );
}

describe('the device password', () => {
  it('wrong is 200905, right unlocks this sign-in for 30 minutes, and five wrong block tries (1008)', async () => {
    const item = await newDevice();
    expect(
      (await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token)).body
        .code,
    ).toBe(1);
    expect((await unlock(installer, item.sn, 'not-it')).body.msg).toBe('200905');
    const right = await unlock(installer, item.sn);
    expect(right.body.code).toBe(1);
    const until = Date.parse((right.body.data as { unlocked_until: string }).unlocked_until);
    expect(until - server.clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    const view = await server.call(control.settings, { equ_sn: item.sn }, installer.token);
    expect((view.body.data as { unlocked_until: string | null }).unlocked_until).not.toBeNull();
    // another sign-in of the same account is not unlocked
    const other = await server.login(installer.userName, installer.password);
    const otherView = await server.call(control.settings, { equ_sn: item.sn }, other);
    expect((otherView.body.data as { unlocked_until: string | null }).unlocked_until).toBeNull();
    // after 30 minutes the unlock is gone
    server.clock.advance(31 * 60_000);
    const later = await server.call(control.settings, { equ_sn: item.sn }, installer.token);
    expect((later.body.data as { unlocked_until: string | null }).unlocked_until).toBeNull();
    // the hash only: neither the answer nor the log holds it
    expect(server.logs.join('')).not.toContain(PASSWORD);

    const guesser = await registerAccount(server, RoleId.installer, 'guess');
    const target = await newDevice(guesser);
    await server.call(control.setDevicePassword, { equ_sn: target.sn, pwd: PASSWORD }, guesser.token);
    for (let i = 0; i < 5; i += 1)
      expect((await unlock(guesser, target.sn, `wrong-${i}`)).body.msg).toBe('200905');
    expect((await unlock(guesser, target.sn)).body.msg).toBe('1008');
  });

  it('a device without its own password takes the tree’s, which only a level-1 installer sets', async () => {
    const item = await newDevice();
    expect((await unlock(installer, item.sn, 'tree-pass-1')).body.msg).toBe('200905');
    expect(
      (await server.call(control.setTreePassword, { pwd: 'tree-pass-1' }, installer.token)).body.code,
    ).toBe(1);
    expect((await unlock(installer, item.sn, 'tree-pass-1')).body.code).toBe(1);
    // a password given at registration is the device's own
    const own = await newDevice(installer, { settings_pwd: 'registered-pass' });
    expect((await unlock(installer, own.sn, 'tree-pass-1')).body.msg).toBe('200905');
    expect((await unlock(installer, own.sn, 'registered-pass')).body.code).toBe(1);
    const sub = await createAccount(server, installer, RoleId.installer, installer.userId);
    expect((await server.call(control.setTreePassword, { pwd: 'tree-pass-2' }, sub.token)).body.msg).toBe(
      '9001',
    );
  });

  it('another tree’s device answers 9001 to every control call, as one that does not exist', async () => {
    const item = await newDevice();
    const stranger = await registerAccount(server, RoleId.installer, 'stranger');
    const calls: [typeof control.settings | typeof control.unlock | typeof control.read, object][] = [
      [control.settings, { equ_sn: item.sn }],
      [control.unlock, { equ_sn: item.sn, pwd: PASSWORD }],
      [control.read, { equ_sn: item.sn }],
    ];
    for (const [call, body] of calls)
      expect((await server.call(call, body, stranger.token)).body.msg).toBe('9001');
    for (const call of [control.commands, control.diagnostics, control.restart])
      expect((await server.call(call, { equ_sn: item.sn }, stranger.token)).body.msg).toBe('9001');
    expect(
      (
        await server.call(
          control.save,
          { equ_sn: item.sn, key: crypto.randomUUID(), changes: { export_limit_w: 1 } },
          stranger.token,
        )
      ).body.msg,
    ).toBe('9001');
  });

  it('every control call refuses a stranger (9001), and every control write refuses the demo (9001)', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn);
    const restart = await server.call(control.restart, { equ_sn: item.sn }, installer.token);
    const commandId = (restart.body.data as { command_id: string }).command_id;
    const bodies: Record<string, object> = {
      [control.unlock.path]: { equ_sn: item.sn, pwd: PASSWORD },
      [control.setDevicePassword.path]: { equ_sn: item.sn, pwd: 'other-pass-1' },
      [control.setTreePassword.path]: { pwd: 'other-pass-1' },
      [control.save.path]: { equ_sn: item.sn, key: crypto.randomUUID(), changes: { export_limit_w: 100 } },
      [control.network.path]: { equ_sn: item.sn, key: crypto.randomUUID(), dhcp: true },
      [control.debug.path]: { equ_sn: item.sn, action: 'start' },
      [control.systemAction.path]: { equ_sn: item.sn, action: 'sync_clock' },
      [control.command.path]: { command_id: commandId },
      [control.selfTestReport.path]: { command_id: commandId },
    };
    const calls = allCalls.filter((call) => call.domain === 'control');
    expect(calls.length).toBe(15);
    const stranger = await registerAccount(server, RoleId.installer, 'nosy');
    const demo = await server.login();
    for (const call of calls) {
      const body = bodies[call.path] ?? { equ_sn: item.sn };
      // a level-1 installer may set its own tree's password: the one call that is not about this device
      if (call !== control.setTreePassword)
        expect((await server.call(call, body, stranger.token)).body.msg, `${call.path} by a stranger`).toBe(
          '9001',
        );
      if (call.kind === 'write')
        expect((await server.call(call, body, demo)).body.msg, `${call.path} by the demo`).toBe('9001');
    }
  });

  it('each standard’s ranges are checked on the server too, naming the field', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn);
    for (const standard of gridStandards) {
      const answer = await server.call(
        control.save,
        {
          equ_sn: item.sn,
          key: crypto.randomUUID(),
          changes: {
            grid_standard: standard.code,
            uf2_hz: Number((standard.settings.uf2_hz.min - 0.01).toFixed(2)),
          },
        },
        installer.token,
      );
      expect(answer.body.msg, standard.code).toBe('200005');
      expect(
        (answer.body.data as { issues: { path: string }[] }).issues.map((issue) => issue.path),
      ).toContain('changes.uf2_hz');
    }
  });

  it('the demo reads and is never asked, but writes nothing (9001)', async () => {
    const demo = await server.login();
    const answer = await server.call(control.unlock, { equ_sn: 'INV0000000000DEMO', pwd: PASSWORD }, demo);
    expect(answer.body.msg).toBe('9001');
    const save = await server.call(
      control.save,
      { equ_sn: 'INV0000000000DEMO', key: crypto.randomUUID(), changes: { export_limit_w: 1 } },
      demo,
    );
    expect(save.body.msg).toBe('9001');
  });
});

describe('settings', () => {
  it('read, change, applied: the device’s answer becomes the settings; 7005 while a read waits', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    const { device, behaviour, values } = await answeringDevice(item, ceiValues());
    // a read the device has not answered yet: a second one is 7005
    const original = behaviour.answer;
    behaviour.answer = async () => undefined;
    const first = await server.call(control.read, { equ_sn: item.sn }, installer.token);
    expect(first.body.code).toBe(1);
    expect((await server.call(control.read, { equ_sn: item.sn }, installer.token)).body.msg).toBe('7005');
    behaviour.answer = original;
    await behaviour.answer({
      id: (first.body.data as { command_id: string }).command_id,
      name: 'read',
      params: {},
    });
    await finished((first.body.data as { command_id: string }).command_id);
    const view = (await server.call(control.settings, { equ_sn: item.sn }, installer.token)).body.data as {
      values: Record<string, unknown>;
      read_at: string;
      groups: string[];
      self_test: boolean;
    };
    expect(view.values.grid_standard).toBe('CEI_0_21');
    expect(view.read_at).not.toBeNull();
    expect(view.groups).toContain('grid');
    expect(view.self_test).toBe(true);

    // a write without the unlock asks for the password
    const key = crypto.randomUUID();
    const change = { equ_sn: item.sn, key, changes: { export_limit_enabled: true, export_limit_w: 2500 } };
    expect((await server.call(control.save, change, installer.token)).body.msg).toBe('200905');
    await unlock(installer, item.sn);
    const saved = await server.call(control.save, change, installer.token);
    expect(saved.body.code).toBe(1);
    const commandId = (saved.body.data as { command_id: string }).command_id;
    // the same key again is the same command
    const again = await server.call(control.save, change, installer.token);
    expect((again.body.data as { command_id: string }).command_id).toBe(commandId);
    expect((await finished(commandId)).state).toBe('succeeded');
    const after = (await server.call(control.settings, { equ_sn: item.sn }, installer.token)).body.data as {
      values: Record<string, unknown>;
      last: { command_id: string };
    };
    expect(after.values.export_limit_w).toBe(2500);
    expect(after.last.command_id).toBe(commandId);
    expect(values.export_limit_w).toBe(2500);

    const log = (await server.call(control.commands, { equ_sn: item.sn }, installer.token)).body.data as {
      total: number;
      list: { name: string; state: string; created_by: string }[];
    };
    expect(log.list.map((row) => row.name)).toEqual(['settings', 'read']);
    expect(log.list[0]!.created_by).toBe(installer.userName);
    const onlyReads = (
      await server.call(control.commands, { equ_sn: item.sn, name: 'read' }, installer.token)
    ).body.data as { total: number };
    expect(onlyReads.total).toBe(1);
    await device.close();
  });

  it('refuses values outside the chosen standard’s range, stages out of order, overlapping slots and powers above the rating, naming the field', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    const { device } = await answeringDevice(item, ceiValues());
    const read = await server.call(control.read, { equ_sn: item.sn }, installer.token);
    await finished((read.body.data as { command_id: string }).command_id);
    await unlock(installer, item.sn);
    const refused = async (changes: Record<string, unknown>) => {
      const answer = await server.call(
        control.save,
        { equ_sn: item.sn, key: crypto.randomUUID(), changes },
        installer.token,
      );
      expect(answer.body.msg).toBe('200005');
      return (answer.body.data as { issues: { path: string; message: string }[] }).issues;
    };
    expect(await refused({ ov2_v: cei.settings.ov2_v.max + 1 })).toContainEqual({
      path: 'changes.ov2_v',
      message: 'validation.settingRange',
    });
    expect(await refused({ ov1_v: cei.settings.ov2_v.default })).toContainEqual(
      expect.objectContaining({ message: 'validation.stageOrder' }),
    );
    expect(
      await refused({
        charge_1_start: '01:00',
        charge_1_end: '05:00',
        discharge_1_start: '04:00',
        discharge_1_end: '06:00',
      }),
    ).toContainEqual(expect.objectContaining({ message: 'validation.slotOverlap' }));
    expect(await refused({ charge_1_start: '05:00', charge_1_end: '01:00' })).toContainEqual({
      path: 'changes.charge_1_end',
      message: 'validation.timeRangeOrder',
    });
    expect(await refused({ export_limit_w: 6001 })).toContainEqual({
      path: 'changes.export_limit_w',
      message: 'validation.aboveRating',
    });
    expect(await refused({ no_such_thing: 1 })).toContainEqual({
      path: 'changes.no_such_thing',
      message: 'validation.settingUnknown',
    });
    expect(await refused({ net_ip: '10.0.0.1' })).toContainEqual(
      expect.objectContaining({ message: 'validation.settingReadOnly' }),
    );
    // nothing of a refused change went to the device
    const log = (await server.call(control.commands, { equ_sn: item.sn, name: 'settings' }, installer.token))
      .body.data as { total: number };
    expect(log.total).toBe(0);
    // choosing another standard sends its defaults with it
    const vde = gridStandardOf('VDE_AR_N_4105')!;
    const switched = await server.call(
      control.save,
      { equ_sn: item.sn, key: crypto.randomUUID(), changes: { grid_standard: 'VDE_AR_N_4105' } },
      installer.token,
    );
    const id = (switched.body.data as { command_id: string }).command_id;
    const sent = (await server.call(control.command, { command_id: id }, installer.token)).body.data as {
      params: Record<string, unknown>;
    };
    expect(sent.params.ov2_v).toBe(vde.settings.ov2_v.default);
    await device.close();
  });

  it('an end user changes the battery and export groups of their own device only; a grantee serves like an installer', async () => {
    const owner = await createAccount(server, installer, RoleId.endUser, installer.userId, 'own');
    const item = await newDevice(installer, {}, owner.userId);
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    const { device } = await answeringDevice(item, ceiValues());
    const read = await server.call(control.read, { equ_sn: item.sn }, owner.token);
    expect(read.body.code).toBe(1);
    await finished((read.body.data as { command_id: string }).command_id, owner.token);
    const view = (await server.call(control.settings, { equ_sn: item.sn }, owner.token)).body.data as {
      writable_groups: string[];
    };
    expect(view.writable_groups.sort()).toEqual(['battery', 'export']);
    expect((await unlock(owner, item.sn)).body.code).toBe(1);
    const grid = await server.call(
      control.save,
      { equ_sn: item.sn, key: crypto.randomUUID(), changes: { ov1_v: cei.settings.ov1_v.default } },
      owner.token,
    );
    expect(grid.body.msg).toBe('9001');
    const exportLimit = await server.call(
      control.save,
      { equ_sn: item.sn, key: crypto.randomUUID(), changes: { export_limit_w: 3000 } },
      owner.token,
    );
    expect(exportLimit.body.code).toBe(1);
    // a name the device does not have is a field error, not a refusal of rights
    const unknown = await server.call(
      control.save,
      { equ_sn: item.sn, key: crypto.randomUUID(), changes: { no_such_setting: 1 } },
      owner.token,
    );
    expect(unknown.body.msg).toBe('200005');
    expect((await server.call(control.restart, { equ_sn: item.sn }, owner.token)).body.msg).toBe('9001');
    expect(
      (await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: 'x-pass-9' }, owner.token)).body
        .msg,
    ).toBe('9001');
    expect((await server.call(control.diagnostics, { equ_sn: item.sn }, owner.token)).body.msg).toBe('9001');
    await device.close();
  });
});

describe('a grantee', () => {
  it('serves a granted station like an installer, but never owns it: no device password of its own setting', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    const { device } = await answeringDevice(item, ceiValues());
    const servicer = await registerAccount(server, RoleId.installer, 'svc');
    expect((await server.call(control.settings, { equ_sn: item.sn }, servicer.token)).body.msg).toBe('9001');
    const asked = await server.call(message.requestAdd, { sn: item.sn, note: 'service' }, servicer.token);
    const requestId = (asked.body.data as { request_id: number }).request_id;
    expect(
      (await server.call(message.requestAnswer, { request_id: requestId, answer: 'pass' }, installer.token))
        .body.code,
    ).toBe(1);
    const read = await server.call(control.read, { equ_sn: item.sn }, servicer.token);
    await finished((read.body.data as { command_id: string }).command_id, servicer.token);
    const view = (await server.call(control.settings, { equ_sn: item.sn }, servicer.token)).body.data as {
      writable_groups: string[];
    };
    expect(view.writable_groups.sort()).toEqual(['battery', 'export', 'grid', 'system']);
    expect((await unlock(servicer, item.sn)).body.code).toBe(1);
    const grid = await server.call(
      control.save,
      { equ_sn: item.sn, key: crypto.randomUUID(), changes: { ov1_s: cei.settings.ov1_s.min } },
      servicer.token,
    );
    expect(grid.body.code).toBe(1);
    expect((await server.call(control.diagnostics, { equ_sn: item.sn }, servicer.token)).body.code).toBe(1);
    expect(
      (await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: 'taken-over' }, servicer.token))
        .body.msg,
    ).toBe('9001');
    await device.close();
  });
});

describe('commands under way', () => {
  it('a command for an offline device waits, goes out when it is back, and expires after the configured time', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn);
    const restart = await server.call(control.restart, { equ_sn: item.sn }, installer.token);
    const waiting = restart.body.data as { command_id: string; state: string };
    expect(waiting.state).toBe('pending');
    const view = (await server.call(control.settings, { equ_sn: item.sn }, installer.token)).body.data as {
      command_ttl_h: number;
    };
    expect(view.command_ttl_h).toBe(1);
    const { device, received } = await answeringDevice(item, ceiValues());
    await vi.waitFor(() => expect(received.map((command) => command.id)).toContain(waiting.command_id));
    expect((await finished(waiting.command_id)).state).toBe('succeeded');
    await device.close();

    const away = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: away.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, away.sn);
    const lost = await server.call(control.restart, { equ_sn: away.sn }, installer.token);
    server.clock.advance(61 * 60_000);
    await server.jobs.runAllNow();
    expect((await finished((lost.body.data as { command_id: string }).command_id)).state).toBe('expired');
  });

  it('debugging: 8001 while a session runs, 240000 for a device that cannot switch, and stop', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn);
    const started = await server.call(
      control.debug,
      { equ_sn: item.sn, action: 'start', minutes: 10 },
      installer.token,
    );
    expect(started.body.code).toBe(1);
    const sent = (await server.call(control.command, started.body.data, installer.token)).body.data as {
      params: Record<string, unknown>;
    };
    expect(sent.params).toEqual({ action: 'start', interval_s: 10, duration_s: 600 });
    expect(
      (await server.call(control.debug, { equ_sn: item.sn, action: 'start' }, installer.token)).body.msg,
    ).toBe('8001');
    const view = (await server.call(control.settings, { equ_sn: item.sn }, installer.token)).body.data as {
      debug_until: string | null;
    };
    expect(view.debug_until).not.toBeNull();
    expect(
      (await server.call(control.debug, { equ_sn: item.sn, action: 'stop' }, installer.token)).body.code,
    ).toBe(1);
    expect(
      (await server.call(control.debug, { equ_sn: item.sn, action: 'start' }, installer.token)).body.code,
    ).toBe(1);
    expect(
      (await server.call(control.debug, { equ_sn: item.sn, action: 'start', minutes: 500 }, installer.token))
        .body.msg,
    ).toBe('200005');

    const meter = await newDevice(installer, { device_type: 6 });
    await server.call(control.setDevicePassword, { equ_sn: meter.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, meter.sn);
    expect(
      (await server.call(control.debug, { equ_sn: meter.sn, action: 'start' }, installer.token)).body.msg,
    ).toBe('240000');
  });

  it('network: a static address needs every field, with the gateway in its subnet', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn);
    const send = (body: Record<string, unknown>) =>
      server.call(control.network, { equ_sn: item.sn, key: crypto.randomUUID(), ...body }, installer.token);
    const missing = await send({ dhcp: false, ip: '192.168.1.20' });
    expect(missing.body.msg).toBe('200005');
    const issues = (missing.body.data as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((issue) => issue.message).sort()).toEqual(
      ['validation.dnsRequired', 'validation.gatewayRequired', 'validation.maskRequired'].sort(),
    );
    const elsewhere = await send({
      dhcp: false,
      ip: '192.168.1.20',
      mask: '255.255.255.0',
      gateway: '192.168.2.1',
      dns: '1.1.1.1',
    });
    expect((elsewhere.body.data as { issues: { message: string }[] }).issues).toContainEqual(
      expect.objectContaining({ message: 'validation.gatewaySubnet' }),
    );
    const good = await send({
      dhcp: false,
      ip: '192.168.1.20',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns: '1.1.1.1',
    });
    expect(good.body.code).toBe(1);
    const sent = (await server.call(control.command, good.body.data, installer.token)).body.data as {
      params: Record<string, unknown>;
    };
    expect(sent.params).toEqual({
      dhcp: false,
      ip: '192.168.1.20',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns: '1.1.1.1',
    });
  });
});

describe('the self-test report', () => {
  it('is mailed to the requester about 15 minutes after the start, in their language, with the rows as .xlsx and a link', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    const { device, behaviour } = await answeringDevice(item, ceiValues());
    const read = await server.call(control.read, { equ_sn: item.sn }, installer.token);
    await finished((read.body.data as { command_id: string }).command_id);
    await unlock(installer, item.sn);
    const started = await server.call(control.selfTest, { equ_sn: item.sn }, installer.token);
    expect(started.body.code).toBe(1);
    const commandId = (started.body.data as { command_id: string }).command_id;
    const rows: SelfTestRow[] = [
      { test: 'ov1', limit: 253, limit_s: 603, measured: 253.4, trip_s: 598, pass: true },
      { test: 'ov2', limit: 264.5, limit_s: 0.2, measured: 264.1, trip_s: 0.16, pass: true },
    ];
    void behaviour;
    await device.publish('reply', {
      id: commandId,
      ts: Date.now(),
      state: 'succeeded',
      report: rows,
      message: 'self-test passed',
    });
    await finished(commandId);
    const report = (await server.call(control.selfTestReport, { command_id: commandId }, installer.token))
      .body.data as {
      passed: boolean;
      rows: SelfTestRow[];
      grid_standard: string;
    };
    expect(report).toMatchObject({ passed: true, grid_standard: 'CEI_0_21' });
    expect(report.rows).toEqual(rows);

    const since = new Date();
    await server.jobs.runDue();
    expect(
      smtp.received.filter(
        (mail) => mail.to.includes(installer.email.toLowerCase()) && mail.receivedAt >= since,
      ),
    ).toEqual([]);
    server.clock.advance(15 * 60_000 + 1000);
    await server.jobs.runDue();
    const mail = await smtp.waitForMail(installer.email, since);
    expect(mail.subject).toContain(item.sn);
    expect(mail.text).toContain(`report=${commandId}`);
    const [file] = mail.attachments;
    expect(file?.filename).toBe(`self-test-${item.sn}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file!.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(2).value).toBe(253);
    expect(sheet.getRow(3).getCell(4).value).toBe(264.1);
    await device.close();
  });
});

describe('diagnostics', () => {
  it('the installer sees the device’s refused messages with the reason, never the payload', async () => {
    const item = await newDevice();
    const device = await connectDevice(broker, item.sn, item.credentials.password);
    await device.publish('telemetry', {
      ts: Date.now(),
      seq: 1,
      values: { pv_power_w: 'lots', secret_marker: 'xyz' },
    });
    await device.publish('telemetry', {
      ts: server.clock.now().getTime() + 3_600_000,
      seq: 2,
      values: { pv_power_w: 100 },
    });
    // a code outside the inverter's fault catalogue: refused, never an alarm
    await device.publish('alarm', { ts: server.clock.now().getTime(), seq: 3, event: 'raise', code: 65000 });
    await vi.waitFor(
      async () => {
        const answer = await server.call(control.diagnostics, { equ_sn: item.sn }, installer.token);
        const list = (answer.body.data as { list: { kind: string; detail: string; topic: string }[] }).list;
        expect(list.map((entry) => entry.kind).sort()).toEqual(['clock_ahead', 'schema', 'unknown_code']);
        expect(JSON.stringify(list)).not.toContain('xyz');
        expect(list[0]!.topic).toContain(item.sn);
      },
      { timeout: 5000 },
    );
    await device.close();
  });
});

describe('the operation log', () => {
  it('records unlocks and commands, never the password', async () => {
    const item = await newDevice();
    await server.call(control.setDevicePassword, { equ_sn: item.sn, pwd: PASSWORD }, installer.token);
    await unlock(installer, item.sn, 'nope-nope');
    await unlock(installer, item.sn);
    await server.call(control.restart, { equ_sn: item.sn }, installer.token);
    const rows = await server.database.db.execute(
      `select action, target, detail::text as detail from operation_log where target = '${item.sn}' order by log_id` as never,
    );
    const list = (rows as unknown as { rows: { action: string; detail: string }[] }).rows.filter(
      (row) => row.action !== 'device_add',
    );
    expect(list.map((row) => row.action)).toEqual([
      'device_password_set',
      'device_unlock_failed',
      'device_unlock',
      'device_command',
    ]);
    expect(JSON.stringify(list)).not.toContain(PASSWORD);
  });
});
