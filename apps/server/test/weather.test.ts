import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { weather } from '@helio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { getTimes } from 'suncalc';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { HOURLY_FORECAST_DAYS, weatherProvider } from '../src/domains/weather/provider.ts';
import { sunTimes } from '../src/domains/weather/service.ts';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addStation } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * api/station/weather against a local HTTP server playing the Open-Meteo provider: its answer
 * mapped onto w1–w21, the cache, the fallback when it fails (computed sun times, w21) and the
 * sun times in the station's own zone.
 */

type Handler = (url: URL, res: ServerResponse) => void;

/** The provider: counts requests per station latitude and answers as the current handler says. */
let provider: Server;
let providerUrl: string;
let handler: Handler;
const requests: URL[] = [];
let server: TestServer;
let offline: TestServer;
let installer: Account;
let endUser: Account;
let other: Account;

function listen(s: Server): Promise<number> {
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
}

/** The calendar date of now in a zone, as the provider computes it. */
function today(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .slice(0, 10);
}

function forecast(code: number | null, min: number | null, max: number | null): Handler {
  return (url, res) => {
    const timezone = url.searchParams.get('timezone') ?? 'GMT';
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        latitude: Number(url.searchParams.get('latitude')),
        longitude: Number(url.searchParams.get('longitude')),
        timezone,
        daily_units: {
          time: 'iso8601',
          weather_code: 'wmo code',
          temperature_2m_max: '°C',
          temperature_2m_min: '°C',
        },
        daily: {
          time: [today(timezone)],
          weather_code: [code],
          temperature_2m_max: [max],
          temperature_2m_min: [min],
        },
      }),
    );
  };
}

/** Requests the provider got for one latitude (each test uses its own station). */
const requestsAt = (latitude: number) =>
  requests.filter((u) => Number(u.searchParams.get('latitude')) === latitude);

let latitudeCounter = 0;
/** A station in Warsaw's zone at a latitude no other test uses. */
async function warsawStation(bound: Record<string, unknown> = {}) {
  latitudeCounter += 1;
  const latitude = 52.2 + latitudeCounter / 1000;
  const item = await addStation(server, installer.token, {
    latitude,
    longitude: 21.0122,
    installer_id: installer.userId,
    ...bound,
  });
  return { stationId: item.station_id, latitude };
}

async function weatherOf(s: TestServer, token: string, stationId: number | string) {
  const answer = await s.call(weather.stationWeather, { station_id: stationId }, token);
  return answer.body;
}

/** Sunrise and sunset as suncalc gives them for today's local date, and as local HH:mm. */
function expectedSun(latitude: number, longitude: number, timezone: string) {
  const [y, m, d] = today(timezone).split('-').map(Number) as [number, number, number];
  const times = getTimes(new Date(Date.UTC(y, m - 1, d, 12)), latitude, longitude);
  const hhmm = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  if (!times.sunrise || !times.sunset) throw new Error('no sunrise at this place');
  return {
    sun_rise: hhmm(times.sunrise),
    sun_down: hhmm(times.sunset),
    sun_rise_at: times.sunrise.toISOString(),
    sun_down_at: times.sunset.toISOString(),
  };
}

beforeAll(async () => {
  provider = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    requests.push(url);
    if (url.pathname !== '/v1/forecast') {
      res.statusCode = 404;
      res.end();
      return;
    }
    handler(url, res);
  });
  const port = await listen(provider);
  providerUrl = `http://127.0.0.1:${port}`;
  // a port nothing listens on: take one, then free it
  const closed = createServer();
  const closedPort = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  server = await startTestServer({ env: { WEATHER_URL: `http://127.0.0.1:${port}` } });
  offline = await startTestServer({
    env: { WEATHER_URL: `http://127.0.0.1:${closedPort}` },
    database: server.database,
  });
  installer = await registerAccount(server, 1, 'wx');
  endUser = await createAccount(server, installer, 2, undefined, 'wxuser');
  other = await registerAccount(server, 1, 'wxother');
});
afterAll(async () => {
  await offline?.close();
  await server?.close();
  await new Promise<void>((resolve) => provider?.close(() => resolve()));
});

