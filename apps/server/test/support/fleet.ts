import { type DeviceCredentials, type DeviceItem, device, type StationItem, station } from '@helio/contracts';
import { uniqueName } from './accounts.ts';
import type { TestServer } from './server.ts';

/** A complete station form (a residential ESS in Warsaw) with `overrides` on top. */
export function stationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    station_name: uniqueName('Station'),
    station_type: 4,
    country_code: 'PL',
    province_code: 'PL-14',
    city: 'Warszawa',
    address: 'ul. Marszałkowska 1',
    latitude: 52.2297,
    longitude: 21.0122,
    capacity_kwp: 9.5,
    unit_price: 0.85,
    currency: 'PLN',
    ...overrides,
  };
}

/** Adds a station through bg/station/add and answers it; fails the test when refused. */
export async function addStation(
  server: TestServer,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<StationItem> {
  const answer = await server.call(station.add, stationForm(overrides), token);
  if (answer.body.code !== 1) throw new Error(`station add failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as StationItem;
}

let snCounter = 0;
/** An SN of the given type prefix, unique within the test run (prefix + 12 characters). */
export function uniqueSn(prefix = 'INV'): string {
  snCounter += 1;
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return `${prefix}${random}${String(snCounter).padStart(8, '0')}`;
}

/** SN prefixes by device type, for the helpers. */
const prefixOf: Record<number, string> = {
  1: 'INV',
  2: 'BAT',
  3: 'OFG',
  4: 'EVC',
  6: 'MTR',
  7: 'CHY',
  8: 'EMS',
  9: 'DLG',
};

/** A complete device form for a station, an inverter unless `device_type` says otherwise. */
export function deviceForm(
  stationId: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const deviceType = (overrides.device_type as number | undefined) ?? 1;
  return {
    station_id: stationId,
    sn: uniqueSn(prefixOf[deviceType]),
    device_type: deviceType,
    model: 'H-5000',
    ...overrides,
  };
}

/**
 * Registers a device through api/device/add and answers it with the credentials issued once;
 * fails the test when refused.
 */
export async function registerDevice(
  server: TestServer,
  token: string,
  stationId: number,
  overrides: Record<string, unknown> = {},
): Promise<DeviceItem & { credentials: DeviceCredentials }> {
  const answer = await server.call(device.add, deviceForm(stationId, overrides), token);
  if (answer.body.code !== 1) throw new Error(`device add failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as DeviceItem & { credentials: DeviceCredentials };
}

/** Registers a device and answers it as the list and detail show it (without its credentials). */
export async function addDevice(
  server: TestServer,
  token: string,
  stationId: number,
  overrides: Record<string, unknown> = {},
): Promise<DeviceItem> {
  const { credentials: _shownOnce, ...item } = await registerDevice(server, token, stationId, overrides);
  return item;
}
