import { StationType } from '@helio/contracts';
import { deriveSeed, Random } from '../random.ts';
import type { PlantConfig } from './model.ts';

/** Where a station stands: its coordinates and its IANA zone. */
export interface Place {
  latitude: number;
  longitude: number;
  timeZone: string;
}

/** Panels face the equator: south in the northern hemisphere, north in the southern. */
function equatorAzimuthDeg(latitude: number): number {
  return latitude >= 0 ? 180 : 0;
}

/** `value` to the nearest `step`, without binary tails such as 7.300000000000001. */
function round(value: number, step: number): number {
  return Number((Math.round(value / step) * step).toFixed(6));
}

/** A battery of `capacityKwh` with power about half its capacity per hour (0.5 C), as home and C&I units ship. */
function batteryOf(
  random: Random,
  capacityKwh: number,
  minimumPowerW: number,
): NonNullable<PlantConfig['battery']> {
  const powerW = Math.max(minimumPowerW, round(capacityKwh * 1000 * random.uniform(0.4, 0.6), 100));
  return {
    capacityKwh,
    maxChargeW: powerW,
    maxDischargeW: powerW,
    minSocPct: 10,
    maxSocPct: 100,
    roundTripEfficiency: round(random.uniform(0.88, 0.94), 0.01),
    mode: 'self_consumption',
    reserveSocPct: 20,
    peakLimitW: 0,
    cheapHours: { from: 1, to: 5 },
  };
}

/** What a run asks of its presets besides the station's type, place and seed. */
export interface PresetOptions {
  /** Expected grid outages a day of a C&I site (default 0: none). */
  gridOutagesPerDay?: number;
  /** Their mean length, minutes (default `defaultOutageMinutes`). */
  gridOutageMinutes?: number;
}

/** The mean length of a grid outage when a run does not say, minutes. */
export const defaultOutageMinutes = 90;

/**
 * `config` with the run's grid outages when it is a C&I site (its EMS islands it); other sites,
 * and a run that does not say, keep theirs.
 */
export function withGridOutages(config: PlantConfig, options: PresetOptions): PlantConfig {
  if (config.stationType !== StationType.commercialEss || !config.gridConnected) return config;
  if (options.gridOutagesPerDay === undefined && options.gridOutageMinutes === undefined) return config;
  return {
    ...config,
    gridOutages: {
      perDay: options.gridOutagesPerDay ?? config.gridOutages?.perDay ?? 0,
      meanMinutes: options.gridOutageMinutes ?? config.gridOutages?.meanMinutes ?? defaultOutageMinutes,
    },
  };
}

/**
 * A plausible plant for a station of `stationType` at `place` (PRODUCT.md §4), drawn from `seed`:
 * 1 on-grid PV 4–10 kWp; 4 the same with a 5–15 kWh battery; 5 off-grid PV, battery and generator;
 * 6 residential ESS with an 11 kW wallbox; 8 a wallbox alone (the car is the load); 9 C&I with
 * 100–500 kWp, 200–1,000 kWh, a generator and a commercial load, peak shaving, and grid outages at
 * the rate `options` give (none by default).
 */
export function samplePlantConfig(
  stationType: StationType,
  place: Place,
  seed: number,
  options: PresetOptions = {},
): PlantConfig {
  const random = new Random(deriveSeed(seed, `preset:${stationType}`));
  const base = {
    stationType,
    latitude: place.latitude,
    longitude: place.longitude,
    timeZone: place.timeZone,
    gridConnected: true,
  };
  const residentialPv = (capacityKwp: number) => ({
    capacityKwp,
    tiltDeg: round(random.uniform(20, 40), 1),
    azimuthDeg: equatorAzimuthDeg(place.latitude),
    // A DC/AC ratio of 1.0–1.2, so the sunniest middays clip.
    inverterRatedW: round((capacityKwp * 1000) / random.uniform(1, 1.2), 100),
  });
  const household = () => ({
    profile: 'household' as const,
    annualKwh: round(random.uniform(2500, 6000), 100),
  });

  switch (stationType) {
    case StationType.onGrid:
      return { ...base, pv: residentialPv(round(random.uniform(4, 10), 0.1)), load: household() };
    case StationType.residentialEss:
    case StationType.residentialEssWallbox: {
      const pv = residentialPv(round(random.uniform(4, 10), 0.1));
      const battery = batteryOf(random, round(random.uniform(5, 15), 0.5), 2500);
      battery.mode = random.pick([
        'self_consumption',
        'self_consumption',
        'time_of_use',
        'backup_reserve',
      ] as const);
      battery.peakLimitW = 5000;
      const config: PlantConfig = { ...base, pv, battery, load: household() };
      if (stationType === StationType.residentialEssWallbox) config.wallbox = { maxPowerW: 11_000 };
      return config;
    }
    case StationType.offGrid: {
      const load = { profile: 'household' as const, annualKwh: round(random.uniform(2000, 4000), 100) };
      const pv = residentialPv(round(random.uniform(4, 8), 0.1));
      const battery = batteryOf(random, round(random.uniform(10, 30), 1), 3000);
      battery.minSocPct = 15;
      return {
        ...base,
        gridConnected: false,
        pv,
        battery,
        load,
        generator: { ratedW: round(random.uniform(5000, 10_000), 500) },
      };
    }
    case StationType.wallbox: {
      // A charger on its own meter: nothing else draws power there.
      const publicCharger = random.chance(0.4);
      return {
        ...base,
        load: { profile: publicCharger ? 'commercial' : 'household', annualKwh: 0 },
        wallbox: { maxPowerW: publicCharger ? 22_000 : 11_000 },
      };
    }
    case StationType.commercialEss: {
      const capacityKwp = round(random.uniform(100, 500), 5);
      const annualKwh = round(capacityKwp * random.uniform(1500, 3000), 1000);
      const battery = batteryOf(random, round(random.uniform(200, 1000), 10), 50_000);
      battery.mode = 'peak_shaving';
      // Commercial demand peaks near twice its mean; the limit sits where the battery can cut the top.
      battery.peakLimitW = round(((annualKwh * 1000) / 8760) * 1.4, 1000);
      battery.reserveSocPct = 30;
      return {
        ...base,
        pv: {
          capacityKwp,
          // Flat roofs: low tilt on racks.
          tiltDeg: round(random.uniform(10, 15), 1),
          azimuthDeg: equatorAzimuthDeg(place.latitude),
          inverterRatedW: round((capacityKwp * 1000) / random.uniform(1.05, 1.25), 1000),
        },
        battery,
        load: { profile: 'commercial', annualKwh },
        generator: { ratedW: round(((annualKwh * 1000) / 8760) * random.uniform(0.8, 1.2), 10_000) },
        gridOutages: {
          perDay: options.gridOutagesPerDay ?? 0,
          meanMinutes: options.gridOutageMinutes ?? defaultOutageMinutes,
        },
      };
    }
  }
}