describe('api/station/weather with the provider answering', () => {
  it('maps the WMO code onto its label and answers the temperature range', async () => {
    handler = forecast(63, 4.2, 11.8);
    const { stationId, latitude } = await warsawStation();
    const body = await weatherOf(server, installer.token, stationId);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({
      date: today('Europe/Warsaw'),
      timezone: 'Europe/Warsaw',
      condition: 'w9',
      weather_id_day: 63,
      temp_low: 4.2,
      temp_high: 11.8,
      source: 'provider',
      ...expectedSun(latitude, 21.0122, 'Europe/Warsaw'),
    });
    const [request] = requestsAt(latitude);
    expect(request?.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      latitude: String(latitude),
      longitude: '21.0122',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      timezone: 'Europe/Warsaw',
      forecast_days: '1',
    });
  });

  it.each([
    [0, 'w1'],
    [45, 'w5'],
    [75, 'w14'],
    [95, 'w19'],
    [99, 'w20'],
  ])('code %d reads %s', async (code, label) => {
    handler = forecast(code, -3, 2);
    const { stationId } = await warsawStation();
    const body = await weatherOf(server, installer.token, stationId);
    expect(body.data).toMatchObject({ condition: label, weather_id_day: code, source: 'provider' });
  });

  it('answers a day without a code as w21 with the temperatures it has', async () => {
    handler = forecast(null, 1.5, null);
    const { stationId } = await warsawStation();
    const body = await weatherOf(server, installer.token, stationId);
    expect(body.data).toMatchObject({
      condition: 'w21',
      weather_id_day: null,
      temp_low: 1.5,
      temp_high: null,
      source: 'provider',
    });
  });

  it('caches the answer per station and date: the provider is asked once', async () => {
    handler = forecast(2, 10, 20);
    const { stationId, latitude } = await warsawStation();
    const first = await weatherOf(server, installer.token, stationId);
    handler = forecast(65, 0, 1);
    const answers = await Promise.all([1, 2, 3].map(() => weatherOf(server, installer.token, stationId)));
    expect(requestsAt(latitude)).toHaveLength(1);
    for (const answer of answers) expect(answer.data).toEqual(first.data);
    expect(first.data).toMatchObject({ condition: 'w3', temp_high: 20 });
  });
});

describe('api/station/weather when the provider fails', () => {
  const computed = {
    condition: 'w21',
    weather_id_day: null,
    temp_low: null,
    temp_high: null,
    source: 'computed',
  };

  it('answers computed sun times and w21 when the provider is unreachable', async () => {
    const { stationId, latitude } = await warsawStation();
    const body = await weatherOf(offline, installer.token, stationId);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ ...computed, ...expectedSun(latitude, 21.0122, 'Europe/Warsaw') });
  });

  it.each([
    [
      'answers 500',
      (_url: URL, res: ServerResponse) => {
        res.statusCode = 500;
        res.end('{"error":true,"reason":"boom"}');
      },
    ],
    [
      'answers garbage',
      (_url: URL, res: ServerResponse) => {
        res.setHeader('content-type', 'application/json');
        res.end('<html>not json');
      },
    ],
    [
      'answers JSON of another shape',
      (_url: URL, res: ServerResponse) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"daily":{"time":"today","weather_code":"sunny"}}');
      },
    ],
    [
      'answers another date',
      (_url: URL, res: ServerResponse) => {
        res.setHeader('content-type', 'application/json');
        res.end(
          '{"daily":{"time":["1999-01-01"],"weather_code":[0],"temperature_2m_max":[1],"temperature_2m_min":[0]}}',
        );
      },
    ],
  ] as const)('answers computed sun times and w21 when the provider %s', async (_label, failing) => {
    handler = failing;
    const { stationId, latitude } = await warsawStation();
    const body = await weatherOf(server, installer.token, stationId);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ ...computed, ...expectedSun(latitude, 21.0122, 'Europe/Warsaw') });
    // the failure is kept a while: the provider is not asked again at once
    handler = forecast(0, 1, 2);
    const again = await weatherOf(server, installer.token, stationId);
    expect(again.data).toMatchObject(computed);
    expect(requestsAt(latitude)).toHaveLength(1);
  });

  it('logs the failure at warn without the station’s coordinates', () => {
    const lines = [...server.logs, ...offline.logs].filter((line) =>
      line.includes('weather provider failed'),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(JSON.parse(line).level).toBe(40);
      expect(line).not.toContain('52.2');
      expect(line).not.toContain('21.0122');
    }
  });
});

