import {
  type DeviceItem,
  device,
  MAX_DEVICES_PER_STATION,
  type StationItem,
  station,
} from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRepository } from '../src/domains/devices/repository.ts';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addDevice, addStation, deviceForm, uniqueSn } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** api/device/add and api/device/unbind: the SN scheme, the fleet rules, uniqueness and races. */
let server: TestServer;
let a1: Account;
let aUser: Account;
let b1: Account;
let bStation: StationItem;
beforeAll(async () => {
  server = await startTestServer();
  a1 = await registerAccount(server, 1, 'a1');
  aUser = await createAccount(server, a1, 2, undefined, 'auser');
  b1 = await registerAccount(server, 1, 'b1');
  bStation = await addStation(server, b1.token, { installer_id: b1.userId });
});
afterAll(() => server.close());

/** A new station of tenant A of the given type. */
const stationOf = (stationType: number) =>
  addStation(server, a1.token, { station_type: stationType, end_user_id: aUser.userId });
const register = (stationId: number, overrides: Record<string, unknown> = {}, token = a1.token) =>
  server.call(device.add, deviceForm(stationId, overrides), token);

async function registrations(sn: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.database.db,
    sql`select count(*)::int as n from devices where sn = ${sn}`,
  );
  return row?.n ?? 0;
}

describe('the SN scheme', () => {
  it('takes an SN trimmed and upper-cased, and answers the registered device', async () => {
    const { station_id } = await stationOf(4);
    const sn = uniqueSn('INV');
    const answer = await register(station_id, {
      sn: `  ${sn.toLowerCase()} `,
      model: 'H-6000',
      firmware_version: 'V1.2.3',
      module_sn: 'WIFI-001',
      modbus_address: '3',
      rs485_position: 2,
      rated_power_w: 6000,
    });
    expect(answer.body.data).toMatchObject({
      sn,
      device_type: 1,
      model: 'H-6000',
      firmware_version: 'V1.2.3',
      module_sn: 'WIFI-001',
      modbus_address: 3,
      rs485_position: 2,
      rated_power_w: 6000,
      status: 'offline',
      active_power_w: null,
      today_energy_kwh: null,
      total_energy_kwh: null,
      last_update_at: null,
      station_id,
      station_type: 4,
    });
  });

  it.each(['', 'INV123', 'XYZ2024A000123', 'INV2024-A00012', `INV${'A'.repeat(17)}`])(
    '%j is no SN at all: 4002',
    async (sn) => {
      const { station_id } = await stationOf(4);
      expect((await register(station_id, { sn })).body.msg).toBe('4002');
    },
  );

  it('a well-formed SN of another device type is 2002; an unknown device type 200301', async () => {
    const { station_id } = await stationOf(4);
    expect((await register(station_id, { sn: uniqueSn('BAT'), device_type: 1 })).body.msg).toBe('2002');
    expect((await register(station_id, { sn: uniqueSn('INV'), device_type: 5 })).body.msg).toBe('200301');
    const fields = await register(station_id, { model: '', modbus_address: 248, rs485_position: 0 });
    expect(fields.body.msg).toBe('200005');
    expect((fields.body.data as { issues: { path: string; message: string }[] }).issues).toEqual([
      { path: 'model', message: 'validation.modelRequired' },
      { path: 'modbus_address', message: 'validation.modbusAddressRange' },
      { path: 'rs485_position', message: 'validation.rs485PositionRange' },
    ]);
  });
});

describe('what a station takes', () => {
  it.each([
    [1, 2],
    [5, 1],
    [8, 1],
    [9, 1],
    [1, 4],
  ])('a station of type %i refuses device type %i: 3002', async (stationType, deviceType) => {
    const { station_id } = await stationOf(stationType);
    expect((await register(station_id, { device_type: deviceType })).body.msg).toBe('3002');
  });

  it('a wallbox station holds one device (3004), any station one meter (6004)', async () => {
    const wallbox = await stationOf(8);
    await addDevice(server, a1.token, wallbox.station_id, { device_type: 4 });
    expect((await register(wallbox.station_id, { device_type: 4 })).body.msg).toBe('3004');
    const ess = await stationOf(6);
    await addDevice(server, a1.token, ess.station_id, { device_type: 6 });
    expect((await register(ess.station_id, { device_type: 6 })).body.msg).toBe('6004');
    expect((await register(ess.station_id, { device_type: 4 })).body.code).toBe(1);
  });

  it(`holds at most ${MAX_DEVICES_PER_STATION} devices: 200308`, async () => {
    const { station_id } = await stationOf(4);
    for (let i = 0; i < MAX_DEVICES_PER_STATION; i++) await addDevice(server, a1.token, station_id);
    expect((await register(station_id)).body.msg).toBe('200308');
    const detail = await server.call(station.stationDetail, { station_id }, a1.token);
    expect((detail.body.data as StationItem).device_count).toBe(MAX_DEVICES_PER_STATION);
  });

  it('one device per RS485 position and per Modbus address in a station: 200307', async () => {
    const first = await stationOf(4);
    await addDevice(server, a1.token, first.station_id, { rs485_position: 1, modbus_address: 10 });
    expect((await register(first.station_id, { rs485_position: 1 })).body.msg).toBe('200307');
    expect((await register(first.station_id, { modbus_address: 10, rs485_position: 2 })).body.msg).toBe(
      '200307',
    );
    const second = await stationOf(4);
    expect((await register(second.station_id, { rs485_position: 1, modbus_address: 10 })).body.code).toBe(1);
  });

  it('changing a station’s type must keep its devices acceptable: 3002, 3004', async () => {
    const created = await stationOf(4);
    await addDevice(server, a1.token, created.station_id, { device_type: 2 });
    await addDevice(server, a1.token, created.station_id, { device_type: 1 });
    const toOnGrid = { ...created, station_type: 1, photo_id: undefined };
    expect((await server.call(station.edit, toOnGrid, a1.token)).body.msg).toBe('3002');
    const mixed = await stationOf(6);
    await addDevice(server, a1.token, mixed.station_id, { device_type: 4 });
    await addDevice(server, a1.token, mixed.station_id, { device_type: 4 });
    const toWallbox = { ...mixed, station_type: 8, photo_id: undefined };
    expect((await server.call(station.edit, toWallbox, a1.token)).body.msg).toBe('3004');
  });
});

