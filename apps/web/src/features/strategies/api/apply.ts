import {
  type CallBody,
  control,
  DeviceType,
  device,
  groupDeviceTypes,
  type StrategyState,
  strategy,
} from '@helio/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { call } from '../../../lib/api.ts';
import { templatesKey } from './templates.ts';

/**
 * Applying a template (api/mode/update): the devices that can take a strategy, whether each is
 * unlocked by its device password (api/setting/device), the application itself with an idempotency
 * key, and its progress per device (api/mode/batch), asked again until no device is pending.
 */

/** Device types that hold a battery's settings: those a strategy goes to. */
export const strategyDeviceTypes = groupDeviceTypes.battery;
export const DEFAULT_DEVICE_TYPE = DeviceType.inverter;

const applyKey = [...templatesKey, 'apply'] as const;

export type DevicePickParams = CallBody<typeof device.list>;

/** A page of the caller's devices of one type, searched by SN. */
export function useDevicesToPick(params: DevicePickParams, enabled: boolean) {
  return useQuery({
    queryKey: [...applyKey, 'devices', params],
    queryFn: ({ signal }) => call(device.list, params, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The enabled templates to choose from (the Strategy tab's apply dialog). */
export function useEnabledTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...templatesKey, 'enabled'],
    queryFn: ({ signal }) => call(strategy.list, { page: 1, page_size: 200, enabled: true }, { signal }),
    enabled,
  });
}

/** Whether each device asks for its password before a write, and until when it is unlocked. */
export function useLockStates(sns: readonly string[]) {
  return useQueries({
    queries: sns.map((sn) => ({
      queryKey: [...applyKey, 'lock', sn],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(control.settings, { equ_sn: sn }, { signal, quiet: true }),
      select: (view: { needs_password: boolean; unlocked_until: string | null }) => ({
        needsPassword: view.needs_password,
        unlockedUntil: view.unlocked_until,
      }),
      staleTime: 30_000,
    })),
  });
}

export function useRefreshLock(): (sn: string) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (sn: string) => queryClient.invalidateQueries({ queryKey: [...applyKey, 'lock', sn] }),
    [queryClient],
  );
}

export type ApplyRequest = Omit<CallBody<typeof strategy.update>, 'key'>;

/**
 * Applies a template to the chosen devices. The same request sent again (a double click, a retry
 * after a lost answer) carries the same key and answers the same application.
 */
export function useApplyTemplate() {
  const last = useRef<{ json: string; key: string } | null>(null);
  const keyOf = (request: ApplyRequest) => {
    const json = JSON.stringify(request);
    if (last.current?.json !== json) last.current = { json, key: crypto.randomUUID() };
    return last.current.key;
  };
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ApplyRequest) =>
      call(strategy.update, { ...request, key: keyOf(request) }, { quiet: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** An application's progress is asked again this often while a device is pending. */
export const BATCH_POLL_MS = 2_000;

const pendingIn = (list: readonly { state: StrategyState }[]) =>
  list.some((item) => item.state === 'pending');

/** An application's progress per device, asked again until no device is pending. */
export function useBatch(batchId: string | undefined) {
  return useQuery({
    queryKey: [...applyKey, 'batch', batchId],
    queryFn: ({ signal }) => call(strategy.batch, { batch_id: batchId ?? '' }, { signal, quiet: true }),
    enabled: batchId !== undefined,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && !pendingIn(data.list) ? false : BATCH_POLL_MS;
    },
  });
}

export { pendingIn };
