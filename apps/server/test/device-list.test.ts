import { type DeviceItem, device } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** api/device/list and api/device/detail over two stations of tenant T and one of tenant O. */
let server: TestServer;
let t1: Account;
let tUser: Account;
let other: Account;
const d: Record<string, DeviceItem> = {};
let roofId: number;
let garageId: number;

beforeAll(async () => {
  server = await startTestServer();
  t1 = await registerAccount(server, 1, 't1');
  tUser = await createAccount(server, t1, 2, undefined, 'tuser');
  other = await registerAccount(server, 1, 'other');
  const roof = await addStation(server, t1.token, {
    station_name: 'Roof',
    station_type: 6,
    installer_id: t1.userId,
  });
  const garage = await addStation(server, t1.token, {
    station_name: 'Garage',
    station_type: 8,
    end_user_id: tUser.userId,
  });
  const foreign = await addStation(server, other.token, {
    station_name: 'Foreign',
    installer_id: other.userId,
  });
  roofId = roof.station_id;
  garageId = garage.station_id;
  d.inverter = await addDevice(server, t1.token, roofId, { sn: 'INV0000000002' });
  d.battery = await addDevice(server, t1.token, roofId, { device_type: 2, sn: 'BAT0000000001' });
  d.meter = await addDevice(server, t1.token, roofId, { device_type: 6, sn: 'MTR0000000003' });
  d.pile = await addDevice(server, t1.token, garageId, { device_type: 4, sn: 'EVC0000000009' });
  d.foreign = await addDevice(server, other.token, foreign.station_id, { sn: 'INV0000000001' });
  await server.database.db.execute(
    sql`update devices set status = 'online' where device_id = ${d.battery.device_id}`,
  );
  await server.database.db.execute(
    sql`update devices set status = 'alarm' where device_id = ${d.pile.device_id}`,
  );
});
afterAll(() => server.close());

async function sns(body: Record<string, unknown>, token = t1.token): Promise<string[]> {
  const answer = await server.call(device.list, body, token);
  if (answer.body.code !== 1) throw new Error(JSON.stringify(answer.body));
  return (answer.body.data as { list: DeviceItem[] }).list.map((item) => item.sn);
}

describe('api/device/list', () => {
  it('lists the devices on the caller’s stations by station name then SN, paged', async () => {
    expect(await sns({})).toEqual(['EVC0000000009', 'BAT0000000001', 'INV0000000002', 'MTR0000000003']);
    const page = await server.call(device.list, { page: 2, page_size: 3 }, t1.token);
    expect(page.body.data).toMatchObject({ total: 4, list: [{ sn: 'MTR0000000003', station_name: 'Roof' }] });
    expect(await sns({}, tUser.token)).toEqual(['EVC0000000009']);
    expect(await sns({}, other.token)).toEqual(['INV0000000001']);
  });

  it('filters by device type (blank: all), status and station, and searches the SN', async () => {
    expect(await sns({ device_type: 2 })).toEqual(['BAT0000000001']);
    expect(await sns({ device_type: '' })).toHaveLength(4);
    expect(await sns({ device_type: '4', status: 'alarm' })).toEqual(['EVC0000000009']);
    expect(await sns({ status: 'offline' })).toEqual(['INV0000000002', 'MTR0000000003']);
    expect(await sns({ station_id: garageId })).toEqual(['EVC0000000009']);
    expect(await sns({ keyword: 'mtr0' })).toEqual(['MTR0000000003']);
    expect(await sns({ keyword: '0000000001' })).toEqual(['BAT0000000001']);
  });

  it('refuses an unknown type (200301) and another tenant’s station (9001)', async () => {
    expect((await server.call(device.list, { device_type: 5 }, t1.token)).body.msg).toBe('200301');
    const foreign = await server.call(device.list, { station_id: d.foreign!.station_id }, t1.token);
    expect(foreign.body.msg).toBe('9001');
    const notMine = await server.call(device.list, { station_id: roofId }, tUser.token);
    expect(notMine.body.msg).toBe('9001');
  });
});

describe('api/device/detail', () => {
  it('answers the basic information of a device in scope, 9001 otherwise', async () => {
    const answer = await server.call(device.detail, { device_id: d.pile!.device_id }, tUser.token);
    expect(answer.body.data).toEqual({ ...d.pile, status: 'alarm' });
    expect(answer.body.data).toMatchObject({ station_name: 'Garage', station_type: 8, model: 'H-5000' });
    expect(
      (await server.call(device.detail, { device_id: d.inverter!.device_id }, tUser.token)).body.msg,
    ).toBe('9001');
    expect((await server.call(device.detail, { device_id: d.foreign!.device_id }, t1.token)).body.msg).toBe(
      '9001',
    );
    expect((await server.call(device.detail, { device_id: 2_000_000_000 }, t1.token)).body.msg).toBe('9001');
  });
});
