import { auth } from '@helio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from './api.ts';
import { endSession } from './session-store.ts';

/**
 * Sign-out of SPEC.md §2: revokes the token on the server (its failure is ignored), clears local
 * storage except the chosen language, drops every cached answer and goes to /login.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    // The call takes the token before it yields, so the session can be cleared without waiting.
    call(auth.logout, {}, { quiet: true }).catch(() => undefined);
    endSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
