import { describe, expect, it } from 'vitest';
import { stationFlows } from '../src/features/stations/components/energy-cards.tsx';
import {
  co2Text,
  durationText,
  moneyText,
  percentText,
  temperatureText,
  zonedDateTimeText,
} from '../src/features/stations/lib/plant-format.ts';

const block = {
  pv_kwh: 0,
  consumption_kwh: 0,
  import_kwh: 0,
  export_kwh: 0,
  charge_kwh: 0,
  discharge_kwh: 0,
  ev_kwh: 0,
  generator_kwh: 0,
  self_consumption_pct: null,
  autarky_pct: null,
  income: 0,
  co2_kg: 0,
  has_data: false,
};
const noPower = {
  pv_w: null,
  generator_w: null,
  grid_w: null,
  battery_w: null,
  soc_pct: null,
  load_w: null,
  ev_w: null,
};

describe('plant figures', () => {
  it('shows rates given as 0–100 with 1 decimal, a gap as --', () => {
    expect(percentText(62.44)).toBe('62.4 %');
    expect(percentText(100)).toBe('100.0 %');
    expect(percentText(null)).toBe('--');
  });

  it('shows CO2, money and temperatures by the display rules', () => {
    expect(co2Text(12_345)).toBe('12.35 t');
    expect(co2Text(1.06)).toBe('1.1 kg');
    expect(moneyText(14.637, 'PLN', 'pl')).toMatch(/^14,64\sz(ł|l)$/);
    expect(moneyText(119.91, 'CLP', 'en')).toMatch(/^CLP\s120$/);
    expect(moneyText(null, 'PLN', 'en')).toBe('--');
    expect(temperatureText(-2.04)).toBe('-2.0 °C');
    expect(temperatureText(null)).toBe('--');
  });

  it('tells how long a session lasted, or lasts so far', () => {
    const start = '2024-05-10T08:00:00Z';
    expect(durationText(start, '2024-05-10T09:05:00Z', 0, 'en')).toBe('1 hr 5 min');
    expect(durationText(start, null, Date.parse('2024-05-10T08:12:20Z'), 'en')).toBe('12 min');
  });

  it('writes session times in the station’s zone', () => {
    expect(zonedDateTimeText('2024-05-10T22:30:00Z', 'Europe/Warsaw', 'en-GB')).toBe('11/05/2024, 00:30');
  });

  it('shows the flows a station has: measured now or with energy in its life', () => {
    expect(stationFlows(noPower, block)).toEqual({
      grid: false,
      battery: false,
      ev: false,
      generator: false,
    });
    expect(stationFlows({ ...noPower, grid_w: -100 }, block).grid).toBe(true);
    expect(stationFlows(noPower, { ...block, discharge_kwh: 3 }).battery).toBe(true);
    expect(stationFlows(noPower, block, 1).battery).toBe(true);
    expect(stationFlows(noPower, { ...block, ev_kwh: 1 }).ev).toBe(true);
  });
});
