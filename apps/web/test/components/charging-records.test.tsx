import type { CallDef } from '@helio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordsCard } from '../../src/features/charging/components/records-card.tsx';
import { expectAccessible } from './support/accessible.ts';
import { charging, record, recordsData, SN, SN_2, STATION_ID } from './support/charging-fixtures.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

/**
 * The charging records: each session with its end or "Plugged in" / "Charging" while the car is
 * plugged, duration, energy, peak power, PV/battery/grid shares, cost and how it started; the
 * totals of every matching session and the monthly totals; filtered by charger and by dates
 * (a reversed range is refused by the contracts' rule and not asked for); exported as .xlsx.
 */

function renderRecords(api = fakeApi().answer(charging.records, recordsData()), chargers = [{ sn: SN }]) {
  const rendered = renderScreen(<RecordsCard stationId={STATION_ID} chargers={chargers} />);
  return { ...rendered, api };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the charging records', () => {
  it('lists the sessions with their shares, cost and start, the totals and the months', async () => {
    renderRecords();
    const plugged = await screen.findByTestId('charging-record-102');
    expect(plugged.getAttribute('data-state')).toBe('plugged');
    expect(within(plugged).getByTestId('pile-state').textContent).toBe('Plugged in');
    const ended = screen.getByTestId('charging-record-101');
    expect(cells(ended)).toEqual([
      '11/23/26, 4:00 PM',
      '11/23/26, 8:30 PM',
      '4 hr 30 min',
      '16.0 kWh',
      '7.40 kW',
      'PV: 62.5 % · Battery: 12.5 % · Grid: 25.0 %',
      'PLN\u00a03.10',
      'Its plan',
    ]);
    expect(cells(plugged)[5]).toBe('PV: 100.0 %');
    expect(cells(plugged)[7]).toBe('Remotely');

    const totals = screen.getByTestId('charging-records-totals');
    expect(totals.textContent).toContain('Total of all matching sessions: 2');
    expect(screen.getByTestId('charging-records-total-energy').textContent).toBe('24.0 kWh');
    expect(screen.getByTestId('charging-records-total-sources').textContent).toBe(
      'PV: 75.0 % · Battery: 8.3 % · Grid: 16.7 %',
    );
    expect(screen.getByTestId('charging-records-total-cost').textContent).toBe('PLN\u00a03.10');
    const month = screen.getByTestId('charging-month-2026-11');
    expect(month.textContent).toBe(
      'November 20262' + '24.0 kWhPV: 75.0 % · Battery: 8.3 % · Grid: 16.7 %PLN\u00a03.10',
    );
    expect(screen.getByRole('region', { name: 'Monthly totals' })).toBeTruthy();
    await expectAccessible(document.body, 'the charging records');
  });

  it('filters by charger and by dates, refusing a reversed range by the contracts’ rule', async () => {
    const api = fakeApi().answer(charging.records, (body) =>
      recordsData({
        chargers: [
          { device_id: 31, sn: SN },
          { device_id: 32, sn: SN_2 },
        ],
        ...(body.equ_sn === SN_2
          ? { total: 1, list: [record({ record_id: 201, sn: SN_2, device_id: 32 })] }
          : {}),
      }),
    );
    const { user } = renderRecords(api, [{ sn: SN }, { sn: SN_2 }]);
    await screen.findByTestId('charging-record-101');
    // several chargers: each row names its charger
    expect(screen.getByRole('columnheader', { name: 'Charger' })).toBeTruthy();

    // (a charger's option is its SN, as is its value: the option is picked by its title)
    await user.click(screen.getByRole('combobox', { name: 'Charger' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${SN_2}"]`);
      if (!found) throw new Error('no option yet');
      return found;
    });
    await user.click(option);
    await screen.findByTestId('charging-record-201');
    expect(api.sent(charging.records).at(-1)?.body).toMatchObject({
      station_id: STATION_ID,
      equ_sn: SN_2,
      page: 1,
    });

    const from = screen.getByLabelText('Started from') as HTMLInputElement;
    const to = screen.getByLabelText('Started up to') as HTMLInputElement;
    const asked = api.sent(charging.records).length;
    await user.type(to, '2026-11-01');
    await user.type(from, '2026-11-20');
    expect((await screen.findByTestId('charging-records-range-problem')).textContent).toBe(
      'The end date cannot be earlier than the start date',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(
      api
        .sent(charging.records)
        .slice(asked)
        .some((call) => call.body.start_date === '2026-11-20'),
    ).toBe(false);

    await user.clear(to);
    await user.type(to, '2026-11-30');
    await waitFor(() =>
      expect(api.sent(charging.records).at(-1)?.body).toMatchObject({
        equ_sn: SN_2,
        start_date: '2026-11-20',
        end_date: '2026-11-30',
      }),
    );
    expect(screen.queryByTestId('charging-records-range-problem')).toBeNull();
  }, 40_000);

  it('exports every matching session as an .xlsx file through the address the call answers', async () => {
    const download = { path: 'download/charging-7.xlsx' } as CallDef;
    const api = fakeApi()
      .answer(charging.records, (body) =>
        body.export === 1
          ? {
              download_url: '/download/charging-7.xlsx',
              file_name: 'Charging records.xlsx',
              expires_at: '2099-01-01T00:00:00Z',
            }
          : recordsData(),
      )
      .answer(download, null as never);
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:records', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderRecords(api);
    await screen.findByTestId('charging-record-101');
    await user.click(screen.getByTestId('charging-records-export'));
    await waitFor(() => expect(saved).toEqual(['Charging records.xlsx']));
    const exported = api.sent(charging.records).find((call) => call.body.export === 1);
    expect(exported?.body).toEqual({ station_id: STATION_ID, export: 1, language: 'en' });
    expect(api.sent(download)).toHaveLength(1);
    click.mockRestore();
  });

  it('says there are no sessions yet, and offers no export then', async () => {
    const empty = recordsData({
      total: 0,
      list: [],
      months: [],
      totals: { sessions: 0, energy_kwh: 0, pv_kwh: 0, battery_kwh: 0, grid_kwh: 0, cost: null },
    });
    renderRecords(fakeApi().answer(charging.records, empty));
    expect((await screen.findByTestId('charging-records-empty')).textContent).toContain(
      'No charging sessions yet',
    );
    expect((screen.getByTestId('charging-records-export') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('charging-records-totals')).toBeNull();
    expect(screen.queryByTestId('charging-months')).toBeNull();
  });
});
