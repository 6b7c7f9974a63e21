import { type ChartData, chart } from '@helio/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StationChart } from '../../src/features/stations/components/station-chart.tsx';
import { drawn } from './support/echarts-recorder.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { matchingMedia } from './support/setup.ts';

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

/** A day of power curves with a gap, and SOC. */
const day: ChartData = {
  station_id: 3,
  timezone: 'Europe/Warsaw',
  unit: 'day',
  date: '2024-05-10',
  resolution: 'five_minutes',
  currency: 'PLN',
  series: [
    { key: 'pv_w', unit: 'W', kind: 'line' },
    { key: 'grid_w', unit: 'W', kind: 'line' },
    { key: 'soc_pct', unit: '%', kind: 'line' },
  ],
  rows: [
    { period: '2024-05-10T10:00:00Z', label: '12:00', values: [4200, -1500, 55] },
    { period: '2024-05-10T10:05:00Z', label: '12:05', values: [null, null, null] },
    { period: '2024-05-10T10:10:00Z', label: '12:10', values: [3900, 250.4, 56.5] },
  ],
};

/** A month of energy and income bars. */
const month: ChartData = {
  station_id: 3,
  timezone: 'Europe/Warsaw',
  unit: 'month',
  date: '2024-05',
  resolution: 'day',
  currency: 'PLN',
  series: [
    { key: 'pv_kwh', unit: 'kWh', kind: 'bar' },
    { key: 'export_kwh', unit: 'kWh', kind: 'bar' },
    { key: 'income', unit: 'PLN', kind: 'bar' },
  ],
  rows: [
    { period: '2024-05-01', label: '2024-05-01', values: [21.5, null, 18.28] },
    { period: '2024-05-02', label: '2024-05-02', values: [9.25, null, 7.86] },
  ],
};

const tabs = [{ kind: 'station' }, { kind: 'yield' }] as const;

function showChart() {
  return renderScreen(
    <StationChart
      stationId={3}
      zone="Europe/Warsaw"
      family="station"
      tabs={tabs}
      title="Energy and income"
    />,
  );
}

/** The text that describes an element (aria-describedby). */
function description(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

describe('a station chart’s text equivalents', () => {
  it('names its export button in words only (its icon is no part of the name)', async () => {
    fakeApi().answer(chart.chart, day);
    showChart();
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('names the canvas as an image and describes each curve by its lowest, highest and latest value', async () => {
    fakeApi().answer(chart.chart, day);
    showChart();
    const canvas = await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' });
    expect(canvas.dataset.testid).toBe('station-chart-canvas');
    expect(description(canvas)).toBe(
      'Power and energy chart, 2024-05-10. ' +
        'PV power: lowest 3.90 kW, highest 4.20 kW, latest 3.90 kW at 12:10. ' +
        'Grid (+ import, − export): lowest -1.50 kW, highest 0.25 kW, latest 0.25 kW at 12:10. ' +
        'State of charge (SOC): lowest 55.0 %, highest 56.5 %, latest 56.5 % at 12:10.',
    );
  });

  it('describes bars by their totals over the period, in the station’s currency, and says what has no data', async () => {
    fakeApi().answer(chart.chart, month);
    showChart();
    const canvas = await screen.findByRole('img', { name: 'Power and energy chart, 2024-05' });
    expect(description(canvas)).toBe(
      'Power and energy chart, 2024-05. PV energy: total 30.8 kWh. Grid export: no data. Income: total PLN\u00a026.14.',
    );
  });

  it('shows the numbers as a table with a caption, units in the column headers and times heading the rows', async () => {
    fakeApi().answer(chart.chart, day);
    const { user } = showChart();
    await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' });
    const toggle = screen.getByRole('button', { name: 'Table view' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    const table = screen.getByRole('table', {
      name: "Power and energy chart, 2024-05-10, times in the station's time zone (Europe/Warsaw)",
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('img', { name: /chart/ })).toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'PV power (kW)', 'Grid (+ import, − export) (kW)', 'State of charge (SOC) (%)']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['12:00', '12:05', '12:10']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4.20', '-1.50', '55.0']);
    // A gap stays a gap, never 0.
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['--', '--', '--']);
    // The table's scrolling region is reached by keyboard and named by the caption.
    expect(
      screen.getByRole('region', { name: table.querySelector('caption')?.textContent ?? '' }).tabIndex,
    ).toBe(0);

    // And back to the chart.
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes the table’s numbers in the interface language’s way, days heading the rows of a month', async () => {
    fakeApi().answer(chart.chart, month);
    const { user } = showChart();
    await screen.findByRole('img', { name: 'Power and energy chart, 2024-05' });
    await user.click(screen.getByRole('button', { name: 'Table view' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'PV energy (kWh)', 'Grid export (kWh)', 'Income (PLN)']);
    // Energy in its axis' unit with the unit's decimals (kWh: 1), money with 2.
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['21.5', '--', '18.28', '9.3', '--', '7.86']);
  });
});

describe('a station chart’s motion', () => {
  it('animates its drawing for users who do not mind motion', async () => {
    fakeApi().answer(chart.chart, day);
    showChart();
    await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' });
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.at(-1)?.animation).toBe(true);
  });

  it('draws without animation for users who ask for reduced motion', async () => {
    matchingMedia.add('(prefers-reduced-motion: reduce)');
    fakeApi().answer(chart.chart, day);
    showChart();
    await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' });
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    expect(drawn.every((option) => option.animation === false)).toBe(true);
  });
});

describe('a station chart by keyboard', () => {
  it('has real tabs and a period selector whose controls are named and reached by Tab', async () => {
    fakeApi().answer(chart.chart, day).answer(chart.chartStation, day);
    const { user } = showChart();
    await screen.findByRole('img', { name: 'Power and energy chart, 2024-05-10' });
    // (jsdom has no styles: the tab's own "Tab 1 of 2" text, hidden in the browser, is in its name here.)
    const first = screen.getByRole('tab', { name: /Power and energy$/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    // The chart lives in the open tab's panel.
    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(panel?.getAttribute('role')).toBe('tabpanel');
    expect(within(panel!).getByRole('img', { name: /Power and energy chart/ })).toBeTruthy();

    // The units are one group of radio buttons; the group itself is no extra Tab stop.
    const units = screen.getByRole('radiogroup', { name: 'Period' });
    expect(units.tabIndex).toBe(-1);
    expect(
      within(units)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Day', 'Week', 'Month', 'Year', 'Total']);
    // Today's period has no next one: the button says so, and stays focusable.
    const next = screen.getByRole('button', { name: 'Next period (Day)' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Previous period (Day)' }).getAttribute('aria-disabled')).toBe(
      'false',
    );
    expect(screen.getByRole('textbox', { name: 'Choose the period (Day)' })).toBeTruthy();

    // Arrows move between the tabs, Enter opens one.
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: /PV yield$/ });
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Enter}');
    expect(second.getAttribute('aria-selected')).toBe('true');
  });
});
