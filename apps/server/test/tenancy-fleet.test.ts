import { type DeviceItem, device, type StationItem, station } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount, uniqueName } from './support/accounts.ts';
import { addDevice, addStation, deviceForm } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The tenancy matrix of stations and devices: two level-1 installers (A, B), each with a level-2
 * and a level-3 sub-installer and an end user under each level (e1, e2, e3). Each side holds three
 * stations, each with one device: S1 bound to (1, e1), S2 to (2, e2), S3 to (3, e3). Every station
 * and device call is tried by every account against every station and device; only its own tree
 * works, everything else answers 9001 and changes nothing.
 */
let server: TestServer;
const accounts = new Map<string, Account>();
const stations = new Map<string, StationItem>();
const devices = new Map<string, DeviceItem>();

const sides = ['A', 'B'] as const;
const accountLabels = sides.flatMap((side) =>
  ['1', '2', '3', 'e1', 'e2', 'e3'].map((part) => `${side}${part}`),
);
const stationLabels = sides.flatMap((side) => ['S1', 'S2', 'S3'].map((part) => `${side}${part}`));
/** Which accounts reach each station of a side (the installers above its binding, and its end user). */
const reachers: Record<string, string[]> = {
  S1: ['1', 'e1'],
  S2: ['1', '2', 'e2'],
  S3: ['1', '2', '3', 'e3'],
};
const reaches = (actor: string, stationLabel: string) =>
  actor[0] === stationLabel[0] && reachers[stationLabel.slice(1)]!.includes(actor.slice(1));
const isInstaller = (label: string) => !label.includes('e');
const pairs = () => accountLabels.flatMap((actor) => stationLabels.map((target) => [actor, target] as const));

beforeAll(async () => {
  server = await startTestServer();
  for (const side of sides) {
    const l1 = await registerAccount(server, 1, `${side}1`);
    const l2 = await createAccount(server, l1, 1, undefined, `${side}2`);
    const l3 = await createAccount(server, l1, 1, l2.userId, `${side}3`);
    accounts.set(`${side}1`, l1).set(`${side}2`, l2).set(`${side}3`, l3);
    for (const [level, installer] of [l1, l2, l3].entries()) {
      const endUser = await createAccount(server, l1, 2, installer.userId, `${side}e${level + 1}`);
      accounts.set(`${side}e${level + 1}`, endUser);
      const bound = await addStation(server, l1.token, {
        installer_id: installer.userId,
        end_user_id: endUser.userId,
      });
      stations.set(`${side}S${level + 1}`, bound);
      devices.set(`${side}S${level + 1}`, await addDevice(server, l1.token, bound.station_id));
    }
  }
});
afterAll(() => server.close());

