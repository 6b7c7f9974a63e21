import { alarm, DEMO_USER_ID, type MessageItem, message } from '@helio/contracts';
import { enFaultTexts, loadFaultTexts } from '@helio/contracts/fault-texts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent, runJobs } from './support/alarms.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpServer } from './support/smtp.ts';

/**
 * Alarm notices through a real SMTP server: a message to the station's installer and end user
 * when an alarm opens, a mail in each one's language for the severities they chose, and one
 * notice per device per quiet period unless a more severe alarm opens.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let installer: Account;
let endUser: Account;
let stationId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // a device reporting every second is out of touch after 3 s (ALARM_SILENT_MINUTES, three intervals)
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, ALARM_QUIET_MINUTES: '30', ALARM_SILENT_MINUTES: '0.05' },
  });
  installer = await registerAccount(server, 1, 'notify');
  endUser = await createAccount(server, installer, 2);
  const station = await addStation(server, installer.token, {
    station_name: 'Dach Północ',
    installer_id: installer.userId,
    end_user_id: endUser.userId,
    timezone: 'Europe/Warsaw',
  });
  stationId = station.station_id;
  // the installer reads Polish; the end user keeps the default (English)
  const set = await server.call(
    alarm.notificationSet,
    { email_severities: ['fault', 'critical'], language: 'pl' },
    installer.token,
  );
  expect(set.body.data).toMatchObject({ language: 'pl' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function mailsTo(email: string): Promise<{ subject: string; text_body: string }[]> {
  return queryRows(
    server.database.db,
    sql`select subject, text_body from outbox where recipient = ${email} order by mail_id`,
  );
}

/** Waits for the mail to `to` whose subject names `sn` (deliveries run in the background). */
async function mailAbout(to: string, sn: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.received.find(
      (entry) => entry.to.includes(to.toLowerCase()) && entry.subject.includes(sn),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail about ${sn} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function alarmMessages(account: Account, deviceSn?: string): Promise<MessageItem[]> {
  const answer = await server.call(message.list, { kind: 'alarm', page_size: 200 }, account.token);
  return (answer.body.data as { list: MessageItem[] }).list.filter(
    (item) => !deviceSn || item.sn === deviceSn,
  );
}

describe('notices when an alarm opens', () => {
  it('the installer and the end user get a message and a mail, each in their own language', async () => {
    const inverter = await addDevice(server, installer.token, stationId);
    await alarmEvent(server, inverter.sn, 'raise', 101, Date.now() - 60_000);
    await runJobs(server);
    const polish = await mailAbout(installer.email, inverter.sn);
    const english = await mailAbout(endUser.email, inverter.sn);
    const plName = (await loadFaultTexts('pl')).grid_over_voltage.name;
    expect(polish.subject).toBe(`Alarm Helio: Usterka: ${plName} – ${inverter.sn} (Dach Północ)`);
    expect(polish.text).toContain(`Dzień dobry, ${installer.userName}!`);
    expect(polish.text).toContain('(Europe/Warsaw)');
    expect(polish.text).toContain((await loadFaultTexts('pl')).grid_over_voltage.advice);
    expect(english.subject).toBe(
      `Helio alarm: Fault: ${enFaultTexts.grid_over_voltage.name} on ${inverter.sn} (Dach Północ)`,
    );
    expect(english.text).toContain(`Hello ${endUser.userName},`);
    for (const account of [installer, endUser]) {
      const [notice] = await alarmMessages(account, inverter.sn);
      expect(notice).toMatchObject({
        kind: 'alarm',
        event: 'alarm_opened',
        read: false,
        code: 101,
        fault_key: 'grid_over_voltage',
        severity: 'fault',
        station_id: stationId,
        station_name: 'Dach Północ',
        device_id: inverter.device_id,
      });
    }
  });

  it('mails only the severities each user chose; the message comes anyway', async () => {
    const inverter = await addDevice(server, installer.token, stationId);
    await alarmEvent(server, inverter.sn, 'raise', 302, Date.now() - 60_000);
    await runJobs(server);
    expect(await alarmMessages(endUser, inverter.sn)).toHaveLength(1);
    const warnings = (mails: { subject: string }[]) =>
      mails.filter((mail) => mail.subject.includes(inverter.sn));
    expect(warnings(await mailsTo(endUser.email))).toEqual([]);
    expect(warnings(await mailsTo(installer.email))).toEqual([]);

    const chosen = await server.call(
      alarm.notificationSet,
      { email_severities: ['warning', 'critical'] },
      endUser.token,
    );
    expect(chosen.body.data).toMatchObject({ email_severities: ['warning', 'critical'], language: 'en' });
    const second = await addDevice(server, installer.token, stationId, { device_type: 2 });
    await alarmEvent(server, second.sn, 'raise', 403, Date.now() - 60_000);
    await runJobs(server);
    expect((await mailAbout(endUser.email, second.sn)).subject).toContain('Warning');
    expect((await mailsTo(installer.email)).filter((mail) => mail.subject.includes(second.sn))).toEqual([]);
    await server.call(alarm.notificationSet, { email_severities: ['fault', 'critical'] }, endUser.token);
  });

  it('a flapping device sends one notice per quiet period, unless a more severe alarm opens', async () => {
    const inverter = await addDevice(server, installer.token, stationId);
    const start = Date.now() - 10 * 60_000;
    for (let flap = 0; flap < 5; flap += 1) {
      await alarmEvent(server, inverter.sn, 'raise', 101, start + flap * 60_000);
      await alarmEvent(server, inverter.sn, 'clear', 101, start + flap * 60_000 + 30_000);
      await runJobs(server);
    }
    const flapping = async (account: Account) =>
      (await mailsTo(account.email)).filter((mail) => mail.text_body.includes(inverter.sn));
    expect(await flapping(installer)).toHaveLength(1);
    expect(await flapping(endUser)).toHaveLength(1);
    expect(await alarmMessages(endUser, inverter.sn)).toHaveLength(1);
    const listed = await server.call(alarm.list, { device_id: inverter.device_id }, installer.token);
    expect((listed.body.data as { total: number }).total).toBe(5);

    // more severe within the quiet period: told at once; as severe again: quiet
    await alarmEvent(server, inverter.sn, 'raise', 206, start + 6 * 60_000);
    await alarmEvent(server, inverter.sn, 'raise', 203, start + 6 * 60_000);
    await runJobs(server);
    expect(await flapping(installer)).toHaveLength(2);
    expect((await flapping(installer))[1]!.subject).toContain('Usterka krytyczna');
    expect(await alarmMessages(endUser, inverter.sn)).toHaveLength(2);

    // the quiet period has passed: the next alarm is told again
    await server.database.db.execute(
      sql`update alarm_notice_windows set window_started_at = now() - interval '31 minutes'`,
    );
    await alarmEvent(server, inverter.sn, 'raise', 101, start + 8 * 60_000);
    await runJobs(server);
    expect(await flapping(installer)).toHaveLength(3);
    expect(await flapping(endUser)).toHaveLength(3);
  });

  it('communication lost is told like a device’s alarm, by the jobs of the running portal', async () => {
    const logger = await addDevice(server, installer.token, stationId, { device_type: 9 });
    await server.deviceLink.ingestor.submit(
      logger.sn,
      'telemetry',
      Buffer.from(
        JSON.stringify({ v: 1, ts: Date.now(), seq: 1, interval_s: 1, values: { signal_dbm: -70 } }),
      ),
    );
    // past ALARM_SILENT_MINUTES and three intervals
    server.clock.advance(3500);
    await runJobs(server);
    const mail = await mailAbout(installer.email, logger.sn);
    expect(mail.subject).toContain('Utrata komunikacji');
    expect(mail.text).toContain('Portal nie otrzymał od urządzenia');
    const [notice] = await alarmMessages(endUser, logger.sn);
    expect(notice).toMatchObject({ code: 500, fault_key: 'communication_lost', severity: 'fault' });
  });

  it('an alarm learned already ended is listed but not told', async () => {
    const inverter = await addDevice(server, installer.token, stationId);
    await server.deviceLink.ingestor.submit(
      inverter.sn,
      'alarm',
      Buffer.from(JSON.stringify({ v: 1, ts: Date.now() - 5000, seq: 2, event: 'clear', code: 104 })),
    );
    await alarmEvent(server, inverter.sn, 'raise', 104, Date.now() - 9000);
    await runJobs(server);
    expect(await alarmMessages(installer, inverter.sn)).toEqual([]);
  });

  it('a late part of a buffer is told only while it still happens', async () => {
    const inverter = await addDevice(server, installer.token, stationId);
    // as a device's buffer sent after an outage leaves them: one ended three hours ago, one still on
    await server.database.db.execute(
      sql`insert into device_alarms (device_id, code, raised_at, cleared_at, severity, notice_pending) values
          (${inverter.device_id}, 104, now() - interval '3 hours', now() - interval '179 minutes', 'fault', true),
          (${inverter.device_id}, 102, now() - interval '3 hours', null, 'fault', true),
          (${inverter.device_id}, 103, now() - interval '3 days', null, 'fault', true)`,
    );
    await runJobs(server);
    // the raise of three days ago is history (a backfill whose clear comes later): not told
    expect((await alarmMessages(installer, inverter.sn)).map((item) => item.code)).toEqual([102]);
  });

  it('the demo account gets the message but no mail', async () => {
    const [demoStation] = await queryRows<{ station_id: number }>(
      server.database.db,
      sql`insert into stations (station_name, station_type, installer_id, owner_root_id, country_code, address,
                                latitude, longitude, capacity_kwp, unit_price, currency, timezone)
          values ('Demo roof', 1, ${DEMO_USER_ID}, ${DEMO_USER_ID}, 'PL', 'x', 52, 21, 5, 0.8, 'PLN', 'Europe/Warsaw')
          returning station_id`,
    );
    await queryRows(
      server.database.db,
      sql`insert into devices (station_id, sn, device_type, model) values (${demoStation!.station_id}, 'INVDEMONOTICE01', 1, 'x')`,
    );
    await alarmEvent(server, 'INVDEMONOTICE01', 'raise', 101, Date.now() - 1000);
    await runJobs(server);
    const demo = await server.login();
    const notices = await server.call(message.list, { kind: 'alarm' }, demo);
    expect((notices.body.data as { list: MessageItem[] }).list.map((item) => item.sn)).toContain(
      'INVDEMONOTICE01',
    );
    expect(await mailsTo('demo@helio.invalid')).toEqual([]);
    expect((await server.call(alarm.notificationSet, { email_severities: [] }, demo)).body.msg).toBe('9001');
  });
});

describe('notification settings', () => {
  it('default to faults and critical faults; the language follows the last sign-in', async () => {
    const fresh = await createAccount(server, installer, 2);
    const got = await server.call(alarm.notificationGet, {}, fresh.token);
    expect(got.body.data).toEqual({
      email: fresh.email,
      email_severities: ['fault', 'critical'],
      language: 'en',
      quiet_minutes: 30,
    });
    const response = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'cs' },
      body: JSON.stringify({ user_name: fresh.userName, pwd: fresh.password }),
    });
    expect(response.status).toBe(200);
    expect((await server.call(alarm.notificationGet, {}, fresh.token)).body.data).toMatchObject({
      language: 'cs',
    });
  });

  it('refuses unknown severities and repeats', async () => {
    for (const email_severities of [['loud'], ['fault', 'fault'], 'fault', null]) {
      const answer = await server.call(alarm.notificationSet, { email_severities }, endUser.token);
      expect(answer.body.msg, JSON.stringify(email_severities)).toBe('200005');
    }
    expect((await server.call(alarm.notificationSet, {}, endUser.token)).body.msg).toBe('200003');
  });
});

