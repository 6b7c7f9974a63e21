import { control } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommandLog } from '../../src/features/devices/components/control/command-log.tsx';
import { command, SN, UTC } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';

/** The Log tab: a device's commands with their state in words, filtered by command and state. */

const commands = {
  total: 2,
  list: [
    command({
      command_id: '11111111-1111-4111-8111-111111111111',
      name: 'settings',
      state: 'failed',
      error: 'refused',
      message: 'ov2_v above the device limit',
      params: { grid_standard: 'CEI_0_21', export_limit_enabled: true, export_limit_w: 500 },
    }),
    command({
      command_id: '22222222-2222-4222-8222-222222222222',
      name: 'upgrade',
      state: 'succeeded',
      progress_pct: 100,
      upgrade_status: 2,
      created_by: null,
    }),
  ],
};

describe('the command log', () => {
  it('lists the commands with who asked, their state in words and the device’s reply', async () => {
    const api = fakeApi().answer(control.commands, commands);
    renderScreen(<CommandLog sn={SN} zone={UTC} />);
    const failed = await screen.findByTestId('control-log-row-11111111-1111-4111-8111-111111111111');
    expect(failed.textContent).toContain('Change settings');
    expect(failed.textContent).toContain('installer');
    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('ov2_v above the device limit');
    // what it asked, in words
    const asked = within(failed).getByTestId('control-log-params').textContent;
    expect(asked).toContain('CEI 0-21');
    expect(asked).toContain('Export limit: 500 W');
    expect(asked).toMatch(/: on/);
    const upgrade = screen.getByTestId('control-log-row-22222222-2222-4222-8222-222222222222');
    expect(upgrade.textContent).toContain('Firmware upgrade');
    expect(upgrade.textContent).toContain('Portal');
    expect(upgrade.textContent).toContain('Done');
    expect(api.sent(control.commands)[0]?.body).toEqual({ equ_sn: SN, page: 1, page_size: 10 });
  });

  it('sends the command and state chosen as filters', async () => {
    const api = fakeApi().answer(control.commands, commands);
    const { user } = renderScreen(<CommandLog sn={SN} zone={UTC} />);
    await screen.findByTestId('control-log-row-11111111-1111-4111-8111-111111111111');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Command' }), 'Self-test');
    await waitFor(() =>
      expect(api.sent(control.commands).at(-1)?.body).toEqual({
        equ_sn: SN,
        page: 1,
        page_size: 10,
        name: 'self_test',
      }),
    );
    api.answer(control.commands, { total: 0, list: [] });
    await chooseOption(user, screen.getByRole('combobox', { name: 'State' }), 'Failed');
    await waitFor(() =>
      expect(api.sent(control.commands).at(-1)?.body).toEqual({
        equ_sn: SN,
        page: 1,
        page_size: 10,
        name: 'self_test',
        state: 'failed',
      }),
    );
    expect(await screen.findByTestId('control-log-no-match')).toBeTruthy();
  });

  it('says so when the device has no commands yet', async () => {
    fakeApi().answer(control.commands, { total: 0, list: [] });
    renderScreen(<CommandLog sn={SN} zone={UTC} />);
    expect((await screen.findByTestId('control-log-empty')).textContent).toContain('No commands yet');
  });
});
