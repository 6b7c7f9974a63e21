import {
  type ChargingForecast,
  type ChargingPlanView,
  type ChargingRecord,
  type ChargingRecordsData,
  type CommandItem,
  charging,
  control,
} from '@helio/contracts';
import { vi } from 'vitest';
import { command } from './control-view.ts';
import type { FakeApi } from './fake-api.ts';

/**
 * A wallbox as the charging calls answer it: charger WB2025000001 of station 12 (in UTC, prices in
 * PLN), online and charging a car at 10 A on one phase by its saved plan (PV surplus, 6–16 A,
 * automatic phases, a 60 kWh car, 20 kWh by 07:00 on workdays), which the charger applied; the
 * forecast of six hours to a 15:30 departure, with PV, the valley and the peak; two sessions on
 * record (one still plugged in), and the end user's rights (no device password).
 */

export const STATION_ID = 12;
export const SN = 'WB2025000001';
export const SN_2 = 'WB2025000002';
export const PLAN_COMMAND = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const NEW_COMMAND = '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

const hour = (h: number) => `2026-11-24T${String(h).padStart(2, '0')}:00:00Z`;

export function forecast(change: Partial<ChargingForecast> = {}): ChargingForecast {
  return {
    mode: 'pv',
    hours: [
      { start: hour(10), planned_kwh: 2.3, pv_kwh: 2.3, expected_pv_kwh: 4.1, band: 'shoulder', price: 0.8 },
      { start: hour(11), planned_kwh: 3.2, pv_kwh: 3.2, expected_pv_kwh: 5, band: 'shoulder', price: 0.8 },
      { start: hour(12), planned_kwh: 3.7, pv_kwh: 3.7, expected_pv_kwh: 5.2, band: 'valley', price: 0.5 },
      { start: hour(13), planned_kwh: 2.5, pv_kwh: 0, expected_pv_kwh: 3.9, band: 'valley', price: 0.5 },
      { start: hour(14), planned_kwh: 2.8, pv_kwh: 0, expected_pv_kwh: 1.5, band: 'peak', price: 1.2 },
      { start: hour(15), planned_kwh: 1.3, pv_kwh: 0, expected_pv_kwh: 0.2, band: 'peak', price: 1.2 },
    ],
    target: { source: 'weekly', departure_at: '2026-11-24T15:30:00Z', need_kwh: 15.8 },
    expected_kwh: 15.8,
    expected_pv_kwh: 9.2,
    expected_cost: 4.35,
    reachable: true,
    shortfall_kwh: 0,
    warnings: [],
    forecast_source: 'provider',
    ...change,
  };
}

type Charger = NonNullable<ChargingPlanView['charger']>;

export function chargerNow(change: Partial<Charger> = {}): Charger {
  return {
    pile_state: 'charging',
    plan_mode: 'pv',
    phases: 1,
    current_limit_a: 10,
    power_w: 2300,
    session_kwh: 4.2,
    target_kwh: 20,
    car_soc_pct: 45,
    remote_hold: false,
    online: true,
    updated_at: '2026-11-24T10:00:00Z',
    ...change,
  };
}

export function planView(change: Partial<ChargingPlanView> = {}): ChargingPlanView {
  return {
    equ_sn: SN,
    device_id: 31,
    station_id: STATION_ID,
    timezone: 'UTC',
    currency: 'PLN',
    plan: {
      mode: 'pv',
      min_current_a: 6,
      max_current_a: 16,
      phases: 'auto',
      car_capacity_kwh: 60,
      weekly: [{ days: [1, 2, 3, 4, 5], departure: '07:00', energy_kwh: 20, soc_pct: null }],
      override: null,
    },
    saved: true,
    updated_at: '2026-11-24T08:00:00Z',
    command: {
      command_id: PLAN_COMMAND,
      state: 'succeeded',
      message: null,
      error: null,
      updated_at: '2026-11-24T08:00:05Z',
    },
    charger: chargerNow(),
    forecast: forecast(),
    has_tariff: true,
    may: { plan: true, start_stop: true, current: true, unlock: false },
    ...change,
  };
}

export function record(change: Partial<ChargingRecord> = {}): ChargingRecord {
  return {
    record_id: 101,
    device_id: 31,
    sn: SN,
    started_at: '2026-11-23T16:00:00Z',
    ended_at: '2026-11-23T20:30:00Z',
    duration_s: 16_200,
    energy_kwh: 16,
    max_power_w: 7400,
    pv_kwh: 10,
    battery_kwh: 2,
    grid_kwh: 4,
    cost: 3.1,
    pv_share_pct: 62.5,
    start: 'plan',
    state: 'ended',
    ...change,
  };
}

/** The station's records: a session still plugged in (not charging) and an ended one. */
export function recordsData(change: Partial<ChargingRecordsData> = {}): ChargingRecordsData {
  return {
    station_id: STATION_ID,
    timezone: 'UTC',
    currency: 'PLN',
    chargers: [{ device_id: 31, sn: SN }],
    total: 2,
    list: [
      record({
        record_id: 102,
        started_at: '2026-11-24T07:00:00Z',
        ended_at: null,
        duration_s: 10_800,
        energy_kwh: 8,
        pv_kwh: 8,
        battery_kwh: 0,
        grid_kwh: 0,
        cost: 0,
        pv_share_pct: 100,
        start: 'remote',
        state: 'plugged',
      }),
      record(),
    ],
    totals: { sessions: 2, energy_kwh: 24, pv_kwh: 18, battery_kwh: 2, grid_kwh: 4, cost: 3.1 },
    months: [
      { month: '2026-11', sessions: 2, energy_kwh: 24, pv_kwh: 18, battery_kwh: 2, grid_kwh: 4, cost: 3.1 },
    ],
    ...change,
  };
}

/** A charging command as api/setting/command answers it. */
export function chargingCommand(change: Partial<CommandItem> = {}): CommandItem {
  return command({ command_id: NEW_COMMAND, name: 'charging_plan', created_by: 'owner', ...change });
}

/** Answers `pending` `waits` times, then `end`. */
export function commandAfter(waits: number, end: Partial<CommandItem>, base: Partial<CommandItem> = {}) {
  let asked = 0;
  return () => chargingCommand({ ...base, ...(asked++ < waits ? { state: 'sent' } : end) });
}

/** The charging sections' read calls answered as above. */
export function answerCharging(api: FakeApi, view: ChargingPlanView = planView()): FakeApi {
  return (
    api
      .answer(charging.plan, view)
      .answer(charging.preview, (body) => forecast({ mode: (body.plan as ChargingPlanView['plan']).mode }))
      .answer(charging.records, recordsData())
      // without a stream of its own, a test's charger refreshes by polling
      .answer(charging.live as never, { refuse: '9001' })
  );
}

export { charging, control };

/**
 * Arrow keys between radios: user-event finds a group's radios with `CSS.escape`, which jsdom
 * lacks (a browser has it); stood in for the test (the setup removes it after).
 */
export function radiosByArrowKeys(): void {
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\\][]/g, '\\$&') });
}
