import { type DeviceType, type ForecastHour, localClock, utcOffsetMs } from '@helio/contracts';
import { FIVE_MINUTES_MS, stationPowersBetween } from '../../plant/day-powers.ts';
import type { PlantRepository } from '../../plant/repository.ts';
import type { WeatherProvider } from '../../weather/provider.ts';

/**
 * The PV forecast a charging plan is made with (contracts charging/planner.ts `ForecastHour`): for
 * each station-local hour from the current one to the plan's end, the PV power the station expects
 * and the surplus over the household's load, W.
 *
 * PV comes from the weather provider's hourly irradiance when it answers (`provider`), else from
 * the station's own PV over its last 7 days, as the mean by hour of the day (`history`). The load
 * is always the station's own: its mean by hour of the day over the same days, the home's load
 * without the wallbox (`stationPowers` keeps the EV apart); a station that never measured its load
 * counts none, so its surplus is its PV. Neither provider nor PV history: no forecast (null), and
 * the planner plans on the tariff alone and says so (`noForecast`).
 */

export type ForecastSource = 'provider' | 'history';

/** How long a station's history means are kept, and for how many stations at most. */
const HISTORY_TTL_MS = 15 * 60_000;
const HISTORY_CACHE_STATIONS = 10_000;

export interface StationForecast {
  hours: ForecastHour[] | null;
  source: ForecastSource | null;
}

/** What the forecast needs of the station. */
export interface ForecastStation {
  stationId: number;
  timezone: string;
  latitude: number;
  longitude: number;
  capacityKwp: number;
  deviceTypes: readonly DeviceType[];
}

const HOUR_MS = 3_600_000;
/** How far back the station's own powers are averaged. */
export const HISTORY_DAYS = 7;
/** The forecast looks at least a day ahead and at most a week. */
export const FORECAST_MIN_MS = 24 * HOUR_MS;
export const FORECAST_MAX_MS = 7 * 24 * HOUR_MS;
/**
 * The share of the panels' rated power a kW/m² of sun gives at the AC side (IEC 61724 performance
 * ratio): inverter, heat, wiring and soiling losses of a typical residential plant, 0.75–0.85.
 */
export const PERFORMANCE_RATIO = 0.8;

