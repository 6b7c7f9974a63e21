import {
  addDays,
  autarkyPct,
  DeviceType,
  flowDay,
  localClock,
  localDate,
  localPeriod,
  type OverviewData,
  plant,
  type StationPowers,
  selfConsumptionFromFlowsPct,
  selfSufficiencyPct,
  stationPowers,
} from '@helio/contracts';
import { column, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Account, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * Self-sufficiency and self-consumption from the five-minute flows, through the real ingestion,
 * the `energy.flow-days` job and the overview: a battery charged from the grid at night and used
 * at home in the day is not the home's own supply (the day-total rule said 0 %); finished days are
 * stored once, oldest first; a day of 23 or 25 hours has that many hours of buckets.
 */

let server: TestServer;
let owner: Account;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission }); // readings of past days
  owner = await registerAccount(server, 1, 'flows');
});
afterAll(async () => {
  await server.close();
});

const FIVE_MINUTES = 5 * 60_000;

/** What the three devices report in one bucket: powers in W, SOC in %. */
interface Moment {
  pv: number;
  grid: number;
  battery: number;
  soc: number;
}

interface Station {
  stationId: number;
  timezone: string;
  inverter: string;
  battery: string;
  meter: string;
}

async function stationIn(timezone: string): Promise<Station> {
  const station = await addStation(server, owner.token, {
    timezone,
    installer_id: owner.userId,
    station_type: 4,
  });
  const register = async (device_type: number) =>
    (await registerDevice(server, owner.token, station.station_id, { device_type })).sn;
  return {
    stationId: station.station_id,
    timezone,
    inverter: await register(DeviceType.inverter),
    battery: await register(DeviceType.battery),
    meter: await register(DeviceType.meter),
  };
}

/** The device values of a moment, as the devices send them (counters added by `feed`). */
function valuesOf(moment: Moment) {
  return {
    inverter: { pv_power_w: moment.pv },
    battery: { power_w: moment.battery, soc_pct: moment.soc },
    meter: { grid_power_w: moment.grid },
  };
}

/** The station's powers of a bucket holding one reading of `moment`, as the day chart builds them. */
function powersOf(moment: Moment): StationPowers {
  const values = valuesOf(moment);
  return stationPowers([
    { device_type: DeviceType.inverter, values: values.inverter },
    { device_type: DeviceType.battery, values: values.battery },
    { device_type: DeviceType.meter, values: values.meter },
  ]);
}

/**
 * One reading per five-minute bucket from `fromMs` (a bucket start) up to `toMs`, a minute into
 * the bucket, with the counters rising by the powers; a quiet reading just before, so the first
 * bucket's energy counts.
 */
async function feed(station: Station, fromMs: number, toMs: number, at: (ms: number) => Moment) {
  const counters = { pv: 0, import: 0, export: 0, charge: 0, discharge: 0 };
  const readings = new Map<string, object[]>([
    [station.inverter, []],
    [station.battery, []],
    [station.meter, []],
  ]);
  const push = (ts: number, moment: Moment) => {
    const values = valuesOf(moment);
    const seq = Math.round(ts / 1000);
    readings.get(station.inverter)?.push({ ts, seq, values: { ...values.inverter, pv_kwh: counters.pv } });
    readings.get(station.battery)?.push({
      ts,
      seq,
      values: { ...values.battery, charge_kwh: counters.charge, discharge_kwh: counters.discharge },
    });
    readings.get(station.meter)?.push({
      ts,
      seq,
      values: { ...values.meter, import_kwh: counters.import, export_kwh: counters.export },
    });
  };
  push(fromMs - 4 * 60_000, { pv: 0, grid: 0, battery: 0, soc: at(fromMs).soc });
  for (let bucket = fromMs; bucket + 60_000 < toMs; bucket += FIVE_MINUTES) {
    const moment = at(bucket);
    const hours = FIVE_MINUTES / 3_600_000;
    counters.pv += (Math.max(0, moment.pv) * hours) / 1000;
    counters.import += (Math.max(0, moment.grid) * hours) / 1000;
    counters.export += (Math.max(0, -moment.grid) * hours) / 1000;
    counters.charge += (Math.max(0, moment.battery) * hours) / 1000;
    counters.discharge += (Math.max(0, -moment.battery) * hours) / 1000;
    push(bucket + 60_000, moment);
  }
  for (const [sn, list] of readings)
    for (let index = 0; index < list.length; index += 500)
      await server.deviceLink.ingestor.submit(
        sn,
        'backfill',
        Buffer.from(JSON.stringify({ v: 1, readings: list.slice(index, index + 500) })),
      );
  await server.deviceLink.ingestor.drain();
}

