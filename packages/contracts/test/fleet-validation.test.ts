import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { station } from '../src/api/calls/index.ts';
import { deviceForm, stationForm } from '../src/index.ts';
import { validationCatalogueCodes } from '../src/validation/keys.ts';

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const station1 = {
  station_name: 'Roof',
  station_type: 1,
  country_code: 'PL',
  address: 'ul. X 1',
  latitude: 52.1,
  longitude: 21,
  capacity_kwp: 5,
  unit_price: 0.8,
  currency: 'PLN',
};

describe('stationForm', () => {
  it('trims, upper-cases codes, takes numbers as text and blank optional fields as absent', () => {
    const parsed = stationForm.parse({
      ...station1,
      station_name: ' Roof ',
      station_type: '4',
      country_code: 'pl',
      province_code: 'pl-14',
      latitude: '-33.5',
      capacity_kwp: '0.001',
      city: '',
      timezone: null,
      installer_id: '',
    });
    expect(parsed).toMatchObject({
      station_name: 'Roof',
      station_type: 4,
      country_code: 'PL',
      province_code: 'PL-14',
    });
    expect(parsed).toMatchObject({ latitude: -33.5, capacity_kwp: 0.001 });
    expect(parsed.city).toBeUndefined();
    expect(parsed.installer_id).toBeUndefined();
  });

  it.each([
    [{ station_name: 'x'.repeat(101) }, 'station_name: validation.stationNameLength'],
    [{ latitude: '' }, 'latitude: validation.locationRequired'],
    [{ longitude: 180.0001 }, 'longitude: validation.longitudeRange'],
    [{ capacity_kwp: 1_000_000.001 }, 'capacity_kwp: validation.capacityRange'],
    [{ capacity_kwp: '1e3' }, 'capacity_kwp: validation.capacityRange'],
    [{ commissioning_date: '2024-13-01' }, 'commissioning_date: validation.dateFormat'],
    [{ currency: 'zł' }, 'currency: validation.currencyRequired'],
    [{ photo_id: '../x.png' }, 'photo_id: validation.photoInvalid'],
    [{ station_type: 2 }, 'station_type: validation.stationTypeInvalid'],
  ])('refuses %j', (change, issue) => {
    expect(issues(stationForm, { ...station1, ...change })).toEqual([issue]);
  });

  it('a grid connection before commissioning is refused on the later field', () => {
    const dated = { ...station1, commissioning_date: '2024-05-02', grid_connection_date: '2024-05-01' };
    expect(issues(stationForm, dated)).toEqual(['grid_connection_date: validation.gridBeforeCommissioning']);
    expect(issues(stationForm, { ...dated, grid_connection_date: '2024-05-02' })).toEqual([]);
  });
});

describe('deviceForm', () => {
  const inverter = { station_id: 1, sn: 'INV2024A000123', device_type: 1, model: 'H' };
  it('refuses a malformed SN (4002), one of another type (2002), an unknown type (200301)', () => {
    expect(issues(deviceForm, { ...inverter, sn: 'INV1' })).toEqual(['sn: validation.deviceSnFormat']);
    expect(issues(deviceForm, { ...inverter, device_type: 2 })).toEqual(['sn: validation.deviceSnType']);
    expect(issues(deviceForm, { ...inverter, device_type: 5 })).toEqual([
      'device_type: validation.deviceTypeInvalid',
    ]);
    expect(validationCatalogueCodes['validation.deviceSnFormat']).toBe('4002');
    expect(validationCatalogueCodes['validation.deviceSnType']).toBe('2002');
    expect(validationCatalogueCodes['validation.deviceTypeInvalid']).toBe('200301');
    expect(validationCatalogueCodes['validation.stationTypeInvalid']).toBe('3007');
  });

  it('takes whole bus positions in range only', () => {
    expect(issues(deviceForm, { ...inverter, modbus_address: '247', rs485_position: 32 })).toEqual([]);
    expect(issues(deviceForm, { ...inverter, modbus_address: 1.5 })).toEqual([
      'modbus_address: validation.modbusAddressRange',
    ]);
    expect(issues(deviceForm, { ...inverter, rs485_position: 33 })).toEqual([
      'rs485_position: validation.rs485PositionRange',
    ]);
  });
});

describe('station list columns', () => {
  it('the defaults are known columns, within the limit', () => {
    for (const column of station.defaultStationListColumns)
      expect(station.stationListColumnIds).toContain(column);
    expect(station.defaultStationListColumns.length).toBeLessThanOrEqual(station.MAX_STATION_LIST_COLUMNS);
    expect(station.stationListColumnIds.length).toBeGreaterThan(station.MAX_STATION_LIST_COLUMNS);
  });
});

describe('bounds that keep values inside their columns', () => {
  it('an id beyond PostgreSQL integer and a price of 10 integer digits are refused', () => {
    expect(issues(stationForm, { ...station1, installer_id: 2_147_483_648 })).toEqual([
      'installer_id: validation.invalidValue',
    ]);
    expect(issues(stationForm, { ...station1, installer_id: 2_147_483_647 })).toEqual([]);
    expect(issues(stationForm, { ...station1, unit_price: '1000000000' })).toEqual([
      'unit_price: validation.priceFormat',
    ]);
    expect(issues(stationForm, { ...station1, unit_price: '999999999.9999' })).toEqual([]);
  });
});
