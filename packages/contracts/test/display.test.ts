import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  co2Scale,
  energyScale,
  formatCo2,
  formatEnergy,
  formatPercent,
  formatPower,
  formatQuantity,
  GAP_TEXT,
  powerScale,
  type Scale,
} from '../src/display.ts';

describe('formatEnergy (kWh)', () => {
  it.each([
    [0, '0.0', 'kWh'],
    [0.04, '0.0', 'kWh'],
    [1234.56, '1234.6', 'kWh'],
    [9_999.9, '9999.9', 'kWh'],
    [9_999.94, '9999.9', 'kWh'],
    // rounds to 10000.0 kWh, which is the MWh threshold: shown as MWh
    [9_999.96, '10.00', 'MWh'],
    [10_000, '10.00', 'MWh'],
    [12_340, '12.34', 'MWh'],
    [999_990, '999.99', 'MWh'],
    // 999.9999 MWh rounds to 1000.00 MWh = the GWh threshold
    [999_999.9, '1.00', 'GWh'],
    [1_000_000, '1.00', 'GWh'],
    [123_456_789, '123.46', 'GWh'],
  ])('%d kWh reads %s %s', (input, value, unit) => {
    expect(formatEnergy(input)).toEqual({ value, unit });
  });

  it('keeps the sign of negative values and chooses the unit by magnitude', () => {
    expect(formatEnergy(-9_999.9)).toEqual({ value: '-9999.9', unit: 'kWh' });
    expect(formatEnergy(-10_000)).toEqual({ value: '-10.00', unit: 'MWh' });
    expect(formatEnergy(-9_999.96)).toEqual({ value: '-10.00', unit: 'MWh' });
    expect(formatEnergy(-1_000_000)).toEqual({ value: '-1.00', unit: 'GWh' });
  });

  it('never shows a negative zero', () => {
    expect(formatEnergy(-0)).toEqual({ value: '0.0', unit: 'kWh' });
    expect(formatEnergy(-0.04)).toEqual({ value: '0.0', unit: 'kWh' });
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'shows the gap %s as a gap, not as 0',
    (input) => {
      expect(formatEnergy(input)).toEqual({ value: GAP_TEXT, unit: 'kWh' });
      expect(GAP_TEXT).toBe('--');
    },
  );
});

describe('formatPower (W)', () => {
  it.each([
    [0, '0.00', 'kW'],
    [1_500, '1.50', 'kW'],
    [999_994, '999.99', 'kW'],
    // 999.999 kW rounds to 1000.00 kW = the MW threshold
    [999_999, '1.00', 'MW'],
    [999_999.6, '1.00', 'MW'],
    [1_000_000, '1.00', 'MW'],
    [999_994_999, '999.99', 'MW'],
    [999_999_999, '1.00', 'GW'],
    [1e9, '1.00', 'GW'],
    [2.5e12, '2500.00', 'GW'],
  ])('%d W reads %s %s', (input, value, unit) => {
    expect(formatPower(input)).toEqual({ value, unit });
  });

  it('keeps the sign of negative values and shows gaps as gaps', () => {
    expect(formatPower(-2_500)).toEqual({ value: '-2.50', unit: 'kW' });
    expect(formatPower(-1_000_000)).toEqual({ value: '-1.00', unit: 'MW' });
    expect(formatPower(-1e9)).toEqual({ value: '-1.00', unit: 'GW' });
    expect(formatPower(-4)).toEqual({ value: '0.00', unit: 'kW' });
    expect(formatPower(null)).toEqual({ value: '--', unit: 'kW' });
    expect(formatPower(Number.NaN)).toEqual({ value: '--', unit: 'kW' });
  });
});

describe('formatCo2 (kg)', () => {
  it.each([
    [0, '0.0', 'kg'],
    [9_999, '9999.0', 'kg'],
    [9_999.96, '10.00', 't'],
    [10_000, '10.00', 't'],
    [12_345_678, '12345.68', 't'],
    [-10_000, '-10.00', 't'],
  ])('%d kg reads %s %s', (input, value, unit) => {
    expect(formatCo2(input)).toEqual({ value, unit });
  });

  it('shows gaps as gaps', () => {
    expect(formatCo2(undefined)).toEqual({ value: '--', unit: 'kg' });
  });
});

describe('formatQuantity', () => {
  it.each([
    [229.96, 'voltage', '230.0'],
    [12.34, 'current', '12.3'],
    [-5.04, 'temperature', '-5.0'],
    [49.996, 'frequency', '50.00'],
    [0.1, 'other', '0.10'],
    [-0.04, 'current', '0.0'],
  ] as const)('%d as %s reads %s', (input, kind, expected) => {
    expect(formatQuantity(input, kind)).toBe(expected);
  });

  it('shows gaps as gaps', () => {
    expect(formatQuantity(null, 'voltage')).toBe('--');
    expect(formatQuantity(Number.NaN, 'frequency')).toBe('--');
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0'],
    [0.4567, '45.7'],
    [1, '100.0'],
    [1.2, '100.0'],
    [-0.1, '0.0'],
  ])('ratio %d reads %s %%', (input, value) => {
    expect(formatPercent(input)).toEqual({ value, unit: '%' });
  });

  it('shows gaps as gaps', () => {
    expect(formatPercent(null)).toEqual({ value: '--', unit: '%' });
  });
});

/** The index of the largest unit whose threshold `magnitude` reaches. */
function unitIndexOf(scale: Scale<string>, magnitude: number): number {
  let index = 0;
  while (index + 1 < scale.length && magnitude >= scale[index + 1]!.from) index++;
  return index;
}

/** Any finite number, with extra weight just around each threshold of the scale. */
function readings(scale: Scale<string>) {
  const nearThreshold = fc
    .constantFrom(...scale.map((step) => step.from))
    .chain((from) => fc.double({ min: from - 1, max: from + 1, noNaN: true }))
    .chain((value) => fc.constantFrom(value, -value));
  return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), nearThreshold);
}

