import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** One day of the provider's forecast, as the weather widget needs it. */
export interface ProviderDay {
  /** WMO weather code 0–99; null when the provider gave none (or one outside the table). */
  wmoCode: number | null;
  temperatureMinC: number | null;
  temperatureMaxC: number | null;
}

export interface WeatherQuery {
  /** Key of the cache: one answer per station and station-local date. */
  stationId: number;
  latitude: number;
  longitude: number;
  timezone: string;
  /** Station-local date, YYYY-MM-DD. */
  date: string;
}

/** One hour of the provider's solar forecast at the station's place. */
export interface ProviderHour {
  /** Start of the hour, ms. */
  startMs: number;
  /** Mean global horizontal irradiance over the hour, W/m². */
  irradianceWm2: number;
}

export interface HourlyQuery {
  /** Key of the cache: one answer per station and hour (`hourMs`, the hour the question is asked in). */
  stationId: number;
  hourMs: number;
  latitude: number;
  longitude: number;
  timezone: string;
}

/** Days of hourly forecast asked: today and the week a charging plan looks ahead. */
export const HOURLY_FORECAST_DAYS = 8;

export interface WeatherProviderOptions {
  /** Base URL of an Open-Meteo compatible API; undefined: no provider (every answer is computed). */
  baseUrl: string | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  /** How long an answer is kept. */
  ttlMs?: number;
  /** How long a failure is kept, so an unreachable provider is not asked on every call. */
  failureTtlMs?: number;
  /** Warnings about failures are written at most once per this period (the rest are counted). */
  warnEveryMs?: number;
  now?: () => number;
}

const dailyValues = z.array(z.number().nullable());
/** Open-Meteo's /v1/forecast answer with `daily=weather_code,temperature_2m_max,temperature_2m_min`. */
const forecastAnswer = z.object({
  daily: z.object({
    time: z.array(z.string()),
    weather_code: dailyValues,
    temperature_2m_max: dailyValues,
    temperature_2m_min: dailyValues,
  }),
});

/**
 * Open-Meteo's answer with `hourly=shortwave_radiation&timeformat=unixtime`: each value is the mean
 * over the hour before its time (seconds since the epoch).
 */
const hourlyAnswer = z.object({
  hourly: z.object({
    time: z.array(z.number()),
    shortwave_radiation: z.array(z.number().nullable()),
  }),
});

class ProviderFailure extends Error {}

const MAX_ENTRIES = 10_000;

interface CacheEntry {
  expiresAt: number;
  answer: Promise<unknown>;
}

/** A finite number, else null. */
function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Why a request failed, in words safe for the log: never the URL (it carries the coordinates). */
function reasonOf(error: unknown): string {
  if (error instanceof ProviderFailure) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `unreachable (${cause.code})` : 'unreachable';
}

/**
 * The weather provider (Open-Meteo compatible, README.md `WEATHER_URL`) behind an in-memory cache:
 * the day's weather per station and local date (the weather widget), the hourly solar irradiance per
 * station and hour (the charging plans' PV forecast, charging/plans/forecast.ts). Neither throws: a
 * failure (unreachable, timeout, an error status, an unreadable answer) answers undefined, and is
 * itself cached briefly.
 */
