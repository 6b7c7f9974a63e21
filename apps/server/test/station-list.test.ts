import { type StationItem, station } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * api/station/list, its columns and the status counts. Tenant T holds five stations whose devices
 * are put in known states (as the device link would); tenant O holds one that T must never see.
 */
let server: TestServer;
let t1: Account;
let t2: Account;
let tUser: Account;
let t2User: Account;
let other: Account;
/** T's stations by label. */
const s: Record<string, StationItem> = {};

async function setDevice(deviceId: number, status: string, lastUpdateAt: string | null = null) {
  await server.database.db.execute(
    sql`update devices set status = ${status}, last_update_at = ${lastUpdateAt} where device_id = ${deviceId}`,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  t1 = await registerAccount(server, 1, 't1');
  t2 = await createAccount(server, t1, 1, undefined, 't2');
  tUser = await createAccount(server, t1, 2, undefined, 'tuser');
  t2User = await createAccount(server, t2, 2, undefined, 't2user');
  other = await registerAccount(server, 1, 'other');
  const bound = { installer_id: t1.userId, end_user_id: tUser.userId };
  // created in this order, so "newest first" is alarm, online, offline, empty, wallbox
  s.wallbox = await addStation(server, t1.token, {
    ...bound,
    station_name: 'Echo 100%',
    station_type: 8,
    capacity_kwp: 7,
  });
  s.empty = await addStation(server, t1.token, { ...bound, station_name: 'delta', capacity_kwp: 1 });
  s.offline = await addStation(server, t2.token, {
    installer_id: t2.userId,
    end_user_id: t2User.userId,
    station_name: 'Charlie',
    capacity_kwp: 30,
  });
  s.online = await addStation(server, t1.token, {
    ...bound,
    station_name: 'bravo',
    station_type: 1,
    capacity_kwp: 5,
  });
  s.alarm = await addStation(server, t1.token, { ...bound, station_name: 'Alpha', capacity_kwp: 12.5 });
  await addStation(server, other.token, {
    station_name: 'Alpha',
    end_user_id: (await createAccount(server, other, 2)).userId,
  });

  await addDevice(server, t1.token, s.wallbox.station_id, { device_type: 4 });
  const offline = await addDevice(server, t2.token, s.offline.station_id);
  const online = await addDevice(server, t1.token, s.online.station_id);
  const onlineToo = await addDevice(server, t1.token, s.online.station_id, { device_type: 6 });
  const alarm = await addDevice(server, t1.token, s.alarm.station_id);
  const alarmsOnline = await addDevice(server, t1.token, s.alarm.station_id, { device_type: 2 });
  await setDevice(offline.device_id, 'offline', '2024-06-01T10:00:00.000Z');
  await setDevice(online.device_id, 'online', '2024-06-02T10:00:00.000Z');
  await setDevice(onlineToo.device_id, 'offline', '2024-06-03T10:00:00.000Z');
  await setDevice(alarm.device_id, 'alarm');
  await setDevice(alarmsOnline.device_id, 'online');
});
afterAll(() => server.close());

async function names(body: Record<string, unknown>, token = t1.token): Promise<string[]> {
  const answer = await server.call(station.list, body, token);
  if (answer.body.code !== 1) throw new Error(JSON.stringify(answer.body));
  return (answer.body.data as { list: StationItem[] }).list.map((item) => item.station_name);
}