describe.each([
  ['formatEnergy', formatEnergy, energyScale],
  ['formatPower', formatPower, powerScale],
  ['formatCo2', formatCo2, co2Scale],
] as const)('%s properties', (_name, format, scale: Scale<string>) => {
  it('reads back within the rounding error of the input', () => {
    fc.assert(
      fc.property(readings(scale), (input) => {
        const { value, unit } = format(input);
        const step = scale.find((candidate) => candidate.unit === unit)!;
        // compared in the shown unit (value × factor = input ± half a step), which cannot overflow near MAX_VALUE
        const inputInUnit = input / step.factor;
        const halfStep = 0.5 * 10 ** -step.decimals;
        expect(Math.abs(Number(value) - inputInUnit)).toBeLessThanOrEqual(
          halfStep * (1 + 1e-9) + Math.abs(inputInUnit) * 1e-15,
        );
        if (Math.abs(input) / step.factor < 1e21) {
          expect(value).toMatch(new RegExp(`^-?\\d+\\.\\d{${step.decimals}}$`));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('uses the largest unit whose threshold the magnitude reaches, one up only when rounding reaches it', () => {
    fc.assert(
      fc.property(readings(scale), (input) => {
        const { value, unit } = format(input);
        const index = scale.findIndex((candidate) => candidate.unit === unit);
        const rawIndex = unitIndexOf(scale, Math.abs(input));
        const shown = Math.abs(Number(value));
        const step = scale[index]!;
        const next = scale[index + 1];
        // the shown figure itself reads as this unit: it reaches this threshold and not the next
        expect(shown).toBeGreaterThanOrEqual(step.from / step.factor);
        if (next) expect(shown).toBeLessThan(next.from / step.factor);
        // the unit is the magnitude's own, or the next one when the magnitude rounds up onto its threshold
        if (index !== rawIndex) {
          const below = scale[rawIndex]!;
          expect(index).toBe(rawIndex + 1);
          expect(Math.abs(input)).toBeGreaterThanOrEqual(
            step.from - 0.5 * 10 ** -below.decimals * below.factor,
          );
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
