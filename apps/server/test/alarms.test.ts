import { type AlarmItem, alarm, device, message, type ReportItem } from '@helio/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunicationLost } from '../src/domains/alarms/lifecycle-store.ts';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { alarmEvent, runJobs, silence } from './support/alarms.ts';
import { addDevice, addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Alarms over HTTP against a real database: what devices raise becomes the alarm list with its
 * filters, sorting, paging and range rules; processing, the export, the station's error list,
 * counts, the timeline, the portal's communication-lost alarm and abnormal reports.
 */
let server: TestServer;
let installer: Account;
let endUser: Account;
let other: Account;
const HOUR = 3_600_000;
/** The hour the fixture's alarms are placed before. */
const T = Math.floor(Date.now() / HOUR) * HOUR;
const ids = {} as Record<'s1' | 's2' | 's3' | 'inv1' | 'bat1' | 'inv2' | 'inv3', number>;
const sns = {} as Record<'inv1' | 'bat1' | 'inv2' | 'inv3', string>;

async function list(token: string, body: Record<string, unknown> = {}) {
  const answer = await server.call(alarm.list, { page_size: 200, ...body }, token);
  if (answer.body.code !== 1) return { msg: answer.body.msg, total: -1, items: [] as AlarmItem[] };
  const data = answer.body.data as { total: number; list: AlarmItem[] };
  return { msg: answer.body.msg, total: data.total, items: data.list };
}

const codesOf = (items: AlarmItem[]) => items.map((item) => item.code);

beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'alarms');
  endUser = await createAccount(server, installer, 2);
  other = await registerAccount(server, 1, 'alarms_other');
  const s1 = await addStation(server, installer.token, {
    installer_id: installer.userId,
    end_user_id: endUser.userId,
    timezone: 'Europe/Warsaw',
  });
  const s2 = await addStation(server, installer.token, { station_type: 1, installer_id: installer.userId });
  const s3 = await addStation(server, other.token, { installer_id: other.userId });
  const inv1 = await addDevice(server, installer.token, s1.station_id);
  const bat1 = await addDevice(server, installer.token, s1.station_id, { device_type: 2 });
  const inv2 = await addDevice(server, installer.token, s2.station_id);
  const inv3 = await addDevice(server, other.token, s3.station_id);
  Object.assign(ids, {
    s1: s1.station_id,
    s2: s2.station_id,
    s3: s3.station_id,
    inv1: inv1.device_id,
    bat1: bat1.device_id,
    inv2: inv2.device_id,
    inv3: inv3.device_id,
  });
  Object.assign(sns, { inv1: inv1.sn, bat1: bat1.sn, inv2: inv2.sn, inv3: inv3.sn });
  await alarmEvent(server, inv1.sn, 'raise', 101, T - 5 * HOUR);
  await alarmEvent(server, inv1.sn, 'clear', 101, T - 4 * HOUR);
  await alarmEvent(server, inv1.sn, 'raise', 302, T - 3 * HOUR);
  await alarmEvent(server, bat1.sn, 'raise', 407, T - 2 * HOUR);
  await alarmEvent(server, bat1.sn, 'raise', 403, T - 40 * 24 * HOUR);
  await alarmEvent(server, bat1.sn, 'clear', 403, T - 39 * 24 * HOUR);
  await alarmEvent(server, inv2.sn, 'raise', 205, T - HOUR);
  await alarmEvent(server, inv3.sn, 'raise', 101, T - HOUR);
});
afterAll(() => server.close());

