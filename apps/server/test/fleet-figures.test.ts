import { incomeOf } from '@helio/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNews } from '../src/domains/alarms/notifier.ts';
import { fleetStatistics } from '../src/domains/statistics/fleet-figures.ts';
import type { StationFigures } from '../src/domains/statistics/repository.ts';

/** The fleet dashboard's rules, without a database: income as every station's overview has it; which alarms are news. */

const at = new Date('2026-06-15T12:00:00Z');

function station(id: number, figures: Partial<StationFigures>): StationFigures {
  return {
    station_id: id,
    station_name: `s${id}`,
    station_type: 1,
    latitude: 0,
    longitude: 0,
    capacity_kwp: 10,
    unit_price: 1,
    currency: 'EUR',
    status: 'online',
    device_count: 1,
    online: 1,
    alarm: 0,
    pv_power_w: null,
    reported: true,
    today_kwh: null,
    month_kwh: null,
    year_kwh: null,
    total_kwh: null,
    window_kwh: null,
    window_days: 0,
    ...figures,
  };
}

const figures = (rows: StationFigures[]) => fleetStatistics(rows, [], { at, alarmWindowDays: 30 });

describe('fleet income', () => {
  it('is the sum of each station’s income as its overview shows it (incomeOf, to the cent)', () => {
    // 0.001 kWh at 3 a kWh is 0.003, nothing to the cent: two of them are still nothing
    const rows = [1, 2].map((id) => station(id, { today_kwh: 0.001, unit_price: 3 }));
    expect(figures(rows).income).toEqual([{ currency: 'EUR', today: 0, month: 0, year: 0, total: 0 }]);
  });

  it('equals the sum of incomeOf per currency, over any stations', () => {
    const row = fc.record({
      kwh: fc.double({ min: 0, max: 1e5, noNaN: true }),
      price: fc.double({ min: 0, max: 5, noNaN: true }),
      currency: fc.constantFrom('EUR', 'PLN', 'USD'),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (given) => {
        const rows = given.map((one, id) =>
          station(id, { total_kwh: one.kwh, unit_price: one.price, currency: one.currency }),
        );
        for (const { currency, total } of figures(rows).income) {
          const expected = given
            .filter((one) => one.currency === currency)
            .reduce((sum, one) => sum + incomeOf(one.kwh, one.price), 0);
          expect(total).toBeCloseTo(expected, 2);
        }
      }),
    );
  });
});

describe('alarm notices', () => {
  const ago = (s: number) => new Date(at.getTime() - s * 1000);
  it('tell of an alarm raised within the hour, or happening and raised within the day', () => {
    expect(isNews({ raised_at: ago(3599), happening: false }, at)).toBe(true);
    expect(isNews({ raised_at: ago(3600), happening: false }, at)).toBe(false);
    expect(isNews({ raised_at: ago(86_399), happening: true }, at)).toBe(true);
    expect(isNews({ raised_at: ago(86_400), happening: true }, at)).toBe(false);
  });
});
