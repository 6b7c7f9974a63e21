import { ems5000, plant, type StationItem, station } from '@helio/contracts';
import { screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type DeviceAlarmViews, DeviceAlarmViewsContext } from '../../src/features/devices/index.ts';
import { BatteryStationDetailRoute } from '../../src/features/stations/routes/battery-station-detail.tsx';
import { Ems5000StationDetailRoute } from '../../src/features/stations/routes/ems5000-station-detail.tsx';
import { PileStationDetailRoute } from '../../src/features/stations/routes/pile-station-detail.tsx';
import { StationDetailRoute } from '../../src/features/stations/routes/station-detail.tsx';
import { systemData } from './support/ems-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The headings of the station detail screens: the station's name is the one h1, each section a
 * level-2 heading, an EMS 5000's parts level 3 under its console; never a level skipped. The calls a
 * test does not answer fail, and their sections show that; their headings are there all the same.
 */

vi.mock('../../src/lib/echarts.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

function stationItem(extra: Partial<StationItem>): StationItem {
  return {
    station_id: 7,
    station_name: 'Roof A',
    station_type: 4,
    country_code: 'PL',
    province_code: null,
    city: 'Warsaw',
    address: 'ul. Słoneczna 7',
    latitude: 52.23,
    longitude: 21.0111,
    capacity_kwp: 9.6,
    commissioning_date: null,
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
    status: 'online',
    device_count: 1,
    power_w: null,
    today_energy_kwh: null,
    last_update_at: null,
    created_at: '2024-05-01T08:00:00.000Z',
    updated_at: '2024-05-01T08:00:00.000Z',
    ...extra,
  };
}

const energy = {
  pv_kwh: 10,
  consumption_kwh: 8,
  import_kwh: 1,
  export_kwh: 3,
  charge_kwh: 2,
  discharge_kwh: 1,
  ev_kwh: 0,
  generator_kwh: 0,
  self_consumption_pct: 70,
  autarky_pct: 88,
  income: 8.5,
  co2_kg: 5,
  has_data: true,
};

/** The alarm views the app hands to the device screens; not under test here. */
const alarmViews: DeviceAlarmViews = { AlarmCount: () => null, DeviceAlarms: () => null };

/** The station detail frame and its three screens, opened at `path`. */
function showDetail(path: string) {
  return renderScreen(
    <DeviceAlarmViewsContext value={alarmViews}>
      <Routes>
        <Route path="/" element={<Navigate to={path} replace />} />
        <Route path="/station-detail" element={<StationDetailRoute />}>
          <Route path="battery" element={<BatteryStationDetailRoute />} />
          <Route path="pile" element={<PileStationDetailRoute />} />
          <Route path="ems5000" element={<Ems5000StationDetailRoute />} />
        </Route>
      </Routes>
    </DeviceAlarmViewsContext>,
  );
}

/** The levels of the page's headings, in document order. */
function headingLevels(): number[] {
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
    Number(heading.tagName[1]),
  );
}

function expectOneLevelAtATime(levels: number[]): void {
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let index = 1; index < levels.length; index++) {
    expect(levels[index], `heading ${index + 1} of ${levels.join(', ')}`).toBeLessThanOrEqual(
      levels[index - 1]! + 1,
    );
  }
}

describe('the station detail’s headings', () => {
  it('go down one level at a time on a battery station’s screen', async () => {
    fakeApi().answer(station.stationDetail, stationItem({ station_type: 4 }));
    showDetail('/station-detail/battery?station_id=7');
    await screen.findByRole('heading', { level: 1, name: 'Roof A' });
    await screen.findByRole('heading', { level: 2, name: 'Energy and income' });
    const levels = headingLevels();
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(4);
    expectOneLevelAtATime(levels);
  });

  it('go down one level at a time on a wallbox station’s screen', async () => {
    fakeApi().answer(station.stationDetail, stationItem({ station_type: 8 }));
    showDetail('/station-detail/pile?station_id=7');
    await screen.findByRole('heading', { level: 1, name: 'Roof A' });
    await screen.findByRole('heading', { level: 2, name: 'Charging history' });
    expectOneLevelAtATime(headingLevels());
  });

  it('go down one level at a time on an EMS 5000 station’s screen, its parts under their section', async () => {
    fakeApi()
      .answer(station.stationDetail, stationItem({ station_type: 9 }))
      .answer(plant.emsIndex, {
        station_id: 7,
        device_id: 11,
        sn: 'EMS0001',
        status: 'online',
        updated_at: '2024-05-01T08:00:00.000Z',
        parts: [
          { part: 'pcs', state: 2, values: { ac_power_w: 12_000 } },
          { part: 'bms', state: null, values: { soc_pct: 64 } },
        ],
        power: {
          pv_w: 8000,
          generator_w: null,
          grid_w: -1000,
          battery_w: 2000,
          soc_pct: 64,
          load_w: 5000,
          ev_w: null,
        },
        today: energy,
        total: energy,
      })
      .answer(
        ems5000.sysIndex,
        systemData({ station_id: 7, equ_sn: 'EMS0001', parts: systemData().parts.slice(0, 2) }),
      );
    showDetail('/station-detail/ems5000?station_id=7');
    await screen.findByRole('heading', { level: 1, name: 'Roof A' });
    await screen.findByRole('heading', { level: 2, name: /EMS0001/ });
    const parts = await screen.findAllByRole('heading', { level: 3 });
    expect(parts.length).toBe(2);
    expectOneLevelAtATime(headingLevels());
  });
});
