import { alarm, type CallBody } from '@helio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const notificationKey = ['alarm-notification'] as const;

/** The caller's alarm notification settings: which severities are mailed, and in which language. */
export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: notificationKey,
    queryFn: ({ signal }) => call(alarm.notificationGet, {}, { signal }),
    enabled,
  });
}

export type NotificationBody = CallBody<typeof alarm.notificationSet>;

export function useSaveNotificationSettings(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationBody) => call(alarm.notificationSet, body),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationKey, settings);
      onDone?.();
    },
  });
}
