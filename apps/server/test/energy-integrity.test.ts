import { device, localDate, nextDay, startOfLocalDay } from '@helio/contracts';
import {
  BACKFILL_HORIZON_MS,
  CLOCK_SKEW_MS,
  ENERGY_GAP_MS,
  energyCounters,
  REGISTRATION_GRACE_MS,
} from '@helio/contracts/device-link';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEnergy } from '../src/domains/energy/rebuild.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { connectDevice, localBrokerUrl, type TestDevice } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * What devices cannot do to a plant's energy, through the device link with the protocol's limits
 * (docs/device-protocol.md §10, §11): readings stamped before the device's registration (past a
 * short grace) or the backfill horizon, or ahead of the portal's clock, are acknowledged, logged
 * and neither stored nor counted; the rise across a gap is spread over the gap's station-local
 * days, so a device silent for days does not put their energy into the day it speaks again, and
 * its days still add up to its counters' rise.
 */

let server: TestServer;
let installer: Account;
let broker: string;
const devices: TestDevice[] = [];

beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'integrity');
  broker = localBrokerUrl(server.deviceLink.embeddedPort!);
});
afterAll(async () => {
  await Promise.all(devices.map((connected) => connected.close()));
  await server.close();
});

const ZONE = 'Europe/Warsaw';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function inverter(options: { registeredAt?: number; commissioningDate?: string } = {}) {
  const station = await addStation(server, installer.token, {
    timezone: ZONE,
    installer_id: installer.userId,
    station_type: 1,
    ...(options.commissioningDate ? { commissioning_date: options.commissioningDate } : {}),
  });
  const item = await registerDevice(server, installer.token, station.station_id, { device_type: 1 });
  if (options.registeredAt !== undefined) {
    // a device registered long ago (before it first speaks, so the portal reads it so)
    await server.database.db.execute(
      sql`update devices set created_at = ${new Date(options.registeredAt).toISOString()}::timestamptz
          where device_id = ${item.device_id}`,
    );
  }
  const connected = await connectDevice(broker, item.sn, item.credentials.password);
  devices.push(connected);
  return { ...item, stationId: station.station_id, link: connected };
}

async function storedTimes(deviceId: number): Promise<number[]> {
  const rows = await queryRows<{ ms: string | number }>(
    server.database.db,
    sql`select (extract(epoch from ts) * 1000)::bigint as ms from readings where device_id = ${deviceId} order by ts`,
  );
  return rows.map((row) => Number(row.ms));
}

type Rows = Map<string, number>;

/** PV energy rows of a device or station by `period|start`. */
async function pvRows(scope: 'device' | 'station', id: number): Promise<Rows> {
  const table = scope === 'device' ? sql`device_energy` : sql`station_energy`;
  const column = scope === 'device' ? sql`device_id` : sql`station_id`;
  const rows = await queryRows<{ key: string; pv_kwh: number }>(
    server.database.db,
    sql`select period || '|' || to_char(period_start, 'YYYY-MM-DD') as key, pv_kwh
        from ${table} where ${column} = ${id} order by period, period_start`,
  );
  return new Map(rows.map((row) => [row.key, Number(row.pv_kwh)]));
}

async function allEnergy(deviceId: number): Promise<number> {
  const [row] = await queryRows<{ n: number; total: number | null }>(
    server.database.db,
    sql`select count(*)::int as n, sum(${sql.raw(energyCounters.join(' + '))}) as total
        from device_energy where device_id = ${deviceId}`,
  );
  return row!.n === 0 ? 0 : Number(row!.total);
}

function sumDays(rows: Rows): number {
  let sum = 0;
  for (const [key, value] of rows) if (key.startsWith('d|')) sum += value;
  return sum;
}

async function settle(): Promise<void> {
  await server.deviceLink.ingestor.drain();
  await server.jobs.runAllNow();
}

function refusals(sn: string, reason: string): string[] {
  return server.logs.filter(
    (line) => line.includes(sn) && line.includes(`"reason":"${reason}"`) && line.includes('not stored'),
  );
}

