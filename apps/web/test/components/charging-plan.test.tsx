import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChargingSections } from '../../src/features/charging/index.ts';
import { expectAccessible } from './support/accessible.ts';
import {
  answerCharging,
  chargerNow,
  charging,
  forecast,
  planView,
  radiosByArrowKeys,
  SN,
  SN_2,
  STATION_ID,
} from './support/charging-fixtures.ts';
import { drawn } from './support/echarts-recorder.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/**
 * A charger's plan card: what the charger follows now, the plan in force with the last command's
 * outcome, the plan's forecast (energy by departure, PV share, cost) with its warnings said in
 * words, and the hours as bars beside the expected PV, also as a table; a charger chosen among
 * several; the plan read only by those who may not change it.
 */

function renderSections(api = answerCharging(fakeApi()), chargers = [{ sn: SN }]) {
  const rendered = renderScreen(<ChargingSections stationId={STATION_ID} chargers={chargers} />);
  return { ...rendered, api };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the charging plan card', () => {
  it('shows what the charger follows now, the plan in force, its last command and its forecast', async () => {
    renderSections();
    await screen.findByTestId('charging-now');
    expect(within(screen.getByTestId('charging-now')).getByTestId('pile-state').textContent).toBe('Charging');
    expect(text('charging-now-mode')).toBe('PV surplus');
    expect(text('charging-now-phases')).toBe('1');
    expect(text('charging-now-current')).toBe('10 A');
    expect(text('charging-now-power')).toBe('2.30 kW');
    expect(text('charging-now-session')).toBe('4.2 kWh');
    expect(text('charging-now-soc')).toBe('45.0 %');

    expect(text('charging-plan-mode')).toBe('PV surplus');
    expect(text('charging-plan-currents')).toBe('6 A to 16 A');
    expect(text('charging-plan-targets')).toBe('Mon–Fri by 07:00: 20.0 kWh');
    expect(screen.getByTestId('charging-plan-command').getAttribute('data-state')).toBe('succeeded');
    expect(text('charging-plan-command')).toContain('The charger applied this plan');

    expect(text('charging-forecast-departure')).toContain('(weekly)');
    expect(text('charging-forecast-need')).toBe('15.8 kWh');
    expect(text('charging-forecast-expected')).toBe('15.8 kWh');
    expect(text('charging-forecast-pv')).toBe('58.2 %');
    expect(text('charging-forecast-cost')).toBe('PLN\u00a04.35');
    expect(text('charging-forecast-source')).toBe("Expected PV from the weather provider's forecast.");
    expect(screen.queryByTestId('charging-forecast-shortfall')).toBeNull();
    expect(screen.queryByTestId('charging-forecast-warnings')).toBeNull();
    await expectAccessible(document.body, 'the charging plan card');
  });

  it('draws the planned hours beside the expected PV, the grid part by tariff period and the departure marked', async () => {
    const { user } = renderSections();
    const chart = await screen.findByRole('img', { name: 'Planned charging by hour beside the expected PV' });
    await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    const option = drawn.at(-1) as {
      series: { name: string; data: unknown[]; stack?: string }[];
      xAxis: { data: string[]; axisLabel: { formatter: (value: string, index: number) => string } };
    };
    expect(option.series.map((series) => series.name)).toEqual([
      'Planned from PV',
      'Planned from the grid',
      'Expected PV',
    ]);
    expect(option.series[0]?.data).toEqual([2.3, 3.2, 3.7, 0, 0, 0]);
    expect(option.series[1]?.data).toEqual([
      { value: 0, itemStyle: { color: '#8c8c8c' } },
      { value: 0, itemStyle: { color: '#8c8c8c' } },
      { value: 0, itemStyle: { color: '#1677ff' } },
      { value: 2.5, itemStyle: { color: '#1677ff' } },
      { value: 2.8, itemStyle: { color: '#cf1322' } },
      { value: 1.3, itemStyle: { color: '#cf1322' } },
    ]);
    expect(option.series[2]?.data).toEqual([4.1, 5, 5.2, 3.9, 1.5, 0.2]);
    expect(option.xAxis.data).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
    expect(option.xAxis.axisLabel.formatter('15:00', 5)).toBe('{departure|15:00}');
    expect(option.xAxis.axisLabel.formatter('14:00', 4)).toBe('14:00');
    // the canvas is described in words
    const summary = document.getElementById(chart.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(summary).toContain('Planned: 15.8 kWh from 10:00 to');
    expect(summary).toContain('of it 9.2 kWh from PV');
    expect(summary).toContain('The station expects 19.9 kWh of PV in these hours.');
    const legend = screen.getByRole('list', { name: 'Colours of grid charging' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grid, Peak period', 'Grid, Shoulder period', 'Grid, Valley period']);

    // the same hours as a table, by keyboard
    const toggle = screen.getByTestId('charging-forecast-table-toggle');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = within(screen.getByTestId('charging-forecast-table')).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[6]?.textContent).toBe('15:00 (departure)1.3 kWh0.0 kWh1.3 kWh0.2 kWhPeak');
    await expectAccessible(document.body, 'the forecast as a table');
  });

  it('warns in words when the target cannot be reached, and of each other warning', async () => {
    const api = answerCharging(
      fakeApi(),
      planView({
        forecast: forecast({
          reachable: false,
          shortfall_kwh: 3.2,
          warnings: ['targetUnreachable', 'noForecast', 'carSocUnknown', 'noSurplusExpected'],
          forecast_source: null,
        }),
      }),
    );
    renderSections(api);
    const shortfall = await screen.findByTestId('charging-forecast-shortfall');
    expect(shortfall.textContent).toContain('The target cannot be reached by departure');
    expect(shortfall.textContent).toContain('About 3.2 kWh short by');
    const warnings = within(screen.getByTestId('charging-forecast-warnings')).getAllByRole('listitem');
    expect(warnings.map((item) => item.getAttribute('data-warning'))).toEqual([
      'noForecast',
      'carSocUnknown',
      'noSurplusExpected',
    ]);
    expect(warnings[0]?.textContent).toBe('No PV forecast is available: planned on the tariff alone.');
    expect(warnings[1]?.textContent).toBe(
      'The car does not report its state of charge: planned as if it were empty.',
    );
    expect(screen.queryByTestId('charging-forecast-source')).toBeNull();
    await expectAccessible(document.body, 'the warnings');
  });

  it('says the last plan command failed in the device’s words, and when the charger is offline', async () => {
    const api = answerCharging(
      fakeApi(),
      planView({
        command: {
          command_id: 'c-1',
          state: 'failed',
          message: 'phase switching not supported',
          error: null,
          updated_at: '2026-11-24T08:00:05Z',
        },
        charger: chargerNow({ online: false }),
      }),
    );
    renderSections(api);
    const failed = await screen.findByTestId('charging-plan-command');
    expect(failed.getAttribute('data-state')).toBe('failed');
    expect(failed.textContent).toContain('The charger did not apply the plan sent');
    expect(failed.textContent).toContain('phase switching not supported');
    expect(screen.getByTestId('charging-offline').textContent).toBe('Offline');
    expect(
      within(screen.getByTestId('charging-remote-reasons'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The charger is offline.']);
  });

  it('shows a plan read only to those who may not change it, and a default plan as such', async () => {
    const api = answerCharging(
      fakeApi(),
      planView({
        saved: false,
        updated_at: null,
        command: null,
        may: { plan: false, start_stop: false, current: false, unlock: false },
      }),
    );
    renderSections(api);
    expect((await screen.findByTestId('charging-plan-read-only')).textContent).toBe(
      'You can see this plan but not change it.',
    );
    expect(screen.queryByTestId('charging-plan-edit')).toBeNull();
    expect(text('charging-plan-default')).toBe('Default plan, none saved yet');
    expect((screen.getByTestId('charging-start') as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(screen.getByTestId('charging-remote-reasons'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Starting and stopping this charger is not yours to do.',
      "Setting this charger's current is not yours to do.",
    ]);
  });

  it('offers a choice of charger when the station has several, by keyboard', async () => {
    radiosByArrowKeys();
    const api = answerCharging(fakeApi()).answer(charging.plan, (body) =>
      planView({ equ_sn: String(body.equ_sn), charger: body.equ_sn === SN_2 ? null : chargerNow() }),
    );
    const { user } = renderSections(api, [{ sn: SN }, { sn: SN_2 }]);
    await screen.findByTestId(`charging-charger-${SN}`);
    const group = screen.getByRole('radiogroup', { name: 'Charger' });
    const first = within(group).getByRole('radio', { name: SN });
    expect((first as HTMLInputElement).checked).toBe(true);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByTestId(`charging-charger-${SN_2}`)).toBeTruthy();
    expect(await screen.findByTestId('charging-now-none')).toBeTruthy();
    expect(api.sent(charging.plan).map((call) => call.body.equ_sn)).toContain(SN_2);
    await expectAccessible(document.body, 'the charger choice');
  });
});
