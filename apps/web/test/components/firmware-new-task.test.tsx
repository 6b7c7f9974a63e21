import { type CallData, control, DeviceType, device, firmware } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UpgradeTasksRoute } from '../../src/features/firmware/routes/upgrade-tasks.tsx';
import { expectAccessible } from './support/accessible.ts';
import { fakeApi } from './support/fake-api.ts';
import { taskItem } from './support/firmware-fixtures.ts';
import { renderScreen } from './support/render.tsx';
import { testInverter, testSn } from './support/strategy-fixtures.ts';

/**
 * A new upgrade task: devices of one model chosen, what they run and the model's files per part
 * shown, one file chosen (at least one), the device password typed once unlocking each device,
 * and a downgrade asked about (7006) and sent again confirmed; the task's page opens after.
 */

const sn = testSn;

/** Two HX-6K inverters running ARM V2.1.0; the catalogue offers ARM V2.0.0 (a downgrade for both) and V2.2.0. */
const choices: CallData<typeof firmware.choices> = {
  model: 'HX-6K',
  device_type: DeviceType.inverter,
  devices: [1, 2].map((n) => ({
    equ_sn: sn(n),
    station_name: 'Sunny Hill',
    state: 'online' as const,
    versions: { ARM: 'V2.1.0', DSP: 'V1.0.0' },
    busy: false,
  })),
  files: [
    {
      file_id: 11,
      part: 'ARM',
      name: 'hx6k-arm-2.0.0',
      version: 'V2.0.0',
      min_version: null,
      size_bytes: 1_048_576,
      notes: 'Back to the stable line',
      created_at: '2025-04-01T08:00:00Z',
      downgrades: 2,
      below_minimum: 0,
    },
    {
      file_id: 12,
      part: 'ARM',
      name: 'hx6k-arm-2.2.0',
      version: 'V2.2.0',
      min_version: 'V2.0.0',
      size_bytes: 1_048_576,
      notes: 'Faster grid reconnection',
      created_at: '2025-06-01T08:00:00Z',
      downgrades: 0,
      below_minimum: 0,
    },
  ],
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderTasks() {
  const api = fakeApi()
    .answer(firmware.taskList, { total: 1, list: [taskItem({ state: 'completed' })] })
    .answer(device.list, {
      total: 3,
      list: [testInverter(1), testInverter(2), { ...testInverter(3), model: 'HX-10K' }],
    })
    .answer(firmware.choices, choices)
    .answer(control.unlock, { unlocked_until: '2099-01-01T12:30:00Z' })
    .answer(firmware.taskAdd, (body) => (body.confirm_downgrade ? { task_id: 6 } : { refuse: '7006' }));
  const rendered = renderScreen(
    <>
      <Routes>
        <Route path="/upgrade/tasks" element={<UpgradeTasksRoute />} />
        <Route path="/upgrade/tasks/:taskId" element={null} />
      </Routes>
      <Where />
    </>,
    { path: '/upgrade/tasks' },
  );
  return { ...rendered, api };
}

async function openAndChoose(user: ReturnType<typeof renderTasks>['user']) {
  await user.click(await screen.findByTestId('upgrade-task-new'));
  const drawer = await screen.findByTestId('upgrade-task-drawer');
  await user.click(await within(drawer).findByRole('checkbox', { name: `Choose ${sn(1)}` }));
  await user.click(within(drawer).getByRole('checkbox', { name: `Choose ${sn(2)}` }));
  // another model cannot join the choice
  expect(
    (within(drawer).getByRole('checkbox', { name: `Choose ${sn(3)}` }) as HTMLInputElement).disabled,
  ).toBe(true);
  await within(drawer).findByTestId('upgrade-file-choice');
  return drawer;
}

describe('a new upgrade task', () => {
  it('lists the tasks with their state and progress', async () => {
    renderTasks();
    const row = await screen.findByTestId('upgrade-task-5');
    expect(row.textContent).toContain('HX6K to 2.2');
    expect(row.textContent).toContain('Completed');
    expect(row.textContent).toContain('Succeeded 1, failed 1, not sent 1 of 4');
    expect(within(row).getByRole('progressbar', { name: 'Progress of HX6K to 2.2' })).toBeTruthy();
    await expectAccessible(screen.getByTestId('upgrade-tasks'), 'the task list');
  });

  it('asks for at least one file before it sends anything', async () => {
    const { user, api } = renderTasks();
    const drawer = await openAndChoose(user);
    await user.click(screen.getByTestId('upgrade-task-submit'));
    expect((await within(drawer).findByTestId('upgrade-files-missing')).textContent).toBe(
      'Choose at least one upgrade file',
    );
    expect(api.sent(firmware.taskAdd)).toHaveLength(0);
  });

  it('chooses devices and a file, unlocks them with one password, confirms the downgrade and opens the task', async () => {
    const { user, api } = renderTasks();
    const drawer = await openAndChoose(user);
    await waitFor(() => expect(api.sent(firmware.choices).at(-1)?.body).toEqual({ sns: [sn(1), sn(2)] }));
    const chosen = within(drawer).getByTestId('upgrade-chosen-devices');
    expect(chosen.textContent).toContain('V2.1.0');
    expect(within(drawer).getByTestId('upgrade-file-choice').textContent).toContain(
      'Back to the stable line',
    );

    // the older file, by keyboard: the part's group starts on "leave it as it is"
    const keep = within(drawer).getByRole('radio', { name: 'Leave this part as it is' }) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    const older = within(drawer).getByRole('radio', { name: /hx6k-arm-2\.0\.0/ }) as HTMLInputElement;
    older.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(older.checked).toBe(true));
    expect((await within(drawer).findByTestId('upgrade-risks')).textContent).toContain(
      'Devices it would downgrade: 2.',
    );

    await user.type(within(drawer).getByLabelText('Device password'), 'device-pass');
    await expectAccessible(document.body, 'the new task drawer');
    await user.click(screen.getByTestId('upgrade-task-submit'));

    // each chosen device unlocked with the password typed once
    await waitFor(() => expect(api.sent(control.unlock)).toHaveLength(2));
    expect(api.sent(control.unlock).map((one) => one.body)).toEqual([
      { equ_sn: sn(1), pwd: 'device-pass' },
      { equ_sn: sn(2), pwd: 'device-pass' },
    ]);
    // 7006: asked about, nothing more sent until confirmed
    const question = await screen.findByTestId('upgrade-downgrade-confirm');
    expect(question.textContent).toContain('older than what 2 device(s) run now');
    const [first] = api.sent(firmware.taskAdd);
    expect(first?.body).toEqual({
      sns: [sn(1), sn(2)],
      file_ids: [11],
      canary_size: 1,
      batch_size: 10,
      failure_threshold_pct: 20,
      confirm_downgrade: false,
    });
    await user.click(screen.getByTestId('upgrade-downgrade-confirm-ok'));
    await waitFor(() => expect(api.sent(firmware.taskAdd)).toHaveLength(2));
    expect(api.sent(firmware.taskAdd)[1]?.body.confirm_downgrade).toBe(true);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/upgrade/tasks/6'));
  });

  it('says a refusal of the task at the top of the drawer (7003)', async () => {
    const { user, api } = renderTasks();
    api.answer(firmware.taskAdd, { refuse: '7003' });
    const drawer = await openAndChoose(user);
    await user.click(within(drawer).getByRole('radio', { name: /hx6k-arm-2\.2\.0/ }));
    await user.click(screen.getByTestId('upgrade-task-submit'));
    expect((await within(drawer).findByTestId('upgrade-task-failure')).textContent).toContain(
      'This device already has an upgrade task.',
    );
    expect(api.sent(firmware.taskAdd)[0]?.body.file_ids).toEqual([12]);
    expect(api.sent(control.unlock)).toHaveLength(0);
  });
});
