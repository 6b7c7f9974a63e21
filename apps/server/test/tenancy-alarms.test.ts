import {
  type AlarmItem,
  alarm,
  DEMO_USER_ID,
  type LogItem,
  type MessageItem,
  message,
  type ReportItem,
  type RequestItem,
} from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent, runJobs } from './support/alarms.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The tenancy matrix of alarms, reports, messages, authorization requests and the operation log,
 * on the accounts and stations of tenancy-fleet.test.ts: two level-1 installers (A, B), each with
 * a level-2 and a level-3 installer and an end user under each level; S1 bound to (1, e1), S2 to
 * (2, e2), S3 to (3, e3), each with a device in alarm and an abnormal report. Every account tries
 * every call on every other station's ids: only its own tree works; the rest is 9001 and changes
 * nothing. The demo account's writes are 9001.
 */
let server: TestServer;
const accounts = new Map<string, Account>();
const stationIds = new Map<string, number>();
const deviceIds = new Map<string, number>();
const alarms = new Map<string, AlarmItem>();
const reports = new Map<string, ReportItem>();
const requests = new Map<string, RequestItem>();
let demo: string;

const sides = ['A', 'B'] as const;
const accountLabels = sides.flatMap((side) =>
  ['1', '2', '3', 'e1', 'e2', 'e3'].map((part) => `${side}${part}`),
);
const stationLabels = sides.flatMap((side) => ['S1', 'S2', 'S3'].map((part) => `${side}${part}`));
const reachers: Record<string, string[]> = {
  S1: ['1', 'e1'],
  S2: ['1', '2', 'e2'],
  S3: ['1', '2', '3', 'e3'],
};
const reaches = (actor: string, stationLabel: string) =>
  actor[0] === stationLabel[0] && reachers[stationLabel.slice(1)]!.includes(actor.slice(1));
/** Accounts below or equal to an installer of a side: 1 reaches all its side, 2 reaches 2, 3, e2, e3, … */
const below: Record<string, string[]> = {
  '1': ['1', '2', '3', 'e1', 'e2', 'e3'],
  '2': ['2', '3', 'e2', 'e3'],
  '3': ['3', 'e3'],
  e1: ['e1'],
  e2: ['e2'],
  e3: ['e3'],
};
const reachesAccount = (actor: string, target: string) =>
  actor[0] === target[0] && below[actor.slice(1)]!.includes(target.slice(1));
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
      const label = `${side}S${level + 1}`;
      accounts.set(`${side}e${level + 1}`, endUser);
      const bound = await addStation(server, l1.token, {
        installer_id: installer.userId,
        end_user_id: endUser.userId,
      });
      const inverter = await addDevice(server, l1.token, bound.station_id);
      stationIds.set(label, bound.station_id);
      deviceIds.set(label, inverter.device_id);
      await alarmEvent(server, inverter.sn, 'raise', 101, Date.now() - 60_000);
      const listed = await server.call(alarm.list, { device_id: inverter.device_id }, l1.token);
      alarms.set(label, (listed.body.data as { list: AlarmItem[] }).list[0]!);
      const report = await server.call(
        alarm.reportAdd,
        { station_id: bound.station_id, description: `Report of ${label}` },
        l1.token,
      );
      reports.set(label, report.body.data as ReportItem);
    }
  }
  // every station has a pending request from the other side's level-1 installer
  for (const label of stationLabels) {
    const asker = accounts.get(`${label[0] === 'A' ? 'B' : 'A'}1`)!;
    const detail = await server.call(
      alarm.detail,
      { alarm_id: alarms.get(label)!.alarm_id },
      accounts.get(`${label[0]}1`)!.token,
    );
    const sn = (detail.body.data as AlarmItem).sn;
    const asked = await server.call(message.requestAdd, { sn }, asker.token);
    requests.set(label, asked.body.data as RequestItem);
  }
  await runJobs(server);
  demo = await server.login();
});
afterAll(() => server.close());