describe('an SN is registered once', () => {
  it('again in the caller’s scope is 200306; on another tenant’s station 2001', async () => {
    const mine = await stationOf(4);
    const taken = await addDevice(server, a1.token, mine.station_id);
    const elsewhere = await stationOf(1);
    expect((await register(elsewhere.station_id, { sn: taken.sn })).body.msg).toBe('200306');
    expect((await register(mine.station_id, { sn: taken.sn.toLowerCase() })).body.msg).toBe('200306');
    const theirs = await addDevice(server, b1.token, bStation.station_id);
    expect((await register(mine.station_id, { sn: theirs.sn })).body.msg).toBe('2001');
    expect(await registrations(theirs.sn)).toBe(1);
  });

  it('a refused registration leaves nothing behind', async () => {
    const wallbox = await stationOf(8);
    const sn = uniqueSn('INV');
    expect((await register(wallbox.station_id, { sn })).body.msg).toBe('3002');
    expect(await registrations(sn)).toBe(0);
    const ess = await stationOf(4);
    expect((await register(ess.station_id, { sn })).body.code).toBe(1);
  });

  it('concurrent registrations cannot break a rule: one wins, the others are refused', async () => {
    const targets = await Promise.all([1, 2, 3, 4].map(() => stationOf(4)));
    const sn = uniqueSn('INV');
    const sameSn = await Promise.all(targets.map((target) => register(target.station_id, { sn })));
    expect(sameSn.map((answer) => answer.body.msg).sort()).toEqual(['0000', '200306', '200306', '200306']);
    expect(await registrations(sn)).toBe(1);

    const { station_id } = await stationOf(4);
    const meters = await Promise.all([1, 2, 3].map(() => register(station_id, { device_type: 6 })));
    expect(meters.map((answer) => answer.body.msg).sort()).toEqual(['0000', '6004', '6004']);
    const positions = await Promise.all([1, 2, 3].map(() => register(station_id, { rs485_position: 7 })));
    expect(positions.map((answer) => answer.body.msg).sort()).toEqual(['0000', '200307', '200307']);
    const wallbox = await stationOf(8);
    const piles = await Promise.all([1, 2, 3].map(() => register(wallbox.station_id, { device_type: 4 })));
    expect(piles.map((answer) => answer.body.msg).sort()).toEqual(['0000', '3004', '3004']);
  });
});

describe('the database backstop', () => {
  it('answers a unique index a racing registration hit as a conflict, never an error', async () => {
    const repo = devicesRepository(server.database.db);
    const { station_id } = await stationOf(6);
    const meter = await addDevice(server, a1.token, station_id, { device_type: 6, rs485_position: 4 });
    const values = { stationId: station_id, sn: uniqueSn('MTR'), deviceType: 6, model: 'M' };
    const pass = () => {};
    expect(await repo.register({ ...values, sn: meter.sn, deviceType: 1 }, pass)).toEqual({ conflict: 'sn' });
    expect(await repo.register(values, pass)).toEqual({ conflict: 'meter' });
    expect(await repo.register({ ...values, deviceType: 1, rs485Position: 4 }, pass)).toEqual({
      conflict: 'bus',
    });
    expect(await registrations(values.sn)).toBe(0);
  });
});

describe('api/device/unbind', () => {
  it('removes the registration: the SN is free again', async () => {
    const { station_id } = await stationOf(4);
    const registered = await addDevice(server, a1.token, station_id);
    expect(
      (await server.call(device.unbind, { device_id: registered.device_id }, a1.token)).body,
    ).toMatchObject({
      code: 1,
      data: null,
    });
    expect((await server.call(device.detail, { device_id: registered.device_id }, a1.token)).body.msg).toBe(
      '9001',
    );
    expect((await register(station_id, { sn: registered.sn })).body.code).toBe(1);
  });

  it('lets an end user register and remove devices on its own station only', async () => {
    const own = await addStation(server, aUser.token, { station_type: 8 });
    const pile = (await register(own.station_id, { device_type: 4 }, aUser.token)).body.data as DeviceItem;
    expect(pile).toMatchObject({ station_id: own.station_id, device_type: 4 });
    const installers = await stationOf(4);
    expect((await register(bStation.station_id, {}, aUser.token)).body.msg).toBe('9001');
    expect((await server.call(device.unbind, { device_id: pile.device_id }, b1.token)).body.msg).toBe('9001');
    expect((await server.call(device.unbind, { device_id: pile.device_id }, aUser.token)).body.code).toBe(1);
    // the installer's station bound to the end user is the end user's too
    expect((await register(installers.station_id, {}, aUser.token)).body.code).toBe(1);
  });

  it('answers 9001 for another tenant’s device and an unknown id, changing nothing', async () => {
    const theirs = await addDevice(server, b1.token, bStation.station_id);
    expect((await server.call(device.unbind, { device_id: theirs.device_id }, a1.token)).body.msg).toBe(
      '9001',
    );
    expect((await server.call(device.unbind, { device_id: 2_000_000_000 }, a1.token)).body.msg).toBe('9001');
    expect(await registrations(theirs.sn)).toBe(1);
  });
});
