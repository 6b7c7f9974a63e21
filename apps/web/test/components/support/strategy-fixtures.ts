import { type DeviceItem, DeviceType, StationType, type TemplateItem } from '@helio/contracts';
import { screen } from '@testing-library/react';

/** What the strategy screens' tests are given: a TOU template, inverters, and a field's error. */

/** The serial number of test inverter `n` (INVTEST000001, …). */
export const testSn = (n: number) => `INVTEST${String(n).padStart(6, '0')}`;

/** A TOU template as the server lists it: the system one (01:00–05:00 charge, 17:00–21:00 discharge), with `change` laid over it. */
export function touTemplate(change: Partial<TemplateItem> = {}): TemplateItem {
  return {
    template_id: 1,
    kind: 'tou',
    name: 'Time of use (TOU)',
    system: true,
    enabled: true,
    devices: 0,
    updated_at: '2026-11-24T10:00:00Z',
    priority: 'load',
    max_soc_pct: 90,
    min_soc_pct: 10,
    grid_charge: true,
    max_grid_w: null,
    max_consumption_w: null,
    days: [1, 2, 3, 4, 5, 6, 7],
    charge_slots: [{ start: '01:00', end: '05:00', power_w: null, soc_pct: 90 }],
    discharge_slots: [{ start: '17:00', end: '21:00', power_w: null, soc_pct: 10 }],
    manual_power_w: null,
    ...change,
  };
}

/** Test inverter `n` as the device list gives it: online, in the home storage station "Home n". */
export function testInverter(n: number): DeviceItem {
  return {
    device_id: n,
    sn: testSn(n),
    device_type: DeviceType.inverter,
    model: 'HX-6K',
    firmware_version: '1.0.0',
    module_sn: null,
    modbus_address: null,
    rs485_position: null,
    status: 'online',
    alarm_count: 0,
    rated_power_w: 6000,
    active_power_w: 1200,
    today_energy_kwh: 3,
    total_energy_kwh: 300,
    last_update_at: '2026-11-24T10:00:00Z',
    station_id: 100 + n,
    station_name: `Home ${n}`,
    station_type: StationType.residentialEss,
    created_at: '2026-01-01T00:00:00Z',
  };
}

/** The error shown under a field: antd puts it in the field's own help, which the input names. */
export function errorOf(testId: string): string {
  const item = screen.getByTestId(testId).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}
