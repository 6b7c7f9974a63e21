import { device, type StationItem, station, user } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  createAccount,
  invitationsOf,
  inviteAndAccept,
  registerAccount,
} from './support/accounts.ts';
import { addDevice, addStation, deviceForm, stationForm } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** api/station/bind, api/station/unbind and api/delStation. */
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

const bind = (token: string, body: Record<string, unknown>) => server.call(station.bind, body, token);
const unbind = (token: string, stationId: number, which: string) =>
  server.call(station.unbind, { station_id: stationId, which }, token);

describe('api/station/bind', () => {
  it('binds an installer and an end user of its tree, replacing the pair', async () => {
    const created = await addStation(server, a1.token, { end_user_id: aUser.userId });
    const answer = await bind(a1.token, {
      station_id: created.station_id,
      installer_id: a2.userId,
      end_user_id: a2User.userId,
    });
    expect(answer.body.data).toMatchObject({
      installer_id: a2.userId,
      installer_name: a2.userName,
      end_user_id: a2User.userId,
      end_user_name: a2User.userName,
    });
  });

  it('needs both (200004) and follows the binding rules: 3009, 3008, 9001, 3005', async () => {
    const { station_id } = await addStation(server, a1.token, { end_user_id: aUser.userId });
    expect((await bind(a1.token, { station_id, installer_id: a1.userId })).body.msg).toBe('200004');
    const cases: [Record<string, number>, string][] = [
      [{ installer_id: aUser.userId, end_user_id: aUser.userId }, '3009'],
      [{ installer_id: b1.userId, end_user_id: aUser.userId }, '3008'],
      [{ installer_id: a1.userId, end_user_id: bUser.userId }, '9001'],
      [{ installer_id: a2.userId, end_user_id: aUser.userId }, '3005'],
    ];
    for (const [ids, code] of cases) {
      expect((await bind(a1.token, { station_id, ...ids })).body.msg, code).toBe(code);
    }
    const unchanged = await server.call(station.stationDetail, { station_id }, a1.token);
    expect(unchanged.body.data).toMatchObject({ installer_id: null, end_user_id: aUser.userId });
  });

  it('is the installer’s act: end users and other tenants get 9001', async () => {
    const own = await addStation(server, aUser.token);
    const body = { station_id: own.station_id, installer_id: a1.userId, end_user_id: aUser.userId };
    expect((await bind(aUser.token, body)).body.msg).toBe('9001');
    expect((await bind(b1.token, body)).body.msg).toBe('9001');
    expect((await bind(a1.token, body)).body.code).toBe(1);
  });
});

describe('api/station/unbind', () => {
  it('removes one side; the station must keep an installer or an end user (3006)', async () => {
    const created = await addStation(server, a1.token, {
      installer_id: a1.userId,
      end_user_id: aUser.userId,
    });
    expect((await unbind(a1.token, created.station_id, 'both')).body.msg).toBe('3006');
    const first = await unbind(a1.token, created.station_id, 'installer');
    expect(first.body.data).toMatchObject({
      installer_id: null,
      installer_name: null,
      end_user_id: aUser.userId,
    });
    expect((await unbind(a1.token, created.station_id, 'end_user')).body.msg).toBe('3006');
    // removing what is not bound changes nothing
    expect((await unbind(a1.token, created.station_id, 'installer')).body.code).toBe(1);
    // the installer still reaches it through its end user
    const detail = await server.call(station.stationDetail, { station_id: created.station_id }, a1.token);
    expect((detail.body.data as StationItem).end_user_id).toBe(aUser.userId);
  });

  it('keeps the installer when the end user goes', async () => {
    const created = await addStation(server, a1.token, {
      installer_id: a2.userId,
      end_user_id: a2User.userId,
    });
    const answer = await unbind(a1.token, created.station_id, 'end_user');
    expect(answer.body.data).toMatchObject({ installer_id: a2.userId, end_user_id: null });
    // the end user no longer reaches it
    const lost = await server.call(station.stationDetail, { station_id: created.station_id }, a2User.token);
    expect(lost.body.msg).toBe('9001');
  });

  it('refuses an unknown `which` (200005), end users and other tenants (9001)', async () => {
    const created = await addStation(server, a1.token, {
      installer_id: a1.userId,
      end_user_id: aUser.userId,
    });
    expect((await unbind(a1.token, created.station_id, 'everyone')).body.msg).toBe('200005');
    expect((await unbind(aUser.token, created.station_id, 'installer')).body.msg).toBe('9001');
    expect((await unbind(b1.token, created.station_id, 'installer')).body.msg).toBe('9001');
  });
});

