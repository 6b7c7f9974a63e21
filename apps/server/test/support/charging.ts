import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bandAtInstant,
  type ChargingPlanView,
  charging,
  localClock,
  localDate,
  RoleId,
  StationType,
  startOfLocalDay,
  tariff as tariffCalls,
  tariffShape,
} from '@helio/contracts';
import { commandTopic } from '@helio/contracts/device-link';
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { type Account, createAccount, registerAccount } from './accounts.ts';
import { connectDevice, localBrokerUrl, type TestDevice } from './devices.ts';
import { addStation, registerDevice } from './fleet.ts';
import { startTestServer, type TestServer } from './server.ts';

/** The zone of the charging tests' stations. */
export const ZONE = 'Europe/Warsaw';

/** A tariff of the whole year: valley 22:00–06:00 every day (or `periods`), peak 17:00–21:00. */
export function tariffWithValley(
  periods = [
    { start: '00:00', end: '06:00' },
    { start: '22:00', end: '24:00' },
  ],
) {
  const every = [1, 2, 3, 4, 5, 6, 7];
  return {
    seasons: [
      {
        name: 'Year',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        periods: [
          ...periods.map((period) => ({ band: 'valley', days: every, ...period })),
          { band: 'peak', days: every, start: '17:00', end: '21:00' },
        ],
      },
    ],
    prices: { peak: 1.2, shoulder: 0.8, valley: 0.4 },
    feed_in_price: 0.1,
  };
}

/** Every quarter hour of each window lies in the tariff's valley. */
export function expectInValley(windows: { start: number; end: number }[], tariff = tariffWithValley()) {
  const parsed = tariffShape.parse(tariff);
  expect(windows.length).toBeGreaterThan(0);
  for (const window of windows)
    for (let at = window.start; at < window.end; at += 15 * 60_000)
      expect(bandAtInstant(parsed, at, ZONE)).toBe('valley');
}

/**
 * Stations with a wallbox of `installer` (with `endUser` as their end user), their tariffs, and a
 * charger's plan read and saved.
 */
export function chargingFixture(server: TestServer, installer: Account, endUser: Account) {
  let latitudeCounter = 0;
  return {
    /** A station of `owner` (its end user `endUser` when it is the installer's) and its wallbox. */
    async chargerStation(owner = installer) {
      latitudeCounter += 1;
      const station = await addStation(server, owner.token, {
        station_type: StationType.residentialEssWallbox,
        timezone: ZONE,
        latitude: 50 + latitudeCounter / 1000,
        longitude: 20,
        installer_id: owner.userId,
        ...(owner === installer ? { end_user_id: endUser.userId } : {}),
      });
      const wallbox = await registerDevice(server, owner.token, station.station_id, {
        device_type: 4,
        rated_power_w: 22_000,
      });
      return { stationId: station.station_id, wallbox, sn: wallbox.sn };
    },

    async setTariff(stationId: number, tariff = tariffWithValley()) {
      const answer = await server.call(
        tariffCalls.updateEmbps,
        { station_id: stationId, tariff },
        installer.token,
      );
      expect(answer.body.code).toBe(1);
    },

    async view(sn: string, token = endUser.token): Promise<ChargingPlanView> {
      const answer = await server.call(charging.plan, { equ_sn: sn }, token);
      expect(answer.body.code).toBe(1);
      return charging.plan.data.parse(answer.body.data);
    },

    save(sn: string, plan: unknown, token = endUser.token, key: string = crypto.randomUUID()) {
      return server.call(charging.savePlan, { equ_sn: sn, plan, key }, token);
    },
  };
}

/**
 * A local HTTP server playing the Open-Meteo provider's hourly irradiance for the charging plans'
 * PV forecast: a station's latitude decides whether it answers (`answering`) or fails (500). The
 * irradiance of an hour is its local hour of the day × 40 W/m² (so each hour can be told apart);
 * each value is stamped with the end of its hour, as Open-Meteo does.
 */