export function weatherProvider(options: WeatherProviderOptions) {
  const {
    baseUrl,
    log,
    timeoutMs = 3_000,
    ttlMs = 30 * 60_000,
    failureTtlMs = 60_000,
    warnEveryMs = 60_000,
    now = Date.now,
  } = options;
  /** Pending or settled answers; a pending one is shared by concurrent calls. */
  const cache = new Map<string, CacheEntry>();
  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let unreported = 0;

  function warn(reason: string, fallback: string): void {
    const at = now();
    if (at - lastWarnAt < warnEveryMs) {
      unreported += 1;
      return;
    }
    log.warn({ reason, failuresNotLogged: unreported }, `weather provider failed; ${fallback}`);
    lastWarnAt = at;
    unreported = 0;
  }

  /** The provider's /v1/forecast answer to `params`, as JSON; throws on any failure. */
  async function ask(base: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL('v1/forecast', base.endsWith('/') ? base : `${base}/`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderFailure(`status ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw error;
      throw new ProviderFailure('unreadable answer');
    }
  }

  async function fetchDay(base: string, query: WeatherQuery): Promise<ProviderDay> {
    const body = await ask(base, {
      latitude: String(query.latitude),
      longitude: String(query.longitude),
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      timezone: query.timezone,
      forecast_days: '1',
    });
    const parsed = forecastAnswer.safeParse(body);
    if (!parsed.success) throw new ProviderFailure('unexpected answer');
    const { daily } = parsed.data;
    // the provider's day must be the station's: near midnight its clock may be on another one
    const index = daily.time.indexOf(query.date);
    if (index < 0) throw new ProviderFailure('answer for another date');
    const code = daily.weather_code[index];
    return {
      wmoCode: typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 99 ? code : null,
      temperatureMinC: finite(daily.temperature_2m_min[index]),
      temperatureMaxC: finite(daily.temperature_2m_max[index]),
    };
  }

  async function fetchHours(base: string, query: HourlyQuery): Promise<ProviderHour[]> {
    const body = await ask(base, {
      latitude: String(query.latitude),
      longitude: String(query.longitude),
      hourly: 'shortwave_radiation',
      timezone: query.timezone,
      timeformat: 'unixtime',
      forecast_days: String(HOURLY_FORECAST_DAYS),
    });
    const parsed = hourlyAnswer.safeParse(body);
    if (!parsed.success) throw new ProviderFailure('unexpected answer');
    const { time, shortwave_radiation: radiation } = parsed.data.hourly;
    const hours: ProviderHour[] = [];
    time.forEach((endS, index) => {
      const value = finite(radiation[index]);
      // each value is the hour before its time; an hour without one is left out
      if (value !== null && Number.isFinite(endS))
        hours.push({ startMs: endS * 1000 - 3_600_000, irradianceWm2: Math.max(0, value) });
    });
    if (hours.length === 0) throw new ProviderFailure('answer without hours');
    return hours.sort((a, b) => a.startMs - b.startMs);
  }

  function prune(at: number): void {
    for (const [key, entry] of cache) if (entry.expiresAt <= at) cache.delete(key);
    // still too many (a flood of distinct stations): drop the oldest, Map keeps insertion order
    for (const key of cache.keys()) {
      if (cache.size < MAX_ENTRIES) break;
      cache.delete(key);
    }
  }

  /**
   * The answer kept under `key`, else `load`'s (shared by concurrent calls, kept `ttlMs`); a
   * failure answers undefined, is kept `failureTtlMs` and is logged saying what answers instead.
   */
  function remembered<T>(key: string, load: () => Promise<T>, fallback: string): Promise<T | undefined> {
    const at = now();
    const cached = cache.get(key);
    if (cached && cached.expiresAt > at) return cached.answer as Promise<T | undefined>;
    if (cache.size >= MAX_ENTRIES) prune(at);
    const entry: CacheEntry = { expiresAt: Number.POSITIVE_INFINITY, answer: Promise.resolve(undefined) };
    const answer = load().then(
      (value) => {
        entry.expiresAt = now() + ttlMs;
        return value;
      },
      (error: unknown) => {
        entry.expiresAt = now() + failureTtlMs;
        warn(reasonOf(error), fallback);
        return undefined;
      },
    );
    entry.answer = answer;
    cache.set(key, entry);
    return answer;
  }

  // the coordinates and zone are part of every key, so an edited station is not answered stale
  const place = (query: { latitude: number; longitude: number; timezone: string }) =>
    `${query.latitude}|${query.longitude}|${query.timezone}`;

  return {
    /** Today's forecast of the station, or undefined without a provider or when it failed. */
    day(query: WeatherQuery): Promise<ProviderDay | undefined> {
      if (!baseUrl) return Promise.resolve(undefined);
      return remembered(
        `day|${query.stationId}|${query.date}|${place(query)}`,
        () => fetchDay(baseUrl, query),
        'answering computed sun times',
      );
    },

    /**
     * The hourly solar irradiance at the station from its current hour over `HOURLY_FORECAST_DAYS`
     * days, oldest first, or undefined without a provider or when it failed. Asked once per station
     * and hour.
     */
    hours(query: HourlyQuery): Promise<ProviderHour[] | undefined> {
      if (!baseUrl) return Promise.resolve(undefined);
      return remembered(
        `hours|${query.stationId}|${query.hourMs}|${place(query)}`,
        () => fetchHours(baseUrl, query),
        'charging plans use the station’s own history',
      );
    },
  };
}

export type WeatherProvider = ReturnType<typeof weatherProvider>;
