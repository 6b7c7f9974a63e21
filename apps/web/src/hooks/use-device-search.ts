import type { DeviceType } from '@helio/contracts';
import { useEffect, useState } from 'react';
import { pagerOf } from '../components/tables/pager.ts';

/** How long the SN typed stays the same before the list is asked again. */
const SEARCH_DELAY_MS = 400;

/**
 * A device list to choose from, of one type and searched by SN: the search box's text becomes the
 * query's keyword (upper case, as SNs are) once typing pauses or at once on Enter; a new type or
 * keyword starts again at the first page. `params` is the `device.list` body of the page shown,
 * `pager(total)` the table's small pager over the list's total.
 */
export function useDeviceSearch(initialType: DeviceType, pageSize: number) {
  const [deviceType, setDeviceType] = useState<DeviceType>(initialType);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const applyKeyword = (value: string) => {
    setKeyword(value.trim().toUpperCase());
    setPage(1);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text typed, not each render's function
  useEffect(() => {
    const timer = window.setTimeout(() => applyKeyword(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  return {
    deviceType,
    chooseType: (next: DeviceType) => {
      setDeviceType(next);
      setPage(1);
    },
    search,
    setSearch,
    applyKeyword,
    page,
    setPage,
    params: { page, page_size: pageSize, device_type: deviceType, ...(keyword ? { keyword } : {}) },
    pager: (total: number | undefined) =>
      pagerOf({ page, pageSize, total: total ?? 0, onChange: setPage, size: 'small' }),
  };
}

export type DeviceSearchState = ReturnType<typeof useDeviceSearch>;
