import {
  addDays,
  type ChargingRecordsData,
  charging,
  DEMO_USER_ID,
  DeviceType,
  localDate,
  localPeriod,
  plant,
  tariff as tariffCalls,
} from '@helio/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, registerAccount } from './support/accounts.ts';
import { floorFive, MIN, type Plant, recordsKit, session, ZONE } from './support/charging-records.ts';
import { registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * Charging records through the real ingestion, the `charging.sessions` job and the calls: a
 * wallbox's readings become sessions (plugged once the power is gone), each session's energy is
 * split by the station's flows while it ran and priced at the station's tariff, and
 * `api/charging/records` filters, pages, sums and exports them within the caller's reach.
 */

let server: TestServer;
let owner: Account;

beforeAll(async () => {
  server = await startTestServer({ admission: historyAdmission }); // sessions of past months
  owner = await registerAccount(server, 1, 'records');
});
afterAll(async () => {
  await server.close();
});

const { plantOf, flow, pile, records, stored } = recordsKit(() => ({ server, owner }));

describe('sessions from the wallbox’s readings', () => {
  it('plug, charge, full → plugged (the overview too), unplug → ended; a new number begins anew; again changes nothing', async () => {
    const p = await plantOf();
    const base = floorFive(server.clock.now().getTime() - 60 * MIN);
    await flow(p, base, base + 30 * MIN, { pv: 6000, grid: 0, battery: 0 });
    await pile(p, base, [
      [0, { pile_state: 'idle', power_w: 0, session_kwh: 0, session_no: 7 }],
      [1, { pile_state: 'plugged', power_w: 0, session_kwh: 0, session_no: 8, session_start: 'remote' }],
      [2, { pile_state: 'charging', power_w: 4000, session_kwh: 0, session_no: 8 }],
      [3, { pile_state: 'charging', power_w: 4000, session_kwh: 0.1, session_no: 8 }],
      [4, { pile_state: 'charging', power_w: 4000, session_kwh: 0.2, session_no: 8 }],
      // the car is full: the box still says charging, but nothing flows
      [5, { pile_state: 'charging', power_w: 20, session_kwh: 0.25, session_no: 8 }],
    ]);
    await server.jobs.runAllNow();
    let data = await records({ station_id: p.stationId });
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({
      sn: p.wallbox,
      state: 'plugged',
      ended_at: null,
      energy_kwh: 0.25,
      max_power_w: 4000,
      start: 'remote',
      started_at: new Date(base + MIN).toISOString(),
    });
    // going on: its duration runs to now
    expect(data.list[0]!.duration_s).toBeGreaterThanOrEqual(55 * 60);
    const overview = await server.call(plant.pileOverview, { station_id: p.stationId }, owner.token);
    expect((overview.body.data as { sessions: unknown[] }).sessions).toEqual([
      {
        device_id: p.wallboxId,
        sn: p.wallbox,
        started_at: new Date(base + MIN).toISOString(),
        ended_at: null,
        energy_kwh: 0.25,
        max_power_w: 4000,
        state: 'plugged',
      },
    ]);

    await pile(p, base, [
      [6, { pile_state: 'idle', power_w: 0, session_kwh: 0.25, session_no: 8 }],
      [10, { pile_state: 'charging', power_w: 3000, session_kwh: 0.05, session_no: 9 }],
      [11, { pile_state: 'charging', power_w: 3000, session_kwh: 0.1, session_no: 9 }],
      // another car, without an idle reading between
      [12, { pile_state: 'charging', power_w: 3000, session_kwh: 0.05, session_no: 10 }],
    ]);
    await server.jobs.runAllNow();
    data = await records({ station_id: p.stationId });
    expect(
      data.list.map((record) => ({
        state: record.state,
        started: (Date.parse(record.started_at) - base) / MIN,
        ended: record.ended_at === null ? null : (Date.parse(record.ended_at) - base) / MIN,
        kwh: record.energy_kwh,
      })),
    ).toEqual([
      { state: 'charging', started: 12, ended: null, kwh: 0.05 },
      { state: 'ended', started: 10, ended: 12, kwh: 0.1 },
      { state: 'ended', started: 1, ended: 6, kwh: 0.25 },
    ]);
    expect(data.list[2]!.duration_s).toBe(300);

    const before = await stored(p.wallboxId);
    await server.jobs.runAllNow();
    await server.jobs.runAllNow();
    expect(await stored(p.wallboxId)).toEqual(before);
  });

  it('counts readings that arrive late (a backfill after a run) when they come', async () => {
    const p = await plantOf();
    const base = floorFive(server.clock.now().getTime() - 3 * 60 * MIN);
    await flow(p, base, base + 30 * MIN, { pv: 6000, grid: 0, battery: 0 });
    const list = session(3, 19);
    await pile(p, base, list.slice(0, 8));
    await server.jobs.runAllNow();
    expect((await records({ station_id: p.stationId })).list[0]).toMatchObject({ state: 'charging' });
    await pile(p, base, list.slice(8));
    await server.jobs.runAllNow();
    const [record] = (await records({ station_id: p.stationId })).list;
    expect(record).toMatchObject({ state: 'ended', energy_kwh: 1.2, pv_kwh: 1.2, pv_share_pct: 100 });
  });
  it('counts a reading once its five-minute bucket has been over a while, the station’s other devices read in it', async () => {
    const p = await plantOf();
    const now = server.clock.now().getTime();
    await pile(p, now - MIN, [
      [0, { pile_state: 'charging', power_w: 5000, session_kwh: 0.1, session_no: 1 }],
    ]);
    await server.jobs.runAllNow();
    expect((await records({ station_id: p.stationId })).total).toBe(0);
    server.clock.advance(8 * MIN);
    await server.jobs.runAllNow();
    expect((await records({ station_id: p.stationId })).list[0]).toMatchObject({
      state: 'charging',
      energy_kwh: 0.1,
    });
  });
});

describe('shares and cost', () => {
  /** A ten-minute session at 4 kW (0.6 kWh) on a station whose sources are `w` throughout. */
  async function sessionUnder(w: { pv: number; grid: number; battery: number }, overrides = {}) {
    const p = await plantOf(overrides);
    const base = floorFive(server.clock.now().getTime() - 2 * 86_400_000);
    await flow(p, base, base + 15 * MIN, w);
    await pile(p, base, session(1, 10));
    await server.jobs.runAllNow();
    const [record] = (await records({ station_id: p.stationId })).list;
    expect(record!.energy_kwh).toBe(0.6);
    expect(record!.pv_kwh + record!.battery_kwh + record!.grid_kwh).toBeCloseTo(0.6, 3);
    return record!;
  }

  it('PV 6 kW, house 2 kW, car 4 kW: all from PV', async () => {
    const record = await sessionUnder({ pv: 6000, grid: 0, battery: 0 });
    expect(record).toMatchObject({ pv_kwh: 0.6, battery_kwh: 0, grid_kwh: 0, pv_share_pct: 100, cost: 0 });
  });

  it('a night on the grid: all from the grid, at the unit price', async () => {
    const record = await sessionUnder({ pv: 0, grid: 5000, battery: 0 });
    expect(record).toMatchObject({ pv_kwh: 0, battery_kwh: 0, grid_kwh: 0.6, pv_share_pct: 0, cost: 0.54 });
  });

  it('the battery giving 3 of the 5 kW the house and the car take: 60 % from the battery, 40 % from the grid', async () => {
    const record = await sessionUnder({ pv: 0, grid: 2000, battery: -3000 });
    expect(record).toMatchObject({ pv_kwh: 0, battery_kwh: 0.36, grid_kwh: 0.24, cost: 0.22 });
  });

  it('without a price (unit price 0, no tariff) the cost is unknown', async () => {
    const record = await sessionUnder({ pv: 0, grid: 5000, battery: 0 }, { unit_price: 0 });
    expect(record.cost).toBeNull();
  });

  it('with a tariff, each moment’s grid energy at its band’s price, across a band change', async () => {
    const p = await plantOf();
    // a day of 24 hours two or three days back, so 09:40 is 9 h 40 min after its midnight
    const today = localDate(server.clock.now().getTime(), ZONE);
    const day = [-2, -3]
      .map((n) => addDays(today, n))
      .find((candidate) => {
        const { startMs, endMs } = localPeriod('day', candidate, ZONE);
        return endMs - startMs === 86_400_000;
      }) as string;
    const month = Number(day.slice(5, 7));
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    const saved = await server.call(
      tariffCalls.updateEmbps,
      {
        station_id: p.stationId,
        tariff: {
          seasons: [
            {
              name: 'This',
              months: [month],
              periods: [{ band: 'peak', days: everyDay, start: '10:00', end: '12:00' }],
            },
            {
              name: 'Rest',
              months: Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => m !== month),
              periods: [{ band: 'valley', days: everyDay, start: '00:00', end: '06:00' }],
            },
          ],
          prices: { peak: 1, shoulder: 0.5, valley: 0.2 },
          feed_in_price: 0.1,
        },
      },
      owner.token,
    );
    expect(saved.body.code).toBe(1);
    const base = localPeriod('day', day, ZONE).startMs + (9 * 60 + 40) * MIN;
    await flow(p, base, base + 45 * MIN, { pv: 0, grid: 5000, battery: 0 });
    // plugged at 09:40, charging 09:40–10:20 at 3 kW: 20 minutes in the shoulder, 20 in the peak
    await pile(p, base, session(2, 41, 3000));
    await server.jobs.runAllNow();
    const [record] = (await records({ station_id: p.stationId })).list;
    expect(record!.grid_kwh).toBeCloseTo(2, 3);
    expect(record!.cost).toBe(1 * 0.5 + 1 * 1);
  });
});

