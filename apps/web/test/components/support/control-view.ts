import {
  type CommandItem,
  control,
  DeviceType,
  firmware,
  gridStandardOf,
  protectionSettingNames,
  type SettingsView,
} from '@helio/contracts';
import type { ShownZone } from '../../../src/features/devices/api/telemetry.ts';
import type { FakeApi } from './fake-api.ts';

/**
 * A device's Settings view as api/setting/device answers it: an inverter following VDE-AR-N 4105
 * with its defaults, one charge slot (01:00–05:00), online, read once, locked by its password.
 */

export const SN = 'INV20250001';
/** Times are shown in UTC, so "until 12:30" is the same wherever the test runs. */
export const UTC: ShownZone = { zone: 'UTC', ofStation: true };

const vde = gridStandardOf('VDE_AR_N_4105')!;
const protection = Object.fromEntries(
  protectionSettingNames.map((name) => [name, vde.settings[name].default]),
);

export const readValues = {
  grid_standard: 'VDE_AR_N_4105',
  ...protection,
  export_limit_enabled: true,
  export_limit_w: 3000,
  active_power_pct: 100,
  reactive_mode: 'off',
  power_factor: 1,
  pf_excitation: 'over',
  charge_1_start: '01:00',
  charge_1_end: '05:00',
  charge_2_start: '00:00',
  charge_2_end: '00:00',
  charge_3_start: '00:00',
  charge_3_end: '00:00',
  discharge_1_start: '18:00',
  discharge_1_end: '22:00',
  discharge_2_start: '00:00',
  discharge_2_end: '00:00',
  discharge_3_start: '00:00',
  discharge_3_end: '00:00',
  charge_stop_soc_pct: 95,
  discharge_stop_soc_pct: 10,
  discharge_stop_v: 44,
  max_charge_w: 3000,
  max_discharge_w: 3000,
  report_interval_s: '300',
  time_zone: 'Europe/Berlin',
  clock_offset_s: 0,
  net_link: 'ethernet',
  net_dhcp: true,
  net_ip: '192.168.1.20',
  net_mask: '255.255.255.0',
  net_gateway: '192.168.1.1',
  net_dns: '192.168.1.1',
  net_signal_dbm: -60,
};

export function settingsView(change: Partial<SettingsView> = {}): SettingsView {
  return {
    equ_sn: SN,
    device_id: 5,
    device_type: DeviceType.inverter,
    rated_power_w: 5000,
    status: 'online',
    groups: ['grid', 'export', 'power', 'battery', 'system', 'network'],
    writable_groups: ['grid', 'export', 'power', 'battery', 'offgrid', 'system', 'network'],
    needs_password: true,
    unlocked_until: null,
    values: readValues,
    read_at: '2025-06-01T10:00:00Z',
    reading: null,
    pending: [],
    last: null,
    debug_until: null,
    self_test: false,
    command_ttl_h: 24,
    ...change,
  };
}

/** Unlocked for this sign-in until 12:30 UTC of a day far ahead. */
export const UNLOCKED_UNTIL = '2099-01-01T12:30:00Z';

export function command(change: Partial<CommandItem> = {}): CommandItem {
  return {
    command_id: '0b9e8f1c-7d8c-4a7b-9d4e-2f1e3c4b5a60',
    name: 'settings',
    state: 'pending',
    progress_pct: null,
    upgrade_status: null,
    message: null,
    error: null,
    params: {},
    created_at: '2025-06-01T10:05:00Z',
    sent_at: null,
    updated_at: '2025-06-01T10:05:00Z',
    expires_at: '2025-06-02T10:05:00Z',
    created_by: 'installer',
    ...change,
  };
}

/** The lists the Settings tab's other sections ask for, answered empty. */
export function answerSections(api: FakeApi): FakeApi {
  return api
    .answer(control.commands, { total: 0, list: [] })
    .answer(firmware.updateLog, { total: 0, list: [] })
    .answer(control.diagnostics, { list: [] });
}
