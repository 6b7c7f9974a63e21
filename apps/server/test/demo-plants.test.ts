import {
  addDays,
  control,
  DEMO_USER_ID,
  localDate,
  StationType,
  stationTypes,
  strategy,
  tariff,
  tariffIssues,
} from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPlants } from '../src/domains/seed/demo-catalogue.ts';
import { startDemoPlants } from '../src/domains/seed/demo-run.ts';
import { settlePlace } from '../src/domains/stations/reference-checks.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The demo installer's plants: one station of each type, in several continents and zones, with
 * their history written through the device protocol and then running live; a second start
 * carries on from what is stored.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const start = () =>
  startDemoPlants({
    db: server.database.db,
    log: server.app.log,
    brokerUrl: `mqtt://127.0.0.1:${server.deviceLink.embeddedPort}`,
    access: server.deviceLink.link,
    historyDays: 2,
    historyIntervalS: 900,
    intervalS: 60,
    commands: server.commands,
    // the split job's runs, waited for: `ready` then includes the split of the history
    splitTariffs: () => server.jobs.runAllNow(),
  });

const garching = demoPlants.find((plant) => plant.name === 'Sonnenhof Garching')!;
const garchingInverter = garching.devices.find((device) => device.strategy === 'tou')!;

describe('the demo plants', () => {
  it('are valid stations: known countries, provinces, currencies and zones', () => {
    for (const plant of demoPlants) {
      expect(() =>
        settlePlace({
          country_code: plant.countryCode,
          province_code: plant.provinceCode,
          currency: plant.currency,
          timezone: plant.timezone,
          latitude: plant.latitude,
          longitude: plant.longitude,
        }),
      ).not.toThrow();
      if (plant.tariff) expect(tariffIssues(plant.tariff), plant.name).toEqual([]);
    }
    expect(garching.tariff).toBeDefined();
  });

  it('give the demo installer one station of each type with history, then run live; a restart carries on', async () => {
    const demo = await start();
    await demo.ready;
    const stations = await queryRows<{ station_type: number; timezone: string; station_id: number }>(
      server.database.db,
      sql`select station_type, timezone, station_id from stations where installer_id = ${DEMO_USER_ID} order by station_type`,
    );
    expect(stations.map((station) => station.station_type)).toEqual([...stationTypes].sort((a, b) => a - b));
    const continents = new Set(stations.map((station) => station.timezone.split('/')[0]));
    expect(continents).toEqual(new Set(['Europe', 'America', 'Asia']));

    // every device reported, through the whole history
    const perDevice = await queryRows<{ sn: string; readings: number; status: string; first_ms: string }>(
      server.database.db,
      sql`select d.sn, d.status, count(r.*)::int as readings, (extract(epoch from min(r.ts)) * 1000)::bigint as first_ms
          from devices d join stations s using (station_id) left join readings r on r.device_id = d.device_id
          where s.installer_id = ${DEMO_USER_ID} group by d.sn, d.status`,
    );
    expect(perDevice.length).toBe(demoPlants.reduce((sum, plant) => sum + plant.devices.length, 0));
    for (const device of perDevice) {
      expect(device.readings, device.sn).toBeGreaterThanOrEqual(2 * 96 - 2);
      expect(Date.now() - Number(device.first_ms)).toBeGreaterThan(2 * 86_400_000 - 3_600_000);
      expect(device.status, device.sn).not.toBe('offline');
    }
    // the PV stations have produced energy on their whole days, counted per station-local day
    const produced = await queryRows<{ station_type: number; pv_kwh: number }>(
      server.database.db,
      sql`select s.station_type, sum(e.pv_kwh) as pv_kwh from station_energy e join stations s using (station_id)
          where s.installer_id = ${DEMO_USER_ID} and e.period = 'd' group by s.station_type`,
    );
    for (const type of [StationType.onGrid, StationType.residentialEss, StationType.commercialEss]) {
      expect(produced.find((row) => row.station_type === type)?.pv_kwh ?? 0, `type ${type}`).toBeGreaterThan(
        1,
      );
    }
    const before = await queryRows<{ sn: string; total_kwh: number | null; ms: string }>(
      server.database.db,
      sql`select d.sn, l.total_kwh, (extract(epoch from l.ts) * 1000)::bigint as ms
          from device_latest l join devices d using (device_id)`,
    );
    const charge = await queryRows<{ device_id: number; soc: number; ms: string }>(
      server.database.db,
      sql`select l.device_id, (l.values->>'soc_pct')::float8 as soc, (extract(epoch from l.ts) * 1000)::bigint as ms
          from device_latest l join devices d using (device_id) where d.device_type = 2`,
    );
    expect(charge.length).toBeGreaterThan(0);
    // once live, each device was asked for its settings: the demo reads them, never asked for a password
    const demoToken = await server.login();
    const inverter = perDevice.find((device) => device.sn.startsWith('INV'))!;
    await vi.waitFor(
      async () => {
        const view = await server.call(control.settings, { equ_sn: inverter.sn }, demoToken);
        const data = view.body.data as { values: Record<string, unknown> | null; needs_password: boolean };
        expect(data.needs_password).toBe(false);
        expect(data.values?.grid_standard).toBeTypeOf('string');
      },
      { timeout: 10_000 },
    );

    // Garching has its tariff, and its back-filled days are split by band
    const [station] = await queryRows<{ station_id: number }>(
      server.database.db,
      sql`select station_id from stations where owner_root_id = ${DEMO_USER_ID} and station_name = ${garching.name}`,
    );
    const loaded = await server.call(tariff.loadEmbps, { station_id: station!.station_id }, demoToken);
    expect((loaded.body.data as { tariff: unknown }).tariff).toEqual(garching.tariff);
    const yesterday = addDays(localDate(Date.now() - 30 * 60_000, garching.timezone), -1);
    const days = await queryRows<{ day: string; bands: number }>(
      server.database.db,
      sql`select to_char(e.period_start, 'YYYY-MM-DD') as day,
            (select count(*)::int from station_tariff_days t
             where t.station_id = e.station_id and t.day = e.period_start) as bands
          from station_energy e
          where e.station_id = ${station!.station_id} and e.period = 'd' and e.period_start <= ${yesterday}::date`,
    );
    // two days of history hold yesterday whole, and the day before in part: in its last minutes
    // (history from 48 h ago starting just before its midnight) that part may have no energy yet
    expect(days.length).toBeGreaterThanOrEqual(1);
    expect(days.map((day) => day.day)).toContain(yesterday);
    for (const day of days) expect(day.bands, day.day).toBe(3);

    // its inverter runs the system TOU template, applied by the portal (no user)
    await vi.waitFor(
      async () => {
        const tab = await server.call(strategy.device, { equ_sn: garchingInverter.sn }, demoToken);
        const data = tab.body.data as { active: { kind: string; applied_by: string | null } | null };
        expect(data.active).toMatchObject({ kind: 'tou', applied_by: null });
      },
      { timeout: 10_000 },
    );
    await demo.stop();

    // a second start: new secrets, history only for the gap, counters and the batteries' charge carry on
    const again = await start();
    await again.ready;
    // the strategy is not sent again, and the restarted plant runs it from the start
    const [sent] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from device_commands c join devices d using (device_id)
          where d.sn = ${garchingInverter.sn} and c.name = 'strategy'`,
    );
    expect(sent!.n).toBe(1);
    const garchingRun = again.stations.find((run) => run.key === `demo:${garching.name}`)!;
    expect(garchingRun.config.battery?.strategy?.mode).toBe('time_of_use');
    const after = await queryRows<{ sn: string; total_kwh: number | null }>(
      server.database.db,
      sql`select d.sn, l.total_kwh from device_latest l join devices d using (device_id)`,
    );
    for (const row of before) {
      const now = after.find((other) => other.sn === row.sn);
      if (row.total_kwh !== null) expect(now?.total_kwh ?? 0, row.sn).toBeGreaterThanOrEqual(row.total_kwh);
    }
    const [repeated] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from (select device_id, ts from readings group by 1, 2 having count(*) > 1) x`,
    );
    expect(repeated!.n).toBe(0);
    for (const battery of charge) {
      const [next] = await queryRows<{ soc: number }>(
        server.database.db,
        sql`select (values->>'soc_pct')::float8 as soc from readings
            where device_id = ${battery.device_id} and ts > to_timestamp(${Number(battery.ms) / 1000})
            order by ts limit 1`,
      );
      if (next) expect(Math.abs(next.soc - battery.soc), `battery ${battery.device_id}`).toBeLessThan(5);
    }
    await again.stop();
  });
});
