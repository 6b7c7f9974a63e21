import type { Plant, PlantConfig, PlantState } from '../src/plant/model.ts';
import type { Place } from '../src/plant/presets.ts';

/** Places that exercise the models: both hemispheres, the tropics, high latitudes, odd zone offsets. */
export const places = {
  warsaw: { latitude: 52.23, longitude: 21.01, timeZone: 'Europe/Warsaw' },
  munich: { latitude: 48.14, longitude: 11.58, timeZone: 'Europe/Berlin' },
  seville: { latitude: 37.39, longitude: -5.98, timeZone: 'Europe/Madrid' },
  oslo: { latitude: 59.91, longitude: 10.75, timeZone: 'Europe/Oslo' },
  denver: { latitude: 39.74, longitude: -104.99, timeZone: 'America/Denver' },
  singapore: { latitude: 1.35, longitude: 103.82, timeZone: 'Asia/Singapore' },
  delhi: { latitude: 28.61, longitude: 77.21, timeZone: 'Asia/Kolkata' },
  sydney: { latitude: -33.87, longitude: 151.21, timeZone: 'Australia/Sydney' },
  lordHowe: { latitude: -31.55, longitude: 159.08, timeZone: 'Australia/Lord_Howe' },
} satisfies Record<string, Place>;

export const minuteMs = 60_000;
export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

/** Supply minus use of one state, W; zero when it balances (sign convention of PlantState). */
export function balanceErrorW(state: PlantState): number {
  const supply = state.pvW + state.generatorW + Math.max(0, state.gridW) + Math.max(0, -state.batteryW);
  const use = state.loadW + state.evW + Math.max(0, state.batteryW) + Math.max(0, -state.gridW);
  return supply - use;
}

/** Tolerance for a balance, W: rounding of sums of powers that reach hundreds of kW. */
export function balanceToleranceW(state: PlantState): number {
  return (
    1e-9 *
    (1 + Math.abs(state.pvW) + state.loadW + state.evW + Math.abs(state.batteryW) + Math.abs(state.gridW))
  );
}

/** Advances `plant` one minute at a time for `minutes`, handing every state to `visit`. */
export function runMinutes(plant: Plant, minutes: number, visit: (state: PlantState) => void): void {
  let ms = plant.current().ms;
  for (let minute = 0; minute < minutes; minute++) {
    ms += minuteMs;
    visit(plant.advance(ms));
  }
}

/** A grid-connected PV plant facing the equator, no battery, DC/AC 1.0. */
export function pvOnlyConfig(place: Place, tiltDeg: number, capacityKwp = 10): PlantConfig {
  return {
    stationType: 1,
    ...place,
    pv: {
      capacityKwp,
      tiltDeg,
      azimuthDeg: place.latitude >= 0 ? 180 : 0,
      inverterRatedW: capacityKwp * 1000,
    },
    load: { profile: 'household', annualKwh: 4000 },
    gridConnected: true,
  };
}

/** A residential ESS in `mode`, 10 kWh, 5 kW both ways, SOC 10–95 %. */
export function essConfig(place: Place, mode: NonNullable<PlantConfig['battery']>['mode']): PlantConfig {
  return {
    ...pvOnlyConfig(place, 35, 6),
    stationType: 4,
    battery: {
      capacityKwh: 10,
      maxChargeW: 5000,
      maxDischargeW: 5000,
      minSocPct: 10,
      maxSocPct: 95,
      roundTripEfficiency: 0.9,
      mode,
      reserveSocPct: 40,
      peakLimitW: 2000,
      cheapHours: { from: 1, to: 5 },
    },
  };
}
