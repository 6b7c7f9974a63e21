import { getPosition } from 'suncalc';
import { dayOfYear, winterness } from './season.ts';

/**
 * The sun and the clear sky over a site, on its panel plane.
 *
 * The sun's position comes from suncalc (apparent altitude, azimuth clockwise from north) at knots
 * five minutes apart; the clear-sky components are computed at each knot and interpolated linearly
 * in between, which is within a fraction of a percent of computing them every step and keeps a
 * day of 60 s steps down to 288 suncalc calls.
 *
 * Clear sky: Ineichen–Perez (2002) as in pvlib `clearsky.ineichen` (site at sea level, no Perez
 * enhancement) with Kasten–Young (1989) air mass and a seasonal Linke turbidity. Incidence on the
 * panel from the sun and panel unit vectors; beam reflection losses by the ASHRAE incidence-angle
 * modifier (b0 = 0.05). The cloudy-sky split and the sky-diffuse transposition are in irradiance.ts.
 */

const knotMs = 300_000;
const degree = Math.PI / 180;
const solarConstantWm2 = 1361;
const ashraeB0 = 0.05;
/** pvlib's Hay–Davies floor for cos(zenith) in the beam ratio Rb, cos(89°), so Rb stays finite at dawn. */
const minimumCosZenithForRatio = 0.01745;

/** Clear-sky irradiance at one instant; all W/m². */
export interface ClearSky {
  /** Cosine of the solar zenith (sine of the apparent altitude); ≤ 0 below the horizon. */
  cosZenith: number;
  /** Extraterrestrial normal irradiance (solar constant corrected for the sun–earth distance). */
  extraterrestrialWm2: number;
  globalHorizontalWm2: number;
  diffuseHorizontalWm2: number;
  directNormalWm2: number;
  /** Direct beam on the panel plane after the incidence-angle modifier. */
  beamOnPlaneWm2: number;
  /** Rb = cos(incidence) / cos(zenith), the beam's geometric gain on the plane (Hay–Davies). */
  beamRatio: number;
}

function emptyClearSky(): ClearSky {
  return {
    cosZenith: 0,
    extraterrestrialWm2: 0,
    globalHorizontalWm2: 0,
    diffuseHorizontalWm2: 0,
    directNormalWm2: 0,
    beamOnPlaneWm2: 0,
    beamRatio: 0,
  };
}

/** Linke turbidity (air mass 2): clearer air in winter (2.7) than in summer (3.5), as in Remund et al. 2003 for mid-latitudes. */
export function linkeTurbidity(ms: number, latitude: number): number {
  return 3.1 - 0.4 * winterness(ms, latitude);
}

/** Kasten–Young (1989) relative air mass from the cosine of the zenith. */
function airMass(cosZenith: number): number {
  const zenithDeg = Math.acos(cosZenith) / degree;
  return 1 / (cosZenith + 0.50572 * (96.07995 - zenithDeg) ** -1.6364);
}

export class SunOverPlane {
  private readonly normalEast: number;
  private readonly normalNorth: number;
  private readonly normalUp: number;
  private readonly date = new Date(0);
  private previousKnot = Number.NaN;
  private readonly before = emptyClearSky();
  private readonly after = emptyClearSky();

  constructor(
    private readonly latitude: number,
    private readonly longitude: number,
    tiltDeg: number,
    azimuthDeg: number,
  ) {
    this.normalEast = Math.sin(tiltDeg * degree) * Math.sin(azimuthDeg * degree);
    this.normalNorth = Math.sin(tiltDeg * degree) * Math.cos(azimuthDeg * degree);
    this.normalUp = Math.cos(tiltDeg * degree);
  }

