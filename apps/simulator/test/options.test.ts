import { DeviceType, StationType } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli.ts';
import { simulatorOptions } from '../src/options.ts';
import { fleetFile, stationsFromFile } from '../src/runtime/provision.ts';

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

describe('outage options', () => {
  it('none by default; --outage-rate and --outage-minutes reach the C&I plants of a fleet file', () => {
    expect(parseCommandLine(['--devices', 'f.json'])).toMatchObject({
      options: { outage_rate: 0, outage_minutes: 90 },
    });
    expect(
      parseCommandLine(['--devices', 'f.json', '--outage-rate', '1.5', '--outage-minutes', '45']),
    ).toMatchObject({ options: { outage_rate: 1.5, outage_minutes: 45 } });
    expect(parseCommandLine(['--devices', 'f.json', '--outage-rate', '-1'])).toMatchObject({
      error: expect.stringContaining('--outage-rate'),
    });
    const file = {
      stations: [StationType.commercialEss, StationType.residentialEss].map((type, index) => ({
        key: `s${index}`,
        station_type: type,
        latitude: 48.1,
        longitude: 11.6,
        time_zone: 'Europe/Berlin',
        devices: [{ sn: `SN${index}`, device_type: DeviceType.dataLogger, password: 'x' }],
      })),
    };
    const [commercial, residential] = stationsFromFile(fleetFile.parse(file), 1, Date.UTC(2025, 0, 1), {
      gridOutagesPerDay: 2,
      gridOutageMinutes: 30,
    });
    expect(commercial!.plant.config.gridOutages).toEqual({ perDay: 2, meanMinutes: 30 });
    expect(residential!.plant.config.gridOutages).toBeUndefined();
    const plain = stationsFromFile(fleetFile.parse(file), 1, Date.UTC(2025, 0, 1));
    expect(plain[0]!.plant.config.gridOutages).toEqual({ perDay: 0, meanMinutes: 90 });
  });
});

describe('upgrade options', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  const other = Buffer.alloc(32, 9).toString('base64');

  it('take the maker keys from --firmware-keys or FIRMWARE_KEYS, and the failure kinds from a list', () => {
    expect(
      parseCommandLine([
        '--devices',
        'f.json',
        '--firmware-keys',
        `${key},${other}`,
        '--upgrade-failures',
        'crc,fetch',
      ]),
    ).toMatchObject({ options: { firmware_keys: [key, other], upgrade_failures: ['crc', 'fetch'] } });
    expect(parseCommandLine(['--devices', 'f.json'], { FIRMWARE_KEYS: ` ${key}, ${other} ` })).toMatchObject({
      options: { firmware_keys: [key, other] },
    });
    expect(parseCommandLine(['--devices', 'f.json'])).toMatchObject({
      options: { firmware_keys: [], upgrade_failure_rate: 0.1 },
    });
  });

  it('refuse a key that is not 32 bytes and a failure kind there is not', () => {
    expect(parseCommandLine(['--devices', 'f.json', '--firmware-keys', 'c2hvcnQ='])).toMatchObject({
      error: expect.stringContaining('--firmware-keys'),
    });
    expect(parseCommandLine(['--devices', 'f.json', '--upgrade-failures', 'crc,meteor'])).toMatchObject({
      error: expect.stringContaining('--upgrade-failures'),
    });
  });
});
