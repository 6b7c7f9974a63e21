import { common } from '@helio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';

/** Shown until the server answers (SPEC.md §1, §9). */
export const DEFAULT_WEB_VERSION = 'v1.0.1';

export const webVersionQuery = queryOptions({
  queryKey: ['common', 'webVersion'],
  queryFn: ({ signal }) => call(common.getWebVer, {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useWebVersion(): string {
  const { data } = useQuery(webVersionQuery);
  return data || DEFAULT_WEB_VERSION;
}
