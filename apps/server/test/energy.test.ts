import { startOfLocalDay } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * Energy from counters, through the real ingestion (the broker only adds the transport, tested
 * in device-link.test.ts): station-local days of 23 and 25 hours, month and year boundaries in
 * two zones, counter resets, and streams repeated and shuffled giving the same figures.
 */

let server: TestServer;
let installer: Account;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission }); // readings of fixed past dates
  installer = await registerAccount(server, 1, 'energy');
});
afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;

async function meterIn(timezone: string, deviceType = 1) {
  const station = await addStation(server, installer.token, {
    timezone,
    installer_id: installer.userId,
    station_type: deviceType === 1 ? 1 : 4,
  });
  const item = await registerDevice(server, installer.token, station.station_id, { device_type: deviceType });
  return { sn: item.sn, deviceId: item.device_id, stationId: station.station_id };
}

type Reading = { ts: number; seq: number; values: Record<string, number> };

async function send(sn: string, kind: 'telemetry' | 'backfill', readings: Reading[]): Promise<void> {
  const submit = server.deviceLink.ingestor.submit;
  if (kind === 'backfill') {
    await submit(sn, 'backfill', Buffer.from(JSON.stringify({ v: 1, readings })));
    return;
  }
  await Promise.all(
    readings.map((reading) => submit(sn, 'telemetry', Buffer.from(JSON.stringify({ v: 1, ...reading })))),
  );
}

async function settle(): Promise<void> {
  await server.deviceLink.ingestor.drain();
  await server.jobs.runAllNow();
}

type Row = { period: string; start: string; pv_kwh: number; charge_kwh: number; discharge_kwh: number };

async function energyRows(scope: 'device' | 'station', id: number): Promise<Row[]> {
  const table = scope === 'device' ? sql`device_energy` : sql`station_energy`;
  const column = scope === 'device' ? sql`device_id` : sql`station_id`;
  const rows = await queryRows<Row>(
    server.database.db,
    sql`select period, to_char(period_start, 'YYYY-MM-DD') as start, pv_kwh, charge_kwh, discharge_kwh
        from ${table} where ${column} = ${id} order by period, period_start`,
  );
  return rows
    .map((row) => ({
      ...row,
      pv_kwh: Math.round(row.pv_kwh * 1e6) / 1e6,
      charge_kwh: Math.round(row.charge_kwh * 1e6) / 1e6,
      discharge_kwh: Math.round(row.discharge_kwh * 1e6) / 1e6,
    }))
    .filter((row) => row.pv_kwh !== 0 || row.charge_kwh !== 0 || row.discharge_kwh !== 0);
}

function figure(rows: Row[], period: string, start: string): number | undefined {
  return rows.find((row) => row.period === period && row.start === start)?.pv_kwh;
}

/** Readings every `stepMs` from `from` to `to`, the PV counter rising 1 kWh per hour. */
function steady(from: number, to: number, stepMs: number, startKwh = 500): Reading[] {
  const readings: Reading[] = [];
  for (let ts = from, seq = 1; ts <= to; ts += stepMs, seq += 1) {
    readings.push({ ts, seq, values: { pv_kwh: startKwh + (ts - from) / HOUR, ac_power_w: 1000 } });
  }
  return readings;
}

