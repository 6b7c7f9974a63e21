import { control, ems5000, strategy } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmsConsole } from '../../src/features/ems5000/index.ts';
import { expectAccessible } from './support/accessible.ts';
import {
  answerConsole,
  answeredAfter,
  BATCH_ID,
  EMS_SN,
  modesData,
  reply,
  STATION_ID,
  SWITCH_ID,
  ZONE,
} from './support/ems-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * The Modes tab: the system's modes with the active one and the one the EMS reports running; a
 * mode's parameters as the strategy editor's fields, checked as typed; "Switch" asks first,
 * naming the mode and what it will do, sends `api/mode/update` for the EMS (after its device
 * password when asked) and follows the switch until applied, or failed with the device's words.
 */

function batch(state: 'pending' | 'applied' | 'failed') {
  return { batch_id: BATCH_ID, list: [{ equ_sn: EMS_SN, strategy_id: 8, command_id: SWITCH_ID, state }] };
}

/** The batch pending `waits` times, then `end`. */
function batchAfter(waits: number, end: 'applied' | 'failed') {
  let asked = 0;
  return () => batch(asked++ < waits ? 'pending' : end);
}

function renderConsole(api = answerConsole(fakeApi())) {
  const rendered = renderScreen(<EmsConsole stationId={STATION_ID} zone={ZONE} />);
  return { ...rendered, api };
}

async function openModes(user: ReturnType<typeof renderConsole>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Modes' }));
  return screen.findByTestId('ems-modes-tab');
}

const power = () => screen.getByTestId('strategy-field-manual_power_w') as HTMLInputElement;

async function chooseManual(user: ReturnType<typeof renderConsole>['user']) {
  await user.click(screen.getByRole('radio', { name: 'Manual' }));
  await screen.findByTestId('ems-mode-form-manual');
  await waitFor(() => expect(power()).toBeTruthy());
}

