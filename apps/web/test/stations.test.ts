import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RoleId, type StationItem, station, stationStates, stationTypes } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import { moveColumn, pickerOrder, shownColumns, toggleColumn } from '../src/features/stations/lib/columns.ts';
import { roundCoordinates } from '../src/features/stations/lib/coordinates.ts';
import {
  capacityText,
  energyText,
  placeText,
  powerText,
  priceText,
} from '../src/features/stations/lib/format.ts';
import { photoProblem } from '../src/features/stations/lib/photo.ts';
import { foldForSearch, matchesSearch } from '../src/features/stations/lib/search.ts';
import { addBody, editBody, valuesOfStation } from '../src/features/stations/lib/station-form.ts';
import {
  parseStationId,
  stationAccess,
  stationDetailPath,
  unbindable,
} from '../src/features/stations/lib/stations.ts';
import { mapTilesFrom } from '../src/lib/map-tiles.ts';

function stationItem(extra: Partial<StationItem> = {}): StationItem {
  return {
    station_id: 7,
    station_name: 'Roof A',
    station_type: 4,
    country_code: 'PL',
    province_code: 'PL-14',
    city: 'Warsaw',
    address: 'ul. Słoneczna 7',
    latitude: 52.23,
    longitude: 21.0111,
    capacity_kwp: 9.6,
    commissioning_date: '2024-05-01',
    grid_connection_date: null,
    unit_price: 0.85,
    currency: 'PLN',
    timezone: 'Europe/Warsaw',
    alarm_count: 0,
    photo_id: null,
    photo_url: null,
    installer_id: 3,
    installer_name: 'inst',
    end_user_id: null,
    end_user_name: null,
    status: 'no_device',
    device_count: 0,
    power_w: null,
    today_energy_kwh: null,
    last_update_at: null,
    created_at: '2024-05-01T08:00:00.000Z',
    updated_at: '2024-05-01T08:00:00.000Z',
    ...extra,
  };
}

