import { charging, defaultChargingPlan, localClock, RoleId, StationType } from '@helio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERFORMANCE_RATIO } from '../src/domains/charging/plans/forecast.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import { irradianceAt, startIrradianceProvider } from './support/charging.ts';
import { connectDevice, localBrokerUrl } from './support/devices.ts';
import { addStation, registerDevice } from './support/fleet.ts';
import { historyAdmission, startTestServer, type TestServer } from './support/server.ts';

/**
 * The PV forecast behind a charging plan's preview: the provider's hourly irradiance × the
 * station's capacity × the performance ratio when it answers (asked once per station and hour);
 * else the station's own PV and household load (without the wallbox) by hour of the day over its
 * last week; else none, and the plan rests on the tariff alone (`noForecast`).
 */

const ZONE = 'Europe/Warsaw';
const CAPACITY_KWP = 9.5;
let server: TestServer;
let provider: Awaited<ReturnType<typeof startIrradianceProvider>>;
let installer: Account;

beforeAll(async () => {
  provider = await startIrradianceProvider();
  // readings of yesterday from devices registered today
  server = await startTestServer({ env: { WEATHER_URL: provider.url }, admission: historyAdmission });
  installer = await registerAccount(server, RoleId.installer, 'fcst');
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

let latitudeCounter = 0;
async function station(answering: boolean) {
  latitudeCounter += 1;
  const latitude = 49 + latitudeCounter / 1000;
  if (answering) provider.answering.add(latitude);
  const item = await addStation(server, installer.token, {
    station_type: StationType.residentialEssWallbox,
    timezone: ZONE,
    latitude,
    longitude: 19,
    capacity_kwp: CAPACITY_KWP,
    installer_id: installer.userId,
  });
  const wallbox = await registerDevice(server, installer.token, item.station_id, { device_type: 4 });
  return { stationId: item.station_id, latitude, wallbox };
}

/** The default: PV surplus, 6–16 A, phases switched as needed, no target. */
const pvPlan = defaultChargingPlan;

async function preview(sn: string) {
  const answer = await server.call(charging.preview, { equ_sn: sn, plan: pvPlan }, installer.token);
  expect(answer.body.code).toBe(1);
  return charging.preview.data.parse(answer.body.data);
}

/** The whole hours of a preview (the first starts now, the last ends 24 h on). */
const wholeHours = <H>(hours: H[]) => hours.slice(1, -1);

describe('the PV forecast of a plan', () => {
  it('from the provider: irradiance × capacity × performance ratio by hour, asked once per station and hour', async () => {
    const { latitude, wallbox } = await station(true);
    const forecast = await preview(wallbox.sn);
    expect(forecast.forecast_source).toBe('provider');
    expect(forecast.warnings).not.toContain('noForecast');
    const hours = wholeHours(forecast.hours);
    expect(hours.length).toBeGreaterThanOrEqual(22);
    for (const hour of hours) {
      const pvW = irradianceAt(Date.parse(hour.start), ZONE) * CAPACITY_KWP * PERFORMANCE_RATIO;
      expect(hour.expected_pv_kwh).toBeCloseTo(pvW / 1000, 2);
      // no load measured: the surplus is the PV, and PV surplus charging takes what it can of it
      expect(hour.pv_kwh).toBe(hour.planned_kwh);
      expect(hour.planned_kwh).toBeLessThanOrEqual(hour.expected_pv_kwh! + 1e-9);
      if (pvW >= 4140) expect(hour.planned_kwh).toBeCloseTo(Math.min(pvW, 11_040) / 1000, 2);
    }
    await preview(wallbox.sn);
    const asked = provider.requestsAt(latitude);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      latitude: String(latitude),
      longitude: '19',
      hourly: 'shortwave_radiation',
      timezone: ZONE,
      timeformat: 'unixtime',
      forecast_days: '8',
    });
  });

  it('from the station’s history when the provider fails: PV by hour of the day, the load without the wallbox', async () => {
    const { stationId, wallbox } = await station(false);
    const inverter = await registerDevice(server, installer.token, stationId, { device_type: 1 });
    const meter = await registerDevice(server, installer.token, stationId, { device_type: 6 });
    const broker = localBrokerUrl(server.deviceLink.embeddedPort!);
    // yesterday, an hour later on the clock than now: 4 kW of PV, 1 kW exported, 2 kW into the car
    const at = server.clock.now().getTime() - 23 * 3_600_000;
    const readings: [typeof inverter, Record<string, unknown>][] = [
      [inverter, { pv_power_w: 4000 }],
      [meter, { grid_power_w: -1000 }],
      [wallbox, { pile_state: 'charging', power_w: 2000, session_kwh: 1 }],
    ];
    for (const [item, values] of readings) {
      const device = await connectDevice(broker, item.sn, item.credentials.password);
      await device.telemetry(at, 1, values, 300);
      await device.close();
    }
    const hourOf = (ms: number) => localClock(ms, ZONE).slice(0, 2);
    // stored first: a station's history is read once and kept for a quarter of an hour
    await vi.waitFor(async () => {
      const { rows } = (await server.database.db.execute(
        sql`select count(*)::int as n from readings r join devices d using (device_id) where d.station_id = ${stationId}`,
      )) as unknown as { rows: { n: number }[] };
      if ((rows[0]?.n ?? 0) < readings.length) throw new Error('readings not stored yet');
    });
    const forecast = await preview(wallbox.sn);
    expect(forecast.forecast_source).toBe('history');
    for (const hour of wholeHours(forecast.hours)) {
      if (hourOf(Date.parse(hour.start)) === hourOf(at)) {
        expect(hour.expected_pv_kwh).toBeCloseTo(4, 3);
        // the home took 1 kW (4 of PV − 1 exported − 2 into the car): 3 kW to spare
        expect(hour.planned_kwh).toBeCloseTo(3, 3);
        expect(hour.pv_kwh).toBeCloseTo(3, 3);
      } else {
        expect(hour.expected_pv_kwh).toBe(0);
        expect(hour.planned_kwh).toBe(0);
      }
    }
    expect(forecast.warnings).not.toContain('noForecast');
  });

  it('none without the provider and without PV history: the tariff alone, and it says so', async () => {
    const { wallbox } = await station(false);
    const forecast = await preview(wallbox.sn);
    expect(forecast.forecast_source).toBeNull();
    expect(forecast.warnings).toContain('noForecast');
    for (const hour of forecast.hours) {
      expect(hour.expected_pv_kwh).toBeNull();
      expect(hour.planned_kwh).toBe(0);
    }
  });
});