describe('read and unread', () => {
  it('counts unread messages, marks some or all read, and refuses another account’s', async () => {
    const before = (await server.call(message.unreadCount, {}, endUser.token)).body.data as {
      total: number;
      alarm: number;
    };
    expect(before.total).toBeGreaterThan(1);
    expect(before.alarm).toBe(before.total);
    const [first] = await alarmMessages(endUser);
    const [theirs] = await alarmMessages(installer);
    const foreign = await server.call(
      message.read,
      { message_ids: [first!.message_id, theirs!.message_id] },
      endUser.token,
    );
    expect(foreign.body.msg).toBe('9001');
    const read = await server.call(message.read, { message_ids: [first!.message_id] }, endUser.token);
    expect(read.body.data).toMatchObject({ total: before.total - 1 });
    const unreadOnly = await server.call(message.list, { read: false, page_size: 200 }, endUser.token);
    expect((unreadOnly.body.data as { total: number }).total).toBe(before.total - 1);
    const all = await server.call(message.readAll, {}, endUser.token);
    expect(all.body.data).toEqual({ total: 0, alarm: 0, authorization: 0, system: 0 });
    const readOnly = await server.call(message.list, { read: true, page_size: 200 }, endUser.token);
    expect((readOnly.body.data as { total: number }).total).toBe(before.total);
  });
});