describe('station addresses', () => {
  it('opens the detail screen of the station type with the station id', () => {
    expect(stationDetailPath({ station_id: 7, station_type: 1 })).toBe(
      '/station-detail/battery?station_id=7',
    );
    expect(stationDetailPath({ station_id: 8, station_type: 6 })).toBe(
      '/station-detail/battery?station_id=8',
    );
    expect(stationDetailPath({ station_id: 9, station_type: 8 })).toBe('/station-detail/pile?station_id=9');
    expect(stationDetailPath({ station_id: 10, station_type: 9 })).toBe(
      '/station-detail/ems5000?station_id=10',
    );
  });

  it('takes only a positive whole station id from the address', () => {
    expect(parseStationId('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', '1e3', 'abc', '99999999999', '2147483648']) {
      expect(parseStationId(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('who may change stations', () => {
  it('lets installers do everything, end users add and edit, the demo account nothing', () => {
    expect(stationAccess({ userId: 12, roleId: RoleId.installer })).toEqual({
      canWrite: true,
      canManage: true,
      isInstaller: true,
    });
    expect(stationAccess({ userId: 13, roleId: RoleId.endUser })).toEqual({
      canWrite: true,
      canManage: false,
      isInstaller: false,
    });
    expect(stationAccess({ userId: 5, roleId: RoleId.installer })).toEqual({
      canWrite: false,
      canManage: false,
      isInstaller: true,
    });
  });

  it('never offers to unbind the last account of a station (3006)', () => {
    expect(unbindable({ installer_id: 3, end_user_id: null })).toEqual({ installer: false, end_user: false });
    expect(unbindable({ installer_id: null, end_user_id: 4 })).toEqual({ installer: false, end_user: false });
    expect(unbindable({ installer_id: 3, end_user_id: 4 })).toEqual({ installer: true, end_user: true });
  });
});

describe('the column picker', () => {
  const { MAX_STATION_LIST_COLUMNS, stationListColumnIds } = station;

  it('keeps the name column and appends new columns', () => {
    expect(toggleColumn(['station_name', 'status'], 'station_name', false)).toEqual([
      'station_name',
      'status',
    ]);
    expect(toggleColumn(['station_name', 'status'], 'status', false)).toEqual(['station_name']);
    expect(toggleColumn(['station_name'], 'city', true)).toEqual(['station_name', 'city']);
    expect(toggleColumn(['station_name', 'city'], 'city', true)).toEqual(['station_name', 'city']);
  });

  it('refuses a column beyond the limit', () => {
    const full = stationListColumnIds.slice(0, MAX_STATION_LIST_COLUMNS);
    const extra = stationListColumnIds[MAX_STATION_LIST_COLUMNS]!;
    expect(toggleColumn(full, extra, true)).toEqual(full);
  });

  it('moves a column within the chosen ones and not past either end', () => {
    const chosen = ['station_name', 'status', 'city'] as const;
    expect(moveColumn(chosen, 'city', -1)).toEqual(['station_name', 'city', 'status']);
    expect(moveColumn(chosen, 'station_name', -1)).toEqual([...chosen]);
    expect(moveColumn(chosen, 'city', 1)).toEqual([...chosen]);
    expect(moveColumn(chosen, 'address', 1)).toEqual([...chosen]);
  });

  it('lists the chosen columns first, then every other one once', () => {
    const order = pickerOrder(['city', 'station_name']);
    expect(order.slice(0, 2)).toEqual(['city', 'station_name']);
    expect([...order].sort()).toEqual([...stationListColumnIds].sort());
  });

  it('shows the saved columns, unknown ones dropped and the name column always there', () => {
    expect(shownColumns(['status', 'gone', 'city'])).toEqual(['station_name', 'status', 'city']);
    expect(shownColumns(['city', 'station_name'])).toEqual(['city', 'station_name']);
    expect(shownColumns(undefined)).toEqual(['station_name']);
  });
});

describe('the station photo check', () => {
  const MB = 1024 * 1024;
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 5 * MB })).toBeUndefined();
    expect(photoProblem({ type: 'image/png', size: 1 })).toBeUndefined();
    expect(photoProblem({ type: 'image/webp', size: 2 * MB })).toBeUndefined();
  });

  it('refuses other types, empty files and larger files', () => {
    expect(photoProblem({ type: 'image/svg+xml', size: 100 })).toBe('type');
    expect(photoProblem({ type: 'image/gif', size: 100 })).toBe('type');
    expect(photoProblem({ type: '', size: 100 })).toBe('type');
    expect(photoProblem({ type: 'image/png', size: 0 })).toBe('empty');
    expect(photoProblem({ type: 'image/jpeg', size: 5 * MB + 1 })).toBe('size');
  });
});

describe('the map picker', () => {
  it('uses a tile template only when it has {z}, {x} and {y}', () => {
    expect(mapTilesFrom('https://t.example/{z}/{x}/{y}.png', ' © OSM ')).toEqual({
      url: 'https://t.example/{z}/{x}/{y}.png',
      attribution: '© OSM',
    });
    expect(mapTilesFrom('', 'x')).toBeNull();
    expect(mapTilesFrom('https://t.example/tiles.png', 'x')).toBeNull();
    expect(mapTilesFrom(undefined, undefined)).toBeNull();
  });

  it('rounds clicked coordinates to 6 decimals and wraps the longitude', () => {
    expect(roundCoordinates(52.2296756789, 21.0122287654)).toEqual({
      latitude: 52.229676,
      longitude: 21.012229,
    });
    expect(roundCoordinates(10, 190)).toEqual({ latitude: 10, longitude: -170 });
    expect(roundCoordinates(10, -190)).toEqual({ latitude: 10, longitude: 170 });
    expect(roundCoordinates(10, 180)).toEqual({ latitude: 10, longitude: 180 });
    expect(roundCoordinates(95, 0)).toEqual({ latitude: 90, longitude: 0 });
  });

  it('finds places without their accents, word by word', () => {
    expect(foldForSearch('Łódź')).toBe('lodz');
    expect(matchesSearch('Český Krumlov', 'cesky')).toBe(true);
    expect(matchesSearch('Český Krumlov', 'krum ces')).toBe(true);
    expect(matchesSearch('Warsaw', 'warsz')).toBe(false);
    expect(matchesSearch('Warsaw', '')).toBe(true);
  });
});

describe('the station form', () => {
  it('sends what the form holds, empty optional fields left out', () => {
    const body = addBody({
      station_name: ' Roof A ',
      station_type: 4,
      country_code: 'pl',
      province_code: null,
      city: '',
      address: 'ul. Słoneczna 7',
      latitude: 52.23,
      longitude: 21.0111,
      capacity_kwp: 9.6,
      commissioning_date: null,
      unit_price: 0.85,
      currency: 'pln',
      timezone: null,
      installer_id: 3,
      end_user_id: null,
    });
    expect(body).toMatchObject({
      station_name: 'Roof A',
      country_code: 'PL',
      currency: 'PLN',
      installer_id: 3,
      capacity_kwp: 9.6,
    });
    expect(body.timezone).toBeUndefined();
    expect(body.province_code).toBeUndefined();
    expect(body.end_user_id).toBeUndefined();
  });

  it('refuses a form without a place on the map', () => {
    expect(() =>
      addBody({
        station_name: 'Roof A',
        station_type: 4,
        country_code: 'PL',
        address: 'x',
        latitude: null,
        longitude: null,
        capacity_kwp: 9.6,
        unit_price: 1,
        currency: 'PLN',
      }),
    ).toThrow();
  });

  it('edits the whole descriptive form of a station, without its bindings', () => {
    const item = stationItem();
    const body = editBody(item.station_id, { ...valuesOfStation(item), installer_id: 99 });
    expect(body).toMatchObject({
      station_id: 7,
      station_name: 'Roof A',
      province_code: 'PL-14',
      timezone: 'Europe/Warsaw',
    });
    expect(body).not.toHaveProperty('installer_id');
    expect(body.grid_connection_date).toBeUndefined();
  });
});

describe('station figures', () => {
  it('shows a gap as --, never 0', () => {
    expect(powerText(null)).toBe('--');
    expect(energyText(undefined)).toBe('--');
    expect(capacityText(null, 'en')).toBe('--');
  });

  it('follows the display rules and the interface language', () => {
    expect(powerText(1500)).toBe('1.50 kW');
    expect(energyText(12_345)).toBe('12.35 MWh');
    expect(capacityText(9.6, 'pl')).toBe('9,6 kWp');
    expect(priceText(0.85, 'EUR', 'en')).toBe('€0.85/kWh');
    expect(priceText(0.8512, 'EURO', 'en')).toBe('0.8512 EURO/kWh');
  });

  it('names the place from the parts a station has', () => {
    expect(placeText(stationItem(), 'Mazowieckie', 'en')).toBe(
      'ul. Słoneczna 7, Warsaw, Mazowieckie, Poland',
    );
    expect(placeText(stationItem({ city: null }), null, 'pl')).toBe('ul. Słoneczna 7, Polska');
  });
});

describe('the station screens’ texts', () => {
  const english = flatten(
    JSON.parse(readFileSync(new URL('../src/locales/stations/en.json', import.meta.url), 'utf8')),
  );
  const main = flatten(JSON.parse(readFileSync(new URL('../src/locales/en.json', import.meta.url), 'utf8')));

  it('has every key the station screens ask for', () => {
    const dir = fileURLToPath(new URL('../src/features/stations/', import.meta.url));
    const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') || file.endsWith('.ts'))
      .map((file) => readFileSync(`${dir}${file}`, 'utf8'));
    const used = new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/t\('((?:stations|pages|common)\.[\w.]+)'/g)].map((m) => m[1]!),
      ),
    );
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !english.has(key) && !main.has(key));
    expect(missing).toEqual([]);
  });

  it('names every station type, status, count and list column', () => {
    const keys = [
      ...stationTypes.map((type) => `stations.type.${type}`),
      ...stationStates.map((status) => `stations.status.${status}`),
      ...['total', 'online', 'offline', 'alarm', 'no_device'].map((key) => `stations.stats.${key}`),
      ...station.stationListColumnIds.map((column) => `stations.column.${column}`),
    ];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});

type Texts = { [key: string]: string | Texts };

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') flat.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix + key}.`)) flat.set(inner, text);
  }
  return flat;
}