describe('alarm calls across tenants', () => {
  it.each(pairs())('%s → %s: detail, list, error list, counts, timeline', async (actor, target) => {
    const me = accounts.get(actor)!;
    const theirs = alarms.get(target)!;
    const station = stationIds.get(target)!;
    const range = {
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date().toISOString(),
    };
    const answers = await Promise.all([
      server.call(alarm.detail, { alarm_id: theirs.alarm_id }, me.token),
      server.call(alarm.list, { station_id: station }, me.token),
      server.call(alarm.list, { device_id: deviceIds.get(target) }, me.token),
      server.call(alarm.errorList2, { station_id: station }, me.token),
      server.call(alarm.count, { station_ids: [station], device_ids: [deviceIds.get(target)] }, me.token),
      server.call(alarm.timeline, { station_id: station, granularity: 'hour', ...range }, me.token),
      server.call(alarm.reportList, { station_id: station }, me.token),
      server.call(alarm.exportList, { station_id: station }, me.token),
    ]);
    if (!reaches(actor, target)) {
      for (const answer of answers) expect(answer.body).toMatchObject({ code: 400, msg: '9001' });
      return;
    }
    for (const answer of answers) expect(answer.body.code).toBe(1);
    expect(answers[0]!.body.data).toMatchObject({ alarm_id: theirs.alarm_id, station_id: station });
    expect((answers[1]!.body.data as { list: AlarmItem[] }).list.map((item) => item.alarm_id)).toEqual([
      theirs.alarm_id,
    ]);
  });

  it.each(pairs())('%s → %s: processing', async (actor, target) => {
    const me = accounts.get(actor)!;
    const theirs = alarms.get(target)!;
    const answer = await server.call(
      alarm.processAlarms,
      { alarm_ids: [theirs.alarm_id], opinion: `by ${actor}` },
      me.token,
    );
    expect(answer.body.msg).toBe(reaches(actor, target) && isInstaller(actor) ? '0000' : '9001');
    const owner = accounts.get(`${target[0]}1`)!;
    const after = await server.call(alarm.detail, { alarm_id: theirs.alarm_id }, owner.token);
    const opinion = (after.body.data as AlarmItem).opinion;
    if (answer.body.msg === '9001') expect(opinion).not.toBe(`by ${actor}`);
  });

  it.each(pairs())('%s → %s: abnormal reports', async (actor, target) => {
    const me = accounts.get(actor)!;
    const report = reports.get(target)!;
    const station = stationIds.get(target)!;
    const add = await server.call(
      alarm.reportAdd,
      { station_id: station, description: `by ${actor}` },
      me.token,
    );
    const edit = await server.call(
      alarm.reportEdit,
      { report_id: report.report_id, opinion: `by ${actor}` },
      me.token,
    );
    const allowed = reaches(actor, target) && isInstaller(actor);
    expect(add.body.msg).toBe(allowed ? '0000' : '9001');
    expect(edit.body.msg).toBe(allowed ? '0000' : '9001');
    if (allowed) {
      const twin = add.body.data as ReportItem;
      expect((await server.call(alarm.reportClose, { report_id: twin.report_id }, me.token)).body.code).toBe(
        1,
      );
    } else {
      expect((await server.call(alarm.reportClose, { report_id: report.report_id }, me.token)).body.msg).toBe(
        '9001',
      );
    }
  });

  it.each(accountLabels)(
    '%s lists and counts exactly the alarms and reports of the stations it reaches',
    async (actor) => {
      const me = accounts.get(actor)!;
      const expected = stationLabels.filter((label) => reaches(actor, label));
      const listed = await server.call(alarm.list, { page_size: 200 }, me.token);
      expect((listed.body.data as { list: AlarmItem[] }).list.map((item) => item.alarm_id).sort()).toEqual(
        expected.map((label) => alarms.get(label)!.alarm_id).sort(),
      );
      const counted = await server.call(alarm.count, {}, me.token);
      expect(counted.body.data).toMatchObject({ total: { happening: expected.length } });
      const reportList = await server.call(alarm.reportList, { page_size: 200 }, me.token);
      const reportStations = new Set(
        (reportList.body.data as { list: ReportItem[] }).list.map((item) => item.station_id),
      );
      expect([...reportStations].sort()).toEqual(expected.map((label) => stationIds.get(label)!).sort());
    },
  );
});

