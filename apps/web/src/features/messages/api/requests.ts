import { type CallBody, message, type RequestItem } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { MESSAGE_REFRESH_MS, messagesKey } from './messages.ts';

export type RequestListBody = CallBody<typeof message.requestList>;
export type RequestAddBody = CallBody<typeof message.requestAdd>;
export type RequestAnswer = 'pass' | 'permanent_rejection';

/** Authorization requests sent by the caller's tree or received for the stations it holds. */
export function useRequestList(body: RequestListBody) {
  return useQuery({
    queryKey: [...messagesKey, 'requests', body],
    queryFn: ({ signal }) => call(message.requestList, body, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGE_REFRESH_MS,
  });
}

/**
 * Asking for access (after a registration answered 2001) and answering a pending request; both
 * refresh the requests and the messages they produce. `add` is quiet: its refusals (7005 already
 * pending, 4003 already granted, …) are worded by the dialog for this case.
 */
export function useRequestChanges(onDone?: (item: RequestItem) => void) {
  const queryClient = useQueryClient();
  const onSuccess = (item: RequestItem) => {
    onDone?.(item);
    void queryClient.invalidateQueries({ queryKey: messagesKey });
  };
  const add = useMutation({
    mutationFn: (body: RequestAddBody) => call(message.requestAdd, body, { quiet: true }),
    onSuccess,
  });
  const answer = useMutation({
    mutationFn: (body: { request_id: number; answer: RequestAnswer }) => call(message.requestAnswer, body),
    onSuccess,
  });
  return { add, answer };
}