/** The start of the station-local hour holding `ms` (a zone half an hour off UTC has its own hours). */
function localHourStart(ms: number, zone: string): number {
  const local = ms + utcOffsetMs(ms, zone);
  return ms - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

/** Hour of the day, "00"–"23", on the station's wall clock. */
const hourOfDay = (ms: number, zone: string) => localClock(ms, zone).slice(0, 2);

interface Means {
  /** Mean power by hour of the day; absent: never measured in that hour. */
  pv: Map<string, number>;
  load: Map<string, number>;
  /** Mean load over every hour it was measured in, for hours without their own. */
  loadOverall: number;
}

function meansOf(samples: Map<string, { sum: number; count: number }>): Map<string, number> {
  return new Map([...samples].map(([hour, { sum, count }]) => [hour, sum / count]));
}

/** The station's mean PV and load by hour of the day over the `HISTORY_DAYS` before `nowMs`. */
async function historyOf(
  plant: Pick<PlantRepository, 'buckets'>,
  station: ForecastStation,
  nowMs: number,
): Promise<Means> {
  const zone = station.timezone;
  // five-minute buckets on the clock's own five minutes, so each lies within one local hour
  const fromMs = Math.floor((nowMs - HISTORY_DAYS * 24 * HOUR_MS) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const pv = new Map<string, { sum: number; count: number }>();
  const load = new Map<string, { sum: number; count: number }>();
  const add = (into: typeof pv, hour: string, value: number) => {
    const sample = into.get(hour) ?? { sum: 0, count: 0 };
    sample.sum += value;
    sample.count += 1;
    into.set(hour, sample);
  };
  // the station's powers as its day curves combine them (the home's load keeps the wallbox apart)
  const view = { station_id: station.stationId, timezone: zone, device_types: station.deviceTypes };
  const powers = await stationPowersBetween(plant, view, fromMs, nowMs);
  powers.forEach((bucket, index) => {
    if (!bucket) return;
    const hour = hourOfDay(fromMs + index * FIVE_MINUTES_MS, zone);
    if (bucket.pv_w !== null) add(pv, hour, Math.max(0, bucket.pv_w));
    if (bucket.load_w !== null) add(load, hour, Math.max(0, bucket.load_w));
  });
  let loadSum = 0;
  let loadCount = 0;
  for (const sample of load.values()) {
    loadSum += sample.sum;
    loadCount += sample.count;
  }
  return { pv: meansOf(pv), load: meansOf(load), loadOverall: loadCount === 0 ? 0 : loadSum / loadCount };
}

/** The end of the forecast for a plan ending at `planEndMs`: at least a day, at most a week ahead. */
export function forecastEnd(nowMs: number, planEndMs: number): number {
  return Math.min(nowMs + FORECAST_MAX_MS, Math.max(nowMs + FORECAST_MIN_MS, planEndMs));
}

export function stationForecasts(options: {
  provider: Pick<WeatherProvider, 'hours'>;
  plant: Pick<PlantRepository, 'buckets'>;
}) {
  const { provider, plant } = options;
  // A week's means move little within minutes, and the plan view is polled and the preview asked
  // at each edit: each station's history is read once per HISTORY_TTL_MS, not on every call.
  const histories = new Map<number, { atMs: number; means: Promise<Means> }>();
  function historyFor(station: ForecastStation, nowMs: number): Promise<Means> {
    const kept = histories.get(station.stationId);
    if (kept && nowMs >= kept.atMs && nowMs - kept.atMs < HISTORY_TTL_MS) return kept.means;
    const means = historyOf(plant, station, nowMs);
    // a failed read is not kept
    means.catch(() => histories.delete(station.stationId));
    histories.delete(station.stationId);
    if (histories.size >= HISTORY_CACHE_STATIONS) histories.delete(histories.keys().next().value!);
    histories.set(station.stationId, { atMs: nowMs, means });
    return means;
  }
  return {
    /** The station's forecast by local hour from the one holding `nowMs` until `endMs`. */
    async forecast(station: ForecastStation, nowMs: number, endMs: number): Promise<StationForecast> {
      const zone = station.timezone;
      const firstMs = localHourStart(nowMs, zone);
      const [irradiance, history] = await Promise.all([
        provider.hours({
          stationId: station.stationId,
          hourMs: firstMs,
          latitude: station.latitude,
          longitude: station.longitude,
          timezone: zone,
        }),
        historyFor(station, nowMs),
      ]);
      const source: ForecastSource | null = irradiance ? 'provider' : history.pv.size > 0 ? 'history' : null;
      if (!source) return { hours: null, source: null };
      const hours: ForecastHour[] = [];
      let next = 0;
      for (let startMs = firstMs; startMs < endMs; startMs += HOUR_MS) {
        const hour = hourOfDay(startMs, zone);
        let pvW = history.pv.get(hour) ?? 0;
        if (irradiance) {
          // the provider's hour holding the middle of ours (both sorted by time)
          const middle = startMs + HOUR_MS / 2;
          while (next < irradiance.length && irradiance[next]!.startMs + HOUR_MS <= middle) next += 1;
          const given = irradiance[next];
          // W/m² ÷ 1000 W/m² (standard test conditions) × kWp × 1000 W/kW × the performance ratio
          if (given && given.startMs <= middle)
            pvW = given.irradianceWm2 * station.capacityKwp * PERFORMANCE_RATIO;
        }
        const loadW = history.load.get(hour) ?? history.loadOverall;
        hours.push({ startMs, pvW: Math.round(pvW), surplusW: Math.round(pvW - loadW) });
      }
      return { hours, source };
    },
  };
}

export type StationForecasts = ReturnType<typeof stationForecasts>;
