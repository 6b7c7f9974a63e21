import { type CallData, station } from '@helio/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AlarmFilters } from '../../src/features/alarms/components/alarm-filters.tsx';
import { type AlarmListFilters, defaultAlarmFilters } from '../../src/features/alarms/lib/filters.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';
import { chooseOption } from './support/select.ts';

/** The station picker shows a station's id, name and type; the rest of a list row is not read. */
const stations = {
  total: 2,
  list: [
    { station_id: 7, station_name: 'Lakeside', station_type: 4 },
    { station_id: 9, station_name: 'Hill Farm', station_type: 1 },
  ],
} as unknown as CallData<typeof station.list>;

function renderFilters(filters: Partial<AlarmListFilters> = {}, rangeError?: string) {
  const api = fakeApi().answer(station.list, stations);
  const onChange = vi.fn();
  const onClear = vi.fn();
  const onRefresh = vi.fn();
  const view = renderScreen(
    <AlarmFilters
      filters={{ ...defaultAlarmFilters, ...filters }}
      onChange={onChange}
      onClear={onClear}
      onRefresh={onRefresh}
      rangeError={rangeError}
    />,
  );
  return { ...view, api, onChange, onClear, onRefresh };
}

describe('the alarm list filters', () => {
  it('searches an SN once typing pauses, with the text trimmed, not at each key', async () => {
    const { user, onChange } = renderFilters();
    await user.type(screen.getByRole('searchbox', { name: 'Search by device SN' }), '  INV-00');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ sn: 'INV-00' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('searches at once on Enter', async () => {
    const { user, onChange } = renderFilters();
    await user.type(screen.getByRole('searchbox', { name: 'Search by device SN' }), 'BAT{Enter}');
    expect(onChange).toHaveBeenCalledWith({ sn: 'BAT' });
  });

  it('narrows by severity, state and processing, and "all" clears a choice', async () => {
    const { user, onChange } = renderFilters({ severity: 'warning' });
    expect(
      screen.getByRole('combobox', { name: 'Filter by severity' }).closest('.ant-select')?.textContent,
    ).toBe('Warning');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by severity' }), 'Critical fault');
    expect(onChange).toHaveBeenLastCalledWith({ severity: 'critical' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by severity' }), 'All severities');
    expect(onChange).toHaveBeenLastCalledWith({ severity: undefined });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by state' }), 'Happening');
    expect(onChange).toHaveBeenLastCalledWith({ state: 'happening' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by processing' }), 'Unprocessed');
    expect(onChange).toHaveBeenLastCalledWith({ processingState: 'unprocessed' });
    await chooseOption(
      user,
      screen.getByRole('combobox', { name: 'Filter by device type' }),
      'Charging pile',
    );
    expect(onChange).toHaveBeenLastCalledWith({ deviceType: 4 });
  });

  it("offers the caller's stations from the server and filters by the one chosen", async () => {
    const { user, api, onChange } = renderFilters();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by station' }), 'Hill Farm');
    expect(onChange).toHaveBeenLastCalledWith({ stationId: 9 });
    expect(api.sent(station.list)[0]?.body).toMatchObject({ page: 1, sort_by: 'name' });

    // A name typed into the picker is searched by the server.
    await user.type(screen.getByRole('combobox', { name: 'Filter by station' }), 'Lake');
    await waitFor(() => expect(api.sent(station.list).at(-1)?.body).toMatchObject({ keyword: 'Lake' }));
  });

  it('offers to clear only when something is filtered, and clearing empties the SN box', async () => {
    const unfiltered = renderFilters();
    expect(screen.queryByRole('button', { name: /Clear filters/ })).toBeNull();
    unfiltered.unmount();

    const { user, onClear } = renderFilters({ sn: 'INV', state: 'ended' });
    const box = screen.getByRole('searchbox', { name: 'Search by device SN' });
    expect(box).toHaveProperty('value', 'INV');
    await user.click(screen.getByRole('button', { name: /Clear filters/ }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(box).toHaveProperty('value', '');
  });

  it('says under the time field why its range is refused', async () => {
    renderFilters(
      { startTime: '2026-01-01T00:00:00+01:00', endTime: '2026-03-01T00:00:00+01:00' },
      'The time range cannot exceed 30 days.',
    );
    expect(screen.getByRole('alert').textContent).toBe('The time range cannot exceed 30 days.');
  });

  it('asks again on refresh', async () => {
    const { user, onRefresh } = renderFilters();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
