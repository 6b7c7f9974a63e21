import { type CallData, control, firmware } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeviceSettings } from '../../src/features/devices/components/control/device-settings.tsx';
import { answerSections, command, SN, settingsView, UNLOCKED_UNTIL, UTC } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The installer's maintenance of a device: the self-test and its report, debugging with its
 * refusals, restoring the defaults after a warning, upgrade records, refused messages, and setting
 * the device password.
 */

const SELF_TEST_ID = '33333333-3333-4333-8333-333333333333';

/** The self-test's report: one stage passed, one failed. */
const REPORT: CallData<typeof control.selfTestReport> = {
  equ_sn: SN,
  grid_standard: 'CEI_0_21',
  state: 'succeeded',
  message: null,
  started_at: '2025-06-01T10:00:00Z',
  finished_at: '2025-06-01T10:04:00Z',
  passed: false,
  rows: [
    { test: 'ov2', limit: 264.5, limit_s: 0.2, measured: 264.9, trip_s: 0.18, pass: true },
    { test: 'uf1', limit: 49.8, limit_s: 0.1, measured: 49.7, trip_s: 0.16, pass: false },
  ],
};

function renderMaintenance(change: Parameters<typeof settingsView>[0] = {}) {
  const api = answerSections(fakeApi()).answer(
    control.settings,
    settingsView({ unlocked_until: UNLOCKED_UNTIL, self_test: true, ...change }),
  );
  const rendered = renderScreen(<DeviceSettings sn={SN} zone={UTC} />);
  return { ...rendered, api };
}

describe('the maintenance section', () => {
  it('starts a self-test after saying how long it takes, and opens the newest report once it has ended', async () => {
    const { user, api } = renderMaintenance();
    const finished = command({
      command_id: SELF_TEST_ID,
      name: 'self_test',
      state: 'succeeded',
      progress_pct: 100,
    });
    api
      .answer(control.selfTest, { command_id: SELF_TEST_ID, state: 'pending' })
      .answer(control.command, finished)
      .answer(control.selfTestReport, REPORT);
    await user.click(await screen.findByTestId('control-self-test-start'));
    expect((await screen.findByText(/report is mailed to you in about 15 minutes/)).textContent).toContain(
      'takes a few minutes',
    );
    api.answer(control.commands, { total: 1, list: [finished] });
    await user.click(screen.getByTestId('control-self-test-confirm'));
    await waitFor(() =>
      expect(api.sent(control.selfTest)).toEqual([{ path: control.selfTest.path, body: { equ_sn: SN } }]),
    );

    const report = await screen.findByTestId('control-self-test-report');
    await user.click(report);
    const table = await screen.findByTestId('control-report-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Overvoltage stage 2');
    expect(rows[1]?.textContent).toContain('Passed');
    expect(rows[2]?.textContent).toContain('Underfrequency stage 1');
    expect(rows[2]?.textContent).toContain('Failed');
    expect(screen.getByText('At least one test failed')).toBeTruthy();
    expect(api.sent(control.selfTestReport)[0]?.body).toEqual({ command_id: SELF_TEST_ID });
  });

  it('says in words that debugging already runs (8001), and checks the minutes first', async () => {
    const { user, api } = renderMaintenance();
    const minutes = await screen.findByTestId('control-debug-minutes');
    await user.clear(minutes);
    await user.type(minutes, '200');
    await user.click(screen.getByTestId('control-debug-start'));
    expect(screen.getByText('Choose between 5 and 120 minutes')).toBeTruthy();
    expect(api.sent(control.debug)).toHaveLength(0);

    api.answer(control.debug, { refuse: '8001' });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByTestId('control-debug-start'));
    expect((await screen.findByTestId('control-debug-error')).textContent).toContain(
      'Debugging has already started.',
    );
    expect(api.sent(control.debug)[0]?.body).toEqual({ equ_sn: SN, action: 'start', minutes: 45 });
  });

  it('shows a running debug session until when, and stops it', async () => {
    const { user, api } = renderMaintenance({ debug_until: '2099-01-01T11:15:00Z' });
    expect((await screen.findByTestId('control-debug-until')).textContent).toContain('Debugging until 11:15');
    api
      .answer(control.debug, { command_id: SELF_TEST_ID, state: 'pending' })
      .answer(control.command, command());
    await user.click(screen.getByTestId('control-debug-stop'));
    await waitFor(() => expect(api.sent(control.debug)[0]?.body).toEqual({ equ_sn: SN, action: 'stop' }));
  });

  it('restores the default settings only after its warning', async () => {
    const { user, api } = renderMaintenance();
    api
      .answer(control.systemAction, { command_id: SELF_TEST_ID, state: 'pending' })
      .answer(control.command, command({ name: 'restore_defaults' }));
    await user.click(await screen.findByTestId('control-restore'));
    expect(await screen.findByText(/All settings go back to the device's defaults/)).toBeTruthy();
    expect(api.sent(control.systemAction)).toHaveLength(0);
    await user.click(screen.getByTestId('control-restore-confirm'));
    await waitFor(() =>
      expect(api.sent(control.systemAction)[0]?.body).toEqual({ equ_sn: SN, action: 'restore_defaults' }),
    );
  });

  it('lists the upgrade records with their status in words', async () => {
    const { api } = renderMaintenance();
    api.answer(firmware.updateLog, {
      total: 1,
      list: [
        {
          task_id: 3,
          part: 'ARM',
          file: 'hx6k-2.1.0.bin',
          from_version: 'V2.0.0',
          version: 'V2.1.0',
          state: 'failed',
          status: 4,
          progress_pct: null,
          message: null,
          time: '2025-05-30T08:00:00Z',
          created_by: 'installer',
        },
      ],
    });
    const records = await screen.findByTestId('control-upgrades-table');
    await waitFor(() => expect(records.textContent).toContain('CRC error'));
    expect(records.textContent).toContain('hx6k-2.1.0.bin');
  });

  it('shows the refused messages when opened, and says when there are none', async () => {
    const { user, api } = renderMaintenance();
    const panel = await screen.findByTestId('control-diagnostics');
    expect(api.sent(control.diagnostics)).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: /Refused messages/ }));
    expect((await screen.findByTestId('control-diagnostics-empty')).textContent).toContain(
      'No refused messages',
    );
  });
});

