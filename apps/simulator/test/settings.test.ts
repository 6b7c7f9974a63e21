import { describe, expect, it } from 'vitest';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { essConfig, places } from './plant-support.ts';

describe('plant settings', () => {
  it('applies every known setting within range', () => {
    const plant = createPlant(samplePlantConfig(6, places.munich, 1), 1, Date.UTC(2025, 0, 1));
    const refused = plant.apply({
      battery_mode: 'time_of_use',
      reserve_soc_pct: 35,
      peak_limit_w: 4000,
      max_charge_w: 1000,
      max_discharge_w: '1500',
      cheap_from_hour: 22,
      cheap_to_hour: 6,
      wallbox_max_w: 7400,
      min_soc_pct: 15,
      max_soc_pct: 90,
    });
    expect(refused).toEqual([]);
    expect(plant.config.battery).toMatchObject({
      mode: 'time_of_use',
      reserveSocPct: 35,
      peakLimitW: 4000,
      maxChargeW: 1000,
      maxDischargeW: 1500,
      cheapHours: { from: 22, to: 6 },
      minSocPct: 15,
      maxSocPct: 90,
    });
    expect(plant.config.wallbox?.maxPowerW).toBe(7400);
  });

  it('answers unknown names and invalid values, and still applies the valid ones', () => {
    const plant = createPlant(essConfig(places.munich, 'self_consumption'), 1, Date.UTC(2025, 0, 1));
    const refused = plant.apply({
      export_limit_w: 100,
      battery_mode: 'turbo',
      reserve_soc_pct: 101,
      peak_limit_w: -5,
      max_charge_w: 50_000,
      max_discharge_w: true,
      cheap_from_hour: 7.5,
      cheap_to_hour: 'six',
      wallbox_max_w: 3000,
      peak_limit_w_typo: 1,
      reserve_soc_pct_ok: 0,
    });
    expect(refused.sort()).toEqual(
      [
        'export_limit_w',
        'battery_mode',
        'reserve_soc_pct',
        'peak_limit_w',
        'max_charge_w',
        'max_discharge_w',
        'cheap_from_hour',
        'cheap_to_hour',
        // No wallbox on this plant.
        'wallbox_max_w',
        'peak_limit_w_typo',
        'reserve_soc_pct_ok',
      ].sort(),
    );
    expect(plant.apply({ peak_limit_w: 2500 })).toEqual([]);
    expect(plant.config.battery?.peakLimitW).toBe(2500);
    expect(plant.config.battery?.mode).toBe('self_consumption');
  });

  it('refuses a SOC window narrower than 10 points or upside down, keeping the old one', () => {
    const plant = createPlant(essConfig(places.munich, 'self_consumption'), 1, Date.UTC(2025, 0, 1));
    expect(plant.apply({ min_soc_pct: 60, max_soc_pct: 65 }).sort()).toEqual(['max_soc_pct', 'min_soc_pct']);
    expect(plant.apply({ min_soc_pct: 96 })).toEqual(['min_soc_pct']);
    expect(plant.config.battery).toMatchObject({ minSocPct: 10, maxSocPct: 95 });
  });

  it('refuses battery settings on a plant without a battery', () => {
    const plant = createPlant(samplePlantConfig(1, places.munich, 1), 1, Date.UTC(2025, 0, 1));
    expect(plant.apply({ battery_mode: 'self_consumption', min_soc_pct: 20 }).sort()).toEqual([
      'battery_mode',
      'min_soc_pct',
    ]);
  });

  it('never raises a power limit above the hardware rating', () => {
    const config = essConfig(places.munich, 'self_consumption');
    const plant = createPlant(config, 1, Date.UTC(2025, 0, 1));
    expect(plant.apply({ max_charge_w: 2000 })).toEqual([]);
    expect(plant.apply({ max_charge_w: 5000 })).toEqual([]);
    expect(plant.apply({ max_charge_w: 5001 })).toEqual(['max_charge_w']);
    expect(plant.config.battery?.maxChargeW).toBe(5000);
  });
});