describe('alarms from devices', () => {
  it('a raise opens a happening alarm with the catalogue’s key and severity; the device shows alarm', async () => {
    const { items } = await list(installer.token, { device_id: ids.bat1 });
    const critical = items.find((item) => item.code === 407)!;
    expect(critical).toMatchObject({
      station_id: ids.s1,
      timezone: 'Europe/Warsaw',
      device_id: ids.bat1,
      sn: sns.bat1,
      device_type: 2,
      fault_key: 'battery_contactor_fault',
      severity: 'critical',
      part: null,
      source: 'device',
      state: 'happening',
      raised_at: new Date(T - 2 * HOUR).toISOString(),
      cleared_at: null,
      processing_state: 'unprocessed',
      opinion: null,
      processed_by: null,
    });
    expect(Date.parse(critical.acquired_at)).toBeGreaterThan(T - 2 * HOUR);
    const detail = await server.call(device.detail, { device_id: ids.bat1 }, installer.token);
    expect((detail.body.data as { status: string }).status).toBe('alarm');
  });

  it('a clear ends it, a repeated raise changes nothing, and the device is back online', async () => {
    const item = await addDevice(server, installer.token, ids.s2, { device_type: 6 });
    await alarmEvent(server, item.sn, 'raise', 107, T - 30 * 60_000);
    await alarmEvent(server, item.sn, 'raise', 107, T - 30 * 60_000);
    await alarmEvent(server, item.sn, 'clear', 107, T - 10 * 60_000);
    const { items } = await list(installer.token, { device_id: item.device_id });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'ended', cleared_at: new Date(T - 10 * 60_000).toISOString() });
    const detail = await server.call(device.detail, { device_id: item.device_id }, installer.token);
    expect((detail.body.data as { status: string }).status).toBe('online');
    await server.call(device.unbind, { device_id: item.device_id }, installer.token);
  });
});

