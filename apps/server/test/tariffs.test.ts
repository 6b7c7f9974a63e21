import {
  addDays,
  type DeviceType,
  localClock,
  localDate,
  localPeriod,
  RoleId,
  type TariffView,
  tariff as tariffCalls,
  type UsageData,
} from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * Peak-valley usage over HTTP on the real server: the tariff saved and loaded with its field
 * issues, who may do it, the split of a 23-hour day (Europe/Berlin, 2026-03-29) equal to the
 * station's energy row and to a sum over the raw readings, a recomputation after a change, the
 * usage chart and its export, and the nightly job splitting yesterday.
 */

let server: TestServer;
let installer: Account;
let stranger: Account;
let owner: Account;

const ZONE = 'Europe/Berlin';
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission });
  installer = await registerAccount(server, RoleId.installer, 'tariff');
  stranger = await registerAccount(server, RoleId.installer, 'stranger');
  owner = await createAccount(server, installer, RoleId.endUser, installer.userId, 'owner');
});
afterAll(async () => {
  await server.close();
});

async function newStation() {
  return addStation(server, installer.token, {
    timezone: ZONE,
    currency: 'EUR',
    installer_id: installer.userId,
    end_user_id: owner.userId,
  });
}

/** Winter (Jan–Mar): valley 00:00–07:00, peak 17:00–21:00; the rest of the year peak 18:00–22:00. */
function tariffOf(valleyEnd = '07:00', peakPrice = 0.4) {
  return {
    seasons: [
      {
        name: 'Winter',
        months: [1, 2, 3],
        periods: [
          { band: 'valley', days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: valleyEnd },
          { band: 'peak', days: [1, 2, 3, 4, 5, 6, 7], start: '17:00', end: '21:00' },
        ],
      },
      {
        name: 'Rest',
        months: [4, 5, 6, 7, 8, 9, 10, 11, 12],
        periods: [{ band: 'peak', days: [1, 2, 3, 4, 5, 6, 7], start: '18:00', end: '22:00' }],
      },
    ],
    prices: { peak: peakPrice, shoulder: 0.3, valley: 0.12 },
    feed_in_price: 0.08,
  };
}

async function save(stationId: number, body: Record<string, unknown>, token = installer.token) {
  return server.call(tariffCalls.updateEmbps, { station_id: stationId, ...body }, token);
}

describe('saving and loading a tariff', () => {
  it('loads null before, then what was saved, with the currency', async () => {
    const station = await newStation();
    const before = await server.call(
      tariffCalls.loadEmbps,
      { station_id: station.station_id },
      installer.token,
    );
    expect(before.body.data).toMatchObject({ tariff: null, currency: 'EUR', updated_through: null });
    const saved = await save(station.station_id, { tariff: tariffOf() });
    expect(saved.body.code).toBe(1);
    const after = await server.call(
      tariffCalls.loadEmbps,
      { station_id: station.station_id },
      installer.token,
    );
    expect((after.body.data as TariffView).tariff).toEqual(tariffOf());
  });

  it('refuses overlaps, reversed times, a season without time sets and months not covered, by field', async () => {
    const station = await newStation();
    const issuesOf = async (tariff: unknown) => {
      const answer = await save(station.station_id, { tariff });
      expect(answer.body.msg).toBe('200005');
      return (answer.body.data as { issues: { path: string; message: string }[] }).issues;
    };
    const overlap = tariffOf();
    overlap.seasons[0]!.periods[1]!.start = '06:00';
    expect(await issuesOf(overlap)).toEqual([
      { path: 'tariff.seasons.0.periods.1.start', message: 'validation.slotOverlap' },
    ]);
    const reversed = tariffOf();
    reversed.seasons[1]!.periods[0]!.end = '17:00';
    expect(await issuesOf(reversed)).toEqual([
      { path: 'tariff.seasons.1.periods.0.end', message: 'validation.timeRangeOrder' },
    ]);
    const empty = tariffOf();
    empty.seasons[1]!.periods = [];
    expect(await issuesOf(empty)).toEqual([
      { path: 'tariff.seasons.1.periods', message: 'validation.tariffPeriodRequired' },
    ]);
    const months = tariffOf();
    months.seasons[1]!.months = [4, 5, 6];
    expect(await issuesOf(months)).toEqual([{ path: 'tariff.seasons', message: 'validation.seasonMonths' }]);
    const future = await save(station.station_id, { tariff: tariffOf(), recompute_from: '2099-01-01' });
    expect(future.body.data).toEqual({
      issues: [{ path: 'recompute_from', message: 'validation.recomputeFrom' }],
    });
    const load = await server.call(
      tariffCalls.loadEmbps,
      { station_id: station.station_id },
      installer.token,
    );
    expect((load.body.data as TariffView).tariff).toBeNull();
  });

  it('another tree’s station is 9001; the demo writes nothing; the station’s end user may save', async () => {
    const station = await newStation();
    const id = station.station_id;
    expect((await server.call(tariffCalls.loadEmbps, { station_id: id }, stranger.token)).body.msg).toBe(
      '9001',
    );
    expect((await save(id, { tariff: tariffOf() }, stranger.token)).body.msg).toBe('9001');
    const usage = { station_id: id, type: 2, date: '2026-03' };
    expect((await server.call(tariffCalls.usageChart, usage, stranger.token)).body.msg).toBe('9001');
    const demo = await server.login();
    expect((await save(id, { tariff: tariffOf() }, demo)).body.msg).toBe('9001');
    expect((await save(id, { tariff: tariffOf() }, owner.token)).body.code).toBe(1);
    const load = await server.call(tariffCalls.loadEmbps, { station_id: id }, installer.token);
    expect((load.body.data as TariffView).tariff).toEqual(tariffOf());
  });
});

