import { type CallData, station } from '@helio/contracts';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlarmFilters } from '../../src/features/alarms/components/alarm-filters.tsx';
import {
  type AlarmListFilters,
  changeAlarmFilters,
  clearedAlarmFilters,
  defaultAlarmFilters,
} from '../../src/features/alarms/lib/filters.ts';
import { fakeApi } from './support/fake-api.ts';
import { renderScreen } from './support/render.tsx';

const stations = { total: 0, list: [] } as unknown as CallData<typeof station.list>;

/** Changes the filters from outside, as the address does. */
let setFiltersFromOutside: (filters: AlarmListFilters) => void = () => undefined;

/** The filters with their state kept as the alarm list keeps it. */
function Filters({ initial }: { initial: Partial<AlarmListFilters> }) {
  const [filters, setFilters] = useState<AlarmListFilters>({ ...defaultAlarmFilters, ...initial });
  setFiltersFromOutside = setFilters;
  return (
    <AlarmFilters
      filters={filters}
      onChange={(change) => setFilters((current) => changeAlarmFilters(current, change))}
      onClear={() => setFilters((current) => clearedAlarmFilters(current))}
      onRefresh={() => undefined}
    />
  );
}

function renderFilters(initial: Partial<AlarmListFilters> = {}) {
  fakeApi().answer(station.list, stations);
  return renderScreen(<Filters initial={initial} />);
}

describe('the alarm filters keep focus', () => {
  it('take no focus as the list opens', () => {
    renderFilters();
    expect(document.activeElement).toBe(document.body);
  });

  it('"clear filters" pressed goes with the filters, and focus goes to the first filter', async () => {
    const { user } = renderFilters({ state: 'happening' });
    const clear = screen.getByRole('button', { name: /Clear filters/ });
    clear.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /Clear filters/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search by device SN' }));
  });

  it('"clear filters" gone under focus for another reason hands focus to the control after it', () => {
    renderFilters({ state: 'happening' });
    screen.getByRole('button', { name: /Clear filters/ }).focus();
    act(() => setFiltersFromOutside(defaultAlarmFilters));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh' }));
  });
});