export async function startIrradianceProvider() {
  const requests: URL[] = [];
  const answering = new Set<number>();
  const provider: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    requests.push(url);
    const latitude = Number(url.searchParams.get('latitude'));
    if (url.pathname !== '/v1/forecast' || !answering.has(latitude)) {
      res.statusCode = 500;
      res.end('{"error":true}');
      return;
    }
    const zone = url.searchParams.get('timezone') ?? 'GMT';
    const days = Number(url.searchParams.get('forecast_days') ?? '1');
    const firstMs = startOfLocalDay(localDate(Date.now(), zone), zone);
    const time: number[] = [];
    const radiation: number[] = [];
    for (let hour = 0; hour < days * 24; hour += 1) {
      const startMs = firstMs + hour * 3_600_000;
      time.push((startMs + 3_600_000) / 1000);
      radiation.push(irradianceAt(startMs, zone));
    }
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        hourly_units: { shortwave_radiation: 'W/m²' },
        hourly: { time, shortwave_radiation: radiation },
      }),
    );
  });
  const port = await new Promise<number>((resolve) =>
    provider.listen(0, '127.0.0.1', () => resolve((provider.address() as AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answering,
    /** Requests for one latitude. */
    requestsAt: (latitude: number) =>
      requests.filter((request) => Number(request.searchParams.get('latitude')) === latitude),
    close: () => new Promise<void>((resolve) => provider.close(() => resolve())),
  };
}

/** The fake provider's irradiance of the hour starting at `startMs`, W/m². */
export function irradianceAt(startMs: number, zone: string): number {
  return Number(localClock(startMs, zone).slice(0, 2)) * 40;
}

/** A wallbox connected to the test server's broker that keeps every command it is sent. */
export async function onlineWallbox(
  server: TestServer,
  item: { sn: string; credentials: { password: string } },
): Promise<{
  device: TestDevice;
  received: { id: string; name: string; params: Record<string, unknown> }[];
}> {
  const device = await connectDevice(
    localBrokerUrl(server.deviceLink.embeddedPort!),
    item.sn,
    item.credentials.password,
  );
  const received: { id: string; name: string; params: Record<string, unknown> }[] = [];
  device.client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
  await device.client.subscribeAsync(commandTopic(item.sn), { qos: 1 });
  // an hour between readings: moving the clock by minutes leaves it online
  await device.publish('status', { state: 'online', interval_s: 3600 });
  await vi.waitFor(async () => {
    const { rows } = (await server.database.db.execute(
      sql`select status from devices where sn = ${item.sn}`,
    )) as unknown as { rows: { status: string }[] };
    if (rows[0]?.status !== 'online') throw new Error('not online yet');
  });
  return { device, received };
}

/** The charging_plan commands stored for a device, oldest first. */
export async function planCommands(server: TestServer, sn: string) {
  const { rows } = (await server.database.db.execute(
    sql`select c.command_id, c.params, c.created_by, c.state from device_commands c
        join devices d on d.device_id = c.device_id
        where d.sn = ${sn} and c.name = 'charging_plan' order by c.created_at`,
  )) as unknown as {
    rows: { command_id: string; params: Record<string, unknown>; created_by: number | null; state: string }[];
  };
  return rows;
}

export type ChargingFixture = ReturnType<typeof chargingFixture>;

/**
 * A test server without a weather provider, an installer and their end user (accounts named after
 * `prefix`), the fixture on them, and the test devices to close at the end.
 */
export async function startChargingServer(prefix: string) {
  const server = await startTestServer({ env: { WEATHER_URL: 'off' } });
  const installer = await registerAccount(server, RoleId.installer, prefix);
  const endUser = await createAccount(server, installer, RoleId.endUser, undefined, `${prefix}user`);
  const closing: TestDevice[] = [];
  return {
    server,
    installer,
    endUser,
    plans: chargingFixture(server, installer, endUser),
    closing,
    async close() {
      for (const device of closing) await device.close();
      await server.close();
    },
  };
}