/** The address as the screen has left it. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

/** The Settings tab opened from the mailed report's link. */
function renderLinkedReport(change: Parameters<typeof settingsView>[0] = {}) {
  const api = answerSections(fakeApi()).answer(
    control.settings,
    settingsView({ self_test: true, ...change }),
  );
  const rendered = renderScreen(
    <>
      <DeviceSettings sn={SN} zone={UTC} />
      <Address />
    </>,
    { path: `/device/deviceList/detail?device_id=5&tab=settings&report=${SELF_TEST_ID}` },
  );
  return { ...rendered, api };
}

describe('the mailed self-test report’s link', () => {
  it('opens that report with the tab, and leaves the address when closed', async () => {
    const { user, api } = renderLinkedReport({ unlocked_until: UNLOCKED_UNTIL });
    api.answer(control.selfTestReport, REPORT);
    const table = await screen.findByTestId('control-report-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Overvoltage stage 2');
    expect(rows[2]?.textContent).toContain('Underfrequency stage 1');
    expect(rows[2]?.textContent).toContain('Failed');
    expect(screen.getByText('At least one test failed')).toBeTruthy();
    expect(api.sent(control.selfTestReport)[0]?.body).toEqual({ command_id: SELF_TEST_ID });

    await user.click(screen.getByTestId('control-report-close'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?device_id=5&tab=settings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens it after the device password was asked for', async () => {
    const { user, api } = renderLinkedReport();
    api.answer(control.selfTestReport, REPORT);
    await screen.findByTestId('control-unlock-dialog');
    expect(screen.queryByTestId('control-report-dialog')).toBeNull();
    await user.click(screen.getByTestId('control-unlock-cancel'));
    expect(await screen.findByTestId('control-report-table')).toBeTruthy();
    expect(screen.queryByTestId('control-unlock-dialog')).toBeNull();
  });

  it('shows a report the caller may not see (9001) as not loaded', async () => {
    const { api } = renderLinkedReport({ unlocked_until: UNLOCKED_UNTIL });
    api.answer(control.selfTestReport, { refuse: '9001' });
    const dialog = await screen.findByTestId('control-report-dialog');
    expect(await within(dialog).findByText('You do not have permission to do this.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).queryByTestId('control-report-table')).toBeNull();
  });
});

describe('the device password', () => {
  it('is set by its installer, typed twice', async () => {
    const { user, api } = renderMaintenance();
    api.answer(control.setDevicePassword, null);
    await user.click(await screen.findByTestId('control-password-change'));
    await user.type(await screen.findByTestId('control-password-new'), 'new-pass-1');
    await user.type(screen.getByTestId('control-password-again'), 'new-pass-2');
    await user.click(screen.getByTestId('control-password-submit'));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.sent(control.setDevicePassword)).toHaveLength(0);
    await user.clear(screen.getByTestId('control-password-again'));
    await user.type(screen.getByTestId('control-password-again'), 'new-pass-1');
    await user.click(screen.getByTestId('control-password-submit'));
    await waitFor(() =>
      expect(api.sent(control.setDevicePassword)[0]?.body).toEqual({ equ_sn: SN, pwd: 'new-pass-1' }),
    );
    await waitFor(() => expect(screen.queryByTestId('control-password-dialog')).toBeNull());
  });
});
