import { type CallData, DeviceType, device, StationType } from '@helio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceRegisterDialog } from '../../src/features/devices/components/device-register-dialog.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The device registration dialog on a station: its optional settings password, checked with the
 * call's own rule and sent only when typed.
 */

const SN = 'INV2024A000123';

const registered: CallData<typeof device.add> = {
  device_id: 11,
  sn: SN,
  device_type: DeviceType.inverter,
  model: 'H-5000',
  firmware_version: null,
  module_sn: null,
  modbus_address: null,
  rs485_position: null,
  status: 'offline',
  alarm_count: 0,
  rated_power_w: null,
  active_power_w: null,
  today_energy_kwh: null,
  total_energy_kwh: null,
  last_update_at: null,
  station_id: 7,
  station_name: 'Home',
  station_type: StationType.onGrid,
  created_at: '2025-06-01T10:00:00Z',
  credentials: {
    broker_url: 'mqtt://broker.test:1883',
    client_id: SN,
    username: SN,
    password: 'a'.repeat(32),
    issued_at: '2025-06-01T10:00:00Z',
  },
};

function renderRegistration() {
  const api = fakeApi().answer(device.list, { total: 0, list: [] }).answer(device.add, registered);
  const rendered = renderScreen(
    <DeviceRegisterDialog
      open
      onClose={() => undefined}
      station={{ station_id: 7, station_type: StationType.onGrid, station_name: 'Home' }}
    />,
  );
  return { ...rendered, api };
}

/** Types the required fields: the SN (which chooses the inverter type) and the model. */
async function fillRequired(user: ReturnType<typeof renderScreen>['user']) {
  await user.type(await screen.findByTestId('device-sn'), SN);
  await user.type(screen.getByTestId('device-model'), 'H-5000');
}

describe('the registration’s settings password', () => {
  it('says what it is for and that blank means the tree’s, and is left out of the call when blank', async () => {
    const { user, api } = renderRegistration();
    const field = await screen.findByTestId('device-field-settings_pwd');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Device password')).toBe(field);
    expect(
      screen.getByText(/Leave it blank to use the default device password of your installer tree/),
    ).toBeTruthy();

    await fillRequired(user);
    await user.click(screen.getByTestId('device-submit'));
    await waitFor(() => expect(api.sent(device.add)).toHaveLength(1));
    expect(api.sent(device.add)[0]?.body).not.toHaveProperty('settings_pwd');
  });

  it('is checked with the call’s own rule, then sent as typed', async () => {
    const { user, api } = renderRegistration();
    await fillRequired(user);
    const field = screen.getByTestId('device-field-settings_pwd');
    await user.type(field, 'abc');
    await user.click(screen.getByTestId('device-submit'));
    expect(await screen.findByText('The password cannot be shorter than 6 characters')).toBeTruthy();
    expect(api.sent(device.add)).toHaveLength(0);

    await user.type(field, ' def');
    await user.click(screen.getByTestId('device-submit'));
    await waitFor(() => expect(api.sent(device.add)).toHaveLength(1));
    expect(api.sent(device.add)[0]?.body).toMatchObject({ sn: SN, settings_pwd: 'abc def' });
  });
});
