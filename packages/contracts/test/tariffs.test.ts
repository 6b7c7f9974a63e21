import { describe, expect, it } from 'vitest';
import {
  bandAt,
  bandAtInstant,
  bandMoney,
  startOfLocalDay,
  type Tariff,
  tariff as tariffCalls,
  tariffIssues,
  validTariff,
} from '../src/index.ts';

const weekdays = [1, 2, 3, 4, 5];

/** Winter (Oct–Mar) and summer; weekdays peak 17–21, valley 0–7 every day. */
function sample(): Tariff {
  return {
    seasons: [
      {
        name: 'Winter',
        months: [1, 2, 3, 10, 11, 12],
        periods: [
          { band: 'valley', days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '07:00' },
          { band: 'peak', days: weekdays, start: '17:00', end: '21:00' },
        ],
      },
      {
        name: 'Summer',
        months: [4, 5, 6, 7, 8, 9],
        periods: [{ band: 'valley', days: [6, 7], start: '00:00', end: '24:00' }],
      },
    ],
    prices: { peak: 0.4, shoulder: 0.3, valley: 0.15 },
    feed_in_price: 0.08,
  };
}

describe('a tariff is checked by one rule', () => {
  it('takes a sound tariff, days sorted without repeats, 24:00 as the end of a day', () => {
    const input = sample();
    input.seasons[0]!.periods[1]!.days = [5, 1, 3, 3, 2, 4];
    const parsed = validTariff.parse(input);
    expect(parsed.seasons[0]!.periods[1]!.days).toEqual([1, 2, 3, 4, 5]);
    expect(tariffIssues(parsed)).toEqual([]);
  });

  it('names a reversed or empty time set on its end', () => {
    const input = sample();
    input.seasons[0]!.periods[1]!.start = '21:00';
    input.seasons[0]!.periods[1]!.end = '17:00';
    input.seasons[1]!.periods[0]!.end = '00:00';
    expect(tariffIssues(input)).toEqual([
      { field: 'seasons.0.periods.1.end', message: 'validation.timeRangeOrder' },
      { field: 'seasons.1.periods.0.end', message: 'validation.timeRangeOrder' },
    ]);
  });

  it('refuses overlapping time sets on a shared weekday, not on different ones', () => {
    const input = sample();
    input.seasons[0]!.periods.push({ band: 'shoulder', days: [5], start: '20:00', end: '22:00' });
    input.seasons[0]!.periods.push({ band: 'peak', days: [6], start: '17:00', end: '21:00' });
    expect(tariffIssues(input)).toEqual([
      { field: 'seasons.0.periods.2.start', message: 'validation.slotOverlap' },
    ]);
    // touching ends do not overlap
    input.seasons[0]!.periods[2]!.start = '21:00';
    expect(tariffIssues(input)).toEqual([]);
  });

  it('asks for at least one time set per season', () => {
    const input = sample();
    input.seasons[1]!.periods = [];
    expect(tariffIssues(input)).toEqual([
      { field: 'seasons.1.periods', message: 'validation.tariffPeriodRequired' },
    ]);
  });

  it('wants every month in exactly one season', () => {
    const missing = sample();
    missing.seasons[1]!.months = [4, 5, 6, 7, 8];
    expect(tariffIssues(missing)).toEqual([{ field: 'seasons', message: 'validation.seasonMonths' }]);
    const twice = sample();
    twice.seasons[1]!.months = [...twice.seasons[1]!.months, 3];
    expect(tariffIssues(twice)).toEqual([{ field: 'seasons.1.months', message: 'validation.seasonMonths' }]);
  });

  it('answers the issues at their fields through the call body', () => {
    const input = sample();
    input.seasons[0]!.periods[0]!.end = '25:00';
    input.seasons[0]!.periods[1]!.days = [];
    const body = tariffCalls.updateEmbps.body.safeParse({ station_id: 1, tariff: input });
    expect(body.success).toBe(false);
    const found = body.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(found).toEqual([
      ['tariff.seasons.0.periods.0.end', 'validation.timeFormat'],
      ['tariff.seasons.0.periods.1.days', 'validation.weekdaysRequired'],
    ]);
    const reversed = sample();
    reversed.seasons[0]!.periods[1]!.end = '16:00';
    const second = tariffCalls.updateEmbps.body.safeParse({ station_id: 1, tariff: reversed });
    expect(second.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'tariff.seasons.0.periods.1.end',
    ]);
  });

  it('refuses negative prices and more than four decimals', () => {
    const input = sample() as unknown as { prices: Record<string, unknown>; feed_in_price: unknown };
    input.prices.peak = -1;
    input.feed_in_price = 0.12345;
    const result = validTariff.safeParse(input);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'prices.peak',
      'feed_in_price',
    ]);
  });
});

describe('bandAt', () => {
  const tariff = sample();
  it('finds the season by month, the time set by weekday and minute, shoulder elsewhere', () => {
    // 2026-01-05 is a Monday
    expect(bandAt(tariff, '2026-01-05', 0)).toBe('valley');
    expect(bandAt(tariff, '2026-01-05', 7 * 60 - 1)).toBe('valley');
    expect(bandAt(tariff, '2026-01-05', 7 * 60)).toBe('shoulder');
    expect(bandAt(tariff, '2026-01-05', 17 * 60)).toBe('peak');
    expect(bandAt(tariff, '2026-01-05', 21 * 60)).toBe('shoulder');
    expect(bandAt(tariff, '2026-01-10', 18 * 60)).toBe('shoulder'); // Saturday
    expect(bandAt(tariff, '2026-07-11', 1439)).toBe('valley'); // a summer Saturday to 24:00
    expect(bandAt(tariff, '2026-07-13', 600)).toBe('shoulder');
  });

  it('reads an instant on the station’s wall clock, across a clock change', () => {
    const zone = 'Europe/Berlin';
    const start = startOfLocalDay('2026-03-29', zone); // 23 hours
    expect(bandAtInstant(tariff, start + 2 * 3_600_000, zone)).toBe('valley'); // 03:00 local
    expect(bandAtInstant(tariff, start + 7 * 3_600_000, zone)).toBe('shoulder'); // 08:00 local
  });
});

describe('bandMoney', () => {
  it('prices import, export and what the consumption would have cost', () => {
    const figures = {
      pv_kwh: 10,
      charge_kwh: 2,
      discharge_kwh: 1,
      import_kwh: 3,
      export_kwh: 4,
      load_kwh: 0,
      ev_kwh: 0,
      generator_kwh: 0,
    };
    // consumption = 10 + 3 + 1 − 4 − 2 = 8
    const money = bandMoney(sample(), 'peak', figures);
    expect(money.cost).toBeCloseTo(1.2);
    expect(money.feed_in).toBeCloseTo(0.32);
    expect(money.saving).toBeCloseTo(8 * 0.4 - 1.2 + 0.32);
  });
});
