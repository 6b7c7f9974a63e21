import { DeviceType, StationType } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  busConflicts,
  deviceAddBody,
  deviceFormFields,
  deviceRefusalProblems,
  deviceTypeChoices,
  MODBUS_TAKEN_KEY,
  ratedPowerWatts,
  stationFull,
  wholeNumberIn,
} from '../src/features/devices/lib/device-form.ts';
import { energyText, plainText, powerText } from '../src/features/devices/lib/figures.ts';
import {
  changeDeviceFilters,
  defaultDeviceFilters,
  deviceListBody,
  isFiltered,
  readDeviceFilters,
  writeDeviceFilters,
} from '../src/features/devices/lib/filters.ts';
import {
  DEVICE_LIST_PATH,
  deviceDetailPath,
  readDetailTab,
  readDeviceId,
  stationDetailPath,
} from '../src/features/devices/lib/paths.ts';
import { deviceTypeFromSn, snInput, snProblem } from '../src/features/devices/lib/sn.ts';
import { selectedMenuPath } from '../src/lib/menu.ts';

describe('the SN box', () => {
  it('upper-cases what is typed and drops blanks', () => {
    expect(snInput('inv 2024a000123 ')).toBe('INV2024A000123');
    expect(snInput('\tbat\n0000000001')).toBe('BAT0000000001');
    expect(snInput(undefined)).toBe('');
  });

  it('says 4002 for a blank or malformed SN, as the server does', () => {
    expect(snProblem('', DeviceType.inverter)).toBe('4002');
    expect(snProblem(undefined, undefined)).toBe('4002');
    expect(snProblem('INV123', DeviceType.inverter)).toBe('4002'); // body too short
    expect(snProblem(`INV${'1'.repeat(17)}`, DeviceType.inverter)).toBe('4002'); // too long
    expect(snProblem('XYZ2024A000123', DeviceType.inverter)).toBe('4002'); // no such prefix
    expect(snProblem('INV2024-000123', DeviceType.inverter)).toBe('4002');
  });

  it('says 2002 for a well-formed SN of another type than the chosen one', () => {
    expect(snProblem('BAT2024A000123', DeviceType.inverter)).toBe('2002');
    expect(snProblem('MTR2024A000123', DeviceType.chargingPile)).toBe('2002');
  });

  it('accepts an SN of the chosen type, or of any type while none is chosen', () => {
    expect(snProblem('INV2024A000123', DeviceType.inverter)).toBeUndefined();
    expect(snProblem(' inv2024a000123 ', DeviceType.inverter)).toBeUndefined();
    expect(snProblem('EVC0000000001', undefined)).toBeUndefined();
    expect(snProblem(`DLG${'Z'.repeat(16)}`, DeviceType.dataLogger)).toBeUndefined();
  });

  it('proposes the type an SN names, when the station takes it', () => {
    const accepted = [DeviceType.inverter, DeviceType.meter];
    expect(deviceTypeFromSn('MTR2024A000123', accepted)).toBe(DeviceType.meter);
    expect(deviceTypeFromSn('BAT2024A000123', accepted)).toBeUndefined();
    expect(deviceTypeFromSn('INV12', accepted)).toBeUndefined();
  });
});

describe('the register form', () => {
  it('reads the rated power in kW as whole W, with a point or a comma', () => {
    expect(ratedPowerWatts('5')).toBe(5000);
    expect(ratedPowerWatts('12.5')).toBe(12_500);
    expect(ratedPowerWatts('5,5')).toBe(5500);
    expect(ratedPowerWatts('0.001')).toBe(1);
    expect(ratedPowerWatts('4.999')).toBe(4999);
    expect(ratedPowerWatts(' 0 ')).toBe(0);
    expect(ratedPowerWatts('1000000')).toBe(1_000_000_000);
    expect(ratedPowerWatts('')).toBeUndefined();
    expect(ratedPowerWatts(undefined)).toBeUndefined();
  });

  it('refuses a rated power that is not 0…1,000,000 kW with at most 3 decimals', () => {
    for (const text of ['1000000.001', '1000001', '-1', '1.2345', 'abc', '1e3', '5 kW', '.5', '5.']) {
      expect(ratedPowerWatts(text), text).toBeNull();
    }
  });

  it('reads bus places as whole numbers in their range', () => {
    const modbus = { min: 1, max: 247 };
    expect(wholeNumberIn('1', modbus)).toBe(1);
    expect(wholeNumberIn('247', modbus)).toBe(247);
    expect(wholeNumberIn(' ', modbus)).toBeUndefined();
    for (const text of ['0', '248', '1.5', '-3', 'x', '1e2'])
      expect(wholeNumberIn(text, modbus), text).toBeNull();
  });

  it('builds the body of api/device/add, leaving blank optional fields out', () => {
    expect(
      deviceAddBody(
        {
          station_id: 99,
          device_type: DeviceType.inverter,
          sn: ' inv2024a000123 ',
          model: ' H-5000 ',
          firmware_version: '  ',
          module_sn: 'WIFI-1',
          modbus_address: '',
          rs485_position: '3',
          rated_power_kw: '5,5',
          settings_pwd: '   ',
        },
        7,
      ),
    ).toEqual({
      station_id: 7,
      sn: 'INV2024A000123',
      device_type: DeviceType.inverter,
      model: 'H-5000',
      firmware_version: undefined,
      module_sn: 'WIFI-1',
      modbus_address: undefined,
      rs485_position: 3,
      rated_power_w: 5500,
      settings_pwd: undefined,
    });
  });

  it('sends a typed settings password as typed, spaces and all', () => {
    const body = deviceAddBody({ sn: 'INV2024A000123', model: 'H-5000', settings_pwd: ' pass word ' }, 7);
    expect(body.settings_pwd).toBe(' pass word ');
  });

  it('finds the bus places another device of the station already has', () => {
    const fleet = [
      { modbus_address: 1, rs485_position: null },
      { modbus_address: null, rs485_position: 4 },
    ];
    expect(busConflicts({ modbus_address: '1', rs485_position: '4' }, fleet)).toEqual({
      modbus_address: true,
      rs485_position: true,
    });
    expect(busConflicts({ modbus_address: '2', rs485_position: '' }, fleet)).toEqual({
      modbus_address: false,
      rs485_position: false,
    });
  });
});