describe('readings of impossible times', () => {
  it('a reading stamped 2000-01-01 is acknowledged and logged, never stored, and adds no energy', async () => {
    const inv = await inverter();
    const now = Date.now();
    // the PUBACK arrives: sending it again could not help
    await inv.link.telemetry(Date.UTC(2000, 0, 1), 1, { pv_kwh: 0.4, ac_power_w: 0 });
    await inv.link.telemetry(now, 2, { pv_kwh: 101, ac_power_w: 2500 });
    await settle();
    expect(await storedTimes(inv.device_id)).toEqual([now]);
    // the first reading the portal takes only sets the counters' starting point
    expect(await allEnergy(inv.device_id)).toBe(0);
    expect((await pvRows('station', inv.stationId)).size).toBe(0);
    const detail = await server.call(device.detail, { device_id: inv.device_id }, installer.token);
    expect((detail.body.data as { today_energy_kwh: number | null }).today_energy_kwh ?? 0).toBe(0);
    expect(refusals(inv.sn, 'before_registration')).toHaveLength(1);
  });

  it('readings older than the registration and its grace are refused; within the grace they are taken', async () => {
    const inv = await inverter();
    const [registered] = await queryRows<{ ms: string | number }>(
      server.database.db,
      sql`select (extract(epoch from created_at) * 1000)::bigint as ms from devices where device_id = ${inv.device_id}`,
    );
    const since = Number(registered!.ms) - REGISTRATION_GRACE_MS;
    const now = Date.now();
    const readings = [since - DAY, since - 1, since + HOUR, now - HOUR, now].map((ts, seq) => ({
      ts,
      seq,
      values: { pv_kwh: 500 + seq * 10 },
    }));
    await inv.link.publish('backfill', { readings });
    await settle();
    expect(await storedTimes(inv.device_id)).toEqual([since + HOUR, now - HOUR, now]);
    // energy only between readings taken: 10 + 10 kWh, none from the refused ones
    expect(sumDays(await pvRows('device', inv.device_id))).toBeCloseTo(20, 9);
    const [line] = refusals(inv.sn, 'before_registration');
    expect(JSON.parse(line!)).toMatchObject({
      readings: 2,
      from: new Date(since - DAY).toISOString(),
      to: new Date(since - 1).toISOString(),
    });
  });

  it('a station commissioned before its devices were registered takes their history from its commissioning day', async () => {
    const now = Date.now();
    // the local day 30 days ago, as the installer types it
    const commissioned = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now - 30 * DAY);
    const inv = await inverter({ commissioningDate: commissioned });
    const [start] = await queryRows<{ ms: string | number }>(
      server.database.db,
      sql`select (extract(epoch from (${commissioned}::date::timestamp at time zone ${ZONE})) * 1000)::bigint as ms`,
    );
    const dayStart = Number(start!.ms);
    const readings = [dayStart - HOUR, dayStart + HOUR, now - 20 * DAY, now].map((ts, seq) => ({
      ts,
      seq,
      values: { pv_kwh: 100 + seq * 10 },
    }));
    await inv.link.publish('backfill', { readings });
    await settle();
    expect(await storedTimes(inv.device_id)).toEqual([dayStart + HOUR, now - 20 * DAY, now]);
    expect(refusals(inv.sn, 'before_registration')).toHaveLength(1);
  });

  it('readings older than the backfill horizon are refused, even from a device registered before it', async () => {
    const now = Date.now();
    const inv = await inverter({ registeredAt: now - BACKFILL_HORIZON_MS - 100 * DAY });
    const horizon = now - BACKFILL_HORIZON_MS;
    const readings = [horizon - DAY, horizon + DAY, now - HOUR].map((ts, seq) => ({
      ts,
      seq,
      values: { pv_kwh: 100 + seq * 1000 },
    }));
    await inv.link.publish('backfill', { readings });
    await settle();
    expect(await storedTimes(inv.device_id)).toEqual([horizon + DAY, now - HOUR]);
    expect(sumDays(await pvRows('device', inv.device_id))).toBeCloseTo(1000, 6);
    expect(refusals(inv.sn, 'past_horizon')).toHaveLength(1);
  });

  it('a reading ahead of the portal’s clock by more than the allowed skew is refused', async () => {
    const inv = await inverter();
    const now = Date.now();
    await inv.link.telemetry(now, 1, { pv_kwh: 1 });
    await inv.link.telemetry(now + CLOCK_SKEW_MS + 60_000, 2, { pv_kwh: 50 });
    await settle();
    expect(await storedTimes(inv.device_id)).toEqual([now]);
    expect(await allEnergy(inv.device_id)).toBe(0);
    expect(refusals(inv.sn, 'clock_ahead')).toHaveLength(1);
  });
});