describe('station-local days', () => {
  it('a Warsaw day has 23 hours in spring and 25 in autumn, and each gets its own energy', async () => {
    const device = await meterIn('Europe/Warsaw');
    const zone = 'Europe/Warsaw';
    const spring = steady(
      startOfLocalDay('2026-03-28', zone) - 15 * 60_000,
      startOfLocalDay('2026-03-30', zone),
      15 * 60_000,
    );
    const autumn = steady(
      startOfLocalDay('2026-10-24', zone) - 15 * 60_000,
      startOfLocalDay('2026-10-26', zone),
      15 * 60_000,
      2000,
    );
    await send(device.sn, 'telemetry', spring);
    await send(device.sn, 'telemetry', autumn);
    await settle();
    const rows = await energyRows('device', device.deviceId);
    expect(figure(rows, 'd', '2026-03-28')).toBeCloseTo(24, 6);
    expect(figure(rows, 'd', '2026-03-29')).toBeCloseTo(23, 6);
    expect(figure(rows, 'd', '2026-10-24')).toBeCloseTo(24, 6);
    expect(figure(rows, 'd', '2026-10-25')).toBeCloseTo(25, 6);
    // the step from the spring run to the autumn run is counted once, in the autumn reading's day
    const stations = await energyRows('station', device.stationId);
    expect(stations).toEqual(rows);
  });

  it.each([['America/Sao_Paulo'], ['Asia/Shanghai']])(
    'month and year split at local midnight in %s',
    async (zone) => {
      const device = await meterIn(zone);
      const from = startOfLocalDay('2025-12-31', zone) - HOUR;
      const to = startOfLocalDay('2026-01-02', zone) - HOUR;
      await send(device.sn, 'backfill', steady(from, to, HOUR));
      await settle();
      const rows = await energyRows('device', device.deviceId);
      expect(figure(rows, 'd', '2025-12-31')).toBeCloseTo(24, 6);
      expect(figure(rows, 'd', '2026-01-01')).toBeCloseTo(24, 6);
      expect(figure(rows, 'm', '2025-12-01')).toBeCloseTo(24, 6);
      expect(figure(rows, 'm', '2026-01-01')).toBeCloseTo(24, 6);
      expect(figure(rows, 'y', '2025-01-01')).toBeCloseTo(24, 6);
      expect(figure(rows, 'y', '2026-01-01')).toBeCloseTo(24, 6);
    },
  );
});

describe('gaps', () => {
  it('the rise across a gap is shared by its days by their hours: the 23-hour day gets 23', async () => {
    const zone = 'Europe/Warsaw';
    const device = await meterIn(zone);
    const from = startOfLocalDay('2026-03-28', zone);
    const to = startOfLocalDay('2026-03-31', zone); // 24 + 23 + 24 hours later
    await send(device.sn, 'telemetry', [
      { ts: from, seq: 1, values: { pv_kwh: 100 } },
      { ts: to, seq: 2, values: { pv_kwh: 171 } },
    ]);
    await settle();
    const spread = await energyRows('device', device.deviceId);
    expect(figure(spread, 'd', '2026-03-28')).toBeCloseTo(24, 6);
    expect(figure(spread, 'd', '2026-03-29')).toBeCloseTo(23, 6);
    expect(figure(spread, 'd', '2026-03-30')).toBeCloseTo(24, 6);
    expect(figure(spread, 'd', '2026-03-31')).toBeUndefined(); // the later reading is at its midnight
    expect(figure(spread, 'm', '2026-03-01')).toBeCloseTo(71, 6);
    // the logger's buffer of that steady rise, sent later: hourly steps, each in its later
    // reading's day (the hour before a midnight in the next day), the same 71 kWh in all
    await send(device.sn, 'backfill', steady(from + HOUR, to - HOUR, HOUR, 101));
    await settle();
    const buffered = await energyRows('device', device.deviceId);
    expect(figure(buffered, 'd', '2026-03-28')).toBeCloseTo(23, 6);
    expect(figure(buffered, 'd', '2026-03-29')).toBeCloseTo(23, 6);
    expect(figure(buffered, 'd', '2026-03-30')).toBeCloseTo(24, 6);
    expect(figure(buffered, 'd', '2026-03-31')).toBeCloseTo(1, 6);
    expect(figure(buffered, 'm', '2026-03-01')).toBeCloseTo(71, 6);
    expect(await energyRows('station', device.stationId)).toEqual(buffered);
  });
});

