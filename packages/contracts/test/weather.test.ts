import { describe, expect, it } from 'vitest';
import { UNKNOWN_WEATHER, weatherLabels } from '../src/enums.ts';
import { weatherLabelMeanings, weatherLabelOfWmo, wmoCodesByLabel } from '../src/weather.ts';

describe('weatherLabelOfWmo', () => {
  it('maps every WMO code 0–99 onto one of w1–w20', () => {
    for (let code = 0; code <= 99; code += 1) {
      const label = weatherLabelOfWmo(code);
      expect(weatherLabels, `code ${code}`).toContain(label);
      expect(label, `code ${code}`).not.toBe(UNKNOWN_WEATHER);
    }
  });

  it('lists each code under exactly one label, and every label w1–w20 has codes', () => {
    const all = Object.values(wmoCodesByLabel).flat();
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    for (const label of weatherLabels) {
      const codes = wmoCodesByLabel[label] ?? [];
      if (label === UNKNOWN_WEATHER) expect(codes).toEqual([]);
      else expect(codes.length, label).toBeGreaterThan(0);
      for (const code of codes) expect(weatherLabelOfWmo(code), `code ${code}`).toBe(label);
      expect(weatherLabelMeanings[label], label).toBeTruthy();
    }
  });

  it.each([
    [0, 'w1', 'clear sky'],
    [1, 'w2', 'mainly clear'],
    [2, 'w3', 'partly cloudy'],
    [3, 'w4', 'overcast'],
    [45, 'w5', 'fog'],
    [48, 'w5', 'fog'],
    [51, 'w6', 'drizzle'],
    [53, 'w6', 'drizzle'],
    [55, 'w6', 'drizzle'],
    [56, 'w7', 'freezing drizzle'],
    [57, 'w7', 'freezing drizzle'],
    [61, 'w8', 'light rain'],
    [63, 'w9', 'moderate rain'],
    [65, 'w10', 'heavy rain'],
    [66, 'w11', 'freezing rain'],
    [67, 'w11', 'freezing rain'],
    [71, 'w12', 'light snow'],
    [73, 'w13', 'moderate snow'],
    [75, 'w14', 'heavy snow'],
    [77, 'w15', 'snow grains'],
    [68, 'w16', 'sleet'],
    [83, 'w16', 'sleet'],
    [80, 'w17', 'rain showers'],
    [81, 'w17', 'rain showers'],
    [82, 'w17', 'rain showers'],
    [85, 'w18', 'snow showers'],
    [86, 'w18', 'snow showers'],
    [95, 'w19', 'thunderstorm'],
    [96, 'w20', 'hail'],
    [99, 'w20', 'hail'],
  ])('code %d is %s (%s)', (code, label, meaning) => {
    expect(weatherLabelOfWmo(code)).toBe(label);
    expect(weatherLabelMeanings[label as `w${number}`]).toBe(meaning);
  });

  it.each([null, undefined, -1, 100, 3.5, Number.NaN, Number.POSITIVE_INFINITY])(
    '%s is w21 (unknown)',
    (code) => {
      expect(weatherLabelOfWmo(code)).toBe('w21');
    },
  );
});
