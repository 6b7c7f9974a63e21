import { addDays, localDate, type StationItem, type Tariff, type TariffView, tariff } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PeakValley } from '../../src/features/stations/components/tariff/peak-valley.tsx';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The station's peak-valley tariff: the editor checks every change by the contracts' rule and
 * names the field (overlapping time sets, a reversed time, a season without a time set), and
 * saving asks about the history first, then sends the tariff (and the day to split again from).
 */

vi.mock('../../src/lib/echarts.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

const station = {
  station_id: 3,
  station_name: 'Garching',
  station_type: 4,
  timezone: 'Europe/Warsaw',
  currency: 'PLN',
  unit_price: 0.85,
} as StationItem;

function tariffView(value: Tariff | null, more: Partial<TariffView> = {}): TariffView {
  return {
    station_id: 3,
    tariff: value,
    currency: 'PLN',
    updated_at: null,
    updated_through: null,
    recompute: null,
    ...more,
  };
}

const noUsage = {
  station_id: 3,
  timezone: 'Europe/Warsaw',
  currency: 'PLN',
  unit: 'day' as const,
  date: '2024-05-10',
  resolution: 'day' as const,
  updated_through: null,
  rows: [],
  totals: { peak: null, shoulder: null, valley: null, total: null },
};

function renderTariff(view: TariffView) {
  const api = fakeApi().answer(tariff.loadEmbps, view).answer(tariff.usageChart, noUsage);
  const rendered = renderScreen(<PeakValley station={station} />, {
    path: '/station-detail/battery?station_id=3',
  });
  return { ...rendered, api };
}

/** The form item (label, field and its message) holding the field of `testId`. */
function itemOf(testId: string): HTMLElement {
  const item = screen.getByTestId(testId).closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error(`${testId} is in no form item`);
  return item;
}

async function retype(user: ReturnType<typeof renderTariff>['user'], testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await user.clear(input);
  if (text) await user.type(input, text);
}

async function openEditor(user: ReturnType<typeof renderTariff>['user']) {
  await user.click(await screen.findByTestId('tariff-edit'));
  return screen.findByTestId('tariff-editor');
}

describe('the tariff editor', () => {
  it('starts a station without a tariff from a whole-year season, its bar said in words', async () => {
    const { user } = renderTariff(tariffView(null));
    expect((await screen.findByTestId('tariff-settings-none')).textContent).toContain('No tariff set');
    await openEditor(user);
    expect((screen.getByTestId('tariff-season-0-name') as HTMLInputElement).value).toBe('All year');
    const bars = within(screen.getByTestId('tariff-season-0-bar')).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'On Mon–Fri: Valley from 00:00 to 07:00, Shoulder from 07:00 to 17:00, Peak from 17:00 to 21:00, Shoulder from 21:00 to 24:00',
      'On Sat, Sun: Valley from 00:00 to 07:00, Shoulder from 07:00 to 24:00',
    ]);
  });

  it('names the later time set’s start when two overlap on a shared weekday, and clears it once moved', async () => {
    const { user } = renderTariff(tariffView(null));
    await openEditor(user);
    await retype(user, 'tariff-period-0-1-start', '06:00');
    await waitFor(() =>
      expect(itemOf('tariff-period-0-1-start').textContent).toContain('Time slots cannot overlap'),
    );
    expect(itemOf('tariff-period-0-0-start').textContent).not.toContain('overlap');
    expect(screen.getByTestId('tariff-period-0-1-start').getAttribute('aria-invalid')).toBe('true');

    await retype(user, 'tariff-period-0-1-start', '08:00');
    await waitFor(() => expect(itemOf('tariff-period-0-1-start').textContent).not.toContain('overlap'));
  });

  it('names the end of a time set that ends before it starts', async () => {
    const { user } = renderTariff(tariffView(null));
    await openEditor(user);
    await retype(user, 'tariff-period-0-1-end', '16:00');
    await waitFor(() =>
      expect(itemOf('tariff-period-0-1-end').textContent).toContain(
        'The end time cannot be earlier than the start time',
      ),
    );
  });

  it('says a season needs a time set when its last one is removed, and sends nothing', async () => {
    const { user, api } = renderTariff(tariffView(null));
    await openEditor(user);
    await user.click(screen.getByTestId('tariff-period-0-1-remove'));
    await user.click(screen.getByTestId('tariff-period-0-0-remove'));
    await waitFor(() =>
      expect(screen.getByTestId('tariff-season-0-periods-error').textContent).toContain(
        'Add at least one time set',
      ),
    );
    // the list's add button has the focus once the removed time set's button has gone
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('tariff-season-0-add-period')),
    );
    await user.click(screen.getByTestId('tariff-editor-save'));
    await waitFor(() => expect(itemOf('tariff-price-peak').textContent).toContain('Please enter a price'));
    expect(screen.queryByTestId('tariff-confirm')).toBeNull();
    expect(api.sent(tariff.updateEmbps)).toHaveLength(0);
  });

  it('asks about the history before saving, then sends the tariff and the day to split again from', async () => {
    const { user, api } = renderTariff(tariffView(null));
    await openEditor(user);
    await retype(user, 'tariff-price-peak', '0.95');
    await retype(user, 'tariff-price-shoulder', '0.7');
    await retype(user, 'tariff-price-valley', '0.4');
    await retype(user, 'tariff-price-feed-in', '0.25');
    await user.click(screen.getByTestId('tariff-editor-save'));
    const confirm = await screen.findByTestId('tariff-confirm');
    expect(confirm.textContent).toContain('Days already split keep their figures');

    const saved: Tariff = {
      seasons: [
        {
          name: 'All year',
          months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          periods: [
            { band: 'valley', days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '07:00' },
            { band: 'peak', days: [1, 2, 3, 4, 5], start: '17:00', end: '21:00' },
          ],
        },
      ],
      prices: { peak: 0.95, shoulder: 0.7, valley: 0.4 },
      feed_in_price: 0.25,
    };
    // three days back in the station's zone: within the window the call takes
    const today = localDate(Date.now(), 'Europe/Warsaw');
    const day = addDays(today, -3);
    api.answer(tariff.updateEmbps, tariffView(saved, { recompute: { from: day, to: addDays(today, -1) } }));
    await user.click(screen.getByTestId('tariff-confirm-recompute'));
    const from = await screen.findByTestId('tariff-confirm-from');
    await user.clear(from);
    await user.type(from, `${day}{Enter}`);
    await user.click(screen.getByTestId('tariff-confirm-save'));

    await waitFor(() => expect(api.sent(tariff.updateEmbps)).toHaveLength(1));
    const body = api.sent(tariff.updateEmbps)[0]?.body;
    expect(body?.station_id).toBe(3);
    expect(body?.tariff).toEqual(saved);
    expect(body?.recompute_from).toBe(day);
    await waitFor(() => expect(screen.queryByTestId('tariff-editor')).toBeNull());
    expect((await screen.findByTestId('tariff-recomputing')).textContent).toContain(day);
    expect(screen.getByTestId('tariff-summary-price-peak').textContent).toContain('0.95');
  });

  it('shows the demo the tariff without a way to change it', async () => {
    const set: Tariff = {
      seasons: [{ name: 'Winter', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], periods: [] }],
      prices: { peak: 1, shoulder: 0.5, valley: 0.25 },
      feed_in_price: 0.1,
    };
    const api = fakeApi().answer(tariff.loadEmbps, tariffView(set)).answer(tariff.usageChart, noUsage);
    const { startSession } = await import('../../src/lib/session-store.ts');
    const { DEMO_USER_ID, RoleId } = await import('@helio/contracts');
    startSession({
      token: 't',
      user_id: DEMO_USER_ID,
      user_name: 'demo',
      role_id: RoleId.installer,
      menu_list: [],
    });
    renderScreen(<PeakValley station={station} />);
    expect((await screen.findByTestId('tariff-summary-season-0')).textContent).toContain('Winter');
    expect(screen.getByTestId('tariff-settings').textContent).toContain(
      'You can read this tariff but not change it.',
    );
    expect(screen.queryByTestId('tariff-edit')).toBeNull();
    expect(api.sent(tariff.updateEmbps)).toHaveLength(0);
  });
});
