import { type AlarmItem, alarm, allCalls, isErrorCode, message, type ReportItem } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent, runJobs } from './support/alarms.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * malformed.test.ts walks every call as the demo account, whose writes stop at 9001 before their
 * body is read. Here the alarm and message calls are walked by an installer that may write: a
 * valid body with one field at a time replaced by every wrong value answers a catalogue code,
 * never a 5xx.
 */
let server: TestServer;
let installer: Account;
const bases = new Map<string, Record<string, unknown>>();

const walked = allCalls.filter((call) => call.domain === 'alarm' || call.domain === 'message');
const wrongValues = [
  123,
  -1.5,
  'text',
  '',
  true,
  null,
  [],
  {},
  ['x'],
  [1, 'x', null],
  'x'.repeat(10_000),
  1e300,
  '1e3',
  9_999_999_999,
  '99999999999999',
  Number.MAX_SAFE_INTEGER,
  '2026-13-45T99:99:99Z',
  '2026-01-01T00:00:00Z',
];

beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'alarm_walker');
  const endUser = await createAccount(server, installer, 2);
  const station = await addStation(server, installer.token, { end_user_id: endUser.userId });
  const inverter = await addDevice(server, installer.token, station.station_id);
  await alarmEvent(server, inverter.sn, 'raise', 101, Date.now() - 60_000);
  await runJobs(server);
  const listed = await server.call(alarm.list, {}, installer.token);
  const alarmId = (listed.body.data as { list: AlarmItem[] }).list[0]!.alarm_id;
  const report = await server.call(
    alarm.reportAdd,
    { station_id: station.station_id, description: 'walk' },
    installer.token,
  );
  const reportId = (report.body.data as ReportItem).report_id;
  const now = new Date();
  const range = {
    start_time: new Date(now.getTime() - 3_600_000).toISOString(),
    end_time: now.toISOString(),
  };
  const common = { station_id: station.station_id, device_id: inverter.device_id, ...range };
  for (const call of walked) bases.set(call.path, { ...common });
  bases.set(alarm.timeline.path, { ...common, granularity: 'hour' });
  bases.set(alarm.processAlarms.path, { alarm_ids: [alarmId], opinion: 'walk' });
  bases.set(alarm.detail.path, { alarm_id: alarmId });
  bases.set(alarm.count.path, { station_ids: [station.station_id], device_ids: [inverter.device_id] });
  bases.set(alarm.reportAdd.path, { station_id: station.station_id, alarm_id: alarmId, description: 'x' });
  bases.set(alarm.reportEdit.path, { report_id: reportId, opinion: 'x' });
  bases.set(alarm.reportClose.path, { report_id: reportId });
  bases.set(alarm.notificationSet.path, { email_severities: ['fault'], language: 'pl' });
  bases.set(message.requestAdd.path, { sn: inverter.sn, note: 'x' });
  bases.set(message.requestAnswer.path, { request_id: 1000, answer: 'pass' });
  bases.set(message.read.path, { message_ids: [1] });
  bases.set(message.logList.path, { user_id: installer.userId, action: 'sign_in', ...range });
});
afterAll(() => server.close());

describe.each(walked.map((call) => [call.path] as const))('%s with one wrong field at a time', (path) => {
  it('answers catalogue codes, never 5xx', async () => {
    const base = bases.get(path)!;
    const fields = new Set([
      ...Object.keys(base),
      'page',
      'page_size',
      'sort_by',
      'sort_order',
      'state',
      'kind',
    ]);
    for (const field of fields) {
      for (const value of wrongValues) {
        const answer = await server.post(path, { ...base, [field]: value }, { token: installer.token });
        const label = `${field}=${JSON.stringify(value).slice(0, 20)}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(isErrorCode(answer.body.msg) || answer.body.msg === '0000', label).toBe(true);
      }
    }
  });
});