describe('the alarm list', () => {
  it('shows the alarms of the caller’s stations only', async () => {
    expect(codesOf((await list(installer.token)).items).sort()).toEqual([101, 205, 302, 403, 407]);
    expect(codesOf((await list(endUser.token)).items).sort()).toEqual([101, 302, 403, 407]);
    expect(codesOf((await list(other.token)).items)).toEqual([101]);
  });

  it('filters by station, device, SN, device type, severity, state and processing state', async () => {
    const t = installer.token;
    expect(codesOf((await list(t, { station_id: ids.s2 })).items)).toEqual([205]);
    expect(codesOf((await list(t, { device_id: ids.bat1 })).items).sort()).toEqual([403, 407]);
    expect(codesOf((await list(t, { sn: sns.bat1.slice(3, 9).toLowerCase() })).items).sort()).toEqual([
      403, 407,
    ]);
    expect(codesOf((await list(t, { device_type: '2' })).items).sort()).toEqual([403, 407]);
    expect(codesOf((await list(t, { severity: 'critical' })).items)).toEqual([407]);
    expect(codesOf((await list(t, { state: 'happening' })).items).sort()).toEqual([205, 302, 407]);
    expect(codesOf((await list(t, { state: 'ended' })).items).sort()).toEqual([101, 403]);
    expect((await list(t, { processing_state: 'unprocessed' })).total).toBe(5);
    expect((await list(t, { device_type: '', severity: null })).total).toBe(5);
  });

  it('filters by a time range of at most 30 days on the start time', async () => {
    const t = installer.token;
    const day = await list(t, {
      start_time: new Date(T - 24 * HOUR).toISOString(),
      end_time: new Date(T).toISOString(),
    });
    expect(codesOf(day.items).sort()).toEqual([101, 205, 302, 407]);
    const offset = await list(t, {
      start_time: '2000-01-01T00:00:00+01:00',
      end_time: '2000-01-30T00:00:00+01:00',
    });
    expect(offset.total).toBe(0);
    const range = (start: string, end?: string) => list(t, { start_time: start, end_time: end });
    expect((await range('2026-01-01T00:00:00Z', '2026-02-01T00:00:01Z')).msg).toBe('200603');
    expect((await range('2026-01-01T00:00:00Z', '2026-01-31T00:00:00Z')).msg).toBe('0000');
    expect((await range('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).msg).toBe('200601');
    expect((await range('yesterday', '2026-01-01T00:00:00Z')).msg).toBe('200601');
    expect((await range('2026-01-01', '2026-01-02')).msg).toBe('200601');
    expect((await range('2026-01-01T00:00:00Z')).msg).toBe('200601');
  });

  it('sorts by any column both ways and pages', async () => {
    const t = installer.token;
    expect(codesOf((await list(t, { sort_by: 'raised_at', sort_order: 'asc' })).items)).toEqual([
      403, 101, 302, 407, 205,
    ]);
    expect(codesOf((await list(t)).items)).toEqual([205, 407, 302, 101, 403]);
    const bySeverity = (await list(t, { sort_by: 'severity', sort_order: 'desc' })).items;
    expect(bySeverity.map((item) => item.severity)).toEqual([
      'critical',
      'fault',
      'warning',
      'warning',
      'warning',
    ]);
    expect(codesOf((await list(t, { sort_by: 'code', sort_order: 'asc' })).items)).toEqual([
      101, 205, 302, 403, 407,
    ]);
    const byEnd = (await list(t, { sort_by: 'cleared_at', sort_order: 'desc' })).items;
    expect(byEnd.slice(0, 3).every((item) => item.state === 'happening')).toBe(true);
    const page2 = await server.call(alarm.list, { page: 2, page_size: 2 }, t);
    expect(page2.body.data).toMatchObject({ total: 5 });
    expect(codesOf((page2.body.data as { list: AlarmItem[] }).list)).toEqual([302, 101]);
  });

  it('an id outside the caller’s reach is 9001', async () => {
    expect((await list(installer.token, { station_id: ids.s3 })).msg).toBe('9001');
    expect((await list(installer.token, { device_id: ids.inv3 })).msg).toBe('9001');
    expect((await list(endUser.token, { station_id: ids.s2 })).msg).toBe('9001');
  });
});

describe('processing', () => {
  it('an installer marks alarms processed with an opinion; who and when are kept; back to unprocessed', async () => {
    const { items } = await list(installer.token, { station_id: ids.s1, state: 'happening' });
    const alarmIds = items.map((item) => item.alarm_id);
    const processed = await server.call(
      alarm.processAlarms,
      { alarm_ids: alarmIds, opinion: 'Checked the contactor; replaced the fuse.' },
      installer.token,
    );
    expect(processed.body.code).toBe(1);
    for (const item of processed.body.data as AlarmItem[]) {
      expect(item).toMatchObject({
        processing_state: 'processed',
        opinion: 'Checked the contactor; replaced the fuse.',
        processed_by: installer.userId,
        processed_by_name: installer.userName,
      });
      expect(Date.now() - Date.parse(item.processed_at!)).toBeLessThan(60_000);
    }
    expect((await list(endUser.token, { processing_state: 'processed' })).total).toBe(2);
    const back = await server.call(
      alarm.processAlarms,
      { alarm_ids: [alarmIds[0]], processing_state: 'unprocessed' },
      installer.token,
    );
    expect((back.body.data as AlarmItem[])[0]).toMatchObject({
      processing_state: 'unprocessed',
      processed_by: null,
      processed_at: null,
      opinion: 'Checked the contactor; replaced the fuse.',
    });
    const log = await server.call(message.logList, { action: 'alarm_process' }, installer.token);
    expect((log.body.data as { total: number }).total).toBe(2);
  });

  it('is the installer’s: an end user gets 9001; one foreign alarm refuses the whole batch', async () => {
    const [mine] = (await list(installer.token, { station_id: ids.s2 })).items;
    const [theirs] = (await list(other.token)).items;
    const byEndUser = await server.call(alarm.processAlarms, { alarm_ids: [mine!.alarm_id] }, endUser.token);
    expect(byEndUser.body.msg).toBe('9001');
    const mixed = await server.call(
      alarm.processAlarms,
      { alarm_ids: [mine!.alarm_id, theirs!.alarm_id], opinion: 'x' },
      installer.token,
    );
    expect(mixed.body.msg).toBe('9001');
    const [after] = (await list(installer.token, { station_id: ids.s2 })).items;
    expect(after).toMatchObject({ processing_state: 'unprocessed', opinion: null });
    const missing = await server.call(alarm.processAlarms, { alarm_ids: [2_000_000_000] }, installer.token);
    expect(missing.body.msg).toBe('9001');
  });
});

describe('export', () => {
  async function download(url: string) {
    const response = await fetch(`${server.url}${url}`);
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  it('answers a single-use address of an .xlsx with the list’s filter and order, headings in the asked language', async () => {
    const filter = { station_id: ids.s1, sort_by: 'raised_at', sort_order: 'asc' };
    const answer = await server.call(alarm.exportList, { ...filter, language: 'pl' }, installer.token);
    expect(answer.body.code).toBe(1);
    const data = answer.body.data as {
      download_url: string;
      file_name: string;
      rows: number;
      truncated: boolean;
    };
    expect(data).toMatchObject({ rows: 4, truncated: false });
    expect(data.download_url).toMatch(/^\/downloads\/[A-Za-z0-9_-]{43}$/);
    const file = await download(data.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toContain(data.file_name);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Alarmy');
    expect(sheet.getRow(1).getCell(1).value).toBe('Stacja');
    const listed = (await list(installer.token, filter)).items;
    const rows = [];
    for (let index = 2; index <= sheet.rowCount; index += 1) {
      const row = sheet.getRow(index);
      rows.push({ sn: row.getCell(2).value, code: row.getCell(4).value });
    }
    expect(rows).toEqual(listed.map((item) => ({ sn: item.sn, code: item.code })));
    const critical = sheet.getRow(2 + listed.findIndex((item) => item.code === 407));
    expect(critical.getCell(6).value).toBe('Usterka krytyczna');
    // the start time in the station's zone (Warsaw), as the installer there reads it
    expect(critical.getCell(9).value).toBe(
      new Date(T - 2 * HOUR).toLocaleString('sv-SE', { timeZone: 'Europe/Warsaw' }),
    );
    expect((await download(data.download_url)).status).toBe(404);
  });

  it('refuses what the list refuses, and unknown tickets', async () => {
    const tooLong = await server.call(
      alarm.exportList,
      { start_time: '2026-01-01T00:00:00Z', end_time: '2026-03-01T00:00:00Z' },
      installer.token,
    );
    expect(tooLong.body.msg).toBe('200603');
    expect((await server.call(alarm.exportList, { station_id: ids.s3 }, installer.token)).body.msg).toBe(
      '9001',
    );
    expect((await download(`/downloads/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await download('/downloads/short')).status).toBe(404);
  });

  it('a ticket runs out after a minute', async () => {
    const answer = await server.call(alarm.exportList, {}, installer.token);
    const url = (answer.body.data as { download_url: string }).download_url;
    await server.database.db.execute(
      "update download_tickets set expires_at = now() - interval '1 second' where used_at is null" as never,
    );
    expect((await download(url)).status).toBe(404);
  });
});

describe('the station’s error list, counts and timeline', () => {
  it('errorList2 lists a station’s alarms, happening first', async () => {
    const answer = await server.call(alarm.errorList2, { station_id: ids.s1 }, endUser.token);
    const data = answer.body.data as { total: number; list: AlarmItem[] };
    expect(data.total).toBe(4);
    expect(data.list.map((item) => item.state)).toEqual(['happening', 'happening', 'ended', 'ended']);
    expect(codesOf(data.list)).toEqual([407, 302, 101, 403]);
    const ended = await server.call(alarm.errorList2, { station_id: ids.s1, state: 'ended' }, endUser.token);
    expect((ended.body.data as { total: number }).total).toBe(2);
    expect((await server.call(alarm.errorList2, { station_id: ids.s2 }, endUser.token)).body.msg).toBe(
      '9001',
    );
  });

  it('counts happening and unprocessed alarms per station and device, and in all', async () => {
    const answer = await server.call(
      alarm.count,
      { station_ids: [ids.s1, ids.s2], device_ids: [ids.inv1, ids.bat1] },
      installer.token,
    );
    const data = answer.body.data as {
      total: { happening: number };
      stations: { station_id: number; happening: number }[];
      devices: { device_id: number; happening: number; unprocessed: number }[];
    };
    expect(data.total.happening).toBe(3);
    expect(data.stations).toEqual([
      { station_id: ids.s1, happening: 2, unprocessed: expect.any(Number) },
      { station_id: ids.s2, happening: 1, unprocessed: 1 },
    ]);
    expect(data.devices.map((row) => [row.device_id, row.happening])).toEqual([
      [ids.inv1, 1],
      [ids.bat1, 1],
    ]);
    expect((await server.call(alarm.count, { station_ids: [ids.s3] }, installer.token)).body.msg).toBe(
      '9001',
    );
    expect((await server.call(alarm.count, { device_ids: [ids.inv2] }, endUser.token)).body.msg).toBe('9001');
  });

  it('the timeline counts happening alarms per bucket; per-minute data spans at most 7 days', async () => {
    const range = { start_time: new Date(T - 6 * HOUR).toISOString(), end_time: new Date(T).toISOString() };
    const answer = await server.call(
      alarm.timeline,
      { station_id: ids.s1, granularity: 'hour', ...range },
      installer.token,
    );
    const data = answer.body.data as { bucket_s: number; points: { ts: string; happening: number }[] };
    expect(data.bucket_s).toBe(3600);
    expect(data.points.map((point) => point.happening)).toEqual([0, 1, 0, 1, 2, 2]);
    expect(data.points[0]!.ts).toBe(range.start_time);
    const device = await server.call(
      alarm.timeline,
      { station_id: ids.s1, device_id: ids.bat1, granularity: 'hour', ...range },
      installer.token,
    );
    expect((device.body.data as typeof data).points.map((point) => point.happening)).toEqual([
      0, 0, 0, 0, 1, 1,
    ]);
    const minutes = await server.call(
      alarm.timeline,
      { station_id: ids.s1, granularity: 'minute', ...range },
      installer.token,
    );
    expect((minutes.body.data as typeof data).points).toHaveLength(360);
    const week = (days: number, granularity: string) =>
      server.call(
        alarm.timeline,
        {
          station_id: ids.s1,
          granularity,
          start_time: new Date(T - days * 24 * HOUR).toISOString(),
          end_time: new Date(T).toISOString(),
        },
        installer.token,
      );
    expect((await week(7, 'minute')).body.msg).toBe('0000');
    expect((await week(8, 'minute')).body.msg).toBe('200602');
    expect((await week(8, 'hour')).body.msg).toBe('0000');
    expect((await week(31, 'day')).body.msg).toBe('200603');
    const foreignDevice = await server.call(
      alarm.timeline,
      { station_id: ids.s1, device_id: ids.inv2, granularity: 'hour', ...range },
      installer.token,
    );
    expect(foreignDevice.body.msg).toBe('9001');
  });
});

describe('communication lost', () => {
  async function telemetry(sn: string) {
    await server.deviceLink.ingestor.submit(
      sn,
      'telemetry',
      Buffer.from(JSON.stringify({ v: 1, ts: Date.now(), seq: 1, values: { ac_power_w: 100 } })),
    );
  }

  it('right after the portal starts, silence from before is not blamed on the device', async () => {
    const item = await addDevice(server, installer.token, ids.s2, { device_type: 9 });
    await telemetry(item.sn);
    await silence(server, item.device_id, 45);
    await runJobs(server);
    expect((await list(installer.token, { device_id: item.device_id })).total).toBe(0);
    await server.call(device.unbind, { device_id: item.device_id }, installer.token);
  });

  it('a device silent longer than the set time and three intervals gets the portal’s alarm, which ends when it reports again', async () => {
    // as the jobs of a portal listening for long (alarm-notifications.test.ts runs them for real)
    const item = await addDevice(server, installer.token, ids.s2, { device_type: 9 });
    await telemetry(item.sn);
    await silence(server, item.device_id, 20);
    await runJobs(server);
    expect(await openCommunicationLost(server.database.db, 30 * 60_000)).toBe(0);
    await silence(server, item.device_id, 45);
    await runJobs(server);
    expect(await openCommunicationLost(server.database.db, 30 * 60_000)).toBe(1);
    expect(await openCommunicationLost(server.database.db, 30 * 60_000)).toBe(0);
    const [lost, ...more] = (await list(installer.token, { device_id: item.device_id })).items;
    expect(more).toEqual([]);
    expect(lost).toMatchObject({
      code: 500,
      fault_key: 'communication_lost',
      source: 'server',
      severity: 'fault',
      state: 'happening',
    });
    expect(Date.now() - Date.parse(lost!.raised_at)).toBeGreaterThan(44 * 60_000);
    const detail = await server.call(device.detail, { device_id: item.device_id }, installer.token);
    expect((detail.body.data as { status: string }).status).toBe('offline');
    await telemetry(item.sn);
    const [ended] = (await list(installer.token, { device_id: item.device_id })).items;
    expect(ended).toMatchObject({ alarm_id: lost!.alarm_id, state: 'ended' });
    expect(
      (await server.call(device.detail, { device_id: item.device_id }, installer.token)).body.data,
    ).toMatchObject({
      status: 'online',
    });
    await server.call(device.unbind, { device_id: item.device_id }, installer.token);
  });

  it('a device may not raise or clear the portal’s code', async () => {
    const item = await addDevice(server, installer.token, ids.s2, { device_type: 9 });
    await alarmEvent(server, item.sn, 'raise', 500, Date.now() - 1000);
    expect((await list(installer.token, { device_id: item.device_id })).total).toBe(0);
    await server.call(device.unbind, { device_id: item.device_id }, installer.token);
  });
});

describe('abnormal reports', () => {
  it('an installer opens, updates and closes a report; everyone on the station reads it', async () => {
    const [critical] = (await list(installer.token, { severity: 'critical' })).items;
    const added = await server.call(
      alarm.reportAdd,
      {
        station_id: ids.s1,
        alarm_id: critical!.alarm_id,
        description: 'Battery contactor does not close',
        opinion: 'Ordered a new contactor',
      },
      installer.token,
    );
    expect(added.body.code).toBe(1);
    const report = added.body.data as ReportItem;
    expect(report).toMatchObject({
      station_id: ids.s1,
      device_id: ids.bat1,
      sn: sns.bat1,
      alarm_id: critical!.alarm_id,
      status: 'open',
      created_by_name: installer.userName,
      opinions: [{ text: 'Ordered a new contactor', user_name: installer.userName }],
    });
    const edited = await server.call(
      alarm.reportEdit,
      { report_id: report.report_id, opinion: 'Contactor replaced', description: 'Contactor failed' },
      installer.token,
    );
    expect(edited.body.data).toMatchObject({
      description: 'Contactor failed',
      opinions: [{ text: 'Ordered a new contactor' }, { text: 'Contactor replaced' }],
    });
    const closed = await server.call(
      alarm.reportClose,
      { report_id: report.report_id, opinion: 'Works again' },
      installer.token,
    );
    expect(closed.body.data).toMatchObject({ status: 'closed', closed_by_name: installer.userName });
    expect((closed.body.data as ReportItem).opinions).toHaveLength(3);
    expect(
      (await server.call(alarm.reportEdit, { report_id: report.report_id, opinion: 'late' }, installer.token))
        .body.msg,
    ).toBe('200001');
    expect(
      (await server.call(alarm.reportClose, { report_id: report.report_id }, installer.token)).body.msg,
    ).toBe('200001');
    const seen = await server.call(alarm.reportList, { station_id: ids.s1 }, endUser.token);
    expect((seen.body.data as { list: ReportItem[] }).list.map((item) => item.report_id)).toEqual([
      report.report_id,
    ]);
    const open = await server.call(alarm.reportList, { status: 'open' }, installer.token);
    expect((open.body.data as { total: number }).total).toBe(0);
  });

  it('end users read but do not write; a device or alarm of another station is 9001', async () => {
    const byEndUser = await server.call(
      alarm.reportAdd,
      { station_id: ids.s1, description: 'Mine' },
      endUser.token,
    );
    expect(byEndUser.body.msg).toBe('9001');
    const wrongDevice = await server.call(
      alarm.reportAdd,
      { station_id: ids.s1, device_id: ids.inv2, description: 'x' },
      installer.token,
    );
    expect(wrongDevice.body.msg).toBe('9001');
    const [elsewhere] = (await list(installer.token, { station_id: ids.s2 })).items;
    const wrongAlarm = await server.call(
      alarm.reportAdd,
      { station_id: ids.s1, alarm_id: elsewhere!.alarm_id, description: 'x' },
      installer.token,
    );
    expect(wrongAlarm.body.msg).toBe('9001');
    const blank = await server.call(
      alarm.reportAdd,
      { station_id: ids.s1, description: '  ' },
      installer.token,
    );
    expect(blank.body.msg).toBe('200005');
  });
});