describe('sun times in the station’s local time', () => {
  it.each([
    [
      'Warsaw',
      {
        country_code: 'PL',
        province_code: 'PL-14',
        city: 'Warszawa',
        latitude: 52.2297,
        longitude: 21.0122,
        currency: 'PLN',
      },
      'Europe/Warsaw',
    ],
    [
      'São Paulo',
      {
        country_code: 'BR',
        province_code: 'BR-SP',
        city: 'São Paulo',
        address: 'Av. Paulista 1000',
        latitude: -23.5505,
        longitude: -46.6333,
        currency: 'BRL',
      },
      'America/Sao_Paulo',
    ],
  ] as const)('%s', async (_city, place, timezone) => {
    const item = await addStation(offline, installer.token, { ...place, installer_id: installer.userId });
    const body = await weatherOf(offline, installer.token, item.station_id);
    const expected = expectedSun(place.latitude, place.longitude, timezone);
    expect(body.data).toMatchObject({ date: today(timezone), timezone, ...expected, source: 'computed' });
    // plausible local clock times, not UTC ones
    const data = body.data as weather.WeatherData;
    const hour = (hhmm: string | null) => Number(hhmm?.slice(0, 2));
    expect(hour(data.sun_rise)).toBeGreaterThanOrEqual(3);
    expect(hour(data.sun_rise)).toBeLessThanOrEqual(8);
    expect(hour(data.sun_down)).toBeGreaterThanOrEqual(15);
    expect(hour(data.sun_down)).toBeLessThanOrEqual(22);
  });
});

describe('sunTimes', () => {
  it('answers no sunrise or sunset in polar day and polar night', () => {
    expect(sunTimes('2025-06-21', 78.22, 15.65)).toEqual({ sunrise: null, sunset: null });
    expect(sunTimes('2025-12-21', 78.22, 15.65)).toEqual({ sunrise: null, sunset: null });
  });
});

describe('api/station/weather scope and form', () => {
  it('answers the end user of the station', async () => {
    handler = forecast(1, 5, 9);
    const { stationId } = await warsawStation({ end_user_id: endUser.userId });
    const body = await weatherOf(server, endUser.token, stationId);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ condition: 'w2' });
  });

  it('refuses another tenant’s station and one that does not exist with 9001, without asking the provider', async () => {
    const { stationId, latitude } = await warsawStation();
    expect((await weatherOf(server, other.token, stationId)).msg).toBe('9001');
    expect((await weatherOf(server, other.token, 2_000_000_000)).msg).toBe('9001');
    expect(requestsAt(latitude)).toHaveLength(0);
  });

  it('refuses a malformed station id with a catalogue code', async () => {
    for (const stationId of ['abc', -1, 0, 1.5]) {
      const body = await weatherOf(server, installer.token, stationId);
      expect(body.code).not.toBe(1);
      expect(body.msg).toBe('200005');
    }
  });

  it('takes the form encoding', async () => {
    handler = forecast(3, 0, 4);
    const { stationId } = await warsawStation();
    const answer = await server.post(weather.stationWeather.path, undefined, {
      raw: `station_id=${stationId}`,
      contentType: 'application/x-www-form-urlencoded',
      token: installer.token,
    });
    expect(answer.body.data).toMatchObject({ condition: 'w4' });
  });
});