describe('what a station can still take', () => {
  it('offers only the device types of the station type', () => {
    expect(deviceTypeChoices(StationType.onGrid, [])).toEqual([
      { deviceType: DeviceType.inverter },
      { deviceType: DeviceType.meter },
      { deviceType: DeviceType.dataLogger },
    ]);
  });

  it('marks a second meter (6004) and a used one-device station (3004)', () => {
    expect(deviceTypeChoices(StationType.onGrid, [DeviceType.meter])).toContainEqual({
      deviceType: DeviceType.meter,
      refusal: '6004',
    });
    const wallbox = deviceTypeChoices(StationType.wallbox, [DeviceType.chargingPile]);
    expect(wallbox).toEqual([{ deviceType: DeviceType.chargingPile, refusal: '3004' }]);
    expect(stationFull(wallbox)).toBe('3004');
  });

  it('marks every type of a full station (200308)', () => {
    const full = deviceTypeChoices(StationType.commercialEss, Array(32).fill(DeviceType.battery));
    expect(full.every((choice) => choice.refusal === '200308' || choice.refusal === '6004')).toBe(true);
    expect(stationFull(deviceTypeChoices(StationType.onGrid, Array(32).fill(DeviceType.inverter)))).toBe(
      '200308',
    );
    expect(stationFull(deviceTypeChoices(StationType.onGrid, [DeviceType.meter]))).toBeUndefined();
    expect(stationFull([])).toBeUndefined();
  });
});

describe('refusals of api/device/add in the dialog', () => {
  const all = deviceFormFields;
  const values = { modbus_address: '3', rs485_position: '5' };

  it('puts the SN codes under the SN', () => {
    for (const code of ['4002', '2002', '2001', '200306']) {
      expect(deviceRefusalProblems(code, [], all, values, [])).toEqual([
        { field: 'sn', namespace: 'errors', key: code },
      ]);
    }
  });

  it('puts 200307 under the bus place that is taken, or under both typed ones', () => {
    expect(
      deviceRefusalProblems('200307', [], all, values, [{ modbus_address: 3, rs485_position: 1 }]),
    ).toEqual([{ field: 'modbus_address', namespace: 'translation', key: MODBUS_TAKEN_KEY }]);
    expect(
      deviceRefusalProblems('200307', [], all, values, [{ modbus_address: 9, rs485_position: 5 }]),
    ).toEqual([{ field: 'rs485_position', namespace: 'errors', key: '200307' }]);
    expect(deviceRefusalProblems('200307', [], all, { rs485_position: '5' }, [])).toEqual([
      { field: 'rs485_position', namespace: 'errors', key: '200307' },
    ]);
    expect(deviceRefusalProblems('200307', [], all, values, []).map((problem) => problem.field)).toEqual([
      'modbus_address',
      'rs485_position',
    ]);
  });

  it('puts the issues of a refused body under their fields, an SN issue in the catalogue’s words', () => {
    expect(
      deviceRefusalProblems(
        '200005',
        [
          { path: 'sn', message: 'validation.deviceSnType' },
          { path: 'rated_power_w', message: 'validation.ratedPowerRange' },
          { path: 'model', message: 'validation.modelRequired' },
          { path: 'model', message: 'validation.textTooLong' },
          { path: 'unknown', message: 'validation.invalidValue' },
        ],
        all,
        {},
        [],
      ),
    ).toEqual([
      { field: 'sn', namespace: 'errors', key: '2002' },
      { field: 'rated_power_kw', namespace: 'validation', key: 'validation.ratedPowerRange' },
      { field: 'model', namespace: 'validation', key: 'validation.modelRequired' },
    ]);
  });

  it('leaves station-wide refusals and fields the dialog lacks to the API client’s message', () => {
    for (const code of ['3004', '200308', '9001', 'network']) {
      expect(deviceRefusalProblems(code, [], all, values, [])).toEqual([]);
    }
    const withoutStation = all.filter((field) => field !== 'station_id');
    expect(
      deviceRefusalProblems(
        '200005',
        [{ path: 'station_id', message: 'validation.invalidValue' }],
        withoutStation,
        {},
        [],
      ),
    ).toEqual([]);
    expect(deviceRefusalProblems('6004', [], all, values, [])).toEqual([
      { field: 'device_type', namespace: 'errors', key: '6004' },
    ]);
  });
});