describe('a device silent for days', () => {
  it('has the rise of its silence spread over the days of it by time, not all in today’s row; the days add up to the rise', async () => {
    const inv = await inverter();
    const now = Date.now();
    const from = now - 3 * DAY - 5 * HOUR;
    await inv.link.telemetry(from, 1, { pv_kwh: 1000, ac_power_w: 0 });
    await inv.link.telemetry(now, 2, { pv_kwh: 1100.6, ac_power_w: 2500 });
    await settle();
    const rows = await pvRows('device', inv.device_id);
    const today = localDate(now, ZONE);
    const share = (start: number, end: number) => (100.6 * (end - start)) / (now - from);
    expect(rows.get(`d|${today}`)).toBeCloseTo(share(startOfLocalDay(today, ZONE), now), 9);
    expect(rows.get(`d|${today}`)!).toBeLessThan(100.6 / 3);
    // every day of the silence has its share: four or five local days
    const days = [...rows.keys()].filter((key) => key.startsWith('d|')).map((key) => key.slice(2));
    const expected: string[] = [];
    for (let day = localDate(from, ZONE); day <= today; day = nextDay(day)) expected.push(day);
    expect(days).toEqual(expected);
    const first = expected[0]!;
    expect(rows.get(`d|${first}`)).toBeCloseTo(share(from, startOfLocalDay(nextDay(first), ZONE)), 9);
    expect(sumDays(rows)).toBeCloseTo(100.6, 9);
    let years = 0;
    for (const [key, value] of rows) if (key.startsWith('y|')) years += value;
    expect(years).toBeCloseTo(100.6, 9);
    // the screens read today's row
    const detail = await server.call(device.detail, { device_id: inv.device_id }, installer.token);
    expect((detail.body.data as { today_energy_kwh: number }).today_energy_kwh).toBeCloseTo(
      rows.get(`d|${today}`)!,
      3,
    );
    // the station's rows are its device's, and the rebuild counts the same
    expect(await pvRows('station', inv.stationId)).toEqual(rows);
    await rebuildEnergy(server.database.db, { deviceIds: [inv.device_id] });
    const rebuilt = await pvRows('device', inv.device_id);
    expect([...rebuilt.keys()]).toEqual([...rows.keys()]);
    for (const [key, value] of rows) expect(rebuilt.get(key), key).toBeCloseTo(value, 9);
  });

  it('a step up to the gap limit still counts in the later reading’s day (hourly readings across midnight)', async () => {
    const inv = await inverter();
    const day = localDate(Date.now() - DAY, ZONE);
    const midnight = startOfLocalDay(day, ZONE);
    await inv.link.telemetry(midnight - ENERGY_GAP_MS / 2, 1, { pv_kwh: 10 });
    await inv.link.telemetry(midnight + ENERGY_GAP_MS / 2, 2, { pv_kwh: 12 });
    await settle();
    const rows = await pvRows('device', inv.device_id);
    expect(rows.get(`d|${day}`)).toBeCloseTo(2, 9);
    expect([...rows.keys()].filter((key) => key.startsWith('d|'))).toEqual([`d|${day}`]);
  });

  it('its buffer sent later moves the energy where its readings put it; days left without a share lose their rows', async () => {
    const now = Date.now();
    const inv = await inverter({ registeredAt: now - 300 * DAY });
    // a whole month M of silence: from noon on the last day before it to noon on the first day after it
    const month = localDate(now - 75 * DAY, ZONE).slice(0, 7);
    const monthStart = `${month}-01`;
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 10);
    const from = startOfLocalDay(monthStart, ZONE) - 12 * HOUR;
    const to = startOfLocalDay(nextMonth, ZONE) + 12 * HOUR;
    await inv.link.telemetry(from, 1, { pv_kwh: 100 });
    await inv.link.telemetry(to, 2, { pv_kwh: 160 });
    await settle();
    const spread = await pvRows('device', inv.device_id);
    const monthShare =
      (60 * (startOfLocalDay(nextMonth, ZONE) - startOfLocalDay(monthStart, ZONE))) / (to - from);
    expect(spread.get(`m|${monthStart}`)).toBeCloseTo(monthShare, 9);
    expect(spread.get(`d|${localDate(to, ZONE)}`)).toBeCloseTo((60 * 12 * HOUR) / (to - from), 9);

    // the buffer: everything rose before midnight of the first day
    await inv.link.publish('backfill', {
      readings: [{ ts: from + 11 * HOUR, seq: 3, values: { pv_kwh: 160 } }],
    });
    await settle();
    const moved = await pvRows('device', inv.device_id);
    const fromDay = localDate(from, ZONE);
    const toDay = localDate(to, ZONE);
    expect([...moved.keys()].filter((key) => key.startsWith('d|'))).toEqual([`d|${fromDay}`, `d|${toDay}`]);
    expect(moved.get(`d|${fromDay}`)).toBeCloseTo(60, 9);
    expect(moved.get(`d|${toDay}`)).toBeCloseTo(0, 9);
    expect(moved.has(`m|${monthStart}`)).toBe(false);
    expect(await pvRows('station', inv.stationId)).toEqual(moved);
    await rebuildEnergy(server.database.db, { deviceIds: [inv.device_id] });
    const rebuilt = await pvRows('device', inv.device_id);
    expect([...rebuilt.keys()]).toEqual([...moved.keys()]);
    for (const [key, value] of moved) expect(rebuilt.get(key), key).toBeCloseTo(value, 9);
    expect(await pvRows('station', inv.stationId)).toEqual(rebuilt);
  });
});