describe('WEATHER_URL', () => {
  it('defaults to Open-Meteo; empty or off disables the provider', () => {
    expect(loadConfig({}).weatherUrl).toBe('https://api.open-meteo.com');
    expect(loadConfig({ WEATHER_URL: '' }).weatherUrl).toBeUndefined();
    expect(loadConfig({ WEATHER_URL: 'off' }).weatherUrl).toBeUndefined();
    expect(() => loadConfig({ WEATHER_URL: 'not a url' })).toThrow(/WEATHER_URL/);
  });
});

describe('the hourly irradiance (the charging plans’ PV forecast)', () => {
  const HOUR = 3_600_000;
  /** Open-Meteo's hourly answer: each value stamped with the end of its hour, in seconds. */
  const hourly =
    (values: (number | null)[], firstEndMs: number): Handler =>
    (_url, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          hourly_units: { time: 'unixtime', shortwave_radiation: 'W/m²' },
          hourly: {
            time: values.map((_, index) => (firstEndMs + index * HOUR) / 1000),
            shortwave_radiation: values,
          },
        }),
      );
    };
  const hourStart = Math.floor(Date.now() / HOUR) * HOUR;
  const warnings = vi.fn();
  const log = { warn: warnings } as unknown as FastifyBaseLogger;
  let stationId = 900_000;
  const query = (at = hourStart) => {
    stationId += 1;
    return {
      stationId,
      hourMs: at,
      latitude: 40 + stationId / 1e6,
      longitude: 3.5,
      timezone: 'Europe/Madrid',
    };
  };

  it('asks for shortwave radiation by the hour and answers each value for the hour before its time', async () => {
    handler = hourly([0, 120.5, null, -3, 640], hourStart + HOUR);
    const provider = weatherProvider({ baseUrl: providerUrl, log });
    const asked = query();
    expect(await provider.hours(asked)).toEqual([
      { startMs: hourStart, irradianceWm2: 0 },
      { startMs: hourStart + HOUR, irradianceWm2: 120.5 },
      // an hour without a value is left out; a value below zero is no sun
      { startMs: hourStart + 3 * HOUR, irradianceWm2: 0 },
      { startMs: hourStart + 4 * HOUR, irradianceWm2: 640 },
    ]);
    const [request] = requestsAt(asked.latitude);
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      latitude: String(asked.latitude),
      longitude: '3.5',
      hourly: 'shortwave_radiation',
      timezone: 'Europe/Madrid',
      timeformat: 'unixtime',
      forecast_days: String(HOURLY_FORECAST_DAYS),
    });
  });

  it('asks once per station and hour', async () => {
    handler = hourly([100, 200], hourStart + HOUR);
    const provider = weatherProvider({ baseUrl: providerUrl, log });
    const asked = query();
    const answers = await Promise.all([1, 2, 3].map(() => provider.hours(asked)));
    expect(requestsAt(asked.latitude)).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await provider.hours({ ...asked, hourMs: hourStart + HOUR });
    expect(requestsAt(asked.latitude)).toHaveLength(2);
  });

  it.each([
    [
      'answers 500',
      (_url: URL, res: ServerResponse) => {
        res.statusCode = 500;
        res.end();
      },
    ],
    ['answers another shape', hourly([], hourStart)],
    [
      'answers hours without a value',
      (_url: URL, res: ServerResponse) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ hourly: { time: [hourStart / 1000], shortwave_radiation: [null] } }));
      },
    ],
    [
      'answers garbage',
      (_url: URL, res: ServerResponse) => {
        res.end('{"hourly": "sunny"');
      },
    ],
  ] as const)('answers nothing when the provider %s, and says so at warn', async (_label, failing) => {
    handler = failing;
    warnings.mockClear();
    const provider = weatherProvider({ baseUrl: providerUrl, log });
    expect(await provider.hours(query())).toBeUndefined();
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ reason: expect.any(String) }),
      'weather provider failed; charging plans use the station’s own history',
    );
  });

  it('answers nothing without a provider, asking no one', async () => {
    const before = requests.length;
    expect(await weatherProvider({ baseUrl: undefined, log }).hours(query())).toBeUndefined();
    expect(requests).toHaveLength(before);
  });
});