describe('counters', () => {
  it('a counter that goes back adds nothing for that step and counting resumes from the new value', async () => {
    const device = await meterIn('Europe/Warsaw');
    const base = startOfLocalDay('2026-06-10', 'Europe/Warsaw') + 10 * HOUR;
    const values = [100, 101, 3, 4.5, 4.5, 6];
    await send(
      device.sn,
      'telemetry',
      values.map((pv_kwh, index) => ({ ts: base + index * 60_000, seq: index, values: { pv_kwh } })),
    );
    await settle();
    const rows = await energyRows('device', device.deviceId);
    expect(figure(rows, 'd', '2026-06-10')).toBeCloseTo(1 + 1.5 + 1.5, 6);
    expect(rows.every((row) => row.pv_kwh >= 0)).toBe(true);
  });

  it('a replaced device starts its own counters without taking from the station’s energy', async () => {
    const device = await meterIn('Europe/Warsaw');
    const day = startOfLocalDay('2026-06-11', 'Europe/Warsaw');
    await send(device.sn, 'telemetry', steady(day + HOUR, day + 3 * HOUR, HOUR, 9000));
    await settle();
    // the old inverter is removed; its replacement reports from zero
    const removed = await server.post(
      'api/device/unbind',
      { device_id: device.deviceId },
      { token: installer.token },
    );
    expect(removed.body.code).toBe(1);
    const replacement = await registerDevice(server, installer.token, device.stationId, { device_type: 1 });
    await send(replacement.sn, 'telemetry', steady(day + 4 * HOUR, day + 6 * HOUR, HOUR, 0));
    await settle();
    const rows = await energyRows('station', device.stationId);
    expect(figure(rows, 'd', '2026-06-11')).toBeCloseTo(2 + 2, 6);
  });
});

describe('repeated, late and shuffled readings', () => {
  /** A day of readings of a battery with two counters, one with a reset and gaps. */
  function battery(dayStart: number): Reading[] {
    const readings: Reading[] = [];
    let charge = 50;
    let discharge = 70;
    for (let index = 0; index < 96; index += 1) {
      if (index % 7 === 3) continue; // gaps
      charge += (index % 5) * 0.1;
      discharge += index % 3 === 0 ? 0.2 : 0;
      if (index === 60) charge = 0.5; // reset
      const values: Record<string, number> = { charge_kwh: charge, power_w: 100 };
      if (index % 11 !== 0) values.discharge_kwh = discharge; // sometimes missing
      readings.push({ ts: dayStart + index * 15 * 60_000, seq: index, values });
    }
    return readings;
  }

  it('give the same stored readings and energy as the clean stream', async () => {
    const zone = 'Europe/Warsaw';
    const dayStart = startOfLocalDay('2026-07-01', zone) + 12 * HOUR; // spans two local days
    const clean = battery(dayStart);
    const reference = await meterIn(zone, 2);
    for (const reading of clean) await send(reference.sn, 'telemetry', [reading]);
    await settle();
    const expected = await energyRows('device', reference.deviceId);
    expect(expected.length).toBeGreaterThan(0);

    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(clean, { minLength: clean.length, maxLength: clean.length }),
        fc.array(fc.nat({ max: clean.length - 1 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        async (shuffled, repeats, chunk) => {
          const device = await meterIn(zone, 2);
          const stream = [...shuffled, ...repeats.map((index) => clean[index]!)];
          // some as single telemetry messages, some as backfill batches, concurrently
          const sends: Promise<void>[] = [];
          for (let index = 0; index < stream.length; index += chunk) {
            const part = stream.slice(index, index + chunk);
            sends.push(send(device.sn, index % 2 === 0 ? 'backfill' : 'telemetry', part));
          }
          await Promise.all(sends);
          await settle();
          expect(await energyRows('device', device.deviceId)).toEqual(expected);
          expect(await energyRows('station', device.stationId)).toEqual(expected);
          const [stored] = await queryRows<{ n: number; distinct_n: number }>(
            server.database.db,
            sql`select count(*)::int as n, count(distinct ts)::int as distinct_n from readings where device_id = ${device.deviceId}`,
          );
          expect(stored).toEqual({ n: clean.length, distinct_n: clean.length });
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a logger that was offline sends its buffer after a live reading: the days are counted again', async () => {
    const zone = 'Asia/Shanghai';
    const day = startOfLocalDay('2026-08-01', zone);
    const all = steady(day, day + 20 * HOUR, HOUR, 100);
    const device = await meterIn(zone);
    await send(device.sn, 'telemetry', [all[0]!, all.at(-1)!]); // first and newest
    await settle();
    // before the buffer arrives the whole rise is in the newest reading's day: 20 kWh
    expect(figure(await energyRows('device', device.deviceId), 'd', '2026-08-01')).toBeCloseTo(20, 6);
    await send(device.sn, 'backfill', all.slice(1, -1));
    await settle();
    expect(figure(await energyRows('device', device.deviceId), 'd', '2026-08-01')).toBeCloseTo(20, 6);
    const [queue] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from energy_recount`,
    );
    expect(queue!.n).toBe(0);
  });
});
