import { StationType, stationTypes } from '@helio/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { places } from './plant-support.ts';

describe('sample plant configs', () => {
  it('fit each station type of PRODUCT.md §4', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(places)), fc.integer(), (place, seed) => {
        const onGrid = samplePlantConfig(StationType.onGrid, place, seed);
        expect(onGrid.pv!.capacityKwp).toBeGreaterThanOrEqual(4);
        expect(onGrid.pv!.capacityKwp).toBeLessThanOrEqual(10);
        expect(onGrid.battery).toBeUndefined();

        const ess = samplePlantConfig(StationType.residentialEss, place, seed);
        expect(ess.battery!.capacityKwh).toBeGreaterThanOrEqual(5);
        expect(ess.battery!.capacityKwh).toBeLessThanOrEqual(15);
        expect(ess.wallbox).toBeUndefined();

        const offGrid = samplePlantConfig(StationType.offGrid, place, seed);
        expect(offGrid.gridConnected).toBe(false);
        expect(offGrid.generator!.ratedW).toBeGreaterThan(0);
        expect(offGrid.battery).toBeDefined();

        const essWallbox = samplePlantConfig(StationType.residentialEssWallbox, place, seed);
        expect(essWallbox.wallbox!.maxPowerW).toBe(11_000);
        expect(essWallbox.battery).toBeDefined();

        const wallbox = samplePlantConfig(StationType.wallbox, place, seed);
        expect(wallbox.pv).toBeUndefined();
        expect(wallbox.battery).toBeUndefined();
        expect(wallbox.load.annualKwh).toBe(0);
        expect(wallbox.wallbox).toBeDefined();

        const commercial = samplePlantConfig(StationType.commercialEss, place, seed);
        expect(commercial.pv!.capacityKwp).toBeGreaterThanOrEqual(100);
        expect(commercial.pv!.capacityKwp).toBeLessThanOrEqual(500);
        expect(commercial.battery!.capacityKwh).toBeGreaterThanOrEqual(200);
        expect(commercial.battery!.capacityKwh).toBeLessThanOrEqual(1000);
        expect(commercial.load.profile).toBe('commercial');
        expect(commercial.generator).toBeDefined();

        for (const type of stationTypes) {
          const config = samplePlantConfig(type, place, seed);
          expect(config.stationType).toBe(type);
          if (config.pv) expect(config.pv.azimuthDeg).toBe(place.latitude >= 0 ? 180 : 0);
          if (config.battery) expect(config.battery.minSocPct).toBeLessThan(config.battery.maxSocPct);
        }
      }),
    );
  });

  it('are the same for the same seed', () => {
    expect(samplePlantConfig(9, places.delhi, 5)).toEqual(samplePlantConfig(9, places.delhi, 5));
    expect(samplePlantConfig(9, places.delhi, 5)).not.toEqual(samplePlantConfig(9, places.delhi, 6));
  });
});
