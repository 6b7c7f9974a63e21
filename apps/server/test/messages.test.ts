import {
  type AlarmItem,
  alarm,
  type DeviceItem,
  device,
  type LogItem,
  type MessageItem,
  message,
  type RequestItem,
  type StationItem,
  station,
} from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesRepository } from '../src/domains/messages/repository.ts';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent } from './support/alarms.ts';
import { addDevice, addStation, deviceForm, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * /myLog/myLog over HTTP: authorization requests from the 2001 flow to an enforced answer, system
 * messages, and the operation log with who sees which lines.
 */
let server: TestServer;
/** The holder's tree: a level-1 installer, its end user and their station with one inverter. */
let holder: Account;
let owner: Account;
let held: StationItem;
let heldDevice: DeviceItem;
/** The asking tree: a level-1 installer, its level-2 installer, and its own station. */
let asker: Account;
let askerSub: Account;
let askerStation: StationItem;

beforeAll(async () => {
  server = await startTestServer();
  holder = await registerAccount(server, 1, 'holder');
  owner = await createAccount(server, holder, 2);
  held = await addStation(server, holder.token, { installer_id: holder.userId, end_user_id: owner.userId });
  heldDevice = await addDevice(server, holder.token, held.station_id);
  asker = await registerAccount(server, 1, 'asker');
  askerSub = await createAccount(server, asker, 1);
  askerStation = await addStation(server, asker.token, { installer_id: asker.userId });
  await alarmEvent(server, heldDevice.sn, 'raise', 301, Date.now() - 60_000);
});
afterAll(() => server.close());

async function requests(account: Account, direction: 'sent' | 'received') {
  const answer = await server.call(message.requestList, { direction }, account.token);
  return (answer.body.data as { list: RequestItem[] }).list;
}

async function messagesOf(account: Account, kind?: string) {
  const answer = await server.call(message.list, { kind, page_size: 200 }, account.token);
  return (answer.body.data as { list: MessageItem[] }).list;
}

describe('authorization requests', () => {
  let requestId: number;

  it('starts where registering a foreign SN answers 2001: pending, the station not shown to the asker', async () => {
    const refused = await server.call(
      device.add,
      deviceForm(askerStation.station_id, { sn: heldDevice.sn }),
      asker.token,
    );
    expect(refused.body.msg).toBe('2001');
    const asked = await server.call(
      message.requestAdd,
      { sn: heldDevice.sn.toLowerCase(), note: 'I service this plant now' },
      asker.token,
    );
    expect(asked.body.code).toBe(1);
    const item = asked.body.data as RequestItem;
    expect(item).toMatchObject({
      direction: 'sent',
      state: 'pending_review',
      sn: heldDevice.sn,
      station_id: null,
      station_name: null,
      requester_id: asker.userId,
      note: 'I service this plant now',
      answered_at: null,
    });
    requestId = item.request_id;
    expect((await server.call(message.requestAdd, { sn: heldDevice.sn }, asker.token)).body.msg).toBe('7005');
    expect((await server.call(message.requestAdd, { sn: heldDevice.sn }, askerSub.token)).body.code).toBe(1);
  });

  it('the holder and the station’s end user see it, with a message each', async () => {
    for (const account of [holder, owner]) {
      const [received] = (await requests(account, 'received')).filter(
        (item) => item.request_id === requestId,
      );
      expect(received).toMatchObject({
        direction: 'received',
        state: 'pending_review',
        station_id: held.station_id,
        station_name: held.station_name,
        requester_name: asker.userName,
      });
      const [notice] = (await messagesOf(account, 'authorization')).filter(
        (item) => item.request_id === requestId,
      );
      expect(notice).toMatchObject({
        event: 'request_received',
        actor_name: asker.userName,
        sn: heldDevice.sn,
      });
    }
    expect((await requests(asker, 'sent')).map((item) => item.request_id)).toContain(requestId);
    expect(await requests(asker, 'received')).toEqual([]);
  });

  it('before an answer the asker reaches nothing of the station, and cannot answer', async () => {
    expect(
      (await server.call(station.stationDetail, { station_id: held.station_id }, asker.token)).body.msg,
    ).toBe('9001');
    const listed = await server.call(alarm.list, {}, asker.token);
    expect((listed.body.data as { total: number }).total).toBe(0);
    const self = await server.call(
      message.requestAnswer,
      { request_id: requestId, answer: 'pass' },
      asker.token,
    );
    expect(self.body.msg).toBe('9001');
  });

  it('pass gives the asker (and installers above it) read and service access, never ownership', async () => {
    const passed = await server.call(
      message.requestAnswer,
      { request_id: requestId, answer: 'pass' },
      owner.token,
    );
    expect(passed.body.data).toMatchObject({ state: 'pass', answered_by_name: owner.userName });
    const again = await server.call(
      message.requestAnswer,
      { request_id: requestId, answer: 'permanent_rejection' },
      holder.token,
    );
    expect(again.body.msg).toBe('200001');
    const [sent] = (await requests(asker, 'sent')).filter((item) => item.request_id === requestId);
    expect(sent).toMatchObject({
      state: 'pass',
      station_id: held.station_id,
      station_name: held.station_name,
    });
    const [notice] = (await messagesOf(asker, 'authorization')).filter(
      (item) => item.request_id === requestId,
    );
    expect(notice).toMatchObject({ event: 'request_passed', station_name: held.station_name });

    // the grant is the asker's and its installers' above; its sub-installer asked for itself (pending)
    expect(
      (await server.call(station.stationDetail, { station_id: held.station_id }, askerSub.token)).body.msg,
    ).toBe('9001');
    for (const account of [asker]) {
      const detail = await server.call(station.stationDetail, { station_id: held.station_id }, account.token);
      expect(detail.body.data).toMatchObject({ station_id: held.station_id });
      const stations = await server.call(station.list, { page_size: 200 }, account.token);
      expect((stations.body.data as { list: StationItem[] }).list.map((item) => item.station_id)).toContain(
        held.station_id,
      );
      const devices = await server.call(device.list, { station_id: held.station_id }, account.token);
      expect((devices.body.data as { list: DeviceItem[] }).list.map((item) => item.sn)).toEqual([
        heldDevice.sn,
      ]);
      expect(
        (await server.call(device.realtime, { device_id: heldDevice.device_id }, account.token)).body.code,
      ).toBe(1);
    }
    const alarms = await server.call(alarm.list, { station_id: held.station_id }, asker.token);
    const [fan] = (alarms.body.data as { list: AlarmItem[] }).list;
    expect(fan).toMatchObject({ code: 301 });
    const processed = await server.call(
      alarm.processAlarms,
      { alarm_ids: [fan!.alarm_id], opinion: 'Cleaned the fan' },
      asker.token,
    );
    expect(processed.body.code).toBe(1);
    const report = await server.call(
      alarm.reportAdd,
      { station_id: held.station_id, description: 'Fan noisy' },
      asker.token,
    );
    expect(report.body.code).toBe(1);

    // ownership stays with the holder's tree
    const refusals = await Promise.all([
      server.call(station.edit, held, asker.token),
      server.call(station.delStation, { station_id: held.station_id }, asker.token),
      server.call(
        station.bind,
        { station_id: held.station_id, installer_id: asker.userId, end_user_id: owner.userId },
        asker.token,
      ),
      server.call(station.unbind, { station_id: held.station_id, which: 'installer' }, asker.token),
      server.call(device.add, deviceForm(held.station_id), asker.token),
      server.call(device.unbind, { device_id: heldDevice.device_id }, asker.token),
      server.call(device.rotateSecret, { device_id: heldDevice.device_id }, asker.token),
      server.call(message.requestAnswer, { request_id: requestId, answer: 'pass' }, asker.token),
    ]);
    expect(refusals.map((answer) => answer.body.msg)).toEqual(Array(8).fill('9001'));
    expect((await server.call(message.requestAdd, { sn: heldDevice.sn }, asker.token)).body.msg).toBe('4003');
  });

  it('a grant to a sub-installer reaches the installers above it, not its siblings', async () => {
    const second = await addStation(server, holder.token, { installer_id: holder.userId });
    const secondDevice = await addDevice(server, holder.token, second.station_id);
    const sibling = await createAccount(server, asker, 1);
    const asked = await server.call(message.requestAdd, { sn: secondDevice.sn }, askerSub.token);
    const id = (asked.body.data as RequestItem).request_id;
    expect(
      (await server.call(message.requestAnswer, { request_id: id, answer: 'pass' }, holder.token)).body.code,
    ).toBe(1);
    const sees = async (account: Account) =>
      (await server.call(station.stationDetail, { station_id: second.station_id }, account.token)).body
        .code === 1;
    expect(await sees(askerSub)).toBe(true);
    expect(await sees(asker)).toBe(true);
    expect(await sees(sibling)).toBe(false);
    // the level-1 installer's own request for it now answers "already granted"
    expect((await server.call(message.requestAdd, { sn: secondDevice.sn }, asker.token)).body.msg).toBe(
      '4003',
    );
  });

  it('permanent rejection refuses that installer’s later requests for the station', async () => {
    const stranger = await registerAccount(server, 1, 'stranger');
    const asked = await server.call(message.requestAdd, { sn: heldDevice.sn }, stranger.token);
    const id = (asked.body.data as RequestItem).request_id;
    const rejected = await server.call(
      message.requestAnswer,
      { request_id: id, answer: 'permanent_rejection' },
      holder.token,
    );
    expect(rejected.body.data).toMatchObject({ state: 'permanent_rejection' });
    const [notice] = await messagesOf(stranger, 'authorization');
    expect(notice).toMatchObject({ event: 'request_rejected', station_name: null, station_id: null });
    expect((await server.call(message.requestAdd, { sn: heldDevice.sn }, stranger.token)).body.msg).toBe(
      '9001',
    );
    expect(
      (await server.call(station.stationDetail, { station_id: held.station_id }, stranger.token)).body.msg,
    ).toBe('9001');
  });

  it('an unregistered SN is 2004, one in the caller’s scope 200306, a malformed one 4002; end users may not ask', async () => {
    expect((await server.call(message.requestAdd, { sn: 'INV00000000NOBODY' }, asker.token)).body.msg).toBe(
      '2004',
    );
    const own = await addDevice(server, asker.token, askerStation.station_id);
    expect((await server.call(message.requestAdd, { sn: own.sn }, asker.token)).body.msg).toBe('200306');
    expect((await server.call(message.requestAdd, { sn: 'nope' }, asker.token)).body.msg).toBe('4002');
    expect((await server.call(message.requestAdd, { sn: heldDevice.sn }, owner.token)).body.msg).toBe('9001');
  });
});

describe('system messages', () => {
  it('come with their own title and body, unread until read', async () => {
    await messagesRepository(server.database.db).send([owner.userId], {
      kind: 'system',
      event: 'system',
      title: 'Maintenance on Sunday',
      body: 'The portal is unavailable from 02:00 to 03:00 UTC.',
      params: {},
    });
    const [notice] = await messagesOf(owner, 'system');
    expect(notice).toMatchObject({
      kind: 'system',
      event: 'system',
      title: 'Maintenance on Sunday',
      body: 'The portal is unavailable from 02:00 to 03:00 UTC.',
      read: false,
    });
    const counts = await server.call(message.unreadCount, {}, owner.token);
    expect(counts.body.data).toMatchObject({ system: 1 });
  });
});

describe('the operation log', () => {
  async function logOf(account: Account, body: Record<string, unknown> = {}) {
    const answer = await server.call(message.logList, { page_size: 200, ...body }, account.token);
    return answer.body.code === 1 ? (answer.body.data as { list: LogItem[] }).list : answer.body.msg;
  }

  it('records sign-ins, failed sign-ins, stations, bindings, devices and secret rotations, never a secret', async () => {
    const l1 = await registerAccount(server, 1, 'logged');
    const l2 = await createAccount(server, l1, 1);
    const user = await createAccount(server, l1, 2, l2.userId);
    expect(
      (await server.post('api/user/login', { user_name: l2.userName, pwd: 'wrong-password' })).body.msg,
    ).toBe('1002');
    const plant = await addStation(server, l2.token, { installer_id: l2.userId });
    const registered = await registerDevice(server, l2.token, plant.station_id);
    const rotated = await server.call(device.rotateSecret, { device_id: registered.device_id }, l2.token);
    await server.call(
      station.bind,
      { station_id: plant.station_id, installer_id: l2.userId, end_user_id: user.userId },
      l2.token,
    );
    await server.call(station.unbind, { station_id: plant.station_id, which: 'end_user' }, l2.token);
    await server.call(device.unbind, { device_id: registered.device_id }, l2.token);
    await server.call(station.delStation, { station_id: plant.station_id }, l2.token);

    const lines = (await logOf(l2, { user_id: l2.userId })) as LogItem[];
    expect(lines.map((line) => line.action).reverse()).toEqual([
      'sign_in',
      'sign_in_failed',
      'station_add',
      'device_add',
      'device_secret_rotate',
      'station_bind',
      'station_unbind',
      'device_remove',
      'station_delete',
    ]);
    expect(lines.every((line) => line.user_id === l2.userId && line.user_name === l2.userName)).toBe(true);
    const added = lines.find((line) => line.action === 'device_add')!;
    expect(added).toMatchObject({
      station_id: plant.station_id,
      target: registered.sn,
      client_ip: '127.0.0.1',
    });
    expect(lines.find((line) => line.action === 'station_delete')).toMatchObject({
      target: plant.station_name,
    });
    const everything = JSON.stringify(lines);
    for (const secret of [
      registered.credentials.password,
      (rotated.body.data as { password: string }).password,
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('wrong-password');
    expect(everything).not.toContain(l2.password);
  });

  it('is seen by the account and the installers above it, not below or beside', async () => {
    const l1 = await registerAccount(server, 1, 'seen');
    const l2 = await createAccount(server, l1, 1);
    const user = await createAccount(server, l1, 2, l2.userId);
    const actions = (lines: LogItem[] | string) => (lines as LogItem[]).map((line) => line.user_id);
    expect(new Set(actions(await logOf(l1)))).toEqual(new Set([l1.userId, l2.userId, user.userId]));
    expect(new Set(actions(await logOf(l2)))).toEqual(new Set([l2.userId, user.userId]));
    expect(new Set(actions(await logOf(user)))).toEqual(new Set([user.userId]));
    expect(actions(await logOf(l1, { user_id: l2.userId })).every((id) => id === l2.userId)).toBe(true);
    expect(await logOf(l2, { user_id: l1.userId })).toBe('9001');
    expect(await logOf(asker, { user_id: l1.userId })).toBe('9001');
    expect(await logOf(l1, { action: 'sign_in', user_id: user.userId })).toHaveLength(1);
    expect(await logOf(l1, { start_time: '2026-01-01T00:00:00Z', end_time: '2026-03-01T00:00:00Z' })).toBe(
      '200603',
    );
    expect(await logOf(l1, { start_time: '2026-01-01T00:00:00Z' })).toBe('200601');
  });
});
