import type { ClearSky } from './sun.ts';

/**
 * Irradiance on the panel plane under clouds.
 *
 * Global horizontal under cloud cover C (0–1) by Kasten & Czeplak (1980): G = G_clear · (1 − 0.75 C^3.4).
 * The diffuse fraction rises from its clear-sky value to 1 under full overcast as C²
 * (an assumption of this model, close to the Erbs split at the same clearness). Transposition to
 * the plane: beam scaled from the clear-sky beam on the plane, sky diffuse by Hay & Davies (1980),
 * ground-reflected by an isotropic view factor with albedo 0.2.
 */

const albedo = 0.2;

export interface PlaneIrradiance {
  globalHorizontalWm2: number;
  planeOfArrayWm2: number;
}

/**
 * Plane-of-array irradiance for `cloudCover` given the clear sky at the same instant.
 * `cosTilt` is the cosine of the panel tilt.
 */
export function irradianceOnPlane(
  clear: ClearSky,
  cloudCover: number,
  cosTilt: number,
  into: PlaneIrradiance,
): PlaneIrradiance {
  const clearGlobal = clear.globalHorizontalWm2;
  if (clearGlobal <= 0) {
    into.globalHorizontalWm2 = 0;
    into.planeOfArrayWm2 = 0;
    return into;
  }
  const global = clearGlobal * (1 - 0.75 * cloudCover ** 3.4);
  const clearDiffuseFraction = clear.diffuseHorizontalWm2 / clearGlobal;
  const diffuseFraction = clearDiffuseFraction + (1 - clearDiffuseFraction) * cloudCover * cloudCover;
  const diffuse = global * diffuseFraction;
  const clearBeamHorizontal = clearGlobal - clear.diffuseHorizontalWm2;
  // The share of the clear-sky beam that still gets through; the geometry on the plane is unchanged.
  const beamShare = clearBeamHorizontal > 0 ? (global - diffuse) / clearBeamHorizontal : 0;
  const beamOnPlane = clear.beamOnPlaneWm2 * beamShare;
  // Hay–Davies anisotropy index: the circumsolar part of the diffuse follows the beam.
  const anisotropy =
    clear.extraterrestrialWm2 > 0 ? (clear.directNormalWm2 * beamShare) / clear.extraterrestrialWm2 : 0;
  const skyDiffuse = diffuse * (anisotropy * clear.beamRatio + (1 - anisotropy) * ((1 + cosTilt) / 2));
  const groundReflected = global * albedo * ((1 - cosTilt) / 2);
  into.globalHorizontalWm2 = global;
  into.planeOfArrayWm2 = beamOnPlane + skyDiffuse + groundReflected;
  return into;
}
