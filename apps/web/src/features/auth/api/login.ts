import type { auth, CallBody } from '@helio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callOnDemand } from '../../../lib/api.ts';
import { startSession } from '../../../lib/session-store.ts';

export type LoginBody = CallBody<typeof auth.login>;

/** The login call's definition is fetched on demand: the login page paints without it. */
export const loadLoginCall = () =>
  import('../../../lib/call-definitions.ts').then((calls) => calls.auth.login);

/** Signs in, stores the session and opens the station list. */
export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: LoginBody) => callOnDemand(loadLoginCall, body),
    onSuccess: (data) => {
      queryClient.clear();
      startSession(data);
      navigate('/dashboard', { replace: true });
    },
  });
}