type Reading = { ts: number; seq: number; values: Record<string, number> };

async function send(sn: string, readings: Reading[]): Promise<void> {
  for (let index = 0; index < readings.length; index += 500) {
    await server.deviceLink.ingestor.submit(
      sn,
      'backfill',
      Buffer.from(JSON.stringify({ v: 1, readings: readings.slice(index, index + 500) })),
    );
  }
}

/** Every five minutes from `fromMs` to `toMs`, each counter rising by a ramp of its own. */
function rampingReadings(fromMs: number, toMs: number, counters: Record<string, number>): Reading[] {
  const readings: Reading[] = [];
  const totals = Object.fromEntries(Object.keys(counters).map((name) => [name, 100]));
  for (let ts = fromMs, seq = 1; ts <= toMs; ts += 5 * MINUTE, seq += 1) {
    for (const [name, rate] of Object.entries(counters)) totals[name]! += rate * (1 + (seq % 12) / 6);
    readings.push({ ts, seq, values: { ...totals } });
  }
  return readings;
}

/** A station with an inverter, a battery and a meter, fed ramping counters from `fromMs` to `toMs`. */
async function plantWithReadings(fromMs: number, toMs: number) {
  const station = await newStation();
  const plan: [DeviceType, Record<string, number>][] = [
    [1, { pv_kwh: 0.05 }],
    [2, { charge_kwh: 0.02, discharge_kwh: 0.015 }],
    [6, { import_kwh: 0.03, export_kwh: 0.01 }],
  ];
  const sent: Reading[][] = [];
  for (const [type, counters] of plan) {
    const device = await registerDevice(server, installer.token, station.station_id, { device_type: type });
    const readings = rampingReadings(fromMs, toMs, counters);
    await send(device.sn, readings);
    sent.push(readings);
  }
  await server.deviceLink.ingestor.drain();
  return { stationId: station.station_id, sent };
}

const counterNames = ['pv_kwh', 'charge_kwh', 'discharge_kwh', 'import_kwh', 'export_kwh'] as const;

async function splitRows(stationId: number, day: string) {
  const rows = await queryRows<Record<string, number | string>>(
    server.database.db,
    sql`select band, import_kwh, export_kwh, charge_kwh, discharge_kwh, consumption_kwh, pv_kwh, cost, feed_in, saving
        from station_tariff_days where station_id = ${stationId} and day = ${day}::date`,
  );
  return new Map(
    rows.map((row) => [
      String(row.band),
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, key === 'band' ? value : Number(value)]),
      ),
    ]),
  ) as Map<string, Record<string, number>>;
}

