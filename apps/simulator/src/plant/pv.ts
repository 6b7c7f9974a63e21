/**
 * From irradiance on the plane to AC power out of the inverter.
 *
 * - Cell temperature by the NOCT model: T_cell = T_air + (NOCT − 20 °C) · G_poa / 800 W/m², NOCT 45 °C.
 * - DC power: P_dc = P_stc · G_poa / 1000 · (1 + γ (T_cell − 25 °C)) · (1 − L), γ = −0.35 %/K
 *   (crystalline silicon), L = 14 % DC system losses (PVWatts v5 default budget: soiling 2, shading 3,
 *   mismatch 2, wiring 2, connections 0.5, light-induced degradation 1.5, nameplate 1, availability 3).
 * - Inverter: PVWatts v5 part-load curve (Dobos 2014), η = η_nom/η_ref · (−0.0162 ζ − 0.0059/ζ + 0.9858),
 *   ζ = P_dc / P_dc0, η_nom 0.96, η_ref 0.9637, P_dc0 = P_ac,rated / η_nom; output clipped at the
 *   rated AC power. The curve goes negative below ζ ≈ 0.6 %, which is the inverter's start threshold.
 */

const noctC = 45;
const temperatureCoefficientPerK = -0.0035;
const dcSystemLoss = 0.14;
const nominalInverterEfficiency = 0.96;
const referenceInverterEfficiency = 0.9637;

/** Cell temperature, °C, for air temperature `ambientC` and plane-of-array irradiance `poaWm2`. */
export function cellTemperatureC(ambientC: number, poaWm2: number): number {
  return ambientC + ((noctC - 20) * poaWm2) / 800;
}

/** DC power of the array, W, before the inverter. */
export function arrayDcPowerW(capacityKwp: number, poaWm2: number, cellC: number): number {
  if (poaWm2 <= 0) return 0;
  const temperatureFactor = 1 + temperatureCoefficientPerK * (cellC - 25);
  return capacityKwp * poaWm2 * temperatureFactor * (1 - dcSystemLoss);
}

/** AC power out of an inverter rated `ratedW`, W, for `dcW` in; 0 below its start threshold. */
export function inverterAcPowerW(dcW: number, ratedW: number): number {
  if (dcW <= 0 || ratedW <= 0) return 0;
  const nominalDcW = ratedW / nominalInverterEfficiency;
  const loadRatio = dcW / nominalDcW;
  const efficiency =
    (nominalInverterEfficiency / referenceInverterEfficiency) *
    (-0.0162 * loadRatio - 0.0059 / loadRatio + 0.9858);
  if (efficiency <= 0) return 0;
  return Math.min(ratedW, dcW * efficiency);
}
