import { type StationItem, station } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount, uniqueName } from './support/accounts.ts';
import { addStation, stationForm } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * bg/station/add and bg/station/edit: the form, the reference checks, the name's uniqueness per
 * tree and the binding rules. A is a level-1 installer with a level-2 (A2) and end users under
 * each; B is another tenant.
 */
let server: TestServer;
let a1: Account;
let a2: Account;
let aUser: Account;
let a2User: Account;
let b1: Account;
let bUser: Account;
beforeAll(async () => {
  server = await startTestServer();
  a1 = await registerAccount(server, 1, 'a1');
  a2 = await createAccount(server, a1, 1, undefined, 'a2');
  aUser = await createAccount(server, a1, 2, undefined, 'auser');
  a2User = await createAccount(server, a2, 2, undefined, 'a2user');
  b1 = await registerAccount(server, 1, 'b1');
  bUser = await createAccount(server, b1, 2, undefined, 'buser');
});
afterAll(() => server.close());

const add = (token: string, overrides: Record<string, unknown> = {}) =>
  server.call(station.add, stationForm(overrides), token);
const issuesOf = (body: { data?: unknown }) =>
  (body.data as { issues: { path: string; message: string }[] }).issues;

async function stationsNamed(name: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.database.db,
    sql`select count(*)::int as n from stations where station_name = ${name}`,
  );
  return row?.n ?? 0;
}

