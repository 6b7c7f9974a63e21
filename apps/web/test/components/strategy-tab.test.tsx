import { type CallData, control, device, type StrategyItem, strategy } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceStrategy } from '../../src/features/devices/components/strategy/device-strategy.tsx';
import { DeviceStrategyViewsContext } from '../../src/features/devices/index.ts';
import { ApplyDialog, StrategySlotsBar } from '../../src/features/strategies/index.ts';
import { UTC } from './support/control-view.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { testInverter } from './support/strategy-fixtures.ts';

/**
 * The device's Strategy tab: the strategy it runs (kind, name, slots on the 24-hour bar and listed
 * for screen readers, when and by whom), one still waiting for the device, the history, and "Apply a
 * template" opening the apply dialog with this device chosen.
 */

const item = testInverter(1);
const SN = item.sn;

function strategyItem(change: Partial<StrategyItem>): StrategyItem {
  return {
    strategy_id: 1,
    template_id: 7,
    kind: 'tou',
    mode: 'time_of_use',
    name: 'Night charge',
    params: {},
    slots: [
      { kind: 'charge', start: '01:00', end: '05:00', power_w: null, soc_pct: 90 },
      { kind: 'discharge', start: '17:00', end: '21:00', power_w: 2500, soc_pct: 10 },
    ],
    state: 'applied',
    command_id: 'c1',
    batch_id: 'b1',
    created_at: '2026-11-24T09:00:00Z',
    applied_at: '2026-11-24T09:00:20Z',
    applied_by: 'installer',
    ...change,
  };
}

function renderTab(data: CallData<typeof strategy.device>) {
  const api = fakeApi().answer(strategy.device, data);
  const rendered = renderScreen(
    <DeviceStrategyViewsContext value={{ StrategySlotsBar, ApplyDialog }}>
      <DeviceStrategy item={item} zone={UTC} />
    </DeviceStrategyViewsContext>,
  );
  return { ...rendered, api };
}

describe('the Strategy tab', () => {
  it('shows the active strategy on the bar, the one waiting for the device, and the history', async () => {
    const active = strategyItem({});
    const waiting = strategyItem({
      strategy_id: 2,
      name: 'Peak shaving and valley filling',
      kind: 'peak_shaving',
      state: 'pending',
      applied_at: null,
      created_at: '2026-11-24T10:00:00Z',
    });
    const { api } = renderTab({
      equ_sn: SN,
      active,
      pending: [waiting],
      history: { total: 2, list: [waiting, active] },
    });
    const shown = await screen.findByTestId('strategy-tab-active');
    expect(shown.textContent).toContain('Night charge');
    expect(shown.textContent).toContain('Time of use (TOU)');
    expect(shown.textContent).toContain('installer');
    expect(shown.textContent).toContain('11/24/26, 9:00 AM');
    const list = await screen.findByTestId('strategy-tab-bar-list');
    expect(list.textContent).toContain('Charge, 01:00–05:00, up to 90 %');
    expect(list.textContent).toContain('Discharge, 17:00–21:00, down to 10 %, 2.5 kW');
    expect(screen.getByTestId('strategy-tab-pending').textContent).toContain(
      'Peak shaving and valley filling',
    );
    const history = screen.getByTestId('strategy-tab-history');
    expect(within(history).getByTestId('strategy-history-2').getAttribute('data-state')).toBe('pending');
    expect(within(history).getByTestId('strategy-history-1').textContent).toContain('Applied');
    expect(api.sent(strategy.device)[0]?.body).toEqual({ equ_sn: SN, page: 1, page_size: 10 });
  });

  it('says when no strategy has been applied, and opens the apply dialog with this device chosen', async () => {
    const api = fakeApi()
      .answer(strategy.device, { equ_sn: SN, active: null, pending: [], history: { total: 0, list: [] } })
      .answer(strategy.list, { total: 0, list: [] });
    const { user } = renderScreen(
      <DeviceStrategyViewsContext value={{ StrategySlotsBar, ApplyDialog }}>
        <DeviceStrategy item={item} zone={UTC} />
      </DeviceStrategyViewsContext>,
    );
    expect((await screen.findByTestId('strategy-tab-none')).textContent).toContain('No strategy applied yet');
    expect(screen.getByTestId('strategy-tab-history').textContent).toContain(
      'No strategy has been sent to this device.',
    );
    api.answer(device.list, { total: 1, list: [item] }).answer(control.settings, { refuse: '9001' });
    await user.click(screen.getByTestId('strategy-tab-apply'));
    const dialog = await screen.findByTestId('strategy-apply-dialog');
    await waitFor(() => expect(within(dialog).getByTestId(`strategy-apply-chosen-${SN}`)).toBeTruthy());
  });
});
