import { type CallBody, user } from '@helio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { messagesKey } from './messages.ts';

export type InvitationAnswerBody = CallBody<typeof user.invitationAnswer>;

/**
 * The invited end user accepts or declines an installer's invitation. Whatever the outcome (a
 * refusal such as 200001 means it was answered or expired meanwhile, and the API client says so),
 * the messages and their unread counts are asked for again, so the invitation shows where it stands.
 */
export function useInvitationAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationAnswerBody) => call(user.invitationAnswer, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
