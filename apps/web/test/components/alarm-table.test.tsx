import type { AlarmItem } from '@helio/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AlarmSort, AlarmTable } from '../../src/features/alarms/components/alarm-table.tsx';
import { renderScreen } from './support/render.tsx';

const TOTAL = 13;
const PAGE_SIZE = 10;

/** Alarm `id` of an inverter: grid over-voltage, ended; the processing columns empty. */
function alarmItem(id: number): AlarmItem {
  return {
    alarm_id: id,
    station_id: 7,
    station_name: 'Lakeside',
    timezone: 'Europe/Warsaw',
    device_id: 3,
    sn: `INV00000000${String(id).padStart(2, '0')}`,
    device_type: 1,
    code: 101,
    fault_key: null,
    severity: 'fault',
    part: null,
    source: 'device',
    state: 'ended',
    raised_at: new Date(Date.UTC(2026, 2, 1, 8, id)).toISOString(),
    cleared_at: new Date(Date.UTC(2026, 2, 1, 9, id)).toISOString(),
    acquired_at: new Date(Date.UTC(2026, 2, 1, 8, id)).toISOString(),
    processing_state: 'unprocessed',
    opinion: null,
    processed_by: null,
    processed_by_name: null,
    processed_at: null,
  } as AlarmItem;
}

const all = Array.from({ length: TOTAL }, (_, index) => alarmItem(index + 1));

/** Sets the rows of the `ListTable` rendered with rows of its own, as a list fetched again would. */
let setRows: (items: AlarmItem[]) => void = () => undefined;

/** The alarm list's table with its order and page kept as the list keeps them (in the address). */
function ListTable({ onSort, rows }: { onSort: (sort: AlarmSort) => void; rows?: AlarmItem[] }) {
  const [sort, setSort] = useState<AlarmSort>({ by: 'raised_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const [items, setItems] = useState(rows);
  setRows = setItems;
  const shown = items ?? all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <AlarmTable
      items={shown}
      variant="list"
      loading={false}
      empty={<span />}
      onOpen={() => undefined}
      sort={sort}
      onSort={(next) => {
        setSort(next);
        onSort(next);
      }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: items ? items.length : TOTAL,
        onChange: (next) => setPage(next),
      }}
    />
  );
}

/**
 * What a browser does when the focused element can take focus no more (a disabled pager button):
 * focus goes to the page's body. jsdom leaves it there, and blurs only what can take focus.
 */
function browserFocusFixup() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active.hasAttribute('tabindex')) return;
  if (!active.closest('[aria-disabled="true"]')) return;
  active.tabIndex = -1;
  active.blur();
  active.removeAttribute('tabindex');
}

function renderTable(rows?: AlarmItem[]) {
  const onSort = vi.fn();
  const view = renderScreen(<ListTable onSort={onSort} rows={rows} />);
  return { ...view, onSort };
}

describe('the alarm table by keyboard', () => {
  it('sorts a column on Space as on Enter, without scrolling the page, and keeps focus on its header', async () => {
    const { user, onSort } = renderTable();
    const header = screen.getByRole('columnheader', { name: 'Severity' });
    expect(header.tabIndex).toBe(0);
    header.focus();

    // Not prevented, Space would scroll the page.
    expect(fireEvent.keyDown(header, { key: ' ', code: 'Space' })).toBe(false);
    expect(onSort).toHaveBeenLastCalledWith({ by: 'severity', order: 'desc' });
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    expect(document.activeElement).toBe(header);

    // antd's own Enter (it reads the key code).
    fireEvent.keyDown(header, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSort).toHaveBeenLastCalledWith({ by: 'severity', order: 'asc' });
    await user.keyboard(' ');
    // A third press goes back to the list's own order.
    expect(onSort).toHaveBeenLastCalledWith({ by: 'raised_at', order: 'desc' });
    expect(onSort).toHaveBeenCalledTimes(3);
    expect(document.activeElement).toBe(header);
  });

  it('Space inside a header’s content is not taken for sorting', () => {
    const { onSort } = renderTable();
    const header = screen.getByRole('columnheader', { name: 'Severity' });
    const inner = header.querySelector('.ant-table-column-title') as HTMLElement;
    fireEvent.keyDown(inner, { key: ' ', code: 'Space' });
    expect(onSort).not.toHaveBeenCalled();
  });

  it('keeps focus on the pager when "next page" goes to the last page, on that page’s item', async () => {
    const { user } = renderTable();
    const pager = screen.getByRole('list');
    screen.getByTitle('Next Page').focus();
    await user.keyboard('{Enter}');
    // "Next" is disabled on the last page and takes focus no more: the browser moves focus off it
    // to the page's body (jsdom does not, so the test does what the browser does).
    browserFocusFixup();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + TOTAL - PAGE_SIZE));
    // Focus is on the page shown, in the pager.
    await waitFor(() => expect(document.activeElement).toBe(within(pager).getByTitle('2')));
    expect(document.activeElement?.className).toContain('ant-pagination-item-active');

    // "Previous" on the first page again: the same.
    within(pager).getByTitle('Previous Page').focus();
    await user.keyboard('{Enter}');
    browserFocusFixup();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(1 + PAGE_SIZE));
    await waitFor(() => expect(document.activeElement).toBe(within(pager).getByTitle('1')));
  });

  it('hands focus to the row now in its place when the focused row leaves the list', () => {
    const items = all.slice(0, 4);
    renderTable(items);
    const openOf = (id: number) => within(screen.getByTestId(`alarm-row-${id}`)).getByTestId('alarm-open');
    openOf(3).focus();

    act(() => setRows(items.filter((item) => item.alarm_id !== 3)));
    expect(document.activeElement).toBe(openOf(4));

    // The last row gone: the row before it.
    act(() => setRows(items.filter((item) => item.alarm_id === 1 || item.alarm_id === 2)));
    expect(document.activeElement).toBe(openOf(2));

    // Focus elsewhere: a list that changes leaves it there.
    const pageItem = screen.getByTitle('1');
    pageItem.focus();
    act(() => setRows(items.slice(0, 1)));
    expect(document.activeElement).toBe(pageItem);
  });
});
