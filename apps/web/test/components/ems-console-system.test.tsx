import { ems5000 } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmsConsole } from '../../src/features/ems5000/index.ts';
import { expectAccessible } from './support/accessible.ts';
import { answerConsole, STATION_ID, systemData, ZONE } from './support/ems-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * The EMS 5000 console's frame and System tab: a tab per part the EMS reports between System and
 * Modes, used by keyboard as WAI-ARIA's tabs pattern says; each part's state named from its own
 * set (the same number is another state in another part), its key values with units, its alarms
 * and whether the caller may write it; a station without an EMS and an EMS without parts.
 */

function renderConsole(api = answerConsole(fakeApi())) {
  const rendered = renderScreen(<EmsConsole stationId={STATION_ID} zone={ZONE} />);
  return { ...rendered, api };
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the console’s tabs', () => {
  it('has System, the parts the EMS reports and Modes, and moves between them by keyboard', async () => {
    const { user } = renderConsole();
    const tablist = await screen.findByRole('tablist', { name: 'Parts of the EMS 5000' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((one) => one.textContent),
    ).toEqual(['System', 'PCS', 'BMS', 'STS', 'Generator', 'Meter', 'Modes']);
    expect(tab('System').getAttribute('aria-selected')).toBe('true');
    // one tab in the Tab order: the selected one
    expect(
      within(tablist)
        .getAllByRole('tab')
        .filter((one) => one.tabIndex === 0),
    ).toEqual([tab('System')]);
    const panel = screen.getByRole('tabpanel', { name: 'System' });
    expect(within(panel).getByTestId('ems-system-tab')).toBeTruthy();
    await expectAccessible(document.body, 'the System tab');

    // from the card's Refresh button, Tab reaches the selected tab
    screen.getByTestId('ems-refresh').focus();
    await user.tab();
    expect(document.activeElement).toBe(tab('System'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('PCS'));
    expect(tab('PCS').getAttribute('aria-selected')).toBe('true');
    expect(tab('System').getAttribute('aria-selected')).toBe('false');
    expect(await screen.findByRole('tabpanel', { name: 'PCS' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Modes'));
    expect(await screen.findByRole('tabpanel', { name: 'Modes' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('System'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Modes'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('System'));
    expect(screen.getByRole('tabpanel', { name: 'System' })).toBeTruthy();
  });

  it('opens a part’s tab from its card', async () => {
    const { user } = renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Open BMS (battery)' }));
    expect(tab('BMS').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('tabpanel', { name: 'BMS' })).toBeTruthy();
  });
});

describe('the System tab', () => {
  it('names each part’s state from its own set, with its key values, alarms and write right', async () => {
    renderConsole();
    const pcs = await screen.findByTestId('ems-card-pcs');
    expect(within(pcs).getByRole('heading', { name: 'PCS (power conversion)' })).toBeTruthy();
    expect(screen.getByTestId('ems-card-pcs-state').textContent).toBe('Discharging');
    // state 1 is charging for the BMS, island for the STS: each part has its own numbers
    expect(screen.getByTestId('ems-card-bms-state').textContent).toBe('Charging');
    expect(screen.getByTestId('ems-card-sts-state').textContent).toBe('On the grid');
    expect(screen.getByTestId('ems-card-generator-state').textContent).toBe('Stopped');
    expect(screen.getByTestId('ems-card-meter-state').textContent).toBe('Normal');
    expect(screen.getByTestId('ems-card-pcs-ac_power_w').textContent).toBe('-50.00 kW');
    expect(screen.getByTestId('ems-card-pcs-ac_voltage_v').textContent).toBe('400.2 V');
    expect(screen.getByTestId('ems-card-bms-soc_pct').textContent).toBe('62.4 %');
    expect(screen.getByTestId('ems-card-sts-grid_frequency_hz').textContent).toBe('50.01 Hz');
    expect(screen.getByTestId('ems-card-bms-alarms').textContent).toBe('Alarms now: 1 (codes 2104)');
    expect(screen.getByTestId('ems-card-pcs-alarms').textContent).toBe('No alarms now');
    expect(screen.getByTestId('ems-card-pcs-writable').textContent).toBe('Writable');
    expect(screen.getByTestId('ems-system-state').textContent).toBe('Grid-tied');
    expect(screen.getByTestId('ems-system-mode').textContent).toBe('Maximum self-consumption');
    expect(screen.getByTestId('ems-console').textContent).toContain('EMS 5000 console · EMS50000001');
  });

  it('says a state outside its part’s set, a part without a state, and the demo’s read-only parts', async () => {
    const api = answerConsole(fakeApi());
    const base = systemData();
    api.answer(
      ems5000.sysIndex,
      systemData({
        state: null,
        mode: null,
        parts: base.parts.map((item) =>
          item.part === 'pcs'
            ? { ...item, state: 42, writable: false }
            : { ...item, state: null, writable: false },
        ),
      }),
    );
    renderConsole(api);
    await waitFor(() => expect(screen.getByTestId('ems-card-pcs-state').textContent).toBe('State 42'));
    expect(screen.getByTestId('ems-card-bms-state').textContent).toBe('No state reported yet');
    expect(screen.getByTestId('ems-card-pcs-writable').textContent).toBe('Read only');
    expect(screen.getByTestId('ems-system-mode').textContent).toBe('No mode reported yet');
    await expectAccessible(document.body, 'the System tab of a silent EMS');
  });

  it('says so for a station without an EMS 5000, and for an EMS that has not reported its parts', async () => {
    const api = answerConsole(fakeApi()).answer(ems5000.sysIndex, { refuse: '9001' });
    renderConsole(api);
    expect((await screen.findByTestId('ems-console-empty')).textContent).toContain('No EMS 5000 yet');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('shows only System and Modes while the EMS has reported no part', async () => {
    const api = answerConsole(fakeApi()).answer(ems5000.sysIndex, systemData({ parts: [] }));
    renderConsole(api);
    const tablist = await screen.findByRole('tablist');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((one) => one.textContent),
    ).toEqual(['System', 'Modes']);
    expect(screen.getByTestId('ems-no-parts')).toBeTruthy();
    await expectAccessible(document.body, 'an EMS without parts');
  });
});
