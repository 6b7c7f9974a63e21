import { describe, expect, it } from 'vitest';
import { departureAt } from '../src/features/charging/lib/plan-form.ts';

/**
 * A one-off departure typed as a local date and time is the instant the station's clock reads it,
 * on the days the clocks change too (Europe/Warsaw: 02:00 → 03:00 on 29 March 2026, 03:00 → 02:00
 * on 25 October 2026).
 */
describe('departureAt', () => {
  it('reads the station’s wall clock, on an ordinary day and on both clock-change days', () => {
    expect(departureAt('2026-01-15', '07:00', 'Europe/Warsaw')).toBe('2026-01-15T06:00:00.000Z');
    expect(departureAt('2026-03-29', '07:00', 'Europe/Warsaw')).toBe('2026-03-29T05:00:00.000Z');
    expect(departureAt('2026-10-25', '07:00', 'Europe/Warsaw')).toBe('2026-10-25T06:00:00.000Z');
  });

  it('is empty while the date or the time is unfinished', () => {
    expect(departureAt('2026-01-15', '7:0', 'Europe/Warsaw')).toBe('');
    expect(departureAt('2026-01', '07:00', 'Europe/Warsaw')).toBe('');
  });
});
