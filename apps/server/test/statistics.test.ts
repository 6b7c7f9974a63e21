import { createHash } from 'node:crypto';
import { addDays, allCalls, CO2_KG_PER_KWH, localDate, type StationItem, statistics } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** api/statistics/ticket, api/statistics/redeem and api/statistics/fleet: the fleet dashboard. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Fleet = statistics.FleetStatistics;

async function issueTicket(token: string, language?: 'zh' | 'en') {
  const answer = await server.call(statistics.ticket, language ? { language } : {}, token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return answer.body.data as { url: string; expires_at: string };
}

/** The parts of a dashboard link: /statistics/{lang}/{user_id}/{ticket}. */
function linkParts(url: string) {
  const match = /^\/statistics\/(zh|en)\/(\d+)\/([A-Za-z0-9_-]{43})$/.exec(url);
  if (!match) throw new Error(`not a dashboard link: ${url}`);
  return { language: match[1]!, userId: Number(match[2]), ticket: match[3]! };
}

const redeem = (userId: number, ticket: string) =>
  server.call(statistics.redeem, { user_id: userId, ticket });

/** Signs the account's dashboard in: ticket, then redeem; answers the dashboard token. */
async function dashboardToken(account: { token: string }): Promise<string> {
  const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
  const answer = await redeem(userId, ticket);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return (answer.body.data as { token: string }).token;
}

async function fleetOf(token: string): Promise<Fleet> {
  const answer = await server.call(statistics.fleet, {}, token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return answer.body.data as Fleet;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes a station's PV energy row of a period, as ingestion would have counted it. */
async function energyRow(stationId: number, period: 'd' | 'm' | 'y', start: string, pvKwh: number) {
  await server.database.db.execute(
    sql`insert into station_energy (station_id, period, period_start, pv_kwh)
        values (${stationId}, ${period}, ${start}::date, ${pvKwh})`,
  );
}

/** A station held by an installer (bound to it, and to an end user when the overrides say so). */
const stationOf = (installer: Account, overrides: Record<string, unknown> = {}) =>
  addStation(server, installer.token, { installer_id: installer.userId, ...overrides });

/** Today, the month's and the year's first day in a station's own zone. */
function periodsOf(station: StationItem) {
  const today = localDate(Date.now(), station.timezone);
  return { today, month: `${today.slice(0, 7)}-01`, year: `${today.slice(0, 4)}-01-01` };
}

describe('the dashboard link', () => {
  let account: Account;
  beforeAll(async () => {
    account = await registerAccount(server, 1, 'statlink');
  });

  it('is not taken by the file downloads: a dashboard ticket sent there stays redeemable', async () => {
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    expect((await fetch(`${server.url}/downloads/${ticket}`)).status).toBe(404);
    expect((await redeem(userId, ticket)).body).toMatchObject({ code: 1 });
  });

  it('carries the user id and a single-use ticket valid for a minute, never the session token', async () => {
    const before = Date.now();
    const link = await issueTicket(account.token);
    const parts = linkParts(link.url);
    expect(parts).toMatchObject({ language: 'en', userId: account.userId });
    expect(link.url).not.toContain(account.token);
    const expiresAt = Date.parse(link.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 59_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 61_000);
    // only the ticket's hash is stored
    const rows = await queryRows<{ ticket_hash: string; user_id: number; kind: string }>(
      server.database.db,
      sql`select ticket_hash, user_id, kind from download_tickets where ticket_hash in (${parts.ticket}, ${sha256(parts.ticket)})`,
    );
    expect(rows).toEqual([
      { ticket_hash: sha256(parts.ticket), user_id: account.userId, kind: 'statistics' },
    ]);
  });

  it('has a Chinese and an English variant, by the body or else by the Lang header', async () => {
    expect(linkParts((await issueTicket(account.token, 'zh')).url).language).toBe('zh');
    expect(linkParts((await issueTicket(account.token, 'en')).url).language).toBe('en');
    const byHeader = await fetch(`${server.url}/${statistics.ticket.path}`, {
      method: 'POST',
      headers: { token: account.token, lang: 'zh-CN', 'content-type': 'application/json' },
      body: '{}',
    });
    const { data } = (await byHeader.json()) as { data: { url: string } };
    expect(linkParts(data.url).language).toBe('zh');
    const { ticket, userId } = linkParts(data.url);
    expect((await redeem(userId, ticket)).body.data).toMatchObject({ language: 'zh' });
  });

  it('is redeemed once for a new dashboard token; a second time answers 1000', async () => {
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    const first = await redeem(userId, ticket);
    expect(first.body).toMatchObject({ code: 1 });
    const data = first.body.data as { token: string; user_id: number; user_name: string; expires_at: string };
    expect(data).toMatchObject({ user_id: account.userId, user_name: account.userName, language: 'en' });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.token).not.toBe(account.token);
    expect(data.token).not.toBe(ticket);
    const hours = (Date.parse(data.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(statistics.DASHBOARD_TOKEN_TTL_HOURS - 0.1);
    expect(hours).toBeLessThanOrEqual(statistics.DASHBOARD_TOKEN_TTL_HOURS);
    const again = await redeem(userId, ticket);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 400, msg: '1000' });
    // the dashboard token is stored as its hash only, restricted and tied to the sign-in
    const [session] = await queryRows<{ scope: string; parent: number | null }>(
      server.database.db,
      sql`select scope, parent_session_id as parent from sessions where token_hash = ${sha256(data.token)}`,
    );
    expect(session).toMatchObject({ scope: 'statistics' });
    expect(session!.parent).not.toBeNull();
  });

  it('answers 1000 to a ticket redeemed at the same time twice: one page wins', async () => {
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    const answers = await Promise.all([redeem(userId, ticket), redeem(userId, ticket)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([1, 400]);
  });

  it('refuses another user id (1000), and the ticket is used up by the try', async () => {
    const other = await registerAccount(server, 2, 'statother');
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    expect((await redeem(other.userId, ticket)).body).toMatchObject({ code: 400, msg: '1000' });
    expect((await redeem(userId, ticket)).body).toMatchObject({ code: 400, msg: '1000' });
  });

  it('refuses an expired ticket (1000)', async () => {
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    await server.database.db.execute(
      sql`update download_tickets set expires_at = now() - interval '1 second' where ticket_hash = ${sha256(ticket)}`,
    );
    expect((await redeem(userId, ticket)).body).toMatchObject({ code: 400, msg: '1000' });
  });

  it('refuses unknown and malformed tickets alike (1000), and garbage bodies with catalogue codes', async () => {
    expect((await redeem(account.userId, 'A'.repeat(43))).body.msg).toBe('1000');
    expect((await redeem(account.userId, 'short')).body.msg).toBe('1000');
    expect((await redeem(account.userId, '../../etc/passwd/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).body.msg).toBe(
      '1000',
    );
    expect((await server.call(statistics.redeem, { ticket: 'x' })).body.msg).toBe('200004');
    expect((await server.call(statistics.redeem, { user_id: 'abc', ticket: 'x' })).body.msg).toBe('200005');
  });

  it('does not trade an alarm-export ticket for a dashboard token', async () => {
    const ticket = 'B'.repeat(43);
    await server.database.db.execute(
      sql`insert into download_tickets (ticket_hash, user_id, kind, params, expires_at)
          values (${sha256(ticket)}, ${account.userId}, 'alarm_export', '{}'::jsonb, now() + interval '1 minute')`,
    );
    expect((await redeem(account.userId, ticket)).body.msg).toBe('1000');
  });

  it('is open to the demo account: asking for a link only reads', async () => {
    const demo = await server.login();
    const { userId, ticket } = linkParts((await issueTicket(demo)).url);
    expect(userId).toBe(5);
    expect((await redeem(userId, ticket)).body).toMatchObject({ code: 1 });
  });

  it('keeps the ticket and the dashboard token out of the logs, also when the page is fetched', async () => {
    const { userId, ticket } = linkParts((await issueTicket(account.token)).url);
    await fetch(`${server.url}/statistics/en/${userId}/${ticket}`);
    const token = ((await redeem(userId, ticket)).body.data as { token: string }).token;
    await fleetOf(token);
    const logs = server.logs.join('');
    expect(logs).toContain(`/statistics/en/${userId}/[redacted]`);
    expect(logs).not.toContain(ticket);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(account.token);
  });
});

describe('the dashboard token', () => {
  let account: Account;
  let token: string;
  beforeAll(async () => {
    account = await registerAccount(server, 1, 'stattoken');
    token = await dashboardToken(account);
  });

  it('serves api/statistics/fleet', async () => {
    expect((await fleetOf(token)).stations.total).toBe(0);
  });

  it('is refused (9001) by every other call, whatever the body', async () => {
    const others = allCalls.filter((call) => call.access === 'user' && call.path !== statistics.fleet.path);
    expect(others.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        'api/station/list',
        'api/user/info',
        'api/statistics/ticket',
        'api/user/logout',
      ]),
    );
    for (const call of others) {
      const answer = await server.call(call, {}, token);
      expect(answer.body.msg, call.path).toBe('9001');
      expect(answer.status, call.path).toBe(403);
    }
    // nor may it upload
    const upload = await fetch(`${server.url}/bg/station/photo`, { method: 'POST', headers: { token } });
    expect(((await upload.json()) as { msg: string }).msg).toBe('9001');
  });

  it('ends when it expires (1000)', async () => {
    const other = await dashboardToken(account);
    await server.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${sha256(other)}`,
    );
    expect((await server.call(statistics.fleet, {}, other)).body).toMatchObject({ code: 400, msg: '1000' });
  });

  it('ends when the sign-in it came from signs out (1000)', async () => {
    const signIn = await server.login(account.userName, account.password);
    const dashboard = await dashboardToken({ token: signIn });
    expect((await server.call(statistics.fleet, {}, dashboard)).body.code).toBe(1);
    await server.post('api/user/logout', {}, { token: signIn });
    expect((await server.call(statistics.fleet, {}, dashboard)).body.msg).toBe('1000');
    // other sign-ins and their dashboards carry on
    expect((await server.call(statistics.fleet, {}, token)).body.code).toBe(1);
  });

  it('cannot be had from a sign-in that has ended', async () => {
    const signIn = await server.login(account.userName, account.password);
    const { userId, ticket } = linkParts((await issueTicket(signIn)).url);
    await server.post('api/user/logout', {}, { token: signIn });
    expect((await redeem(userId, ticket)).body.msg).toBe('1000');
  });
});

describe('api/statistics/fleet', () => {
  let installer: Account;
  let subInstaller: Account;
  let endUser: Account;
  let rival: Account;
  let own: StationItem;
  let euro: StationItem;
  let sub: StationItem;
  let customer: StationItem;
  let foreign: StationItem;
  beforeAll(async () => {
    installer = await registerAccount(server, 1, 'statinst');
    subInstaller = await createAccount(server, installer, 1, undefined, 'statsub');
    endUser = await createAccount(server, installer, 2, undefined, 'statuser');
    rival = await registerAccount(server, 1, 'statrival');
    own = await stationOf(installer, { capacity_kwp: 10 });
    euro = await stationOf(installer, {
      capacity_kwp: 5,
      unit_price: 0.3,
      currency: 'EUR',
      country_code: 'DE',
      province_code: 'DE-BE',
      city: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      station_type: 1,
    });
    sub = await stationOf(subInstaller, { capacity_kwp: 4 });
    customer = await stationOf(installer, { capacity_kwp: 6, end_user_id: endUser.userId });
    foreign = await stationOf(rival, { capacity_kwp: 100 });

    const p = periodsOf(own);
    const lastYear = `${Number(p.year.slice(0, 4)) - 1}-01-01`;
    await energyRow(own.station_id, 'd', p.today, 10);
    await energyRow(own.station_id, 'd', addDays(p.today, -1), 20);
    await energyRow(own.station_id, 'm', p.month, 100);
    await energyRow(own.station_id, 'y', p.year, 1000);
    await energyRow(own.station_id, 'y', lastYear, 500);
    const e = periodsOf(euro);
    await energyRow(euro.station_id, 'd', e.today, 5);
    await energyRow(euro.station_id, 'm', e.month, 50);
    await energyRow(euro.station_id, 'y', e.year, 300);
    const s = periodsOf(sub);
    await energyRow(sub.station_id, 'd', s.today, 1);
    await energyRow(sub.station_id, 'd', addDays(s.today, -2), 8);
    await energyRow(sub.station_id, 'y', s.year, 8);
    const c = periodsOf(customer);
    await energyRow(customer.station_id, 'd', addDays(c.today, -3), 30);
    await energyRow(customer.station_id, 'y', c.year, 30);
    const f = periodsOf(foreign);
    await energyRow(foreign.station_id, 'd', f.today, 999);
    await energyRow(foreign.station_id, 'd', addDays(f.today, -1), 999);
    await energyRow(foreign.station_id, 'm', f.month, 9999);
    await energyRow(foreign.station_id, 'y', f.year, 99_999);
  });

  it('sums the station_energy rows of the installer’s tree, never another tenant’s', async () => {
    const fleet = await fleetOf(await dashboardToken(installer));
    const ids = fleet.map.map((station) => station.station_id).sort((a, b) => a - b);
    expect(ids).toEqual(
      [own, euro, sub, customer].map((station) => station.station_id).sort((a, b) => a - b),
    );
    expect(fleet.stations.total).toBe(4);
    expect(fleet.capacity_kwp).toBe(25);
    expect(fleet.energy).toEqual({ today_kwh: 16, month_kwh: 150, year_kwh: 1338, total_kwh: 1838 });
    expect(fleet.income).toEqual([
      { currency: 'PLN', today: 9.35, month: 85, year: 882.3, total: 1307.3 },
      { currency: 'EUR', today: 1.5, month: 15, year: 90, total: 90 },
    ]);
    expect(fleet.co2_saved_kg.total).toBe(Math.round(1838 * CO2_KG_PER_KWH * 10) / 10);
    expect(fleet.co2_saved_kg.today).toBe(Math.round(16 * CO2_KG_PER_KWH * 10) / 10);
    expect(JSON.stringify(fleet)).not.toContain(foreign.station_name);
  });

  it('shows an end user its own stations only, and a sub-installer its own tree', async () => {
    const mine = await fleetOf(await dashboardToken(endUser));
    expect(mine.map.map((station) => station.station_id)).toEqual([customer.station_id]);
    expect(mine.energy.year_kwh).toBe(30);
    const subs = await fleetOf(await dashboardToken(subInstaller));
    expect(subs.map.map((station) => station.station_id)).toEqual([sub.station_id]);
    expect(subs.energy).toEqual({ today_kwh: 1, month_kwh: 0, year_kwh: 8, total_kwh: 8 });
    const theirs = await fleetOf(await dashboardToken(rival));
    expect(theirs.map.map((station) => station.station_id)).toEqual([foreign.station_id]);
    expect(theirs.energy.total_kwh).toBe(99_999);
  });

  it('ranks by yield per kWp over the complete days of the window (today left out)', async () => {
    const fleet = await fleetOf(await dashboardToken(installer));
    // own 20 kWh / 10 kWp, customer 30 / 6, sub 8 / 4; euro has only today: not ranked
    expect(fleet.top.map((p) => [p.station_id, p.yield_kwh_per_kwp, p.energy_kwh, p.days])).toEqual([
      [customer.station_id, 5, 30, 1],
      [own.station_id, 2, 20, 1],
      [sub.station_id, 2, 8, 1],
    ]);
    expect(fleet.bottom).toEqual([]);
  });

  it('counts stations by status and type, devices, and today on the map', async () => {
    const fleet = await fleetOf(await dashboardToken(installer));
    expect(fleet.stations.by_status).toEqual({ online: 0, offline: 0, alarm: 0, no_device: 4 });
    expect(fleet.stations.by_type).toEqual([
      { station_type: 1, count: 1 },
      { station_type: 4, count: 3 },
    ]);
    expect(fleet.devices).toEqual({ total: 0, online: 0, offline: 0, alarm: 0 });
    const point = fleet.map.find((station) => station.station_id === own.station_id);
    expect(point).toMatchObject({ latitude: own.latitude, longitude: own.longitude, status: 'no_device' });
    // no device ever reported: today is a gap, not 0
    expect(point?.today_kwh).toBeNull();
    expect(fleet.pv_power_w).toBe(0);
  });

  it('answers an empty fleet for a user without stations', async () => {
    const lonely = await registerAccount(server, 2, 'statlonely');
    const fleet = await fleetOf(await dashboardToken(lonely));
    expect(fleet).toMatchObject({
      stations: { total: 0, by_status: { online: 0, offline: 0, alarm: 0, no_device: 0 }, by_type: [] },
      capacity_kwp: 0,
      energy: { today_kwh: 0, month_kwh: 0, year_kwh: 0, total_kwh: 0 },
      income: [],
      map: [],
      top: [],
      bottom: [],
      alarms: { happening: { total: 0 }, raised: { total: 0 } },
    });
  });
});

describe('top and bottom performers', () => {
  it('lists the five best, highest first, and the five worst, lowest first, without repeating', async () => {
    const owner = await registerAccount(server, 1, 'statrank');
    const stations: StationItem[] = [];
    for (let i = 0; i < 12; i++) stations.push(await stationOf(owner, { capacity_kwp: 10 }));
    // yields 1..12 kWh/kWp spread over two days of the window; one station only older than the window
    for (const [i, station] of stations.entries()) {
      const { today } = periodsOf(station);
      if (i === 11) {
        await energyRow(station.station_id, 'd', addDays(today, -31), 500);
        continue;
      }
      await energyRow(station.station_id, 'd', addDays(today, -1), (i + 1) * 6);
      await energyRow(station.station_id, 'd', addDays(today, -30), (i + 1) * 4);
    }
    const fleet = await fleetOf(await dashboardToken(owner));
    const idOf = (i: number) => stations[i]!.station_id;
    expect(fleet.top.map((p) => p.station_id)).toEqual([10, 9, 8, 7, 6].map(idOf));
    expect(fleet.top.map((p) => p.yield_kwh_per_kwp)).toEqual([11, 10, 9, 8, 7]);
    expect(fleet.top[0]).toMatchObject({ energy_kwh: 110, capacity_kwp: 10, days: 2 });
    expect(fleet.bottom.map((p) => p.station_id)).toEqual([0, 1, 2, 3, 4].map(idOf));
    expect(fleet.bottom.map((p) => p.yield_kwh_per_kwp)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('alarms by type', () => {
  it('counts happening alarms and those raised in the window by device type and severity', async () => {
    const owner = await registerAccount(server, 1, 'statalarm');
    const rival = await registerAccount(server, 1, 'statalarmrival');
    const home = await stationOf(owner);
    const inverter = await addDevice(server, owner.token, home.station_id, { device_type: 1 });
    const battery = await addDevice(server, owner.token, home.station_id, { device_type: 2 });
    const theirs = await stationOf(rival);
    const theirInverter = await addDevice(server, rival.token, theirs.station_id, { device_type: 1 });
    const alarm = (deviceId: number, code: number, severity: string, raisedDaysAgo: number, ended: boolean) =>
      server.database.db.execute(
        sql`insert into device_alarms (device_id, code, raised_at, cleared_at, severity)
            values (${deviceId}, ${code}, now() - make_interval(days => ${raisedDaysAgo}),
                    ${ended ? sql`now()` : sql`null`}, ${severity})`,
      );
    await alarm(inverter.device_id, 101, 'critical', 1, false);
    await alarm(inverter.device_id, 102, 'warning', 2, true);
    await alarm(inverter.device_id, 103, 'fault', 40, false); // happening for 40 days: not raised lately
    await alarm(inverter.device_id, 104, 'fault', 45, true); // over: counted nowhere
    await alarm(battery.device_id, 201, 'fault', 3, true);
    await alarm(theirInverter.device_id, 101, 'critical', 1, false);

    const fleet = await fleetOf(await dashboardToken(owner));
    expect(fleet.alarms.window_days).toBe(statistics.ALARM_WINDOW_DAYS);
    expect(fleet.alarms.happening).toEqual({
      total: 2,
      by_severity: { warning: 0, fault: 1, critical: 1 },
      by_device_type: [{ device_type: 1, total: 2, warning: 0, fault: 1, critical: 1 }],
    });
    expect(fleet.alarms.raised).toEqual({
      total: 3,
      by_severity: { warning: 1, fault: 1, critical: 1 },
      by_device_type: [
        { device_type: 1, total: 2, warning: 1, fault: 0, critical: 1 },
        { device_type: 2, total: 1, warning: 0, fault: 1, critical: 0 },
      ],
    });
    expect(fleet.devices).toEqual({ total: 2, online: 0, offline: 2, alarm: 0 });
    expect(fleet.stations.by_status.offline).toBe(1);
  });
});