describe('the split of a 23-hour day', () => {
  const day = '2026-03-29';
  const { startMs, endMs } = localPeriod('day', day, ZONE);
  let plant: Awaited<ReturnType<typeof plantWithReadings>>;

  beforeAll(async () => {
    plant = await plantWithReadings(startMs - 60 * MINUTE, endMs + 60 * MINUTE);
    expect((await save(plant.stationId, { tariff: tariffOf(), recompute_from: day })).body.code).toBe(1);
    await server.jobs.runAllNow();
  });

  it('adds up, counter by counter, to the station’s energy row and to the raw readings’ rises', async () => {
    expect(endMs - startMs).toBe(23 * 60 * MINUTE);
    const bands = await splitRows(plant.stationId, day);
    expect([...bands.keys()].sort()).toEqual(['peak', 'shoulder', 'valley']);
    const [energy] = await queryRows<Record<string, string | number>>(
      server.database.db,
      sql`select pv_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh from station_energy
          where station_id = ${plant.stationId} and period = 'd' and period_start = ${day}::date`,
    );
    // the raw readings: each rise counted in the local day (and band) of its later reading
    const raw: Record<string, number> = {};
    const valley: Record<string, number> = {};
    for (const readings of plant.sent) {
      for (let index = 1; index < readings.length; index += 1) {
        const after = readings[index]!;
        if (after.ts < startMs || after.ts >= endMs) continue;
        for (const [name, value] of Object.entries(after.values)) {
          const rise = value - readings[index - 1]!.values[name]!;
          raw[name] = (raw[name] ?? 0) + rise;
          if (localClock(after.ts, ZONE) < '07:00') valley[name] = (valley[name] ?? 0) + rise;
        }
      }
    }
    for (const name of counterNames) {
      const split = [...bands.values()].reduce((sum, row) => sum + row[name]!, 0);
      expect(Math.abs(split - Number(energy![name])) / split, name).toBeLessThan(1e-9);
      expect(Math.abs(split - raw[name]!) / raw[name]!, name).toBeLessThan(0.001);
      expect(bands.get('valley')![name]).toBeCloseTo(valley[name]!, 9);
    }
    // 00:00–07:00 on this day is six hours (02:00–03:00 is skipped): readings at 00:05 … 06:55
    expect(
      plant.sent[0]!.filter((r) => r.ts > startMs && r.ts < endMs && localClock(r.ts, ZONE) < '07:00'),
    ).toHaveLength(71);
    const peak = bands.get('peak')!;
    expect(peak.cost).toBeCloseTo(peak.import_kwh! * 0.4, 9);
    expect(peak.feed_in).toBeCloseTo(peak.export_kwh! * 0.08, 9);
    const consumption =
      peak.pv_kwh! + peak.import_kwh! + peak.discharge_kwh! - peak.export_kwh! - peak.charge_kwh!;
    expect(peak.consumption_kwh).toBeCloseTo(consumption, 9);
    expect(peak.saving).toBeCloseTo(consumption * 0.4 - peak.cost! + peak.feed_in!, 9);
  });

  it('is done again with a changed tariff from the day asked', async () => {
    const before = await splitRows(plant.stationId, day);
    const saved = await save(plant.stationId, { tariff: tariffOf('08:00', 0.5), recompute_from: day });
    expect(saved.body.code).toBe(1);
    await server.jobs.runAllNow();
    const after = await splitRows(plant.stationId, day);
    expect(after.get('valley')!.import_kwh).toBeGreaterThan(before.get('valley')!.import_kwh!);
    expect(after.get('peak')!.cost).toBeCloseTo(after.get('peak')!.import_kwh! * 0.5, 9);
    const total = (rows: typeof after) => [...rows.values()].reduce((sum, row) => sum + row.import_kwh!, 0);
    expect(total(after)).toBeCloseTo(total(before), 9);
    const view = (await server.call(tariffCalls.loadEmbps, { station_id: plant.stationId }, owner.token)).body
      .data as TariffView;
    expect(view.recompute).toBeNull();
    expect(view.updated_through! >= addDays(day, 1)).toBe(true);
  });

  it('charts days, months as the sum of days, years as the sum of months, and exports them', async () => {
    const chart = async (type: number, date?: string) => {
      const answer = await server.call(
        tariffCalls.usageChart,
        { station_id: plant.stationId, type, ...(date ? { date } : {}) },
        installer.token,
      );
      expect(answer.body.code).toBe(1);
      return answer.body.data as UsageData;
    };
    const dayChart = await chart(1, day);
    const rows = await splitRows(plant.stationId, day);
    expect(dayChart.rows).toHaveLength(1);
    expect(dayChart.rows[0]!.valley!.import_kwh).toBeCloseTo(rows.get('valley')!.import_kwh!, 9);
    const month = await chart(2, '2026-03');
    expect(month.rows).toHaveLength(31);
    expect(month.rows[0]!.total).toBeNull();
    expect(month.rows[28]!.period).toBe(day);
    const monthImport = month.rows.reduce((sum, row) => sum + (row.total?.import_kwh ?? 0), 0);
    expect(month.totals.total!.import_kwh).toBeCloseTo(monthImport, 9);
    const year = await chart(3, '2026');
    expect(year.rows.map((row) => row.period)).toContain('2026-03');
    expect(year.rows.find((row) => row.period === '2026-03')!.total!.saving).toBeCloseTo(
      month.totals.total!.saving,
      9,
    );
    const total = await chart(4);
    expect(total.rows.map((row) => row.period)).toEqual(['2026']);
    const refused = await server.call(
      tariffCalls.usageChart,
      { station_id: plant.stationId, type: 2, date: '2026-13' },
      installer.token,
    );
    expect(refused.body.msg).toBe('200005');

    const ticket = await server.call(
      tariffCalls.usageChart,
      { station_id: plant.stationId, type: 2, date: '2026-03', export: 1 },
      installer.token,
    );
    const { download_url: url } = ticket.body.data as { download_url: string };
    const file = await fetch(new URL(url, server.url));
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the nightly job', () => {
  it('splits yesterday once it is over, in the station’s zone', async () => {
    const now = server.clock.now().getTime();
    const today = localDate(now, ZONE);
    const { startMs, endMs } = localPeriod('day', today, ZONE);
    const plant = await plantWithReadings(
      startMs - 30 * MINUTE,
      Math.max(startMs + 30 * MINUTE, now - MINUTE),
    );
    expect((await save(plant.stationId, { tariff: tariffOf() })).body.code).toBe(1);
    await server.jobs.runAllNow();
    expect((await splitRows(plant.stationId, today)).size).toBe(0);
    server.clock.advance(endMs + 31 * MINUTE - now);
    await server.jobs.runAllNow();
    const rows = await splitRows(plant.stationId, today);
    expect(rows.size).toBe(3);
    const view = (await server.call(tariffCalls.loadEmbps, { station_id: plant.stationId }, installer.token))
      .body.data as TariffView;
    expect(view.updated_through).toBe(today);
  });
});

describe('a reading that arrives after its day was split', () => {
  it('has the day split again, its energy moved to the band it belongs to', async () => {
    const day = '2026-03-20';
    const { startMs, endMs } = localPeriod('day', day, ZONE);
    const station = await newStation();
    const meter = await registerDevice(server, installer.token, station.station_id, { device_type: 6 });
    const readings = rampingReadings(startMs - 60 * MINUTE, endMs + 60 * MINUTE, { import_kwh: 0.03 });
    // 06:55 is missing at first: the rise from 06:50 to 07:00 is counted at 07:00, outside the valley
    const lateIndex = readings.findIndex((r) => r.ts >= startMs && localClock(r.ts, ZONE) === '06:55');
    const [late] = readings.splice(lateIndex, 1);
    await send(meter.sn, readings);
    await server.deviceLink.ingestor.drain();
    expect((await save(station.station_id, { tariff: tariffOf(), recompute_from: day })).body.code).toBe(1);
    await server.jobs.runAllNow();
    const before = await splitRows(station.station_id, day);

    await send(meter.sn, [late!]);
    await server.deviceLink.ingestor.drain();
    // the recount forgets the day's split; the split job's next run (here the second round, as the
    // jobs of one round may run in any order) splits it again
    await server.jobs.runAllNow();
    await server.jobs.runAllNow();
    const after = await splitRows(station.station_id, day);
    const rise = late!.values.import_kwh! - readings[lateIndex - 1]!.values.import_kwh!;
    expect(after.get('valley')!.import_kwh).toBeCloseTo(before.get('valley')!.import_kwh! + rise, 9);
    const total = (rows: typeof after) => [...rows.values()].reduce((sum, row) => sum + row.import_kwh!, 0);
    expect(total(after)).toBeCloseTo(total(before), 9);
  });
});