describe('the records call', () => {
  let p: Plant;
  let other: string;
  const days: string[] = [];
  const startOf = (day: string, hour: number) => localPeriod('day', day, ZONE).startMs + hour * 3_600_000;

  beforeAll(async () => {
    p = await plantOf();
    other = (await registerDevice(server, owner.token, p.stationId, { device_type: DeviceType.chargingPile }))
      .sn;
    const today = localDate(server.clock.now().getTime(), ZONE);
    days.push(addDays(today, -40), addDays(today, -5), addDays(today, -4));
    // no other device reads: the whole energy is the grid's, at 0.9 the kWh
    await pile(p, startOf(days[0]!, 10), session(1, 11, 6000)); // 1.0 kWh
    await pile(p, startOf(days[1]!, 10), session(2, 7, 3000)); // 0.3 kWh
    await pile(p, startOf(days[2]!, 10), session(3, 13, 6000)); // 1.2 kWh
    await pile(p, startOf(days[1]!, 12), session(1, 5, 6000), other); // 0.4 kWh
    await server.jobs.runAllNow();
  });

  const energies = (data: ChargingRecordsData) => data.list.map((record) => record.energy_kwh);

  it('lists newest first with the totals, the months and the chargers of everything the filter matches', async () => {
    const data = await records({ station_id: p.stationId });
    expect(data).toMatchObject({ station_id: p.stationId, timezone: ZONE, currency: 'PLN', total: 4 });
    expect(energies(data)).toEqual([1.2, 0.4, 0.3, 1]);
    expect(
      data.list.every((record) => record.state === 'ended' && record.grid_kwh === record.energy_kwh),
    ).toBe(true);
    expect(data.chargers.map((charger) => charger.sn).sort()).toEqual([p.wallbox, other].sort());
    expect(data.totals).toEqual({
      sessions: 4,
      energy_kwh: 2.9,
      pv_kwh: 0,
      battery_kwh: 0,
      grid_kwh: 2.9,
      cost: 2.61,
    });
    const monthOf = (day: string) => day.slice(0, 7);
    const expected = new Map<string, number>();
    for (const [day, kwh] of [
      [days[0]!, 1],
      [days[1]!, 0.7],
      [days[2]!, 1.2],
    ] as const)
      expected.set(monthOf(day), Math.round(((expected.get(monthOf(day)) ?? 0) + kwh) * 1000) / 1000);
    expect(data.months.map((month) => [month.month, month.energy_kwh])).toEqual(
      [...expected].sort((a, b) => b[0].localeCompare(a[0])),
    );
    expect(data.months.reduce((sum, month) => sum + month.sessions, 0)).toBe(4);
  });

  it('pages, and filters by charger and by station-local days of the start', async () => {
    const second = await records({ station_id: p.stationId, page: 2, page_size: 2 });
    expect(energies(second)).toEqual([0.3, 1]);
    expect(second.total).toBe(4);
    expect(second.totals.sessions).toBe(4);
    const one = await records({ station_id: p.stationId, equ_sn: other });
    expect(energies(one)).toEqual([0.4]);
    expect(one.totals).toMatchObject({ sessions: 1, energy_kwh: 0.4, cost: 0.36 });
    const day = await records({ station_id: p.stationId, start_date: days[1], end_date: days[1] });
    expect(energies(day)).toEqual([0.4, 0.3]);
    expect(energies(await records({ station_id: p.stationId, start_date: days[2] }))).toEqual([1.2]);
    expect(energies(await records({ station_id: p.stationId, end_date: days[0] }))).toEqual([1]);
  });

  it('exports every matching session as an .xlsx in the asked language, with a totals row', async () => {
    const answer = await server.call(
      charging.records,
      { station_id: p.stationId, export: 1, language: 'pl' },
      owner.token,
    );
    expect(answer.body.code).toBe(1);
    const { download_url: url, file_name: name } = answer.body.data as {
      download_url: string;
      file_name: string;
    };
    const file = await fetch(new URL(url, server.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(name);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Historia ładowania');
    const headings = sheet.getRow(6);
    expect(headings.getCell(1).value).toBe('Ładowarka');
    expect(headings.getCell(11).value).toBe('Koszt (PLN)');
    const newest = sheet.getRow(7);
    expect(newest.getCell(1).value).toBe(p.wallbox);
    expect(newest.getCell(2).value).toBe(`${days[2]} 10:00`);
    expect(newest.getCell(5).value).toBe(1.2);
    expect(newest.getCell(13).value).toBe('Zakończona');
    const totals = sheet.getRow(11);
    expect(totals.getCell(1).value).toBe('Razem (sesje: 4)');
    expect(totals.getCell(5).value).toBe(2.9);
    expect(totals.getCell(11).value).toBe(2.61);
    expect((await fetch(new URL(url, server.url))).status).toBe(404);
  });

  it('answers 9001 for a station or a charger outside the caller’s reach, exports too; the demo reads', async () => {
    const stranger = await registerAccount(server, 1, 'nosy');
    for (const body of [{ station_id: p.stationId }, { station_id: p.stationId, export: 1 }]) {
      const answer = await server.call(charging.records, body, stranger.token);
      expect(answer.body).toMatchObject({ code: 400, msg: '9001' });
    }
    const elsewhere = await plantOf();
    const foreign = await server.call(
      charging.records,
      { station_id: p.stationId, equ_sn: elsewhere.wallbox },
      owner.token,
    );
    expect(foreign.body.msg).toBe('9001');
    await server.database.db.execute(
      sql`update stations set installer_id = ${DEMO_USER_ID} where station_id = ${elsewhere.stationId}`,
    );
    const demo = await server.login();
    expect((await records({ station_id: elsewhere.stationId }, demo)).total).toBe(0);
  });

  it.each([
    [{ start_date: '2026-05-10', end_date: '2026-05-01' }, '200005', 'validation.dateRangeOrder'],
    [{ start_date: '2026-02-30' }, '200005', 'validation.dateFormat'],
    [{ end_date: '10.05.2026' }, '200005', 'validation.dateFormat'],
    [{ page: 0 }, '200005', undefined],
    [{ page_size: 1000 }, '200005', undefined],
    [{ export: 2 }, '200005', undefined],
    [{ language: 'xx', export: 1 }, '200005', undefined],
    [{ equ_sn: 'X'.repeat(65) }, '4002', 'validation.deviceSnRequired'],
  ])('refuses a malformed body %j with a translated key, never 500', async (body, msg, key) => {
    const answer = await server.call(charging.records, { station_id: p.stationId, ...body }, owner.token);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.msg).toBe(msg);
    if (key)
      expect(
        (answer.body.data as { issues: { message: string }[] }).issues.map((issue) => issue.message),
      ).toContain(key);
  });

  it('refuses a body that is no object, and a station id that is not one', async () => {
    for (const raw of ['[]', '"x"', '{"station_id":"abc"}', '{}']) {
      const answer = await server.post(charging.records.path, undefined, { token: owner.token, raw });
      expect(answer.status, raw).toBeLessThan(500);
      expect(['200003', '200004', '200005'], raw).toContain(answer.body.msg);
    }
  });
});
