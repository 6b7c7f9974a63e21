import { strategy } from '@helio/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../../lib/api.ts';
import { devicesKey } from '../../api/devices.ts';

/** While an application is pending on the device, the tab asks again this often. */
const PENDING_REFRESH_MS = 3_000;

const strategyKey = (sn: string) => [...devicesKey, 'strategy', sn] as const;

/** A device's active strategy, its pending applications and a page of its history (api/mode/device). */
export function useDeviceStrategy(sn: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...strategyKey(sn), page, pageSize],
    queryFn: ({ signal }) =>
      call(strategy.device, { equ_sn: sn, page, page_size: pageSize }, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data?.pending.length ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });
}

export function useRefreshDeviceStrategy(sn: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: strategyKey(sn) }), [queryClient, sn]);
}
