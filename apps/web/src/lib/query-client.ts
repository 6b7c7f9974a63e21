import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls have already been shown to the user by the API client, so queries do not retry
 * (a retry would repeat the message); screens with live data set their own refetch intervals.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
