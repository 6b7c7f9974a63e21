import { DEMO_USER_ID } from '@helio/contracts';
import { useSession } from '../../../lib/session-store.ts';

/** False for the shared demo account, whose every change the server refuses (9001): it only looks at tasks. */
export function useMayChangeTasks(): boolean {
  const session = useSession();
  return session !== null && session.userId !== DEMO_USER_ID;
}
