import { EmsRange, isRangeDate, StationRange, stationRangeUnit } from '@helio/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChartRange,
  familyUnits,
  holdsToday,
  isAfterToday,
  isDay,
  periodEnd,
  periodStart,
  rangeFromParams,
  rangeType,
  requestDate,
  shiftRange,
  zonedToday,
} from '../src/features/stations/lib/range.ts';

const today = '2024-05-10'; // a Friday

describe('chart ranges', () => {
  it('maps units to the call types of each family', () => {
    expect(familyUnits.station.map((unit) => rangeType('station', unit))).toEqual([1, 2, 3, 4, 5]);
    expect(familyUnits.ems.map((unit) => rangeType('ems', unit))).toEqual([1, 2, 3, 4]);
    expect(rangeType('station', 'week')).toBe(StationRange.week);
    expect(rangeType('ems', 'total')).toBe(EmsRange.total);
    expect(() => rangeType('ems', 'week')).toThrow();
  });

  it('sends the date in the format of SPEC.md §4, a week as its Monday', () => {
    const day = '2024-05-10';
    expect(requestDate({ unit: 'day', day })).toBe('2024-05-10');
    expect(requestDate({ unit: 'week', day })).toBe('2024-05-06');
    expect(requestDate({ unit: 'week', day: '2024-05-06' })).toBe('2024-05-06');
    expect(requestDate({ unit: 'week', day: '2024-05-12' })).toBe('2024-05-06'); // Sunday
    expect(requestDate({ unit: 'month', day })).toBe('2024-05');
    expect(requestDate({ unit: 'year', day })).toBe('2024');
    expect(requestDate({ unit: 'total', day })).toBeUndefined();
  });

  it('sends dates every chart call accepts, for any day and unit', () => {
    const days = fc
      .date({
        min: new Date('1970-01-05T00:00:00Z'),
        max: new Date('2199-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, fc.constantFrom(1, 2, 3, 4, 5), (day, type) => {
        const unit = stationRangeUnit(type as StationRange);
        expect(isRangeDate(unit, requestDate({ unit, day }))).toBe(true);
      }),
    );
  });

  it('knows where periods start and end', () => {
    expect(periodStart('week', '2024-01-01')).toBe('2024-01-01');
    expect(periodStart('week', '2023-12-31')).toBe('2023-12-25');
    expect(periodEnd('week', '2024-05-10')).toBe('2024-05-12');
    expect(periodEnd('month', '2024-02-10')).toBe('2024-02-29');
    expect(periodEnd('month', '2023-02-10')).toBe('2023-02-28');
    expect(periodEnd('year', '2024-05-10')).toBe('2024-12-31');
  });

  it('steps back and forth by one period, never past today', () => {
    const shift = (range: ChartRange, step: -1 | 1) => shiftRange(range, step, today);
    expect(shift({ unit: 'day', day: today }, -1)).toEqual({ unit: 'day', day: '2024-05-09' });
    expect(shift({ unit: 'day', day: today }, 1)).toBeUndefined();
    expect(shift({ unit: 'day', day: '2024-05-09' }, 1)).toEqual({ unit: 'day', day: today });
    expect(shift({ unit: 'week', day: today }, -1)).toEqual({ unit: 'week', day: '2024-05-03' });
    expect(shift({ unit: 'week', day: today }, 1)).toBeUndefined();
    // Into the current period: today at the latest.
    expect(shift({ unit: 'week', day: '2024-05-05' }, 1)).toEqual({ unit: 'week', day: today });
    expect(shift({ unit: 'month', day: '2024-04-30' }, 1)).toEqual({ unit: 'month', day: today });
    expect(shift({ unit: 'month', day: '2024-03-31' }, -1)).toEqual({ unit: 'month', day: '2024-02-29' });
    expect(shift({ unit: 'month', day: today }, 1)).toBeUndefined();
    expect(shift({ unit: 'year', day: '2024-02-29' }, -1)).toEqual({ unit: 'year', day: '2023-02-28' });
    expect(shift({ unit: 'year', day: today }, 1)).toBeUndefined();
    expect(shift({ unit: 'total', day: today }, -1)).toBeUndefined();
    expect(shift({ unit: 'day', day: '1970-01-01' }, -1)).toBeUndefined();
  });

  it('never reaches a period after today, however often it steps forward', () => {
    const days = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2024-05-10T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        days,
        fc.constantFrom('day', 'week', 'month', 'year') as fc.Arbitrary<'day'>,
        (day, unit) => {
          let range: ChartRange | undefined = { unit, day };
          for (let step = 0; step < 400 && range; step++) {
            expect(range.day <= today).toBe(true);
            range = shiftRange(range, 1, today);
          }
        },
      ),
    );
  });

  it('offers no future period in the picker', () => {
    expect(isAfterToday('day', '2024-05-11', today)).toBe(true);
    expect(isAfterToday('day', today, today)).toBe(false);
    expect(isAfterToday('week', '2024-05-12', today)).toBe(false);
    expect(isAfterToday('week', '2024-05-13', today)).toBe(true);
    expect(isAfterToday('month', '2024-05-31', today)).toBe(false);
    expect(isAfterToday('month', '2024-06-01', today)).toBe(true);
    expect(isAfterToday('year', '2025-01-01', today)).toBe(true);
  });

  it('tells whether a range still grows', () => {
    expect(holdsToday({ unit: 'day', day: today }, today)).toBe(true);
    expect(holdsToday({ unit: 'day', day: '2024-05-09' }, today)).toBe(false);
    expect(holdsToday({ unit: 'month', day: '2024-05-01' }, today)).toBe(true);
    expect(holdsToday({ unit: 'total', day: '2020-01-01' }, today)).toBe(true);
  });

  it('reads the range from the address, keeping it within the family and before today', () => {
    const read = (range: string | null, date: string | null) =>
      rangeFromParams('station', { range, date }, today);
    expect(read(null, null)).toEqual({ unit: 'day', day: today });
    expect(read('month', '2024-03-15')).toEqual({ unit: 'month', day: '2024-03-15' });
    expect(read('month', '2024-03')).toEqual({ unit: 'month', day: '2024-03-01' });
    expect(read('year', '2023')).toEqual({ unit: 'year', day: '2023-01-01' });
    expect(read('day', '2030-01-01')).toEqual({ unit: 'day', day: today });
    expect(read('day', '2024-02-30')).toEqual({ unit: 'day', day: today });
    expect(read('fortnight', '2024-03-15')).toEqual({ unit: 'day', day: '2024-03-15' });
    expect(rangeFromParams('ems', { range: 'week', date: null }, today).unit).toBe('day');
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
  });

  it('takes today in the station’s zone', () => {
    const instant = Date.parse('2024-05-10T22:30:00Z');
    expect(zonedToday('Europe/Warsaw', instant)).toBe('2024-05-11');
    expect(zonedToday('America/Sao_Paulo', instant)).toBe('2024-05-10');
    expect(zonedToday('Asia/Shanghai', Date.parse('2024-12-31T16:00:00Z'))).toBe('2025-01-01');
  });
});
