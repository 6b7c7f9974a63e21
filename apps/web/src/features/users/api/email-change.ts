import { type CallBody, user } from '@helio/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { useRefreshAccounts } from './accounts.ts';

export type EmailConfirmBody = CallBody<typeof user.confirmEmail>;
export type AccountEditBody = CallBody<typeof user.edit>;

/**
 * The code mailed to a new address confirms the change (refused with 200913 wrong code, 200914
 * expired or tried too often, 1004 taken meanwhile): from then on the account has that address,
 * and every list and form showing it is asked for again.
 */
export function useConfirmEmail() {
  const refreshAccounts = useRefreshAccounts();
  return useMutation({
    mutationFn: (body: EmailConfirmBody) => call(user.confirmEmail, body),
    onSuccess: () => void refreshAccounts(),
  });
}

/**
 * Asks for a new code: the same edit again, with the address waiting for its code. The server
 * decides whether one may be sent now (its refusal is said by the API client).
 */
export function useResendEmailCode() {
  const refreshAccounts = useRefreshAccounts();
  return useMutation({
    mutationFn: (body: AccountEditBody) => call(user.edit, body),
    onSuccess: () => void refreshAccounts(),
  });
}
