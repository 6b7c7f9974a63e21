import { describe, expect, it } from 'vitest';
import { simulatorOptions } from '../src/options.ts';

const base = { broker_url: 'mqtt://127.0.0.1:1884', api_url: 'http://127.0.0.1:8080/' };

describe('simulator options', () => {
  it('fills sensible defaults', () => {
    expect(simulatorOptions.parse(base)).toMatchObject({
      stations: 3,
      interval_s: 60,
      speed_up: 1,
      station_types: [4],
    });
  });
  it('coerces CLI strings and refuses unknown station types', () => {
    expect(simulatorOptions.parse({ ...base, stations: '250', station_types: ['1', '9'] })).toMatchObject({
      stations: 250,
      station_types: [1, 9],
    });
    expect(simulatorOptions.safeParse({ ...base, station_types: ['2'] }).success).toBe(false);
    expect(simulatorOptions.safeParse({ ...base, stations: 0 }).success).toBe(false);
  });
});
