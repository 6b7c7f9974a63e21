import {
  type ChartData,
  type ChartDownload,
  CO2_KG_PER_KWH,
  chart,
  localDate,
  type OverviewData,
  type PowerFlowData,
  plant,
  startOfLocalDay,
  station as stationCalls,
} from '@helio/contracts';
import { schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * What a plant did, through the real ingestion and the real calls: energy, income and CO2 over
 * Warsaw's 23- and 25-hour days and across month and year boundaries in São Paulo and Shanghai;
 * gaps as gaps; the export holding the chart's numbers; the live overview and a power flow that
 * balances; every call refused outside the caller's reach.
 */

let server: TestServer;
let installer: Account;
let stranger: Account;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission }); // readings of fixed past dates
  installer = await registerAccount(server, 1, 'plant');
  stranger = await registerAccount(server, 1, 'stranger');
});
afterAll(async () => {
  await server.close();
});

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 3_600_000;
/** kWh per hour each counter rises by in the generated plant. */
const RATE = { pv: 2, export: 0.5, import: 0.1, charge: 0.3, discharge: 0.2 };
const PRICE = 0.85;

interface Plant {
  stationId: number;
  inverter: string;
  battery: string;
  meter: string;
}

async function plantIn(timezone: string, owner = installer, unitPrice = PRICE): Promise<Plant> {
  const station = await addStation(server, owner.token, {
    timezone,
    installer_id: owner.userId,
    station_type: 4,
    unit_price: unitPrice,
  });
  const register = async (device_type: number) =>
    (await registerDevice(server, owner.token, station.station_id, { device_type })).sn;
  return {
    stationId: station.station_id,
    inverter: await register(1),
    battery: await register(2),
    meter: await register(6),
  };
}

/** Readings of the three devices every five minutes over [from, to], counters rising at RATE. */
async function feed(plantItem: Plant, from: number, to: number, skip: (ts: number) => boolean = () => false) {
  const origin = Date.UTC(2020, 0, 1);
  const batches = new Map<string, object[]>([
    [plantItem.inverter, []],
    [plantItem.battery, []],
    [plantItem.meter, []],
  ]);
  for (let ts = from; ts <= to; ts += FIVE_MINUTES) {
    if (skip(ts)) continue;
    const hours = (ts - origin) / HOUR;
    const seq = Math.round((ts - origin) / FIVE_MINUTES);
    batches.get(plantItem.inverter)?.push({
      ts,
      seq,
      values: { pv_power_w: 2000, ac_power_w: 1950, pv_kwh: 100 + hours * RATE.pv },
    });
    batches.get(plantItem.battery)?.push({
      ts,
      seq,
      values: {
        power_w: 100,
        soc_pct: 60,
        charge_kwh: 10 + hours * RATE.charge,
        discharge_kwh: 10 + hours * RATE.discharge,
      },
    });
    batches.get(plantItem.meter)?.push({
      ts,
      seq,
      values: {
        grid_power_w: -400,
        import_kwh: 5 + hours * RATE.import,
        export_kwh: 5 + hours * RATE.export,
      },
    });
  }
  for (const [sn, readings] of batches) {
    for (let index = 0; index < readings.length; index += 500) {
      await server.deviceLink.ingestor.submit(
        sn,
        'backfill',
        Buffer.from(JSON.stringify({ v: 1, readings: readings.slice(index, index + 500) })),
      );
    }
  }
  await server.deviceLink.ingestor.drain();
  await server.jobs.runAllNow();
}