describe('api/station/list', () => {
  it('lists exactly the caller’s stations, newest first, paged', async () => {
    const answer = await server.call(station.list, { page: 2, page_size: 2 }, t1.token);
    expect(answer.body.data).toMatchObject({ total: 5 });
    expect(await names({ page: 2, page_size: 2 })).toEqual(['Charlie', 'delta']);
    expect(await names({ page_size: 200 })).toEqual(['Alpha', 'bravo', 'Charlie', 'delta', 'Echo 100%']);
    expect(await names({ page: 9 })).toEqual([]);
    // a sub-installer and an end user see their part of the tree only
    expect(await names({}, t2.token)).toEqual(['Charlie']);
    expect(await names({}, tUser.token)).toEqual(['Alpha', 'bravo', 'delta', 'Echo 100%']);
  });

  it('derives each status from the devices, with the newest report and empty live columns', async () => {
    const answer = await server.call(station.list, { page_size: 200 }, t1.token);
    const items = new Map((answer.body.data as { list: StationItem[] }).list.map((i) => [i.station_name, i]));
    expect(items.get('Alpha')).toMatchObject({ status: 'alarm', device_count: 2, last_update_at: null });
    expect(items.get('bravo')).toMatchObject({
      status: 'online',
      last_update_at: '2024-06-03T10:00:00.000Z',
    });
    expect(items.get('Charlie')).toMatchObject({ status: 'offline', device_count: 1 });
    expect(items.get('delta')).toMatchObject({ status: 'no_device', device_count: 0 });
    expect(items.get('Echo 100%')).toMatchObject({
      status: 'offline',
      power_w: null,
      today_energy_kwh: null,
    });
  });

  it.each([
    ['name', 'asc', ['Alpha', 'bravo', 'Charlie', 'delta', 'Echo 100%']],
    ['name', 'desc', ['Echo 100%', 'delta', 'Charlie', 'bravo', 'Alpha']],
    ['capacity', 'asc', ['delta', 'bravo', 'Echo 100%', 'Alpha', 'Charlie']],
    ['created_at', 'asc', ['Echo 100%', 'delta', 'Charlie', 'bravo', 'Alpha']],
    ['status', 'asc', ['Alpha', 'Echo 100%', 'Charlie', 'bravo', 'delta']],
    ['status', 'desc', ['delta', 'bravo', 'Charlie', 'Echo 100%', 'Alpha']],
  ])('sorts by %s %s', async (sortBy, sortOrder, expected) => {
    expect(await names({ sort_by: sortBy, sort_order: sortOrder, page_size: 200 })).toEqual(expected);
  });

  it('searches names case-insensitively, wildcards literally', async () => {
    expect(await names({ keyword: 'ALP' })).toEqual(['Alpha']);
    expect(await names({ keyword: '%' })).toEqual(['Echo 100%']);
    expect(await names({ keyword: '_' })).toEqual([]);
  });

  it('filters by type, status and bound installer; blank filters mean all', async () => {
    expect(await names({ station_type: 8 })).toEqual(['Echo 100%']);
    expect(await names({ status: 'offline' })).toEqual(['Charlie', 'Echo 100%']);
    expect(await names({ status: 'no_device', station_type: 4 })).toEqual(['delta']);
    expect(await names({ installer_id: t2.userId })).toEqual(['Charlie']);
    expect(await names({ station_type: '', status: '', installer_id: '', keyword: '' })).toHaveLength(5);
  });

  it('refuses unknown filter values and foreign installers', async () => {
    expect((await server.call(station.list, { status: 'burning' }, t1.token)).body.msg).toBe('200005');
    expect((await server.call(station.list, { station_type: 3 }, t1.token)).body.msg).toBe('3007');
    expect((await server.call(station.list, { sort_by: 'owner' }, t1.token)).body.msg).toBe('200005');
    expect((await server.call(station.list, { page_size: 201 }, t1.token)).body.msg).toBe('200005');
    expect((await server.call(station.list, { installer_id: other.userId }, t1.token)).body.msg).toBe('9001');
    expect((await server.call(station.list, { installer_id: t1.userId }, t2.token)).body.msg).toBe('9001');
  });
});

describe('api/station/stationStat and api/station/equipStat', () => {
  it('count the caller’s stations and devices by status', async () => {
    const stations = await server.call(station.stationStat, {}, t1.token);
    expect(stations.body.data).toEqual({ total: 5, online: 1, offline: 2, alarm: 1, no_device: 1 });
    const devices = await server.call(station.equipStat, {}, t1.token);
    expect(devices.body.data).toEqual({ total: 6, online: 2, offline: 3, alarm: 1 });
    expect((await server.call(station.stationStat, {}, t2.token)).body.data).toEqual({
      total: 1,
      online: 0,
      offline: 1,
      alarm: 0,
      no_device: 0,
    });
    expect((await server.call(station.equipStat, {}, other.token)).body.data).toEqual({
      total: 0,
      online: 0,
      offline: 0,
      alarm: 0,
    });
  });
});

describe('api/station/list/columns', () => {
  it('answers the default until a user saves a choice, per user and in the chosen order', async () => {
    const fresh = await server.call(station.listColumns, {}, t2.token);
    expect(fresh.body.data).toEqual({ columns: [...station.defaultStationListColumns], is_default: true });
    const chosen = ['status', 'station_name', 'device_count'];
    expect((await server.call(station.listColumns, { columns: chosen }, t2.token)).body.data).toEqual({
      columns: chosen,
      is_default: false,
    });
    expect((await server.call(station.listColumns, {}, t2.token)).body.data).toEqual({
      columns: chosen,
      is_default: false,
    });
    expect((await server.call(station.listColumns, {}, t1.token)).body.data).toMatchObject({
      is_default: true,
    });
    const changed = ['station_name'];
    await server.call(station.listColumns, { columns: changed }, t2.token);
    expect((await server.call(station.listColumns, {}, t2.token)).body.data).toMatchObject({
      columns: changed,
    });
  });

  it('refuses unknown, repeated, none or more than 20 columns (200005), keeping the saved ones', async () => {
    await server.call(station.listColumns, { columns: ['station_name', 'status'] }, tUser.token);
    const refused = [
      ['station_name', 'owner'],
      ['status', 'status'],
      [],
      station.stationListColumnIds.slice(0, 21),
    ];
    for (const columns of refused) {
      const answer = await server.call(station.listColumns, { columns }, tUser.token);
      expect(answer.body.msg, JSON.stringify(columns)).toBe('200005');
    }
    const limit = await server.call(
      station.listColumns,
      { columns: station.stationListColumnIds.slice(0, 21) },
      tUser.token,
    );
    expect((limit.body.data as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'validation.selectionLimit',
    );
    const kept = await server.call(station.listColumns, {}, tUser.token);
    expect(kept.body.data).toEqual({ columns: ['station_name', 'status'], is_default: false });
  });

  it('lets the shared demo account read the columns but not save them (9001)', async () => {
    const demo = await server.login();
    expect((await server.call(station.listColumns, {}, demo)).body.data).toMatchObject({ is_default: true });
    expect((await server.call(station.listColumns, { columns: ['status'] }, demo)).body.msg).toBe('9001');
  });
});