describe('bg/station/add', () => {
  it('creates a station and answers it whole, with derived status and empty live columns', async () => {
    const answer = await add(a1.token, {
      station_name: '  Roof of the barn ',
      country_code: 'pl',
      province_code: 'pl-14',
      installer_id: a1.userId,
      end_user_id: aUser.userId,
      commissioning_date: '2024-03-01',
      grid_connection_date: '2024-03-15',
      capacity_kwp: '12.345',
      unit_price: '0.8512',
    });
    expect(answer.body.code).toBe(1);
    const item = answer.body.data as StationItem;
    expect(item).toMatchObject({
      station_name: 'Roof of the barn',
      station_type: 4,
      country_code: 'PL',
      province_code: 'PL-14',
      capacity_kwp: 12.345,
      unit_price: 0.8512,
      currency: 'PLN',
      timezone: 'Europe/Warsaw',
      commissioning_date: '2024-03-01',
      grid_connection_date: '2024-03-15',
      installer_id: a1.userId,
      installer_name: a1.userName,
      end_user_id: aUser.userId,
      end_user_name: aUser.userName,
      status: 'no_device',
      device_count: 0,
      power_w: null,
      today_energy_kwh: null,
      last_update_at: null,
      photo_id: null,
      photo_url: null,
    });
  });

  it('takes a given time zone under its current IANA name, and proposes one from the coordinates', async () => {
    const given = await addStation(server, a1.token, {
      end_user_id: aUser.userId,
      timezone: 'Asia/Calcutta',
    });
    expect(given.timezone).toBe('Asia/Kolkata');
    const proposed = await addStation(server, a1.token, {
      end_user_id: aUser.userId,
      country_code: 'US',
      province_code: 'US-CA',
      latitude: 34.05,
      longitude: -118.24,
      currency: 'USD',
    });
    expect(proposed.timezone).toBe('America/Los_Angeles');
  });

  it('proposes the zone of the station’s country at a border (El Paso, not Ciudad Juárez)', async () => {
    const elPaso = await addStation(server, a1.token, {
      end_user_id: aUser.userId,
      country_code: 'US',
      province_code: 'US-TX',
      latitude: 31.75,
      longitude: -106.476,
      currency: 'USD',
    });
    expect(elPaso.timezone).toBe('America/Denver');
    const zgorzelec = await addStation(server, a1.token, {
      end_user_id: aUser.userId,
      country_code: 'PL',
      latitude: 51.107,
      longitude: 14.985,
      currency: 'PLN',
    });
    expect(zgorzelec.timezone).toBe('Europe/Warsaw');
  });

  it('refuses codes the reference lists do not know with 200005, naming each field', async () => {
    const answer = await add(a1.token, {
      end_user_id: aUser.userId,
      country_code: 'PL',
      currency: 'XYZ',
      timezone: 'Mars/Olympus',
    });
    expect(answer.body.msg).toBe('200005');
    expect(issuesOf(answer.body)).toEqual(
      expect.arrayContaining([
        { path: 'currency', message: 'validation.currencyRequired' },
        { path: 'timezone', message: 'validation.timezoneUnknown' },
      ]),
    );
    const province = await add(a1.token, { end_user_id: aUser.userId, province_code: 'PL-99' });
    expect(issuesOf(province.body)).toEqual([
      { path: 'province_code', message: 'validation.provinceInvalid' },
    ]);
    const country = await add(a1.token, { end_user_id: aUser.userId, country_code: 'QQ', province_code: '' });
    expect(issuesOf(country.body)).toEqual([{ path: 'country_code', message: 'validation.countryRequired' }]);
  });

  it.each([0, 2, 3, 7, 10, 'x'])('refuses station type %j with 3007', async (stationType) => {
    const answer = await add(a1.token, { end_user_id: aUser.userId, station_type: stationType });
    expect(answer.body.msg).toBe('3007');
  });

  it('checks the map and number rules, answering every failing field', async () => {
    const answer = await add(a1.token, {
      end_user_id: aUser.userId,
      station_name: ' ',
      address: '',
      latitude: 91,
      longitude: '-180.5',
      capacity_kwp: 0,
      unit_price: -1,
      commissioning_date: '2024-02-30',
    });
    expect(answer.body.msg).toBe('200005');
    expect(issuesOf(answer.body)).toEqual(
      expect.arrayContaining([
        { path: 'station_name', message: 'validation.stationNameRequired' },
        { path: 'address', message: 'validation.addressRequired' },
        { path: 'latitude', message: 'validation.latitudeRange' },
        { path: 'longitude', message: 'validation.longitudeRange' },
        { path: 'capacity_kwp', message: 'validation.capacityRange' },
        { path: 'unit_price', message: 'validation.priceFormat' },
        { path: 'commissioning_date', message: 'validation.dateFormat' },
      ]),
    );
    const tooFine = await add(a1.token, { end_user_id: aUser.userId, capacity_kwp: 1.2345 });
    expect(issuesOf(tooFine.body)).toEqual([{ path: 'capacity_kwp', message: 'validation.capacityRange' }]);
    const order = await add(a1.token, {
      end_user_id: aUser.userId,
      commissioning_date: '2024-05-02',
      grid_connection_date: '2024-05-01',
    });
    expect(issuesOf(order.body)).toEqual([
      { path: 'grid_connection_date', message: 'validation.gridBeforeCommissioning' },
    ]);
    const missing = await server.call(
      station.add,
      { station_name: 'x', end_user_id: aUser.userId },
      a1.token,
    );
    expect(missing.body.msg).toBe('200004');
  });

  it('3001: a name is unique in its tree in any case, and free for another tenant', async () => {
    const name = uniqueName('Roof A');
    await addStation(server, a1.token, { station_name: name, end_user_id: aUser.userId });
    // a sub-installer of the same tree, for another end user of it
    const sameTree = await add(a2.token, { station_name: name.toUpperCase(), end_user_id: a2User.userId });
    expect(sameTree.body.msg).toBe('3001');
    // another tenant neither collides nor learns anything
    expect((await add(b1.token, { station_name: name, end_user_id: bUser.userId })).body.code).toBe(1);
    // an end user without installer owns its own tree
    const loner = await registerAccount(server, 2, 'loner');
    expect((await add(loner.token, { station_name: name })).body.code).toBe(1);
    expect(await stationsNamed(name)).toBe(3);
  });

  it('an installer naming no one binds the station to itself; 3009 for the same account twice', async () => {
    for (const [name, bindings] of [
      ['Unnamed binding 1', {}],
      ['Unnamed binding 2', { installer_id: '', end_user_id: null }],
    ] as const) {
      const added = await add(a1.token, { station_name: name, ...bindings });
      expect(added.body.code, JSON.stringify(added.body)).toBe(1);
      expect(station.add.data.parse(added.body.data)).toMatchObject({
        installer_id: a1.userId,
        end_user_id: null,
      });
    }
    const same = await add(a1.token, { installer_id: aUser.userId, end_user_id: aUser.userId });
    expect(same.body.msg).toBe('3009');
  });

  it('3008 for an installer that is not the caller or below it, or not an installer', async () => {
    expect((await add(a1.token, { installer_id: b1.userId, end_user_id: aUser.userId })).body.msg).toBe(
      '3008',
    );
    expect((await add(a2.token, { installer_id: a1.userId, end_user_id: a2User.userId })).body.msg).toBe(
      '3008',
    );
    expect((await add(a1.token, { installer_id: a2User.userId })).body.msg).toBe('3008');
    expect((await add(a1.token, { installer_id: 987_654 })).body.msg).toBe('3008');
  });

  it('9001 for an end user outside the scope, 3005 for one outside the chosen installer’s tree', async () => {
    expect((await add(a1.token, { end_user_id: bUser.userId })).body.msg).toBe('9001');
    expect((await add(a1.token, { end_user_id: 987_654 })).body.msg).toBe('9001');
    expect((await add(a1.token, { end_user_id: a2.userId })).body.msg).toBe('9001');
    const outside = await add(a1.token, { installer_id: a2.userId, end_user_id: aUser.userId });
    expect(outside.body.msg).toBe('3005');
    const inside = await add(a1.token, { installer_id: a2.userId, end_user_id: a2User.userId });
    expect(inside.body.code).toBe(1);
  });

  it('an end user adds stations for itself only, bound at most to its own installer', async () => {
    const own = await addStation(server, aUser.token);
    expect(own).toMatchObject({ end_user_id: aUser.userId, installer_id: null });
    const withParent = await addStation(server, aUser.token, { installer_id: a1.userId });
    expect(withParent).toMatchObject({ end_user_id: aUser.userId, installer_id: a1.userId });
    expect((await add(aUser.token, { installer_id: a2.userId })).body.msg).toBe('3008');
    expect((await add(aUser.token, { end_user_id: a2User.userId })).body.msg).toBe('9001');
    // the installer sees it: its end user's station is in its tree
    const seen = await server.call(station.stationDetail, { station_id: own.station_id }, a1.token);
    expect(seen.body.code).toBe(1);
  });

  it('refuses a photo id that was never uploaded', async () => {
    const answer = await add(a1.token, { end_user_id: aUser.userId, photo_id: `${'ab'.repeat(16)}.png` });
    expect(answer.body.msg).toBe('200005');
    expect(issuesOf(answer.body)).toEqual([{ path: 'photo_id', message: 'validation.photoInvalid' }]);
  });

  it('keeps nothing of a refused add', async () => {
    const name = uniqueName('Refused');
    await add(a1.token, { station_name: name, installer_id: a2.userId, end_user_id: aUser.userId });
    await add(a1.token, { station_name: name, end_user_id: aUser.userId, currency: 'XYZ' });
    expect(await stationsNamed(name)).toBe(0);
  });
});

