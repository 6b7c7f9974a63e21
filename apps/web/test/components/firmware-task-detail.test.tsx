import { firmware } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UpgradeTaskDetailRoute } from '../../src/features/firmware/routes/upgrade-task-detail.tsx';
import { expectAccessible } from './support/accessible.ts';
import { fakeApi } from './support/fake-api.ts';
import { taskItem, taskRow } from './support/firmware-fixtures.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';

/**
 * One upgrade task's page: its state and stage, its rows by SPEC §4 status with a colour and a
 * progress bar while a device flashes, why a queued row waits; Pause and Resume as its state
 * allows, Cancel after a question; rows filtered by status.
 */

const rows = [
  taskRow({ equ_sn: 'INV20250001', status: 1, progress_pct: 40 }),
  taskRow({
    equ_sn: 'INV20250002',
    state: 'succeeded',
    status: 2,
    progress_pct: 100,
    finished_at: '2025-06-01T10:04:00Z',
  }),
  taskRow({ equ_sn: 'INV20250003', state: 'failed', status: 4, progress_pct: null, message: 'CRC mismatch' }),
  taskRow({
    equ_sn: 'INV20250004',
    stage: 1,
    state: 'queued',
    status: null,
    progress_pct: null,
    waiting_for: 'online',
    sent_at: null,
  }),
];

function renderDetail() {
  let state: 'running' | 'paused' = 'running';
  const api = fakeApi()
    .answer(
      firmware.taskDetail,
      () => taskItem({ state, pause_reason: state === 'paused' ? 'manual' : null, rows } as never) as never,
    )
    .answer(firmware.taskPause, () => {
      state = 'paused';
      return null;
    })
    .answer(firmware.taskResume, () => {
      state = 'running';
      return null;
    })
    .answer(firmware.taskCancel, null);
  const rendered = renderScreen(
    <Routes>
      <Route path="/upgrade/tasks/:taskId" element={<UpgradeTaskDetailRoute />} />
    </Routes>,
    { path: '/upgrade/tasks/5' },
  );
  return { ...rendered, api };
}

const row = (sn: string) => screen.getByTestId(`upgrade-row-${sn}-ARM`);

describe('an upgrade task’s page', () => {
  it('shows the stage, the counts per status and each device’s status in words', async () => {
    const { api } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'HX6K to 2.2' })).toBeTruthy();
    expect(api.sent(firmware.taskDetail)[0]?.body).toEqual({ task_id: 5 });
    expect(screen.getByTestId('upgrade-task-stage').textContent).toBe('Canary group, then 2 batches');
    const summary = screen.getByTestId('upgrade-task-summary');
    expect(summary.textContent).toContain('Running');
    expect(screen.getByTestId('firmware-status-count-4').textContent).toBe('CRC error 1');
    expect(screen.getByTestId('firmware-status-count-2').textContent).toBe('Completed 1');

    const flashing = within(row('INV20250001')).getByRole('progressbar', {
      name: 'Upgrade progress of INV20250001 ARM',
    });
    expect(flashing.getAttribute('aria-valuenow')).toBe('40');
    expect(row('INV20250001').textContent).toContain('V2.1.0 → V2.2.0');
    expect(row('INV20250003').textContent).toContain('CRC error');
    expect(row('INV20250003').textContent).toContain('CRC mismatch');
    expect(row('INV20250003').querySelector('[data-status="4"]')?.className).toContain('error');
    expect(row('INV20250002').querySelector('[data-status="2"]')?.className).toContain('success');
    expect(row('INV20250004').textContent).toContain('The device is offline');
    expect(row('INV20250004').textContent).toContain('Not sent yet');
    await expectAccessible(screen.getByTestId('upgrade-task-detail'), 'the task’s page');
  });

  it('filters the rows by status', async () => {
    const { user } = renderDetail();
    await screen.findByTestId('upgrade-row-table');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Show devices with status' }), 'CRC error');
    await waitFor(() => expect(screen.queryByTestId('upgrade-row-INV20250001-ARM')).toBeNull());
    expect(row('INV20250003')).toBeTruthy();
  });

  it('pauses and resumes the task, and cancels it after a question', async () => {
    const { user, api } = renderDetail();
    await user.click(await screen.findByTestId('upgrade-task-pause'));
    await waitFor(() => expect(api.sent(firmware.taskPause)[0]?.body).toEqual({ task_id: 5 }));
    // the page asks again at once and shows the task paused, by its installer, with Resume
    const resume = await screen.findByTestId('upgrade-task-resume');
    expect(screen.queryByTestId('upgrade-task-pause')).toBeNull();
    expect(screen.getByTestId('upgrade-task-summary').textContent).toContain('Paused');
    expect(screen.getByTestId('upgrade-task-summary').textContent).toContain('by its installer');
    await user.click(resume);
    await waitFor(() => expect(api.sent(firmware.taskResume)).toHaveLength(1));
    await screen.findByTestId('upgrade-task-pause');

    await user.click(screen.getByTestId('upgrade-task-cancel-task'));
    const question = await screen.findByTestId('upgrade-task-cancel-confirm');
    expect(question.textContent).toContain('not yet asked are not upgraded');
    expect(api.sent(firmware.taskCancel)).toHaveLength(0);
    await user.click(screen.getByTestId('upgrade-task-cancel-confirm-ok'));
    await waitFor(() => expect(api.sent(firmware.taskCancel)[0]?.body).toEqual({ task_id: 5 }));
  });
});