describe('an end user joining a tree brings its stations', () => {
  it('their names must be free in the tree (3001), and then belong to it', async () => {
    const loner = await registerAccount(server, 2, 'loner');
    const name = `Roof ${loner.userId}`;
    const own = await addStation(server, loner.token, { station_name: name });
    const clash = await addStation(server, a1.token, {
      station_name: name.toUpperCase(),
      end_user_id: aUser.userId,
    });
    // the clash is found when the loner accepts the invitation
    expect((await inviteAndAccept(server, a1, loner)).body.msg).toBe('3001');
    // nothing changed: the loner is still on its own, its station out of A's reach
    expect(
      (await server.call(station.stationDetail, { station_id: own.station_id }, a1.token)).body.msg,
    ).toBe('9001');
    await server.call(station.delStation, { station_id: clash.station_id }, a1.token);
    const [invitation] = await invitationsOf(server, loner);
    expect(invitation?.invitation_state).toBe('pending');
    const accept = { invitation_id: invitation!.invitation_id, accept: true };
    expect((await server.call(user.invitationAnswer, accept, loner.token)).body.code).toBe(1);
    expect(
      (await server.call(station.stationDetail, { station_id: own.station_id }, a1.token)).body.code,
    ).toBe(1);
    const again = await server.call(
      station.add,
      stationForm({ station_name: name, end_user_id: aUser.userId }),
      a1.token,
    );
    expect(again.body.msg).toBe('3001');
  });
});

