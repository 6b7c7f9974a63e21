import { device } from '@helio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RotateSecretButton } from '../../src/features/devices/components/rotate-secret-button.tsx';
import { ColumnPicker } from '../../src/features/stations/components/column-picker.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * Where the keyboard's focus goes around the confirmations and popovers of the station and device
 * screens: into them when they open, back to the button that opened them when they close.
 */

const credentials = {
  broker_url: 'mqtt://broker.test:1883',
  client_id: 'INV1',
  username: 'INV1',
  password: 'a'.repeat(32),
  issued_at: '2025-06-01T10:00:00Z',
};

function focused(): Element | null {
  return document.activeElement;
}

describe('the secret rotation', () => {
  it('takes the focus into its confirmation and gives it back to its button on Esc', async () => {
    fakeApi().answer(device.rotateSecret, credentials);
    const { user } = renderScreen(<RotateSecretButton item={{ device_id: 5, sn: 'INV1' }} />);
    const button = screen.getByRole('button', { name: 'New secret' });
    button.focus();
    await user.keyboard('{Enter}');
    // The harmless answer has the focus first.
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(focused()).toBe(button));
  });

  it('gives the focus back to its button once the new credentials are put away', async () => {
    const api = fakeApi().answer(device.rotateSecret, credentials);
    const { user } = renderScreen(<RotateSecretButton item={{ device_id: 5, sn: 'INV1' }} />);
    const button = screen.getByRole('button', { name: 'New secret' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Tab}');
    expect(focused()?.getAttribute('data-testid')).toBe('device-rotate-confirm');
    await user.keyboard('{Enter}');
    const saved = await screen.findByRole('checkbox', { name: /saved/ });
    expect(api.sent(device.rotateSecret)).toHaveLength(1);
    await user.click(saved);
    await user.click(screen.getByTestId('credentials-done'));
    await waitFor(() => expect(screen.queryByTestId('credentials-dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe(button));
  });
});

describe('the station list’s columns popover', () => {
  it('takes the focus on its first column that can change, and gives it back to its button on Esc', async () => {
    fakeApi();
    const { user } = renderScreen(
      <ColumnPicker
        columns={['station_name', 'status', 'power_w']}
        canSave={false}
        onLocalChange={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Columns' });
    button.focus();
    await user.keyboard('{Enter}');
    // The station's name is always shown (its box is disabled): the next column takes the focus.
    await waitFor(() => expect(focused()).toBe(screen.getByRole('checkbox', { name: 'Status' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(focused()).toBe(button));
  });

  it('gives the focus back to its button when the choice is applied', async () => {
    fakeApi();
    let applied: string[] = [];
    const { user } = renderScreen(
      <ColumnPicker
        columns={['station_name', 'status', 'power_w']}
        canSave={false}
        onLocalChange={(columns) => {
          applied = columns;
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Columns' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('checkbox', { name: 'Status' })));
    await user.keyboard(' ');
    await user.click(screen.getByTestId('columns-apply'));
    expect(applied).toEqual(['station_name', 'power_w']);
    await waitFor(() => expect(focused()).toBe(button));
  });
});
