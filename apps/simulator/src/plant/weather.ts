import { deriveSeed, normalAt, SmoothNormalProcess } from '../random.ts';
import { winterness } from './season.ts';

/**
 * Cloud cover and air temperature at a site, as functions of time alone (the caches below only save
 * work): the same seed gives the same weather however the plant is stepped.
 *
 * Cloud cover C = Φ(a + σ_s·z_slow + σ_i·z_intra + σ_f·z_flicker), Φ the standard normal CDF and
 * each z a standard normal process: z_slow mixes a weather regime lasting days (knots 3 days apart)
 * with a day-to-day part (one knot per solar noon); z_intra has knots 45 minutes apart and z_flicker
 * 6 minutes apart. Through Φ a clear day stays clear and an overcast day stays overcast while a
 * mixed day swings, and the daily covers come out U-shaped, as observed at mid-latitudes.
 * The offset a = Φ⁻¹(C̄)·√(1 + Σσ²) makes the mean cover exactly the climate's C̄ for the
 * latitude and season (tables below: shaped like total-cloud-cover climatologies, with 37°, 45° and
 * 52° tuned so that yearly PV yields land near typical PVGIS figures; see the README).
 */

const dayMs = 86_400_000;
const intraKnotMs = 45 * 60_000;
const flickerKnotMs = 6 * 60_000;
const regimeKnotDays = 3;
const slowSpread = 1.3;
const intraSpread = 0.5;
const flickerSpread = 0.35;
const totalSpread = Math.sqrt(1 + slowSpread ** 2 + intraSpread ** 2 + flickerSpread ** 2);
/** Spread of what the day's latent leaves out, to read the day's own mean cover. */
const fastSpread = Math.sqrt(1 + intraSpread ** 2 + flickerSpread ** 2);
/** Standard deviation of the multi-day temperature anomaly (warm and cold spells), K. */
const temperatureAnomalyC = 2.5;
/** How much of the day-to-day latent follows the multi-day regime (the rest is that day's own draw). */
const regimeShare = 0.7;

/** Annual mean cloud cover by |latitude|, degrees → fraction: cloudy tropics, dry subtropics, grey mid-latitudes. */
const meanCoverByLatitude: ReadonlyArray<readonly [number, number]> = [
  [0, 0.55],
  [10, 0.5],
  [20, 0.35],
  [28, 0.22],
  [37, 0.25],
  [45, 0.61],
  [52, 0.64],
  [60, 0.7],
  [90, 0.7],
];
/** Half the winter–summer difference of cloud cover by |latitude| (Mediterranean summers are the clearest). */
const seasonalCoverByLatitude: ReadonlyArray<readonly [number, number]> = [
  [0, 0.05],
  [20, 0.1],
  [37, 0.2],
  [45, 0.15],
  [52, 0.1],
  [90, 0.1],
];