describe('api/delStation', () => {
  it('deletes a station with its device registrations: the SNs can be registered again', async () => {
    const doomed = await addStation(server, a1.token, { end_user_id: aUser.userId });
    const inverter = await addDevice(server, a1.token, doomed.station_id);
    const battery = await addDevice(server, a1.token, doomed.station_id, { device_type: 2 });
    expect(
      (await server.call(station.delStation, { station_id: doomed.station_id }, a1.token)).body,
    ).toMatchObject({
      code: 1,
      data: null,
    });
    const [left] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from devices where station_id = ${doomed.station_id}`,
    );
    expect(left?.n).toBe(0);
    const gone = await server.call(station.stationDetail, { station_id: doomed.station_id }, a1.token);
    expect(gone.body.msg).toBe('9001');
    const next = await addStation(server, a1.token, { end_user_id: aUser.userId });
    for (const old of [inverter, battery]) {
      const again = await server.call(
        device.add,
        deviceForm(next.station_id, { sn: old.sn, device_type: old.device_type }),
        a1.token,
      );
      expect(again.body.code).toBe(1);
    }
  });

  it('is the installer’s act within its scope: end users, other tenants and unknown ids get 9001', async () => {
    const own = await addStation(server, aUser.token);
    expect(
      (await server.call(station.delStation, { station_id: own.station_id }, aUser.token)).body.msg,
    ).toBe('9001');
    expect((await server.call(station.delStation, { station_id: own.station_id }, b1.token)).body.msg).toBe(
      '9001',
    );
    expect((await server.call(station.delStation, { station_id: 2_000_000_000 }, a1.token)).body.msg).toBe(
      '9001',
    );
    const still = await server.call(station.stationDetail, { station_id: own.station_id }, aUser.token);
    expect(still.body.code).toBe(1);
  });

  it('frees an account to be deleted once its last station is gone', async () => {
    const leaf = await createAccount(server, a1, 2, undefined, 'leaf');
    const held = await addStation(server, a1.token, { end_user_id: leaf.userId });
    const { deleteUserInstaller } = user;
    expect((await server.call(deleteUserInstaller, { user_id: leaf.userId }, a1.token)).body.msg).toBe(
      '3003',
    );
    await server.call(station.delStation, { station_id: held.station_id }, a1.token);
    expect((await server.call(deleteUserInstaller, { user_id: leaf.userId }, a1.token)).body.code).toBe(1);
  });
});

describe('bg/installer/installerList and api/user/installer/endUserList', () => {
  type Page = { total: number; list: Record<string, unknown>[] };
  const listed = async (
    call: typeof station.installerList | typeof station.endUserList,
    body: object,
    token: string,
  ) => {
    const answer = await server.call(call, body, token);
    if (answer.body.code !== 1) return answer.body.msg;
    return answer.body.data as Page;
  };

  it('offers the caller and its sub-installers, by level, searchable and paged', async () => {
    const a3 = await createAccount(server, a1, 1, a2.userId, 'a3');
    const all = (await listed(station.installerList, { page_size: 200 }, a1.token)) as Page;
    expect(all.list.map((item) => item.installer_id)).toEqual([a1.userId, a2.userId, a3.userId]);
    expect(all.list[0]).toEqual({ installer_id: a1.userId, installer_name: a1.userName, installer_level: 1 });
    const fromA2 = (await listed(station.installerList, {}, a2.token)) as Page;
    expect(fromA2.list.map((item) => item.installer_id)).toEqual([a2.userId, a3.userId]);
    const searched = (await listed(
      station.installerList,
      { keyword: a3.userName.toUpperCase() },
      a1.token,
    )) as Page;
    expect(searched).toMatchObject({ total: 1, list: [{ installer_id: a3.userId }] });
    const paged = (await listed(station.installerList, { page: 2, page_size: 1 }, a1.token)) as Page;
    expect(paged).toMatchObject({ total: 3, list: [{ installer_id: a2.userId }] });
  });

  it('offers the end users of the caller’s tree, or of one installer’s tree in it', async () => {
    const all = (await listed(station.endUserList, { page_size: 200 }, a1.token)) as Page;
    const ids = all.list.map((item) => item.end_user_id);
    expect(ids).toEqual(expect.arrayContaining([aUser.userId, a2User.userId]));
    expect(ids).not.toContain(bUser.userId);
    expect(all.list.find((item) => item.end_user_id === a2User.userId)).toMatchObject({
      end_user_name: a2User.userName,
      email: a2User.email,
      installer_id: a2.userId,
      installer_name: a2.userName,
    });
    const underA2 = (await listed(station.endUserList, { installer_id: a2.userId }, a1.token)) as Page;
    expect(underA2.list.map((item) => item.end_user_id)).toEqual([a2User.userId]);
    const byEmail = (await listed(station.endUserList, { keyword: aUser.email }, a1.token)) as Page;
    expect(byEmail.list.map((item) => item.end_user_id)).toEqual([aUser.userId]);
  });

  it('are for installers, within their scope (9001 otherwise)', async () => {
    expect(await listed(station.installerList, {}, aUser.token)).toBe('9001');
    expect(await listed(station.endUserList, {}, aUser.token)).toBe('9001');
    expect(await listed(station.endUserList, { installer_id: b1.userId }, a1.token)).toBe('9001');
    expect(await listed(station.endUserList, { installer_id: a1.userId }, a2.token)).toBe('9001');
    expect(await listed(station.endUserList, { installer_id: aUser.userId }, a1.token)).toBe('9001');
  });
});
