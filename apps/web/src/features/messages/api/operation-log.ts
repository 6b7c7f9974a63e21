import { type CallBody, message } from '@helio/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { messagesKey } from './messages.ts';

export type LogListBody = CallBody<typeof message.logList>;

/** A page of the operation log of the caller and the accounts below it, newest first. */
export function useOperationLog(body: LogListBody, enabled: boolean) {
  return useQuery({
    queryKey: [...messagesKey, 'log', body],
    // A refused range (200601, 200603) is said under its field, the rest in the table.
    queryFn: ({ signal }) => call(message.logList, body, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