function interpolateTable(table: ReadonlyArray<readonly [number, number]>, x: number): number {
  for (let index = 1; index < table.length; index++) {
    const [x1, y1] = table[index]!;
    if (x <= x1) {
      const [x0, y0] = table[index - 1]!;
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return table[table.length - 1]![1];
}

/** Standard normal CDF via erf (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Inverse of `normalCdf` by Newton's method; used once a day, so speed does not matter. */
export function inverseNormalCdf(probability: number): number {
  const p = Math.min(0.995, Math.max(0.005, probability));
  let x = 0;
  for (let iteration = 0; iteration < 30; iteration++) {
    const density = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
    x -= (normalCdf(x) - p) / density;
  }
  return x;
}

/** The climate's mean cloud cover at `latitude` and instant `ms` (cloudier in winter). */
export function climateCloudCover(latitude: number, ms: number): number {
  const absoluteLatitude = Math.abs(latitude);
  const mean = interpolateTable(meanCoverByLatitude, absoluteLatitude);
  const seasonal = interpolateTable(seasonalCoverByLatitude, absoluteLatitude);
  return Math.min(0.95, Math.max(0.05, mean + seasonal * winterness(ms, latitude)));
}

export interface WeatherNow {
  /** Fraction of the sky covered, 0–1. */
  cloudCover: number;
  /** Air temperature, °C. */
  ambientC: number;
}

export class SiteWeather {
  private readonly slow: SmoothNormalProcess;
  private readonly intra: SmoothNormalProcess;
  private readonly flicker: SmoothNormalProcess;
  private readonly temperatureAnomaly: SmoothNormalProcess;
  private readonly meanTemperatureC: number;
  private readonly seasonalTemperatureC: number;
  /** Solar noon is at 12:00 mean solar time; longitude gives the shift from UTC. */
  private readonly solarShiftMs: number;
  /** Climate and season move slowly: they are worked out once per hour, at its start. */
  private hour = Number.NaN;
  private season = 0;
  private coverOffset = 0;

  constructor(
    private readonly latitude: number,
    longitude: number,
    seed: number,
  ) {
    const regimeStream = deriveSeed(seed, 'weather.regime');
    const dayStream = deriveSeed(seed, 'weather.day');
    const intraStream = deriveSeed(seed, 'weather.intra');
    const flickerStream = deriveSeed(seed, 'weather.flicker');
    const temperatureStream = deriveSeed(seed, 'weather.temperature');
    const regime = new SmoothNormalProcess((knot) => normalAt(regimeStream, knot));
    // A day's latent: mostly the multi-day regime, partly the day's own draw (variance 1 either way).
    this.slow = new SmoothNormalProcess(
      (day) =>
        regimeShare * regime.at(day / regimeKnotDays) +
        Math.sqrt(1 - regimeShare ** 2) * normalAt(dayStream, day),
    );
    this.intra = new SmoothNormalProcess((knot) => normalAt(intraStream, knot));
    this.flicker = new SmoothNormalProcess((knot) => normalAt(flickerStream, knot));
    this.temperatureAnomaly = new SmoothNormalProcess((knot) => normalAt(temperatureStream, knot));
    this.solarShiftMs = (longitude / 360) * dayMs;
    // Annual mean and seasonal half-range of air temperature, fitted to Seville (37°: 19 °C, ±8)
    // and Warsaw (52°: 8.5 °C, ±11); capped so the tropics stay near 27 °C with little season.
    this.meanTemperatureC = Math.min(27, 30.5 - 0.0081 * latitude * latitude);
    this.seasonalTemperatureC = Math.min(14, 0.22 * Math.abs(latitude));
  }

  at(ms: number, into: WeatherNow): WeatherNow {
    const solarDays = (ms + this.solarShiftMs) / dayMs;
    const hour = Math.floor(ms / 3_600_000);
    if (hour !== this.hour) {
      // Read at the top of the hour, so the value does not depend on which step came first.
      const hourStartMs = hour * 3_600_000;
      this.hour = hour;
      this.season = winterness(hourStartMs, this.latitude);
      this.coverOffset = inverseNormalCdfCached(climateCloudCover(this.latitude, hourStartMs)) * totalSpread;
    }
    const season = this.season;
    const offset = this.coverOffset;
    // Day knots sit at solar noon, so a day's own draw rules when the sun is highest.
    const slow = this.slow.at(solarDays - 0.5);
    const latent =
      offset +
      slowSpread * slow +
      intraSpread * this.intra.at(ms / intraKnotMs) +
      flickerSpread * this.flicker.at(ms / flickerKnotMs);
    into.cloudCover = normalCdf(latent);

    const solarHour = (solarDays - Math.floor(solarDays)) * 24;
    const summer = (1 - season) / 2;
    // The daily swing shrinks under clouds (less sun by day, less radiative cooling by night).
    const dayCover = normalCdf((offset + slowSpread * slow) / fastSpread);
    const dailySwing = (4.5 + 2 * summer) * (1 - 0.6 * dayCover);
    into.ambientC =
      this.meanTemperatureC -
      this.seasonalTemperatureC * season +
      dailySwing * Math.cos((2 * Math.PI * (solarHour - 15)) / 24) +
      temperatureAnomalyC * this.temperatureAnomaly.at(solarDays / regimeKnotDays);
    return into;
  }
}

/** Φ⁻¹ of the climate cover, which changes slowly: rounded to 1/1000 and remembered. */
const inverseByThousandth = new Map<number, number>();
function inverseNormalCdfCached(probability: number): number {
  const key = Math.round(probability * 1000);
  let value = inverseByThousandth.get(key);
  if (value === undefined) {
    value = inverseNormalCdf(key / 1000);
    inverseByThousandth.set(key, value);
  }
  return value;
}
