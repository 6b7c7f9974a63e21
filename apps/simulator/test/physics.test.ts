import { type StationType, stationTypes } from '@helio/contracts';
import fc from 'fast-check';
import { getPosition } from 'suncalc';
import { describe, expect, it } from 'vitest';
import type { EnergyCounters, PlantState } from '../src/plant/model.ts';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import {
  balanceErrorW,
  balanceToleranceW,
  minuteMs,
  places,
  pvOnlyConfig,
  runMinutes,
} from './plant-support.ts';

const placeList = Object.values(places);
const counterNames: (keyof EnergyCounters)[] = [
  'pvKwh',
  'loadKwh',
  'chargeKwh',
  'dischargeKwh',
  'importKwh',
  'exportKwh',
  'evKwh',
  'generatorKwh',
];
const from2020 = Date.UTC(2020, 0, 1);
const to2030 = Date.UTC(2030, 0, 1);

describe('every plant, every step', () => {
  it('balances, keeps SOC within limits, never reports negative flows and never lowers a counter', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...stationTypes),
        fc.constantFrom(...placeList),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: from2020, max: to2030 }),
        (stationType: StationType, place, seed, startMs) => {
          const config = samplePlantConfig(stationType, place, seed);
          const plant = createPlant(config, seed, startMs);
          // Plain checks per step (a million `expect`s would be slow); the first broken rule is reported.
          const broken: string[] = [];
          let previous = plant.current().counters;
          runMinutes(plant, 2 * 24 * 60, (state) => {
            const at = new Date(state.ms).toISOString();
            if (Math.abs(balanceErrorW(state)) > balanceToleranceW(state)) broken.push(`unbalanced at ${at}`);
            if (Math.min(state.pvW, state.loadW, state.evW, state.generatorW) < 0)
              broken.push(`negative at ${at}`);
            if (config.pv && state.pvW > config.pv.inverterRatedW) broken.push(`PV above rating at ${at}`);
            if (!config.gridConnected && state.gridW !== 0) broken.push(`grid off-grid at ${at}`);
            const battery = config.battery;
            if (
              battery &&
              (state.socPct < battery.minSocPct - 1e-9 || state.socPct > battery.maxSocPct + 1e-9)
            ) {
              broken.push(`SOC ${state.socPct} out of limits at ${at}`);
            }
            for (const name of counterNames) {
              if (state.counters[name] < previous[name]) broken.push(`${name} went down at ${at}`);
            }
            previous = state.counters;
          });
          expect(broken.slice(0, 3)).toEqual([]);
          // The counters balance too: what came in went somewhere.
          const totals = plant.current().counters;
          const supply = totals.pvKwh + totals.generatorKwh + totals.importKwh + totals.dischargeKwh;
          const use = totals.loadKwh + totals.evKwh + totals.chargeKwh + totals.exportKwh;
          expect(Math.abs(supply - use)).toBeLessThan(1e-6 * (1 + supply));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('balances when advanced by uneven jumps, which it splits into steps of at most 60 s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...stationTypes),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(fc.integer({ min: 1, max: 20 * minuteMs }), { minLength: 20, maxLength: 80 }),
        (stationType: StationType, seed, jumps) => {
          const plant = createPlant(
            samplePlantConfig(stationType, places.denver, seed),
            seed,
            Date.UTC(2025, 3, 5),
          );
          let ms = plant.current().ms;
          for (const jump of jumps) {
            ms += jump;
            const state = plant.advance(ms);
            expect(state.ms).toBe(ms);
            expect(Math.abs(balanceErrorW(state))).toBeLessThanOrEqual(balanceToleranceW(state));
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the sun', () => {
  it('gives no PV while the sun is below the horizon, and PV on clear-enough days when it is up', () => {
    for (const place of [places.oslo, places.singapore, places.sydney, places.denver]) {
      const plant = createPlant(pvOnlyConfig(place, 30), 11, Date.UTC(2025, 5, 18));
      let daylightEnergyWh = 0;
      runMinutes(plant, 4 * 24 * 60, (state) => {
        const altitude = getPosition(new Date(state.ms), place.latitude, place.longitude).altitude;
        if (altitude < 0) {
          expect(state.pvW).toBe(0);
          expect(state.weather.poaIrradianceWm2).toBe(0);
        } else {
          daylightEnergyWh += state.pvW / 60;
        }
      });
      expect(daylightEnergyWh).toBeGreaterThan(0);
    }
  });

  it('clips at the inverter rating on a bright day with an oversized array', () => {
    const config = pvOnlyConfig(places.seville, 30);
    config.pv = { ...config.pv!, inverterRatedW: 6000 };
    const plant = createPlant(config, 3, Date.UTC(2025, 3, 1));
    let clippedMinutes = 0;
    runMinutes(plant, 30 * 24 * 60, (state) => {
      expect(state.pvW).toBeLessThanOrEqual(6000);
      if (state.pvW === 6000) clippedMinutes++;
    });
    expect(clippedMinutes).toBeGreaterThan(60);
  });

  it('heats the cells above the air in the sun, and makes summer warmer than winter', () => {
    const seville = createPlant(pvOnlyConfig(places.seville, 30), 5, Date.UTC(2025, 6, 1));
    const summerNoon = seville.advance(Date.UTC(2025, 6, 1, 12));
    const warsaw = createPlant(pvOnlyConfig(places.warsaw, 35), 5, Date.UTC(2025, 0, 10));
    let januaryMeanC = 0;
    runMinutes(warsaw, 7 * 24 * 60, (state) => {
      januaryMeanC += state.weather.ambientC / (7 * 24 * 60);
      if (state.weather.poaIrradianceWm2 > 300)
        expect(state.weather.cellC).toBeGreaterThan(state.weather.ambientC);
    });
    expect(summerNoon.weather.ambientC).toBeGreaterThan(20);
    expect(januaryMeanC).toBeLessThan(8);
  });
});

describe('clouds', () => {
  it('follow the climate on average, with clear and overcast days and changes within a day', () => {
    const plant = createPlant(pvOnlyConfig(places.munich, 35), 21, Date.UTC(2025, 0, 1));
    const dailyCovers: number[] = [];
    let yearCover = 0;
    let largestHourlySwing = 0;
    let hourStartCover = plant.current().weather.cloudCover;
    let day: number[] = [];
    runMinutes(plant, 365 * 24 * 60, (state) => {
      day.push(state.weather.cloudCover);
      yearCover += state.weather.cloudCover / (365 * 24 * 60);
      if (state.ms % 3_600_000 === 0) {
        largestHourlySwing = Math.max(
          largestHourlySwing,
          Math.abs(state.weather.cloudCover - hourStartCover),
        );
        hourStartCover = state.weather.cloudCover;
      }
      if (day.length === 24 * 60) {
        dailyCovers.push(day.reduce((sum, cover) => sum + cover, 0) / day.length);
        day = [];
      }
    });
    // Munich's climate in the model: about 0.62 (the tables in weather.ts).
    expect(yearCover).toBeGreaterThan(0.52);
    expect(yearCover).toBeLessThan(0.72);
    expect(dailyCovers.filter((cover) => cover < 0.2).length).toBeGreaterThan(20);
    expect(dailyCovers.filter((cover) => cover > 0.8).length).toBeGreaterThan(60);
    expect(largestHourlySwing).toBeGreaterThan(0.3);
  });
});

describe('loads', () => {
  it('sum over a year to the annual energy of the config, for homes and businesses', () => {
    for (const profile of ['household', 'commercial'] as const) {
      const annualKwh = profile === 'household' ? 4200 : 250_000;
      const plant = createPlant(
        { stationType: 1, ...places.munich, load: { profile, annualKwh }, gridConnected: true },
        8,
        Date.UTC(2025, 0, 1),
      );
      const year = plant.advance(Date.UTC(2026, 0, 1));
      expect(year.counters.loadKwh / annualKwh).toBeGreaterThan(0.96);
      expect(year.counters.loadKwh / annualKwh).toBeLessThan(1.04);
      expect(year.counters.importKwh).toBeCloseTo(year.counters.loadKwh, 6);
    }
  });

  it('have their daily and weekly shape: evening above night at home, weekdays above Sundays at work', () => {
    const meanByHour = (profile: 'household' | 'commercial', weekdays: number[]) => {
      const plant = createPlant(
        { stationType: 1, ...places.seville, load: { profile, annualKwh: 5000 }, gridConnected: true },
        2,
        Date.UTC(2025, 2, 3),
      );
      const sums = new Array<number>(24).fill(0);
      const counts = new Array<number>(24).fill(0);
      runMinutes(plant, 8 * 7 * 24 * 60, (state) => {
        const local = new Date(state.ms + 3_600_000 * (state.ms > Date.UTC(2025, 2, 30, 1) ? 2 : 1));
        if (!weekdays.includes(local.getUTCDay())) return;
        sums[local.getUTCHours()]! += state.loadW;
        counts[local.getUTCHours()]! += 1;
      });
      return sums.map((sum, hour) => sum / counts[hour]!);
    };
    const homeWeekdays = meanByHour('household', [1, 2, 3, 4, 5]);
    expect(homeWeekdays[20]!).toBeGreaterThan(2.5 * homeWeekdays[3]!);
    expect(homeWeekdays[7]!).toBeGreaterThan(1.5 * homeWeekdays[3]!);
    const officeWeekdays = meanByHour('commercial', [1, 2, 3, 4, 5]);
    const officeSundays = meanByHour('commercial', [0]);
    expect(officeWeekdays[11]!).toBeGreaterThan(3 * officeSundays[11]!);
    expect(officeWeekdays[11]!).toBeGreaterThan(3 * officeWeekdays[2]!);
  });
});

describe('determinism', () => {
  const run = (seed: number) => {
    const plant = createPlant(samplePlantConfig(6, places.munich, 4), seed, Date.UTC(2025, 4, 1));
    const states: PlantState[] = [];
    runMinutes(plant, 3 * 24 * 60, (state) => states.push(state));
    return states;
  };

  it('gives identical states for the same seed and different data for another', () => {
    const first = run(77);
    expect(run(77)).toEqual(first);
    const other = run(78);
    expect(other.map((state) => state.pvW)).not.toEqual(first.map((state) => state.pvW));
    expect(other.map((state) => state.loadW)).not.toEqual(first.map((state) => state.loadW));
  });

  it('gives the same state whether advanced minute by minute or in one jump', () => {
    const config = samplePlantConfig(6, places.sydney, 9);
    const stepped = createPlant(config, 9, Date.UTC(2025, 8, 1));
    runMinutes(stepped, 2 * 24 * 60, () => {});
    const jumped = createPlant(config, 9, Date.UTC(2025, 8, 1));
    expect(jumped.advance(Date.UTC(2025, 8, 3))).toEqual(stepped.current());
  });

  it('gives the same sun, weather and PV at an instant however it was stepped to get there', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 * 3_600_000 }), { minLength: 5, maxLength: 40 }),
        fc.constantFrom(...placeList),
        (jumps, place) => {
          const config = pvOnlyConfig(place, 25);
          const startMs = Date.UTC(2025, 6, 1);
          const jumping = createPlant(config, 31, startMs);
          const stepping = createPlant(config, 31, startMs);
          let ms = startMs;
          for (const jump of jumps) {
            ms += jump;
            const jumped = jumping.advance(ms);
            runMinutes(stepping, Math.floor((ms - stepping.current().ms) / minuteMs), () => {});
            const stepped = stepping.advance(ms);
            expect(stepped.weather).toEqual(jumped.weather);
            expect(stepped.pvW).toBe(jumped.pvW);
            expect(stepped.loadW).toBeCloseTo(jumped.loadW, 9);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('continues the counters it is given and never goes back in time', () => {
    const plant = createPlant(samplePlantConfig(4, places.delhi, 1), 1, Date.UTC(2025, 1, 1), {
      pvKwh: 1234.5,
      importKwh: 10,
    });
    expect(plant.current().counters).toMatchObject({ pvKwh: 1234.5, importKwh: 10, exportKwh: 0 });
    const later = plant.advance(Date.UTC(2025, 1, 2));
    expect(later.counters.pvKwh).toBeGreaterThan(1234.5);
    expect(plant.advance(Date.UTC(2025, 1, 1, 12))).toBe(later);
    expect(plant.current()).toBe(later);
  });

  it('refuses a time zone that does not exist', () => {
    expect(() => createPlant({ ...pvOnlyConfig(places.munich, 30), timeZone: 'Mars/Olympus' }, 1, 0)).toThrow(
      RangeError,
    );
  });

  it('does not change the caller’s config when settings are applied', () => {
    const config = samplePlantConfig(4, places.munich, 2);
    const plant = createPlant(config, 2, Date.UTC(2025, 0, 1));
    expect(plant.apply({ battery_mode: 'peak_shaving' })).toEqual([]);
    expect(plant.config.battery?.mode).toBe('peak_shaving');
    expect(config.battery?.mode).not.toBe('peak_shaving');
  });
});