async function chartOf(
  call: typeof chart.chart,
  stationId: number,
  type: number,
  date?: string,
  token = installer.token,
): Promise<ChartData> {
  const answer = await server.call(call, { station_id: stationId, type, ...(date ? { date } : {}) }, token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return answer.body.data as ChartData;
}

function column(data: ChartData, key: string): (number | null)[] {
  const index = data.series.findIndex((series) => series.key === key);
  expect(index, `series ${key}`).toBeGreaterThanOrEqual(0);
  return data.rows.map((row) => row.values[index] ?? null);
}

function valueAt(data: ChartData, period: string, key: string): number | null {
  const row = data.rows.find((item) => item.period === period);
  expect(row, `row ${period}`).toBeDefined();
  return column(data, key)[data.rows.indexOf(row as ChartData['rows'][number])] ?? null;
}

describe('energy, income and CO2 over clock changes and period boundaries', () => {
  const zone = 'Europe/Warsaw';
  let warsaw: Plant;
  let autumn: Plant;

  beforeAll(async () => {
    warsaw = await plantIn(zone);
    autumn = await plantIn(zone);
    // 28–29 March (29th: 23 hours) with 10:00–10:30 of the 29th missing; 24–25 October (25th: 25 hours)
    const gapFrom = startOfLocalDay('2026-03-29', zone) + 9 * HOUR; // 10:00 CEST is 9 h after midnight CET
    await feed(
      warsaw,
      startOfLocalDay('2026-03-28', zone) - FIVE_MINUTES,
      startOfLocalDay('2026-03-30', zone) - FIVE_MINUTES,
      (ts) => ts >= gapFrom && ts < gapFrom + 30 * 60_000,
    );
    await feed(
      autumn,
      startOfLocalDay('2026-10-24', zone) - FIVE_MINUTES,
      startOfLocalDay('2026-10-26', zone) - FIVE_MINUTES,
    );
  });

  it('counts 23 and 25 hours of energy on the clock-change days, with income and CO2 from PV', async () => {
    const march = await chartOf(chart.chart, warsaw.stationId, 3, '2026-03');
    expect(march.rows).toHaveLength(31);
    expect(valueAt(march, '2026-03-28', 'pv_kwh')).toBeCloseTo(48, 6);
    expect(valueAt(march, '2026-03-29', 'pv_kwh')).toBeCloseTo(46, 6);
    expect(valueAt(march, '2026-03-29', 'import_kwh')).toBeCloseTo(2.3, 6);
    expect(valueAt(march, '2026-03-29', 'export_kwh')).toBeCloseTo(11.5, 6);
    expect(valueAt(march, '2026-03-29', 'charge_kwh')).toBeCloseTo(6.9, 6);
    expect(valueAt(march, '2026-03-29', 'discharge_kwh')).toBeCloseTo(4.6, 6);
    // consumption = PV + import + discharge − export − charge
    expect(valueAt(march, '2026-03-29', 'consumption_kwh')).toBeCloseTo(23 * 1.5, 6);
    // days without readings are gaps, not zeros
    expect(valueAt(march, '2026-03-27', 'pv_kwh')).toBeNull();
    expect(valueAt(march, '2026-03-30', 'pv_kwh')).toBeNull();

    const october = await chartOf(chart.chart, autumn.stationId, 3, '2026-10');
    expect(valueAt(october, '2026-10-25', 'pv_kwh')).toBeCloseTo(50, 6);

    const income = await chartOf(chart.income, warsaw.stationId, 3, '2026-03');
    expect(income.series.map((series) => series.key)).toEqual(['income', 'pv_kwh']);
    expect(income.series[0]?.unit).toBe('PLN');
    expect(valueAt(income, '2026-03-29', 'income')).toBeCloseTo(46 * PRICE, 2);
  });

  it('draws the 23-hour day as 276 five-minute buckets with the missing half hour as a gap', async () => {
    const day = await chartOf(chart.chart, warsaw.stationId, 1, '2026-03-29');
    expect(day.resolution).toBe('five_minutes');
    expect(day.rows).toHaveLength(23 * 12);
    expect(day.series.map((series) => series.key)).toEqual([
      'pv_w',
      'load_w',
      'grid_w',
      'battery_w',
      'soc_pct',
    ]);
    expect(day.rows[0]?.label).toBe('00:00');
    // 02:00–03:00 does not exist that night: 01:55 is followed by 03:00
    expect(day.rows[23]?.label).toBe('01:55');
    expect(day.rows[24]?.label).toBe('03:00');
    const pv = column(day, 'pv_w');
    const gap = day.rows.findIndex((row) => row.label === '10:00');
    expect(pv.slice(gap, gap + 6)).toEqual([null, null, null, null, null, null]);
    expect(pv[gap - 1]).toBe(2000);
    expect(pv[gap + 6]).toBe(2000);
    // the home load is the balance: 2000 − 400 − 100
    expect(column(day, 'load_w')[gap + 6]).toBe(1500);
    expect(column(day, 'soc_pct')[gap + 6]).toBe(60);

    const longDay = await chartOf(chart.chart, autumn.stationId, 1, '2026-10-25');
    expect(longDay.rows).toHaveLength(25 * 12);

    // the hourly income of the day adds up to the day's bar
    const hourly = await chartOf(chart.income, warsaw.stationId, 1, '2026-03-29');
    expect(hourly.resolution).toBe('hour');
    expect(hourly.rows).toHaveLength(23);
    const pvHours = column(hourly, 'pv_kwh').reduce<number>((sum, value) => sum + (value ?? 0), 0);
    expect(pvHours).toBeCloseTo(46, 3);
  });

  it('sums the days into the week, the months into the year and the years into the total', async () => {
    const week = await chartOf(chart.chart, warsaw.stationId, 2, '2026-03-26');
    expect(week.date).toBe('2026-03-23');
    expect(week.rows.map((row) => row.period)).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    const year = await chartOf(chart.chart, warsaw.stationId, 4, '2026');
    expect(year.rows).toHaveLength(12);
    expect(valueAt(year, '2026-03', 'pv_kwh')).toBeCloseTo(94, 6);
    expect(valueAt(year, '2026-05', 'pv_kwh')).toBeNull();
    const total = await chartOf(chart.chart, warsaw.stationId, 5);
    expect(total.date).toBeNull();
    expect(valueAt(total, '2026', 'pv_kwh')).toBeCloseTo(94, 6);
    const yieldChart = await chartOf(chart.chartStation, warsaw.stationId, 4, '2026');
    expect(valueAt(yieldChart, '2026-03', 'yield_h')).toBeCloseTo(94 / 9.5, 2);
    const storage = await chartOf(chart.storageChart, warsaw.stationId, 3, '2026-03');
    expect(storage.series.map((series) => series.key)).toEqual(['charge_kwh', 'discharge_kwh']);
    expect(valueAt(storage, '2026-03-29', 'charge_kwh')).toBeCloseTo(6.9, 6);
  });

  it.each([['America/Sao_Paulo'], ['Asia/Shanghai']])(
    'splits months and years at local midnight in %s',
    async (timezone) => {
      const station = await plantIn(timezone);
      const spring = await plantIn(timezone);
      // 22:00 on New Year's Eve 2025 to 02:00 on 1 January; the same around 1 March 2026 on another station
      // (a step across the months between would count in March)
      const newYear = startOfLocalDay('2026-01-01', timezone);
      await feed(station, newYear - 2 * HOUR - FIVE_MINUTES, newYear + 2 * HOUR - FIVE_MINUTES);
      const march = startOfLocalDay('2026-03-01', timezone);
      await feed(spring, march - 2 * HOUR - FIVE_MINUTES, march + 2 * HOUR - FIVE_MINUTES);
      const y2025 = await chartOf(chart.chart, station.stationId, 4, '2025');
      expect(valueAt(y2025, '2025-12', 'pv_kwh')).toBeCloseTo(4, 6);
      const y2026 = await chartOf(chart.chart, station.stationId, 4, '2026');
      expect(valueAt(y2026, '2026-01', 'pv_kwh')).toBeCloseTo(4, 6);
      expect(valueAt(y2026, '2026-02', 'pv_kwh')).toBeNull();
      const months = await chartOf(chart.chart, spring.stationId, 4, '2026');
      expect(valueAt(months, '2026-02', 'pv_kwh')).toBeCloseTo(4, 6);
      expect(valueAt(months, '2026-03', 'pv_kwh')).toBeCloseTo(4, 6);
      const total = await chartOf(chart.income, station.stationId, 5);
      expect(total.rows.map((row) => row.period)).toEqual(['2025', '2026']);
      expect(valueAt(total, '2025', 'income')).toBeCloseTo(4 * PRICE, 2);
      expect(valueAt(total, '2026', 'income')).toBeCloseTo(4 * PRICE, 2);
      // the first bucket of the local day is local midnight
      const day = await chartOf(chart.chart, station.stationId, 1, '2026-01-01');
      expect(day.rows[0]?.period).toBe(new Date(newYear).toISOString());
      expect(day.rows[0]?.label).toBe('00:00');
      expect(column(day, 'pv_w')[0]).toBe(2000);
    },
  );

  it('exports the very numbers of the chart, with units and the time zone in the header', async () => {
    const month = await chartOf(chart.chart, warsaw.stationId, 3, '2026-03');
    const answer = await server.call(
      chart.chart,
      { station_id: warsaw.stationId, type: 3, date: '2026-03', export: 1, language: 'en' },
      installer.token,
    );
    expect(answer.body.code).toBe(1);
    const ticket = answer.body.data as ChartDownload;
    expect(ticket.file_name).toMatch(/\.xlsx$/);
    const response = await fetch(new URL(ticket.download_url, server.url));
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(cells(3)).toEqual(['Time zone', 'Europe/Warsaw']);
    expect(cells(6)[1]).toBe('PV yield (kWh)');
    expect(cells(6)).toHaveLength(month.series.length + 1);
    month.rows.forEach((row, index) => {
      const line = sheet.getRow(7 + index).values as unknown[];
      expect(line[1]).toBe(row.label);
      row.values.forEach((value, at) => {
        expect(line[2 + at] ?? null).toBe(value);
      });
    });
    expect(sheet.rowCount).toBe(6 + month.rows.length);
    // the ticket works once
    expect((await fetch(new URL(ticket.download_url, server.url))).status).toBe(404);
  });
});

describe('the plant now', () => {
  it('answers today’s figures, rates within 0–100 % and a power flow that balances', async () => {
    const zone = 'Europe/Warsaw';
    const station = await plantIn(zone);
    const now = Date.now();
    const from = now - 30 * 60_000;
    await feed(station, from, now);
    const overview = (await server.call(plant.overview, { station_id: station.stationId }, installer.token))
      .body.data as OverviewData;
    // today's steps: those whose later reading falls on today's local date
    const today = localDate(now, zone);
    let steps = 0;
    for (let ts = from + FIVE_MINUTES; ts <= now; ts += FIVE_MINUTES)
      if (localDate(ts, zone) === today) steps += 1;
    const pv = (steps * FIVE_MINUTES * RATE.pv) / HOUR;
    expect(overview.local_date).toBe(today);
    expect(overview.today.pv_kwh).toBeCloseTo(pv, 3);
    expect(overview.today.income).toBeCloseTo(pv * PRICE, 2);
    expect(overview.today.co2_kg).toBeCloseTo(pv * CO2_KG_PER_KWH, 2);
    expect(overview.co2_factor_kg_per_kwh).toBe(CO2_KG_PER_KWH);
    // the rates follow today's five-minute flows (2000 W PV: 1500 to the home, 100 to the battery,
    // 400 to the grid; nothing from the grid), not the counters' totals (which alone would say 75 %
    // and 93.3 %); flow-days.test.ts has the rule under grid charging
    expect(overview.today.self_consumption_pct).toBeCloseTo(80, 1);
    expect(overview.today.autarky_pct).toBeCloseTo(100, 1);
    expect(overview.total.pv_kwh).toBeCloseTo((6 * FIVE_MINUTES * RATE.pv) / HOUR, 3);
    expect(overview.power).toMatchObject({
      pv_w: 2000,
      grid_w: -400,
      battery_w: 100,
      soc_pct: 60,
      load_w: 1500,
    });

    const flow = (await server.call(plant.powerFlow, { station_id: station.stationId }, installer.token)).body
      .data as PowerFlowData;
    expect(flow.stale).toBe(false);
    expect(flow.age_s).toBeLessThan(120);
    expect(flow.nodes.map((node) => node.node).sort()).toEqual(['battery', 'grid', 'load', 'pv']);
    const out = (node: string) =>
      flow.flows.filter((f) => f.from === node).reduce((s, f) => s + f.power_w, 0);
    const into = (node: string) => flow.flows.filter((f) => f.to === node).reduce((s, f) => s + f.power_w, 0);
    expect(out('pv')).toBeCloseTo(2000, 6);
    expect(into('load')).toBeCloseTo(1500, 6);
    expect(into('battery')).toBeCloseTo(100, 6);
    expect(into('grid')).toBeCloseTo(400, 6);

    const storage = await server.call(
      plant.storageOverview,
      { station_id: station.stationId },
      installer.token,
    );
    expect(storage.body.data).toMatchObject({
      battery_count: 1,
      soc_pct: 60,
      power_w: 100,
      state: 'charging',
    });
    const high = await server.call(plant.isHighStation, { station_id: station.stationId }, installer.token);
    expect(high.body.data).toEqual({ is_high: false, detail: 'battery' });
    const parallel = await server.call(plant.isParallel, { station_id: station.stationId }, installer.token);
    expect(parallel.body.data).toEqual({ is_parallel: false, inverter_count: 1 });
    const inverters = await server.call(
      plant.parallelStationData,
      { station_id: station.stationId },
      installer.token,
    );
    const data = inverters.body.data as {
      inverters: { today_kwh: number; share_pct: number }[];
      today_kwh: number;
    };
    expect(data.inverters).toHaveLength(1);
    expect(data.inverters[0]?.share_pct).toBe(100);
    expect(data.today_kwh).toBeCloseTo(pv, 3);
    const savings = await server.call(plant.allSavings, {}, installer.token);
    expect(savings.body.data).toMatchObject({ co2_factor_kg_per_kwh: CO2_KG_PER_KWH });
    const strangerSavings = await server.call(plant.allSavings, {}, stranger.token);
    expect(strangerSavings.body.data).toMatchObject({ station_count: 0, total_pv_kwh: 0, income: [] });
  });

  it('the headline powers are now’s: an offline inverter’s last PV power is not counted, as in the station list', async () => {
    const station = await plantIn('Europe/Warsaw');
    const now = Date.now();
    await feed(station, now - 10 * 60_000, now);
    await server.database.db
      .update(schema.devices)
      .set({ status: 'offline' })
      .where(eq(schema.devices.sn, station.inverter));
    const overview = (await server.call(plant.overview, { station_id: station.stationId }, installer.token))
      .body.data as OverviewData;
    expect(overview.power).toMatchObject({ pv_w: null, grid_w: -400, battery_w: 100, soc_pct: 60 });
  });

  it('the savings of all stations are each station’s income, as its overview says it, added up by currency', async () => {
    const owner = await registerAccount(server, 1, 'savings');
    // each station's income is half a cent and more: to the cent it is a cent each, two in all
    const prices = [0.004, 0.004];
    const now = Date.now();
    const overviews: OverviewData[] = [];
    for (const price of prices) {
      const station = await plantIn('Europe/Warsaw', owner, price);
      await feed(station, now - 40 * 60_000, now);
      overviews.push(
        (await server.call(plant.overview, { station_id: station.stationId }, owner.token)).body
          .data as OverviewData,
      );
    }
    const savings = (await server.call(plant.allSavings, {}, owner.token)).body.data as {
      station_count: number;
      income: { currency: string; today: number; total: number }[];
    };
    expect(savings.station_count).toBe(2);
    const sum = (pick: (o: OverviewData) => number) =>
      Math.round(overviews.reduce((total, o) => total + pick(o), 0) * 100) / 100;
    expect(savings.income).toEqual([
      {
        currency: overviews[0]!.currency,
        today: sum((o) => o.today.income),
        total: sum((o) => o.total.income),
      },
    ]);
  });

  it('a station that never reported answers no data, not zeros', async () => {
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    const overview = (await server.call(plant.overview, { station_id: station.station_id }, installer.token))
      .body.data as OverviewData;
    expect(overview.updated_at).toBeNull();
    expect(overview.today.has_data).toBe(false);
    expect(overview.today.self_consumption_pct).toBeNull();
    const flow = (await server.call(plant.powerFlow, { station_id: station.station_id }, installer.token))
      .body.data as PowerFlowData;
    expect(flow).toMatchObject({ updated_at: null, age_s: null, stale: true, nodes: [], flows: [] });
  });
});

describe('refusals', () => {
  const stationCalls = [
    plant.overview,
    plant.storageOverview,
    plant.isHighStation,
    plant.isParallel,
    plant.parallelStationData,
    plant.powerFlow,
    plant.pileOverview,
    plant.emsIndex,
  ];
  const chartCalls = [
    chart.chart,
    chart.chartStation,
    chart.income,
    chart.storageChart,
    chart.emsStationChart,
    chart.emsStorageChart,
  ];

  it('refuses every call on a station outside the caller’s reach with 9001, exports included', async () => {
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    for (const call of stationCalls) {
      const answer = await server.call(call, { station_id: station.station_id }, stranger.token);
      expect(answer.body, call.path).toMatchObject({ code: 400, msg: '9001' });
    }
    for (const call of chartCalls) {
      for (const body of [
        { station_id: station.station_id, type: 1, date: '2026-03-29' },
        { station_id: station.station_id, type: 1, date: '2026-03-29', export: 1 },
      ]) {
        const answer = await server.call(call, body, stranger.token);
        expect(answer.body, call.path).toMatchObject({ code: 400, msg: '9001' });
      }
    }
  });

  it.each([
    [{ type: 1, date: '2026-03' }],
    [{ type: 1 }],
    [{ type: 3, date: '2026-03-01' }],
    [{ type: 4, date: '26' }],
    [{ type: 2, date: '2026-02-30' }],
    [{ type: 6, date: '2026' }],
    [{ type: 0 }],
    [{ type: 'day', date: '2026-03-01' }],
  ])('refuses a date that is not in the selector’s format for its type: %j', async (body) => {
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    const answer = await server.call(
      chart.chart,
      { station_id: station.station_id, ...body },
      installer.token,
    );
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.code).toBe(400);
    expect(['200003', '200004', '200005']).toContain(answer.body.msg);
  });

  it('takes the energy-management types (4 is total there) and ignores a date sent with total', async () => {
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    const total = await chartOf(chart.emsStationChart, station.station_id, 4, '2026');
    expect(total.unit).toBe('total');
    const month = await chartOf(chart.emsStorageChart, station.station_id, 2, '2026-03');
    expect(month.unit).toBe('month');
    const refused = await server.call(
      chart.emsStationChart,
      { station_id: station.station_id, type: 5 },
      installer.token,
    );
    expect(refused.body.code).toBe(400);
  });
});

describe('the server’s clock', () => {
  it('decides which day is today in the lists and the overview, not the database’s', async () => {
    const owner = await registerAccount(server, 1, 'clock');
    const station = await plantIn('Europe/Warsaw', owner);
    const now = Date.now();
    await feed(station, now - 30 * 60_000, now);
    const todayOf = async () => {
      const list = (await server.call(stationCalls.list, { keyword: '' }, owner.token)).body.data as {
        list: { station_id: number; today_energy_kwh: number | null }[];
      };
      const overview = (await server.call(plant.overview, { station_id: station.stationId }, owner.token))
        .body.data as OverviewData;
      return {
        list: list.list.find((item) => item.station_id === station.stationId)?.today_energy_kwh,
        overview: overview.today.pv_kwh,
      };
    };
    const before = await todayOf();
    expect(before.list).toBeGreaterThan(0);
    server.clock.advance(2 * 24 * HOUR);
    try {
      // two days on, today has no PV yet, whatever the database's own clock says
      expect(await todayOf()).toEqual({ list: 0, overview: 0 });
    } finally {
      server.clock.advance(-2 * 24 * HOUR);
    }
  });
});