describe('the device list’s filters in the address', () => {
  const read = (query: string) => readDeviceFilters(new URLSearchParams(query));

  it('reads nothing as every device, first page', () => {
    expect(read('')).toEqual(defaultDeviceFilters);
    expect(writeDeviceFilters(defaultDeviceFilters).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const query = 'device_type=6&status=alarm&station_id=42&sn=INV20&page=3&page_size=50';
    const filters = read(query);
    expect(filters).toEqual({
      deviceType: DeviceType.meter,
      status: 'alarm',
      stationId: 42,
      keyword: 'INV20',
      page: 3,
      pageSize: 50,
    });
    expect(writeDeviceFilters(filters).toString()).toBe(query);
    expect(deviceListBody(filters)).toEqual({
      page: 3,
      page_size: 50,
      device_type: 6,
      status: 'alarm',
      station_id: 42,
      keyword: 'INV20',
    });
    expect(isFiltered(filters)).toBe(true);
  });

  it('drops values the list cannot use', () => {
    expect(read('device_type=5&status=broken&station_id=-1&page=0&page_size=7')).toEqual(
      defaultDeviceFilters,
    );
    expect(read('device_type=1.0&station_id=07&page=2.5&page_size=1e2')).toEqual(defaultDeviceFilters);
    expect(read('station_id=99999999999').stationId).toBeUndefined();
    expect(read(`sn=${'A'.repeat(80)}`).keyword).toHaveLength(64);
    expect(read('sn=%20%20').keyword).toBe('');
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const current = read('status=online&page=4');
    expect(changeDeviceFilters(current, { page: 5 }).page).toBe(5);
    expect(changeDeviceFilters(current, { deviceType: DeviceType.battery })).toEqual({
      ...current,
      deviceType: DeviceType.battery,
      page: 1,
    });
    const cleared = changeDeviceFilters(current, { status: undefined, keyword: '  ' });
    expect(cleared).toEqual({ keyword: '', page: 1, pageSize: 10 });
    expect('status' in cleared).toBe(false);
    expect(changeDeviceFilters(current, { pageSize: 20 })).toMatchObject({ page: 1, pageSize: 20 });
  });
});

describe('device addresses', () => {
  it('links to a device’s detail and reads it back', () => {
    expect(deviceDetailPath(12)).toBe('/device/deviceList/detail?device_id=12');
    expect(deviceDetailPath(12, 'history')).toBe('/device/deviceList/detail?device_id=12&tab=history');
    const search = new URLSearchParams('device_id=12&tab=history');
    expect(readDeviceId(search)).toBe(12);
    expect(readDetailTab(search)).toBe('history');
    expect(readDetailTab(new URLSearchParams('tab=nope'))).toBe('basic');
    for (const id of ['', 'abc', '0', '-1', '1.5', '99999999999']) {
      expect(readDeviceId(new URLSearchParams({ device_id: id })), id).toBeUndefined();
    }
  });

  it('highlights "Devices" in the menu on a device’s detail', () => {
    const menu = [
      { menu_id: 'dashboard', path: '/dashboard' },
      { menu_id: 'deviceList', path: DEVICE_LIST_PATH },
    ];
    expect(selectedMenuPath(menu, new URL(deviceDetailPath(3), 'http://x').pathname)).toBe(DEVICE_LIST_PATH);
  });

  it('links to the detail screen of the station’s kind', () => {
    expect(stationDetailPath(5, StationType.residentialEss)).toBe('/station-detail/battery?station_id=5');
    expect(stationDetailPath(6, StationType.wallbox)).toBe('/station-detail/pile?station_id=6');
    expect(stationDetailPath(7, StationType.commercialEss)).toBe('/station-detail/ems5000?station_id=7');
  });
});

describe('device figures', () => {
  it('shows a missing figure as "--", never as 0', () => {
    expect(powerText(null)).toBe('--');
    expect(energyText(null)).toBe('--');
    expect(plainText(null)).toBe('--');
    expect(plainText('  ')).toBe('--');
  });

  it('shows figures in the units of the display rules', () => {
    expect(powerText(5000)).toBe('5.00 kW');
    expect(powerText(0)).toBe('0.00 kW');
    expect(powerText(2_500_000)).toBe('2.50 MW');
    expect(energyText(12.34)).toBe('12.3 kWh');
    expect(energyText(12_345)).toBe('12.35 MWh');
    expect(plainText(0)).toBe('0');
    expect(plainText(247)).toBe('247');
  });
});