describe('the modes', () => {
  it('lists the modes with the active and the running one, and switches to manual discharge after a confirmation', async () => {
    const api = answerConsole(fakeApi())
      .answer(strategy.update, batch('pending'))
      .answer(strategy.batch, batchAfter(1, 'applied'));
    const { user } = renderConsole(api);
    const tab = await openModes(user);
    expect(screen.getByTestId('ems-modes-active').textContent).toBe('Maximum self-consumption');
    expect(screen.getByTestId('ems-modes-reported').textContent).toBe('Maximum self-consumption');
    const options = within(tab).getAllByRole('radio');
    expect(options).toHaveLength(6);
    const selfConsumption = screen
      .getByRole('radio', { name: /Maximum self-consumption/ })
      .closest('label') as HTMLElement;
    expect(selfConsumption.textContent).toContain('Active');
    expect(selfConsumption.textContent).toContain('Running');
    expect(
      (screen.getByRole('radio', { name: /Maximum self-consumption/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await screen.findByTestId('ems-mode-form-self_consumption');
    await expectAccessible(document.body, 'the Modes tab');

    await chooseManual(user);
    expect(screen.getByLabelText('Battery power')).toBe(power());
    await user.clear(power());
    await user.type(power(), '-50000');
    await user.tab();
    await user.click(screen.getByTestId('ems-mode-switch'));
    const dialog = await screen.findByTestId('ems-mode-confirm');
    expect(screen.getByRole('dialog', { name: 'Switch to Manual?' })).toBeTruthy();
    expect(dialog.textContent).toContain(
      'The EMS EMS50000001 switches to Manual: discharging the battery at 50.00 kW.',
    );
    await expectAccessible(document.body, 'the switch’s confirmation');
    expect(api.sent(strategy.update)).toHaveLength(0);

    await user.click(screen.getByTestId('ems-mode-confirm-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('ems-mode-progress').getAttribute('data-state')).toBe('pending'),
    );
    expect(screen.getByTestId('ems-mode-progress').textContent).toContain('Switching to Manual…');
    await waitFor(
      () => expect(screen.getByTestId('ems-mode-progress').getAttribute('data-state')).toBe('applied'),
      { timeout: 15_000 },
    );
    expect(screen.getByTestId('ems-mode-progress').textContent).toContain('Manual applied by the EMS.');
    const sent = api.sent(strategy.update)[0]?.body as {
      equ_sns: string[];
      mode: Record<string, unknown>;
      key: string;
    };
    expect(sent.equ_sns).toEqual([EMS_SN]);
    expect(sent.mode).toMatchObject({ kind: 'manual', manual_power_w: -50_000 });
    expect(typeof sent.key).toBe('string');
    expect(api.sent(strategy.batch)[0]?.body).toEqual({ batch_id: BATCH_ID });
  }, 40_000);

  it('refuses a set-point above the rating under its field, with nothing sent', async () => {
    const { user, api } = renderConsole();
    await openModes(user);
    await chooseManual(user);
    await user.clear(power());
    await user.type(power(), '-250000');
    await user.tab();
    await user.click(screen.getByTestId('ems-mode-switch'));
    await waitFor(() =>
      expect(
        power().closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent,
      ).toBeTruthy(),
    );
    expect(screen.queryByTestId('ems-mode-confirm')).toBeNull();
    expect(api.sent(strategy.update)).toHaveLength(0);
  }, 30_000);

  it('asks the device password when the EMS is locked, then switches, and says why the EMS refused', async () => {
    let updates = 0;
    const api = answerConsole(fakeApi())
      .answer(strategy.update, () => (updates++ === 0 ? { refuse: '200905' } : batch('pending')))
      .answer(control.unlock, { unlocked_until: '2099-01-01T12:30:00Z' })
      .answer(strategy.batch, batchAfter(0, 'failed'))
      .answer(
        ems5000.pollingReply,
        answeredAfter(
          0,
          reply(SWITCH_ID, { name: 'strategy', state: 'failed', message: 'generator not connected' }),
        ),
      );
    const { user } = renderConsole(api);
    await openModes(user);
    await user.click(screen.getByRole('radio', { name: 'Peak shaving' }));
    const limit = (await screen.findByTestId('strategy-field-max_grid_w')) as HTMLInputElement;
    await user.clear(limit);
    await user.type(limit, '80000');
    await user.tab();
    await user.click(screen.getByTestId('ems-mode-switch'));
    const dialog = await screen.findByTestId('ems-mode-confirm');
    expect(dialog.textContent).toContain('grid demand held at or below 80.00 kW');
    await user.click(screen.getByTestId('ems-mode-confirm-ok'));
    await user.type(await screen.findByTestId('control-unlock-password'), 'device-secret');
    await user.click(screen.getByTestId('control-unlock-submit'));
    await waitFor(
      () => expect(screen.getByTestId('ems-mode-progress').getAttribute('data-state')).toBe('failed'),
      { timeout: 15_000 },
    );
    expect(screen.getByTestId('ems-mode-progress').textContent).toContain('Peak shaving was not applied.');
    await waitFor(() =>
      expect(screen.getByTestId('ems-mode-progress').textContent).toContain('generator not connected'),
    );
    const [first, second] = api.sent(strategy.update);
    expect(second?.body.key).toBe(first?.body.key);
    expect(second?.body.mode).toMatchObject({ kind: 'peak_shaving', max_grid_w: 80_000 });
  }, 40_000);

  it('shows the modes without a switch to those who may not write', async () => {
    const api = answerConsole(fakeApi()).answer(
      ems5000.modeShow,
      modesData({ writable: false, active: null }),
    );
    const { user } = renderConsole(api);
    await openModes(user);
    expect(screen.getByTestId('ems-modes-active').textContent).toBe('None applied yet');
    expect((await screen.findByTestId('ems-modes-read-only')).textContent).toBe(
      'You can see the modes but not switch them.',
    );
    expect(screen.queryByTestId('ems-mode-switch')).toBeNull();
    await expectAccessible(document.body, 'the read-only Modes tab');
  });

  it('opens on the mode the EMS runs when none was applied from the portal', async () => {
    const api = answerConsole(fakeApi()).answer(
      ems5000.modeShow,
      modesData({ active: null, reported: 'peak_shaving' }),
    );
    const { user } = renderConsole(api);
    await openModes(user);
    expect(await screen.findByTestId('ems-mode-form-peak_shaving')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Peak shaving/ }) as HTMLInputElement).checked).toBe(true);
  });
});
