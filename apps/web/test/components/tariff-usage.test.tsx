import {
  type StationItem,
  type Tariff,
  type TariffView,
  tariff,
  type UsageData,
  type UsageFigures,
} from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PeakValley } from '../../src/features/stations/components/tariff/peak-valley.tsx';
import { drawn } from './support/echarts-recorder.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The peak-valley chart: a month of split days stacked by band (grid import first, another figure
 * on request), its words and table, the money with totals, "updates the next day" with the newest
 * split day, and its empty states (no tariff: a way to set one; no day split yet).
 */

vi.mock('../../src/lib/echarts.ts', () => import('./support/echarts-recorder.ts'));

const station = {
  station_id: 3,
  station_name: 'Garching',
  station_type: 4,
  timezone: 'Europe/Warsaw',
  currency: 'EUR',
} as StationItem;

const set: Tariff = {
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      periods: [{ band: 'valley', days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '07:00' }],
    },
  ],
  prices: { peak: 0.4, shoulder: 0.3, valley: 0.15 },
  feed_in_price: 0.08,
};

const view = (value: Tariff | null): TariffView => ({
  station_id: 3,
  tariff: value,
  currency: 'EUR',
  updated_at: null,
  updated_through: value ? '2024-05-02' : null,
  recompute: null,
});

function figures(importKwh: number, cost: number, saving: number): UsageFigures {
  return {
    import_kwh: importKwh,
    export_kwh: 1,
    charge_kwh: 2,
    discharge_kwh: 2,
    consumption_kwh: importKwh + 3,
    pv_kwh: 5,
    cost,
    feed_in: 0.08,
    saving,
  };
}

const month: UsageData = {
  station_id: 3,
  timezone: 'Europe/Warsaw',
  currency: 'EUR',
  unit: 'month',
  date: '2024-05',
  resolution: 'day',
  updated_through: '2024-05-02',
  rows: [
    {
      period: '2024-05-01',
      peak: figures(2, 0.8, 1.2),
      shoulder: figures(3, 0.9, 0.5),
      valley: figures(4, 0.6, 0.1),
      total: figures(9, 2.3, 1.8),
    },
    {
      period: '2024-05-02',
      peak: figures(1, 0.4, 1),
      shoulder: null,
      valley: figures(5, 0.75, 0.2),
      total: figures(6, 1.15, 1.2),
    },
    { period: '2024-05-03', peak: null, shoulder: null, valley: null, total: null },
  ],
  totals: {
    peak: figures(3, 1.2, 2.2),
    shoulder: figures(3, 0.9, 0.5),
    valley: figures(9, 1.35, 0.3),
    total: figures(15, 3.45, 3),
  },
};

const path = '/station-detail/battery?station_id=3&pv_range=month&pv_date=2024-05-10';

describe('the peak-valley chart', () => {
  it('stacks a month’s grid import by band and says that it updates the next day', async () => {
    const api = fakeApi().answer(tariff.loadEmbps, view(set)).answer(tariff.usageChart, month);
    renderScreen(<PeakValley station={station} />, { path });
    const canvas = await screen.findByRole('img', { name: 'Grid import by tariff period, 2024-05' });
    expect(canvas.dataset.rows).toBe('3');
    expect(api.sent(tariff.usageChart)[0]?.body).toEqual({ station_id: 3, type: 2, date: '2024-05' });
    expect(screen.getByTestId('usage-next-day').textContent).toContain(
      'Peak-valley figures update the next day: each day is split by tariff period once it has ended. Split up to 2024-05-02.',
    );
    const option = drawn.at(-1) as { series: { id: string; stack: string; data: (number | null)[] }[] };
    expect(option.series.map((one) => [one.id, one.stack, one.data])).toEqual([
      ['peak', 'bands', [2, 1, null]],
      ['shoulder', 'bands', [3, null, null]],
      ['valley', 'bands', [4, 5, null]],
    ]);
    expect(screen.getByTestId('usage-total-peak').textContent).toBe('3.0 kWh');
    expect(screen.getByTestId('usage-total-total').textContent).toBe('15.0 kWh');
    const money = within(screen.getByTestId('usage-money-total'));
    expect(money.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['€3.45', '€0.08', '€3.00']);
  });

  it('shows another figure on request, and its numbers as a table with a row per day', async () => {
    fakeApi().answer(tariff.loadEmbps, view(set)).answer(tariff.usageChart, month);
    const { user } = renderScreen(<PeakValley station={station} />, { path });
    await screen.findByRole('img', { name: 'Grid import by tariff period, 2024-05' });
    await user.click(screen.getByTestId('usage-measure-cost'));
    await screen.findByRole('img', { name: 'Cost by tariff period, 2024-05' });
    await user.click(screen.getByTestId('usage-view-table'));
    const table = screen.getByRole('table', {
      name: /^Cost by tariff period, 2024-05, days in the station's time zone/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Peak (EUR)', 'Shoulder (EUR)', 'Valley (EUR)', 'Total (EUR)']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['2024-05-01', '2024-05-02', '2024-05-03']);
    const second = within(table).getAllByRole('row')[2]!;
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0.40', '--', '0.75', '1.15']);
  });

  it('without a tariff says so and opens the editor from its button', async () => {
    const api = fakeApi()
      .answer(tariff.loadEmbps, view(null))
      .answer(tariff.usageChart, { ...month, rows: [] });
    const { user } = renderScreen(<PeakValley station={station} />, { path });
    const empty = await screen.findByTestId('usage-no-tariff');
    expect(empty.textContent).toContain('No tariff set');
    expect(screen.queryByTestId('usage-export')).toBeNull();
    await user.click(within(empty).getByRole('button', { name: 'Set the tariff' }));
    expect(await screen.findByTestId('tariff-editor')).toBeTruthy();
    expect(api.sent(tariff.updateEmbps)).toHaveLength(0);
  });

  it('before the first night says when the figures come', async () => {
    const none = { peak: null, shoulder: null, valley: null, total: null };
    fakeApi()
      .answer(tariff.loadEmbps, { ...view(set), updated_through: null })
      .answer(tariff.usageChart, {
        ...month,
        updated_through: null,
        rows: [{ period: '2024-05-01', ...none }],
        totals: none,
      });
    renderScreen(<PeakValley station={station} />, { path });
    const empty = await screen.findByTestId('usage-not-yet');
    expect(empty.textContent).toContain('the first figures appear tomorrow');
    await waitFor(() =>
      expect(screen.getByTestId('usage-updated-through').textContent).toBe('No day has been split yet.'),
    );
    expect(screen.queryByTestId('usage-money')).toBeNull();
  });
});