describe('messages, requests and the log across tenants', () => {
  it.each(accountLabels)('%s reads its own alarm notices only', async (actor) => {
    const me = accounts.get(actor)!;
    const mine = await server.call(message.list, { kind: 'alarm', page_size: 200 }, me.token);
    const list = (mine.body.data as { list: MessageItem[] }).list;
    // a station's notices go to the installer and the end user bound to it
    const expected = stationLabels.filter((label) => {
      const level = label.slice(2);
      return actor[0] === label[0] && [level, `e${level}`].includes(actor.slice(1));
    });
    expect(list.map((item) => item.station_id).sort()).toEqual(
      expected.map((label) => stationIds.get(label)!).sort(),
    );
    for (const other of accountLabels.filter((label) => label !== actor)) {
      const theirs = await server.call(message.list, { kind: 'alarm' }, accounts.get(other)!.token);
      const [first] = (theirs.body.data as { list: MessageItem[] }).list;
      if (!first) continue;
      expect((await server.call(message.read, { message_ids: [first.message_id] }, me.token)).body.msg).toBe(
        '9001',
      );
    }
  });

  it.each(pairs())(
    '%s → request for %s: only the station’s holders see and answer it',
    async (actor, target) => {
      const me = accounts.get(actor)!;
      const request = requests.get(target)!;
      const received = await server.call(
        message.requestList,
        { direction: 'received', page_size: 200 },
        me.token,
      );
      const ids = (received.body.data as { list: RequestItem[] }).list.map((item) => item.request_id);
      expect(ids.includes(request.request_id)).toBe(reaches(actor, target));
      if (!reaches(actor, target)) {
        const answer = await server.call(
          message.requestAnswer,
          { request_id: request.request_id, answer: 'pass' },
          me.token,
        );
        expect(answer.body.msg).toBe('9001');
      }
    },
  );

  it.each(accountLabels.flatMap((actor) => accountLabels.map((target) => [actor, target] as const)))(
    '%s → log of %s',
    async (actor, target) => {
      const me = accounts.get(actor)!;
      const answer = await server.call(message.logList, { user_id: accounts.get(target)!.userId }, me.token);
      if (!reachesAccount(actor, target)) {
        expect(answer.body.msg).toBe('9001');
        return;
      }
      const lines = (answer.body.data as { list: LogItem[] }).list;
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line.user_id === accounts.get(target)!.userId)).toBe(true);
    },
  );

  it('requests stay pending: nobody outside the holders answered them', async () => {
    for (const label of stationLabels) {
      const holder = accounts.get(`${label[0]}1`)!;
      const received = await server.call(
        message.requestList,
        { direction: 'received', page_size: 200 },
        holder.token,
      );
      const item = (received.body.data as { list: RequestItem[] }).list.find(
        (entry) => entry.request_id === requests.get(label)!.request_id,
      );
      expect(item?.state).toBe('pending_review');
    }
  });
});

describe('the demo account', () => {
  it('reads its own scope but every write is 9001, and other tenants’ ids are 9001', async () => {
    const a1 = alarms.get('AS1')!;
    expect((await server.call(alarm.detail, { alarm_id: a1.alarm_id }, demo)).body.msg).toBe('9001');
    expect((await server.call(alarm.list, {}, demo)).body.code).toBe(1);
    expect((await server.call(alarm.exportList, {}, demo)).body.code).toBe(1);
    const writes = await Promise.all([
      server.call(alarm.processAlarms, { alarm_ids: [a1.alarm_id] }, demo),
      server.call(alarm.reportAdd, { station_id: stationIds.get('AS1'), description: 'x' }, demo),
      server.call(alarm.reportEdit, { report_id: reports.get('AS1')!.report_id, opinion: 'x' }, demo),
      server.call(alarm.reportClose, { report_id: reports.get('AS1')!.report_id }, demo),
      server.call(alarm.notificationSet, { email_severities: [] }, demo),
      server.call(message.read, { message_ids: [1] }, demo),
      server.call(message.readAll, {}, demo),
      server.call(message.requestAdd, { sn: a1.sn }, demo),
      server.call(
        message.requestAnswer,
        { request_id: requests.get('AS1')!.request_id, answer: 'pass' },
        demo,
      ),
    ]);
    expect(writes.map((answer) => answer.body.msg)).toEqual(Array(writes.length).fill('9001'));
    const log = await server.call(message.logList, { user_id: accounts.get('A1')!.userId }, demo);
    expect(log.body.msg).toBe('9001');
    const own = await server.call(message.logList, {}, demo);
    expect((own.body.data as { list: LogItem[] }).list.every((line) => line.user_id === DEMO_USER_ID)).toBe(
      true,
    );
  });
});
