import { station } from '@helio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { stationsKey } from './stations.ts';

/** How many accounts one search of a picker shows; typing narrows it down on the server. */
const OPTION_COUNT = 50;

/** Installers a station can be bound to: the caller and its sub-installers (installers only). */
export function useInstallerChoices(keyword: string, enabled = true) {
  return useQuery({
    queryKey: [...stationsKey, 'installerChoices', keyword],
    queryFn: ({ signal }) =>
      call(
        station.installerList,
        { page: 1, page_size: OPTION_COUNT, ...(keyword ? { keyword } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** End users a station can be bound to, narrowed to one installer's tree when one is chosen. */
export function useEndUserChoices(keyword: string, installerId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...stationsKey, 'endUserChoices', keyword, installerId],
    queryFn: ({ signal }) =>
      call(
        station.endUserList,
        {
          page: 1,
          page_size: OPTION_COUNT,
          ...(keyword ? { keyword } : {}),
          ...(installerId ? { installer_id: installerId } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