describe('station calls across tenants', () => {
  it.each(pairs())('%s → %s: detail, edit, bind, unbind, device list', async (actor, target) => {
    const me = accounts.get(actor)!;
    const plant = stations.get(target)!;
    const detail = await server.call(station.stationDetail, { station_id: plant.station_id }, me.token);
    const edit = await server.call(station.edit, plant, me.token);
    const rebind = {
      station_id: plant.station_id,
      installer_id: plant.installer_id,
      end_user_id: plant.end_user_id,
    };
    const bind = await server.call(station.bind, rebind, me.token);
    const unbind = await server.call(
      station.unbind,
      { station_id: plant.station_id, which: 'both' },
      me.token,
    );
    const list = await server.call(device.list, { station_id: plant.station_id }, me.token);
    if (!reaches(actor, target)) {
      for (const answer of [detail, edit, bind, unbind, list])
        expect(answer.body).toMatchObject({ msg: '9001' });
      expect(detail.body.data).toBeUndefined();
      return;
    }
    expect(detail.body.data).toMatchObject({
      station_id: plant.station_id,
      station_name: plant.station_name,
    });
    expect(edit.body.code).toBe(1);
    expect((list.body.data as { list: DeviceItem[] }).list.map((d) => d.device_id)).toEqual([
      devices.get(target)!.device_id,
    ]);
    expect(bind.body.msg).toBe(isInstaller(actor) ? '0000' : '9001');
    expect(unbind.body.msg).toBe(isInstaller(actor) ? '3006' : '9001');
  });

  it.each(pairs())('%s → %s: api/delStation', async (actor, target) => {
    const me = accounts.get(actor)!;
    const plant = stations.get(target)!;
    if (reaches(actor, target) && isInstaller(actor)) {
      // deleting is allowed: shown on a twin with the same binding, so the matrix keeps its stations
      const twin = await addStation(server, me.token, {
        station_name: uniqueName('Twin'),
        installer_id: plant.installer_id,
        end_user_id: plant.end_user_id,
      });
      expect(
        (await server.call(station.delStation, { station_id: twin.station_id }, me.token)).body.code,
      ).toBe(1);
    } else {
      expect(
        (await server.call(station.delStation, { station_id: plant.station_id }, me.token)).body.msg,
      ).toBe('9001');
    }
  });

  it.each(pairs())('%s → %s: registering a device on the station', async (actor, target) => {
    const me = accounts.get(actor)!;
    const plant = stations.get(target)!;
    // a charging pile does not fit these residential ESS stations: 3002 shows the scope check passed
    const refused = await server.call(device.add, deviceForm(plant.station_id, { device_type: 4 }), me.token);
    expect(refused.body.msg).toBe(reaches(actor, target) ? '3002' : '9001');
  });
});

describe('device calls across tenants', () => {
  it.each(pairs())('%s → device of %s: detail and unbind', async (actor, target) => {
    const me = accounts.get(actor)!;
    const theirs = devices.get(target)!;
    const detail = await server.call(device.detail, { device_id: theirs.device_id }, me.token);
    if (!reaches(actor, target)) {
      expect(detail.body).toMatchObject({ code: 400, msg: '9001' });
      const unbind = await server.call(device.unbind, { device_id: theirs.device_id }, me.token);
      expect(unbind.body.msg).toBe('9001');
      return;
    }
    expect(detail.body.data).toEqual(theirs);
    // removing is allowed: shown on a twin the actor registers there, so the matrix keeps its devices
    const twin = await addDevice(server, me.token, theirs.station_id);
    expect((await server.call(device.unbind, { device_id: twin.device_id }, me.token)).body.code).toBe(1);
  });
});

describe('lists and counts', () => {
  it.each(accountLabels)('%s lists and counts exactly the stations and devices it reaches', async (actor) => {
    const me = accounts.get(actor)!;
    const expected = stationLabels.filter((label) => reaches(actor, label));
    const listed = await server.call(station.list, { page_size: 200 }, me.token);
    const ids = (listed.body.data as { list: StationItem[] }).list.map((item) => item.station_id).sort();
    expect(ids).toEqual(expected.map((label) => stations.get(label)!.station_id).sort());
    const deviceIds = await server.call(device.list, { page_size: 200 }, me.token);
    expect((deviceIds.body.data as { list: DeviceItem[] }).list.map((d) => d.device_id).sort()).toEqual(
      expected.map((label) => devices.get(label)!.device_id).sort(),
    );
    expect((await server.call(station.stationStat, {}, me.token)).body.data).toMatchObject({
      total: expected.length,
    });
    expect((await server.call(station.equipStat, {}, me.token)).body.data).toMatchObject({
      total: expected.length,
    });
  });

  it('nothing outside a tree was changed: every station kept its binding, every device its station', async () => {
    const owner = (label: string) => accounts.get(`${label[0]}1`)!;
    for (const [label, before] of stations) {
      const after = await server.call(
        station.stationDetail,
        { station_id: before.station_id },
        owner(label).token,
      );
      expect(after.body.data).toMatchObject({
        station_name: before.station_name,
        installer_id: before.installer_id,
        end_user_id: before.end_user_id,
        device_count: 1,
      });
    }
    for (const [label, before] of devices) {
      const after = await server.call(device.detail, { device_id: before.device_id }, owner(label).token);
      expect(after.body.data).toEqual(before);
    }
  });
});
