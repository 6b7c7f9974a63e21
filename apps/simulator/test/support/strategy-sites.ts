import { StationType, utcOffsetMs } from '@helio/contracts';
import type { PlantConfig } from '../../src/plant/model.ts';
import { places } from '../plant-support.ts';

/**
 * The sites a battery strategy is judged on, in the simulator's own tests (strategy-physics) and
 * through the portal (the server's strategies-day), with the tolerances of what the devices report.
 */

/** The meter rounds to whole watts: a limit may show up to half a watt above it. */
export const meterRoundingW = 0.5;
/** The battery reports SOC to 0.1 %. */
export const socRoundingPct = 0.05;

/** A grid-connected home (or small business) near Munich with PV, a battery, a meter and a logger. */
export function strategySite(options: {
  load?: PlantConfig['load'];
  capacityKwh?: number;
  batteryW?: number;
  pvKwp?: number;
}): PlantConfig {
  const pvKwp = options.pvKwp ?? 6;
  return {
    stationType: StationType.residentialEss,
    ...places.munich,
    pv: { capacityKwp: pvKwp, tiltDeg: 35, azimuthDeg: 180, inverterRatedW: pvKwp * 1000 },
    battery: {
      capacityKwh: options.capacityKwh ?? 10,
      maxChargeW: options.batteryW ?? 5000,
      maxDischargeW: options.batteryW ?? 5000,
      minSocPct: 5,
      maxSocPct: 100,
      roundTripEfficiency: 0.9,
      mode: 'self_consumption',
      reserveSocPct: 20,
      peakLimitW: 0,
      cheapHours: { from: 0, to: 0 },
    },
    load: options.load ?? { profile: 'household', annualKwh: 4500 },
    gridConnected: true,
  };
}

/**
 * A small business whose working-day load peaks above 6.5 kW (a January Wednesday), with a 40 kWh,
 * 8 kW battery: a 5 kW import limit has real peaks to shave and a battery able to shave them.
 */
export function peakShavingSite(): PlantConfig {
  return strategySite({
    load: { profile: 'commercial', annualKwh: 32_000 },
    capacityKwh: 40,
    batteryW: 8000,
    pvKwp: 8,
  });
}

/** Local midnight of `date` (YYYY-MM-DD) in `timeZone`, ms (the offset of that midnight, DST included). */
export function localMidnightMs(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  // the offset at the local midnight: looked up at the UTC one, then again where that lands
  const guess = utcMidnight - utcOffsetMs(utcMidnight, timeZone);
  return utcMidnight - utcOffsetMs(guess, timeZone);
}
