import { describe, expect, it } from 'vitest';
import { createPlant } from '../src/plant/plant.ts';
import { places, pvOnlyConfig } from './plant-support.ts';

/** kWh per kWp over 2025 for a 10 kWp array with a 10 kW inverter, integrated at 60 s. */
function specificYield(place: (typeof places)[keyof typeof places], tiltDeg: number, seed: number): number {
  const plant = createPlant(pvOnlyConfig(place, tiltDeg), seed, Date.UTC(2025, 0, 1));
  return plant.advance(Date.UTC(2026, 0, 1)).counters.pvKwh / 10;
}

describe('specific yield over a simulated year', () => {
  // For comparison, PVGIS (14 % losses) gives roughly 1,000–1,050 for Warsaw, 1,100–1,150 for Munich and
  // 1,650–1,700 for Seville; the model's weather varies ±3 % from year to year (seed to seed).
  it('lands in 1,000–1,150 kWh/kWp in central Europe (35°, south)', () => {
    for (const place of [places.warsaw, places.munich]) {
      const kwhPerKwp = specificYield(place, 35, 1);
      expect(kwhPerKwp).toBeGreaterThan(1000);
      expect(kwhPerKwp).toBeLessThan(1150);
    }
  });

  it('lands in 1,500–1,750 kWh/kWp in southern Spain (Seville, 30°, south)', () => {
    const kwhPerKwp = specificYield(places.seville, 30, 1);
    expect(kwhPerKwp).toBeGreaterThan(1500);
    expect(kwhPerKwp).toBeLessThan(1750);
  });
});
