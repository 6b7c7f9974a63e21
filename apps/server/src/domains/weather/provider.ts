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

class ProviderFailure extends Error {}

const MAX_ENTRIES = 10_000;

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
 * The weather provider (Open-Meteo compatible, README.md `WEATHER_URL`) behind an in-memory cache
 * per station and local date. `day` never throws: a failure (unreachable, timeout, an error status,
 * an unreadable answer) answers undefined, and is itself cached briefly.
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
  const cache = new Map<string, { expiresAt: number; day: Promise<ProviderDay | undefined> }>();
  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let unreported = 0;

  function warn(reason: string): void {
    const at = now();
    if (at - lastWarnAt < warnEveryMs) {
      unreported += 1;
      return;
    }
    log.warn(
      { reason, failuresNotLogged: unreported },
      'weather provider failed; answering computed sun times',
    );
    lastWarnAt = at;
    unreported = 0;
  }

  async function fetchDay(base: string, query: WeatherQuery): Promise<ProviderDay> {
    const url = new URL('v1/forecast', base.endsWith('/') ? base : `${base}/`);
    url.searchParams.set('latitude', String(query.latitude));
    url.searchParams.set('longitude', String(query.longitude));
    url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min');
    url.searchParams.set('timezone', query.timezone);
    url.searchParams.set('forecast_days', '1');
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderFailure(`status ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw error;
      throw new ProviderFailure('unreadable answer');
    }
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

  function prune(at: number): void {
    for (const [key, entry] of cache) if (entry.expiresAt <= at) cache.delete(key);
    // still too many (a flood of distinct stations): drop the oldest, Map keeps insertion order
    for (const key of cache.keys()) {
      if (cache.size < MAX_ENTRIES) break;
      cache.delete(key);
    }
  }

  return {
    /** Today's forecast of the station, or undefined without a provider or when it failed. */
    day(query: WeatherQuery): Promise<ProviderDay | undefined> {
      if (!baseUrl) return Promise.resolve(undefined);
      // the coordinates and zone are part of the key, so an edited station is not answered stale
      const key = `${query.stationId}|${query.date}|${query.latitude}|${query.longitude}|${query.timezone}`;
      const at = now();
      const cached = cache.get(key);
      if (cached && cached.expiresAt > at) return cached.day;
      if (cache.size >= MAX_ENTRIES) prune(at);
      const entry = {
        expiresAt: Number.POSITIVE_INFINITY,
        day: Promise.resolve<ProviderDay | undefined>(undefined),
      };
      entry.day = fetchDay(baseUrl, query).then(
        (day) => {
          entry.expiresAt = now() + ttlMs;
          return day;
        },
        (error: unknown) => {
          entry.expiresAt = now() + failureTtlMs;
          warn(reasonOf(error));
          return undefined;
        },
      );
      cache.set(key, entry);
      return entry.day;
    },
  };
}

export type WeatherProvider = ReturnType<typeof weatherProvider>;