describe('bg/station/edit', () => {
  it('replaces the descriptive fields, empties omitted ones and proposes the time zone again', async () => {
    const created = await addStation(server, a1.token, {
      end_user_id: aUser.userId,
      timezone: 'UTC',
      city: 'Warszawa',
      commissioning_date: '2023-01-01',
    });
    const form = stationForm({ station_name: uniqueName('Renamed'), station_type: 1, capacity_kwp: 3 });
    delete form.city;
    const answer = await server.call(station.edit, { ...form, station_id: created.station_id }, a1.token);
    expect(answer.body.data).toMatchObject({
      station_id: created.station_id,
      station_name: form.station_name,
      station_type: 1,
      capacity_kwp: 3,
      city: null,
      commissioning_date: null,
      timezone: 'Europe/Warsaw',
      end_user_id: aUser.userId,
    });
    expect(new Date((answer.body.data as StationItem).updated_at).getTime()).toBeGreaterThan(
      new Date(created.updated_at).getTime(),
    );
  });

  it('3001 onto another station’s name of the tree, not onto its own name in another case', async () => {
    const first = await addStation(server, a1.token, { end_user_id: aUser.userId });
    const second = await addStation(server, a1.token, { end_user_id: aUser.userId });
    const clash = await server.call(
      station.edit,
      stationForm({ station_id: second.station_id, station_name: first.station_name.toLowerCase() }),
      a1.token,
    );
    expect(clash.body.msg).toBe('3001');
    const recase = await server.call(
      station.edit,
      stationForm({ station_id: second.station_id, station_name: second.station_name.toUpperCase() }),
      a1.token,
    );
    expect(recase.body.code).toBe(1);
  });

  it('lets an end user edit its own station, and nobody edit another tenant’s (9001)', async () => {
    const own = await addStation(server, aUser.token);
    const edit = { ...stationForm({ station_name: uniqueName('Mine') }), station_id: own.station_id };
    expect((await server.call(station.edit, edit, aUser.token)).body.code).toBe(1);
    expect((await server.call(station.edit, edit, b1.token)).body.msg).toBe('9001');
    expect((await server.call(station.edit, edit, a2User.token)).body.msg).toBe('9001');
  });
});

describe('api/stationDetail', () => {
  it('takes a form-encoded station_id, and answers 9001 for unknown ids', async () => {
    const created = await addStation(server, a1.token, { end_user_id: aUser.userId });
    const answer = await server.post(station.stationDetail.path, undefined, {
      token: a1.token,
      raw: `station_id=${created.station_id}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.body.data).toEqual(created);
    const unknown = await server.call(station.stationDetail, { station_id: 2_000_000_000 }, a1.token);
    expect(unknown.body).toMatchObject({ code: 400, msg: '9001' });
  });
});
