import { type CallBody, type CallData, type MessageKind, message } from '@helio/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Every answer about messages and authorization requests sits under this key. */
export const messagesKey = ['messages'] as const;

/** New messages arrive as alarms open and requests are answered: counts and lists refresh. */
export const MESSAGE_REFRESH_MS = 60_000;

export type UnreadCounts = CallData<typeof message.unreadCount>;

export function unreadCountQuery() {
  return queryOptions({
    queryKey: [...messagesKey, 'unread'],
    // A badge that could not be counted is left out rather than complained about every minute.
    queryFn: ({ signal }) => call(message.unreadCount, {}, { signal, quiet: true }),
    // Each screen that shows it asks afresh: opening the messages must not show last minute's count.
    staleTime: 0,
  });
}

/** How many of the caller's messages are unread, in all and by kind: the top bar's badge. */
export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery(), refetchInterval: MESSAGE_REFRESH_MS });
}

export type MessageListBody = CallBody<typeof message.list>;

export function useMessageList(body: MessageListBody) {
  return useQuery({
    queryKey: [...messagesKey, 'list', body],
    queryFn: ({ signal }) => call(message.list, body, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGE_REFRESH_MS,
  });
}

/**
 * Marks messages read: some by id, or all of them (of one kind). The answered counts show at once
 * in the badge; the lists are asked for again.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const onSuccess = (counts: UnreadCounts) => {
    queryClient.setQueryData(unreadCountQuery().queryKey, counts);
    void queryClient.invalidateQueries({
      queryKey: messagesKey,
      predicate: (query) => query.queryKey[1] !== 'unread',
    });
  };
  const some = useMutation({
    mutationFn: (messageIds: number[]) => call(message.read, { message_ids: messageIds }),
    onSuccess,
  });
  const all = useMutation({
    mutationFn: (kind: MessageKind | undefined) => call(message.readAll, kind ? { kind } : {}),
    onSuccess,
  });
  return { some, all };
}