async function overview(stationId: number): Promise<OverviewData> {
  const answer = await server.call(plant.overview, { station_id: stationId }, owner.token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return answer.body.data as OverviewData;
}

const storedRow = z.object({
  day: column.localDate,
  consumption_kwh: column.number,
  battery_grid_share: column.number,
  computed_at: column.isoInstant,
});
async function storedDays(stationId: number) {
  return queryParsed(
    server.database.db,
    storedRow,
    sql`select to_char(day, 'YYYY-MM-DD') as day, consumption_kwh, battery_grid_share, computed_at
        from station_flow_days where station_id = ${stationId} order by day`,
  );
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * A day of the Garching kind: 00–06 h the grid charges the battery (1083 W, SOC 20 → 85 %) and
 * feeds the home (467 W); 06–12 h PV gives 133 W and the battery 500 W to the home; then the grid
 * feeds the home (300 W).
 */
function gridChargedDay(startMs: number) {
  return (ms: number): Moment => {
    const hour = (ms - startMs) / 3_600_000;
    if (hour < 6) return { pv: 0, grid: 1550, battery: 1083.33, soc: 20 + (hour / 6) * 65 };
    if (hour < 12) return { pv: 133.33, grid: 0, battery: -500, soc: 85 - ((hour - 6) / 6) * 30 };
    return { pv: 0, grid: 300, battery: 0, soc: 55 };
  };
}

describe('self-sufficiency under grid charging', () => {
  it('counts the grid-charged battery energy as bought: the stored day and the overview agree, not 0 %', async () => {
    const station = await stationIn('Europe/Berlin');
    const today = localDate(server.clock.now().getTime(), station.timezone);
    const day = addDays(today, -3);
    const { startMs, endMs } = localPeriod('day', day, station.timezone);
    const at = gridChargedDay(startMs);
    await feed(station, startMs, endMs, at);
    await server.jobs.runAllNow();

    // what the contracts say of the same five-minute powers
    const buckets: StationPowers[] = [];
    for (let bucket = startMs; bucket < endMs; bucket += FIVE_MINUTES) buckets.push(powersOf(at(bucket)));
    const expected = flowDay(buckets);
    const expectedPct = round1(selfSufficiencyPct(expected)) as number;
    expect(expectedPct).toBeGreaterThan(0);
    expect(expectedPct).toBeLessThan(100);

    const stored = await storedDays(station.stationId);
    expect(stored.map((row) => row.day)).toEqual([day]);
    expect(stored[0]?.consumption_kwh).toBeCloseTo(expected.consumption_kwh, 6);
    expect(stored[0]?.battery_grid_share).toBeCloseTo(expected.battery.grid_share, 6);

    const { total } = await overview(station.stationId);
    // the day-total rule: consumption 10.2 kWh, 12.9 kWh imported → 0 %
    expect(total.import_kwh).toBeGreaterThan(total.consumption_kwh);
    expect(total.autarky_pct).toBe(expectedPct);
    expect(total.autarky_pct).toBeGreaterThan(0);
    expect(total.autarky_pct).toBeLessThan(100);
    expect(total.self_consumption_pct).toBe(round1(selfConsumptionFromFlowsPct(expected)));
  });

  it('computes today live from its buckets so far', async () => {
    // a zone where it is at least three hours into the day, so two hours of readings are today's
    const nowMs = server.clock.now().getTime();
    const zone = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'].find((candidate) => {
      const hour = Number(localClock(nowMs, candidate).slice(0, 2));
      return hour >= 3 && hour < 23;
    }) as string;
    const station = await stationIn(zone);
    const fromMs = Math.floor((nowMs - 2 * 3_600_000) / FIVE_MINUTES) * FIVE_MINUTES;
    // the first hour the grid charges the battery (SOC 30 → 50 %), the second it and PV feed the home
    const at = (ms: number): Moment =>
      ms - fromMs < 3_600_000
        ? { pv: 0, grid: 1000, battery: 600, soc: 30 + ((ms - fromMs) / 3_600_000) * 20 }
        : { pv: 200, grid: 0, battery: -400, soc: 50 - ((ms - fromMs - 3_600_000) / 3_600_000) * 20 };
    await feed(station, fromMs, nowMs, at);
    await server.jobs.runAllNow();

    const buckets: StationPowers[] = [];
    for (let bucket = fromMs; bucket + 60_000 < nowMs; bucket += FIVE_MINUTES)
      buckets.push(powersOf(at(bucket)));
    const expected = round1(selfSufficiencyPct(flowDay(buckets)));
    const { today, total } = await overview(station.stationId);
    expect(expected).toBeGreaterThan(0);
    expect(today.autarky_pct).toBe(expected);
    // the day-total rule reads the grid-charged battery as own supply and says less
    expect(today.autarky_pct).toBeGreaterThan(
      round1(autarkyPct(today.consumption_kwh, today.import_kwh)) as number,
    );
    expect(total.autarky_pct).toBe(expected);
    expect(await storedDays(station.stationId)).toEqual([]); // today is not finished
  });

  it('stores yesterday once: a second run changes nothing', async () => {
    const station = await stationIn('America/New_York');
    const yesterday = addDays(localDate(server.clock.now().getTime(), station.timezone), -1);
    const { startMs, endMs } = localPeriod('day', yesterday, station.timezone);
    await feed(station, startMs, endMs, () => ({ pv: 0, grid: 1000, battery: 0, soc: 50 }));
    await server.jobs.runAllNow();
    const first = await storedDays(station.stationId);
    expect(first.map((row) => row.day)).toEqual([yesterday]);
    expect(first[0]?.consumption_kwh).toBeCloseTo((endMs - startMs) / 3_600_000, 6);

    server.clock.advance(2 * 3_600_000); // past the job's next period
    await server.jobs.runAllNow();
    expect(await storedDays(station.stationId)).toEqual(first);
  });

  it('has 23 and 25 hours of buckets on the clock-change days', async () => {
    const zone = 'Europe/Berlin';
    const nowMs = server.clock.now().getTime();
    // the latest last Sundays of March and October before today (both within the back-fill's 400 days)
    const lastSunday = (year: number, month: number) => {
      const last = new Date(Date.UTC(year, month, 0));
      return addDays(last.toISOString().slice(0, 10), -last.getUTCDay());
    };
    const today = localDate(nowMs, zone);
    const year = Number(today.slice(0, 4));
    const latest = (month: number) =>
      [lastSunday(year, month), lastSunday(year - 1, month)].find((day) => day < today) as string;
    for (const [day, hours] of [
      [latest(3), 23],
      [latest(10), 25],
    ] as const) {
      const station = await stationIn(zone);
      const { startMs, endMs } = localPeriod('day', day, zone);
      expect((endMs - startMs) / 3_600_000).toBe(hours);
      await feed(station, startMs, endMs, () => ({ pv: 0, grid: 1000, battery: 0, soc: 50 }));
      await server.jobs.runAllNow();
      const stored = await storedDays(station.stationId);
      expect(stored.map((row) => row.day)).toEqual([day]);
      expect(stored[0]?.consumption_kwh).toBeCloseTo(hours, 6);
    }
  });
});
