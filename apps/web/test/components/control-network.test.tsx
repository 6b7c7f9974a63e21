import { control } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceSettings } from '../../src/features/devices/components/control/device-settings.tsx';
import {
  answerSections,
  command,
  readValues,
  SN,
  settingsView,
  UNLOCKED_UNTIL,
  UTC,
} from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The network section: the link as the device reported it, and the "Configure network" dialog
 * checking a static address by the shared rule before sending it.
 */

function renderNetwork(values: Record<string, unknown> = {}) {
  const api = answerSections(fakeApi()).answer(
    control.settings,
    settingsView({
      unlocked_until: UNLOCKED_UNTIL,
      values: { ...readValues, ...values } as typeof readValues,
    }),
  );
  const rendered = renderScreen(<DeviceSettings sn={SN} zone={UTC} />);
  return { ...rendered, api };
}

async function openDialog(user: ReturnType<typeof renderNetwork>['user']) {
  const opener = await screen.findByTestId('control-network-configure');
  await user.click(opener);
  return { opener, dialog: await screen.findByTestId('control-network-dialog') };
}

/** Turns DHCP off as a user does: the address fields are typed into once they are enabled. */
async function staticAddress(user: ReturnType<typeof renderNetwork>['user']) {
  await user.click(screen.getByTestId('control-network-dhcp'));
  await waitFor(() =>
    expect((screen.getByTestId('control-network-ip') as HTMLInputElement).disabled).toBe(false),
  );
}

describe('the network section', () => {
  it('shows the link, signal and addresses the device reported', async () => {
    renderNetwork();
    const section = await screen.findByTestId('control-group-network');
    expect(within(section).getByTestId('control-value-net_link').textContent).toBe('Ethernet cable');
    expect(within(section).getByTestId('control-value-net_signal_dbm').textContent).toBe('-60 dBm');
    expect(within(section).getByTestId('control-value-net_ip').textContent).toBe('192.168.1.20');
    expect(within(section).getByTestId('control-value-net_dhcp').textContent).toBe('Automatic (DHCP)');
  });

  it('asks for the gateway of a static address before sending anything', async () => {
    const { user, api } = renderNetwork({ net_dhcp: false });
    const { dialog } = await openDialog(user);
    // A static device's form starts from its own addresses.
    expect((screen.getByTestId('control-network-ip') as HTMLInputElement).value).toBe('192.168.1.20');
    const gateway = screen.getByTestId('control-network-gateway');
    await user.clear(gateway);
    await user.click(screen.getByTestId('control-network-submit'));
    expect(within(dialog).queryByText('Please enter an IP address')).toBeNull();
    expect(await screen.findByText('Please enter a gateway')).toBeTruthy();
    expect(api.sent(control.network)).toHaveLength(0);
  });

  it('refuses a gateway outside the address’s subnet on the form', async () => {
    const { user, api } = renderNetwork();
    await openDialog(user);
    await staticAddress(user);
    await user.type(screen.getByTestId('control-network-ip'), '192.168.1.30');
    await user.type(screen.getByTestId('control-network-mask'), '255.255.255.0');
    await user.type(screen.getByTestId('control-network-gateway'), '10.0.0.1');
    await user.type(screen.getByTestId('control-network-dns'), '1.1.1.1');
    const typed = ['ip', 'mask', 'gateway', 'dns'].map(
      (name) => (screen.getByTestId(`control-network-${name}`) as HTMLInputElement).value,
    );
    expect(typed).toEqual(['192.168.1.30', '255.255.255.0', '10.0.0.1', '1.1.1.1']);
    await user.click(screen.getByTestId('control-network-submit'));
    expect(await screen.findByText('The gateway must be in the same subnet as the IP address')).toBeTruthy();
    expect(api.sent(control.network)).toHaveLength(0);
  });

  it('starts a device on DHCP from empty addresses, and names each one missing', async () => {
    const { user, api } = renderNetwork();
    await openDialog(user);
    expect((screen.getByTestId('control-network-ip') as HTMLInputElement).value).toBe('');
    await staticAddress(user);
    await user.click(screen.getByTestId('control-network-submit'));
    expect(await screen.findByText('Please enter an IP address')).toBeTruthy();
    expect(screen.getByText('Please enter a subnet mask')).toBeTruthy();
    expect(screen.getByText('Please enter a DNS server')).toBeTruthy();
    expect(api.sent(control.network)).toHaveLength(0);
  });

  it('sends a static address with a key and follows the device reconnecting, focus back on the button', async () => {
    const { user, api } = renderNetwork({ net_dhcp: false });
    const sent = command({ name: 'network', state: 'sent', sent_at: '2025-06-01T10:05:01Z' });
    api
      .answer(control.network, { command_id: sent.command_id, state: 'pending' })
      .answer(control.command, sent);
    const { opener } = await openDialog(user);
    const ip = screen.getByTestId('control-network-ip');
    await user.clear(ip);
    await user.type(ip, '192.168.1.30');
    await user.click(screen.getByTestId('control-network-submit'));

    await waitFor(() => expect(api.sent(control.network)).toHaveLength(1));
    expect(api.sent(control.network)[0]?.body).toEqual({
      equ_sn: SN,
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      dhcp: false,
      ip: '192.168.1.30',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns: '192.168.1.1',
    });
    await waitFor(() => expect(screen.queryByTestId('control-network-dialog')).toBeNull());
    const progress = await screen.findByTestId('control-command-network');
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('sent'));
    expect(progress.textContent).toContain('The device reconnects.');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