  /** The clear sky at `ms`, written into `into`. */
  at(ms: number, into: ClearSky): ClearSky {
    const knot = Math.floor(ms / knotMs);
    if (knot !== this.previousKnot) {
      if (knot === this.previousKnot + 1) {
        Object.assign(this.before, this.after);
      } else {
        this.knotAt(knot * knotMs, this.before);
      }
      this.knotAt((knot + 1) * knotMs, this.after);
      this.previousKnot = knot;
    }
    const fraction = (ms - knot * knotMs) / knotMs;
    const before = this.before;
    const after = this.after;
    into.cosZenith = before.cosZenith + (after.cosZenith - before.cosZenith) * fraction;
    into.extraterrestrialWm2 = before.extraterrestrialWm2;
    into.globalHorizontalWm2 =
      before.globalHorizontalWm2 + (after.globalHorizontalWm2 - before.globalHorizontalWm2) * fraction;
    into.diffuseHorizontalWm2 =
      before.diffuseHorizontalWm2 + (after.diffuseHorizontalWm2 - before.diffuseHorizontalWm2) * fraction;
    into.directNormalWm2 =
      before.directNormalWm2 + (after.directNormalWm2 - before.directNormalWm2) * fraction;
    into.beamOnPlaneWm2 = before.beamOnPlaneWm2 + (after.beamOnPlaneWm2 - before.beamOnPlaneWm2) * fraction;
    into.beamRatio = before.beamRatio + (after.beamRatio - before.beamRatio) * fraction;
    if (into.cosZenith <= 0) {
      // Between a knot above the horizon and one below: no light once the sun has set.
      into.globalHorizontalWm2 = 0;
      into.diffuseHorizontalWm2 = 0;
      into.directNormalWm2 = 0;
      into.beamOnPlaneWm2 = 0;
    }
    return into;
  }

  private knotAt(ms: number, into: ClearSky): void {
    this.date.setTime(ms);
    const position = getPosition(this.date, this.latitude, this.longitude);
    const altitude = position.altitude * degree;
    const azimuth = position.azimuth * degree;
    const cosZenith = Math.sin(altitude);
    into.cosZenith = cosZenith;
    into.extraterrestrialWm2 =
      solarConstantWm2 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear(ms)) / 365.2422));
    if (cosZenith <= 0) {
      into.globalHorizontalWm2 = 0;
      into.diffuseHorizontalWm2 = 0;
      into.directNormalWm2 = 0;
      into.beamOnPlaneWm2 = 0;
      into.beamRatio = 0;
      return;
    }
    const turbidity = linkeTurbidity(ms, this.latitude);
    const mass = airMass(cosZenith);
    const extraterrestrial = into.extraterrestrialWm2;
    // Ineichen–Perez at sea level: cg1 = 0.868, cg2 = 0.0387, fh1 = fh2 = 1, b = 0.664 + 0.163.
    const global = 0.868 * extraterrestrial * cosZenith * Math.exp(-0.0387 * mass * turbidity);
    const beamByTurbidity = 0.827 * extraterrestrial * Math.exp(-0.09 * mass * (turbidity - 1));
    const beamByGlobal = (global * (1 - (0.1 - 0.2 * Math.exp(-turbidity)) / (0.1 + 0.882))) / cosZenith;
    const directNormal = Math.min(beamByTurbidity, beamByGlobal);
    const cosAltitude = Math.cos(altitude);
    const cosIncidence =
      cosAltitude * Math.sin(azimuth) * this.normalEast +
      cosAltitude * Math.cos(azimuth) * this.normalNorth +
      cosZenith * this.normalUp;
    const incidenceModifier = cosIncidence > 0 ? Math.max(0, 1 - ashraeB0 * (1 / cosIncidence - 1)) : 0;
    into.globalHorizontalWm2 = global;
    into.directNormalWm2 = directNormal;
    into.diffuseHorizontalWm2 = Math.max(0, global - directNormal * cosZenith);
    into.beamOnPlaneWm2 = directNormal * Math.max(0, cosIncidence) * incidenceModifier;
    into.beamRatio = Math.max(0, cosIncidence) / Math.max(cosZenith, minimumCosZenithForRatio);
  }
}
