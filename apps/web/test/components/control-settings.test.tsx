import { control, gridStandardOf } from '@helio/contracts';
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
import { chooseOption } from './support/select.ts';

/**
 * The Settings tab: the device password asked on opening, the demo's read-only view, the grid
 * standard's defaults, the catalogue's check refusing values before anything is sent, a change set
 * sent alone with its key and followed until applied, and a second read refused while one waits.
 */

function renderSettings(view = settingsView()) {
  const api = answerSections(fakeApi()).answer(control.settings, view);
  const rendered = renderScreen(<DeviceSettings sn={SN} zone={UTC} />);
  return { ...rendered, api };
}

const unlocked = () => settingsView({ unlocked_until: UNLOCKED_UNTIL });

function inputValue(element: HTMLElement): string {
  return (element as HTMLInputElement).value;
}

function disabled(element: HTMLElement): boolean {
  return (element as HTMLInputElement | HTMLButtonElement).disabled;
}

async function replace(user: ReturnType<typeof renderSettings>['user'], testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

describe('the device password', () => {
  it('is asked on opening a locked device: wrong says so on the field, right makes the tab editable', async () => {
    const { user, api } = renderSettings();
    const password = await screen.findByTestId('control-unlock-password');
    expect(screen.getByTestId('control-unlock-dialog').textContent).toContain(
      'Please enter the device password',
    );

    api.answer(control.unlock, { refuse: '200905' });
    await user.type(password, 'wrong-one');
    await user.click(screen.getByTestId('control-unlock-submit'));
    expect(await screen.findByText('The password is incorrect.')).toBeTruthy();
    expect(api.sent(control.unlock)[0]?.body).toEqual({ equ_sn: SN, pwd: 'wrong-one' });

    api.answer(control.unlock, { unlocked_until: UNLOCKED_UNTIL });
    await user.clear(password);
    await user.type(password, 'right-one{Enter}');
    await waitFor(() => expect(screen.queryByTestId('control-unlock-dialog')).toBeNull());
    expect((await screen.findByTestId('control-unlocked')).textContent).toContain('Unlocked until 12:30');
    expect(disabled(screen.getByTestId('control-field-export_limit_w'))).toBe(false);
    expect(screen.getByTestId('control-save-export')).toBeTruthy();
  });

  it('asks nothing without the password typed', async () => {
    const { user, api } = renderSettings();
    await screen.findByTestId('control-unlock-password');
    await user.click(screen.getByTestId('control-unlock-submit'));
    expect(await screen.findByText('Please enter the device password')).toBeTruthy();
    expect(api.sent(control.unlock)).toHaveLength(0);
  });

  it('cancelled, leaves the tab read-only with a way to unlock later', async () => {
    const { user } = renderSettings();
    await screen.findByTestId('control-unlock-password');
    await user.click(screen.getByTestId('control-unlock-cancel'));
    await waitFor(() => expect(screen.queryByTestId('control-unlock-dialog')).toBeNull());
    expect(disabled(screen.getByTestId('control-field-export_limit_w'))).toBe(true);
    expect(screen.queryByTestId('control-save-export')).toBeNull();
    await user.click(screen.getByTestId('control-unlock'));
    expect(await screen.findByTestId('control-unlock-dialog')).toBeTruthy();
  });

  it('takes the focus into its field, and gives it back to the button that opened it', async () => {
    const { user } = renderSettings();
    const password = await screen.findByTestId('control-unlock-password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('control-unlock-dialog')).toBeNull());
    const unlock = screen.getByTestId('control-unlock');
    unlock.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('control-unlock-password')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(unlock));
  });

  it('is never asked of the demo account, which sees every value read-only', async () => {
    renderSettings(settingsView({ needs_password: false, writable_groups: [] }));
    expect(await screen.findByTestId('control-read-only')).toBeTruthy();
    expect(screen.queryByTestId('control-unlock-dialog')).toBeNull();
    expect(disabled(screen.getByTestId('control-field-export_limit_w'))).toBe(true);
    expect(disabled(screen.getByTestId('control-field-charge_1_start'))).toBe(true);
    expect(screen.queryByTestId('control-save-grid')).toBeNull();
    expect(screen.queryByTestId('control-unlock')).toBeNull();
    expect(screen.queryByTestId('control-maintenance')).toBeNull();
  });
});

describe('the settings form', () => {
  it("fills another grid standard's defaults into the protection fields before saving", async () => {
    const { user } = renderSettings(unlocked());
    await screen.findByTestId('control-group-grid');
    expect(Number(inputValue(screen.getByTestId('control-field-ov2_v')))).toBe(287.5);
    await chooseOption(
      user,
      within(screen.getByTestId('control-field-grid_standard')).getByRole('combobox'),
      'CEI 0-21',
    );
    const cei = gridStandardOf('CEI_0_21')!;
    expect(Number(inputValue(screen.getByTestId('control-field-ov2_v')))).toBe(cei.settings.ov2_v.default);
    expect(Number(inputValue(screen.getByTestId('control-field-reconnect_delay_s')))).toBe(
      cei.settings.reconnect_delay_s.default,
    );
    expect(screen.getByTestId('control-defaults-filled').textContent).toContain('CEI 0-21');
    // The help under a protection field gives the chosen standard's range.
    expect(screen.getByText('Allowed: 264.5 – 276 V')).toBeTruthy();
  });

  it('refuses a protection value outside the standard’s range on the form, sending nothing', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-group-grid');
    await replace(user, 'control-field-ov2_v', '300');
    await user.click(screen.getByTestId('control-save-grid'));
    expect(
      await screen.findByText('Outside the range allowed for this device and grid standard'),
    ).toBeTruthy();
    expect(api.sent(control.save)).toHaveLength(0);
  });

  it('refuses overlapping charge slots on the form, sending nothing', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-group-battery');
    await replace(user, 'control-field-charge_2_start', '0400');
    await replace(user, 'control-field-charge_2_end', '0600');
    expect(inputValue(screen.getByTestId('control-field-charge_2_start'))).toBe('04:00');
    await user.click(screen.getByTestId('control-save-battery'));
    expect(await screen.findByText('Time slots cannot overlap')).toBeTruthy();
    expect(api.sent(control.save)).toHaveLength(0);
  });

  it('sends only the changed field with a key, then follows the command until it is applied', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-group-export');
    expect(disabled(screen.getByTestId('control-save-export'))).toBe(true);
    const sent = command({ state: 'pending' });
    api
      .answer(control.save, { command_id: sent.command_id, state: 'pending' })
      .answer(control.command, command({ state: 'pending' }));
    await replace(user, 'control-field-export_limit_w', '2500');
    await user.click(screen.getByTestId('control-save-export'));

    await waitFor(() => expect(api.sent(control.save)).toHaveLength(1));
    const body = api.sent(control.save)[0]!.body;
    expect(body).toEqual({ equ_sn: SN, key: expect.any(String), changes: { export_limit_w: 2500 } });
    expect(body.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const progress = await screen.findByTestId('control-command-export');
    expect(progress.getAttribute('data-state')).toBe('pending');
    expect(progress.textContent).toContain('Waiting to be sent to the device.');

    // The device applies it; the values are read again with the new limit.
    api
      .answer(control.command, command({ state: 'succeeded', sent_at: '2025-06-01T10:05:02Z' }))
      .answer(
        control.settings,
        settingsView({ unlocked_until: UNLOCKED_UNTIL, values: { ...readValues, export_limit_w: 2500 } }),
      );
    await waitFor(() => expect(progress.getAttribute('data-state')).toBe('succeeded'));
    expect(progress.textContent).toContain('Applied by the device');
    await waitFor(() => expect(disabled(screen.getByTestId('control-save-export'))).toBe(true));
  });

  it('shows a refusal the device sent back, in its own words', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-group-export');
    const failed = command({ state: 'failed', error: 'refused', message: 'limit above meter rating' });
    api
      .answer(control.save, { command_id: failed.command_id, state: 'pending' })
      .answer(control.command, failed);
    await replace(user, 'control-field-export_limit_w', '2000');
    await user.click(screen.getByTestId('control-save-export'));
    const result = await screen.findByTestId('control-command-export-result');
    expect(result.textContent).toContain('The device did not apply it.');
    expect(result.textContent).toContain('limit above meter rating');
  });

  it('puts the server’s field refusal under its field', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-group-export');
    api.answer(control.save, {
      refuse: '200005',
      issues: [{ path: 'changes.export_limit_w', message: 'validation.aboveRating' }],
    });
    await replace(user, 'control-field-export_limit_w', '2000');
    await user.click(screen.getByTestId('control-save-export'));
    expect(await screen.findByText("Higher than the device's rated power")).toBeTruthy();
  });
});

describe('reading from the device', () => {
  it('says 7005 in words when a second read is asked while one waits', async () => {
    const { user, api } = renderSettings(unlocked());
    await screen.findByTestId('control-read');
    api.answer(control.read, command({ name: 'read' }));
    await user.click(screen.getByTestId('control-read'));
    await waitFor(() => expect(api.sent(control.read)).toHaveLength(1));
    api.answer(control.read, { refuse: '7005' });
    await user.click(screen.getByTestId('control-read'));
    expect((await screen.findByTestId('control-read-error')).textContent).toContain(
      'A query has already been sent. Please wait.',
    );
  });

  it('shows a read under way as waiting for the device, and an offline device’s commands as waiting', async () => {
    renderSettings(unlocked_reading());
    expect((await screen.findByTestId('control-reading')).textContent).toContain('Waiting for the device');
    expect(screen.getByTestId('control-offline').textContent).toContain('expire after 24 h');
  });
});

function unlocked_reading() {
  return settingsView({ unlocked_until: UNLOCKED_UNTIL, reading: 'r-1', status: 'offline' });
}
