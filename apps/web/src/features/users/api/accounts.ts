import { type CallBody, user } from '@helio/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';

/** Every answer about accounts sits under this key, so one invalidation refreshes them all. */
export const accountsKey = ['accounts'] as const;

export type AccountListParams = CallBody<typeof user.getInstallerLower>;

export function accountListQuery(params: AccountListParams) {
  return queryOptions({
    queryKey: [...accountsKey, 'list', params],
    queryFn: ({ signal }) => call(user.getInstallerLower, params, { signal }),
  });
}

/** A page of the caller's tree; the previous page stays on screen while the next one loads. */
export function useAccountList(params: AccountListParams, enabled = true) {
  return useQuery({ ...accountListQuery(params), placeholderData: keepPreviousData, enabled });
}

export function accountInfoQuery(userId: number) {
  return queryOptions({
    queryKey: [...accountsKey, 'info', userId],
    queryFn: ({ signal }) => call(user.info, { user_id: userId }, { signal }),
    staleTime: 0,
  });
}

/** Refreshes every list and form showing accounts, after any change to them. */
export function useRefreshAccounts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: accountsKey }), [queryClient]);
}
