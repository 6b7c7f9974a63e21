import { RoleId } from '@helio/contracts';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../lib/session-store.ts';

/**
 * Route guards of SPEC.md §2. They follow the session as it changes, so signing out (here, in
 * another tab, or by an expired login) sends the user to /login at once. Redirects replace the
 * history entry: Back never returns to a page that would only redirect again.
 */

/** Any screen but login needs a stored TOKEN and loginUserId. */
export function RequireSession({ children }: { children: ReactNode }) {
  return useSession() ? children : <Navigate to="/login" replace />;
}

/** User management and upgrade tasks are for installers; an end user lands on the station list. */
export function RequireInstaller({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return session.roleId === RoleId.installer ? children : <Navigate to="/dashboard" replace />;
}

/** A signed-in user opening /login goes to the station list, unless a link signs in as someone. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { name } = useParams();
  return session && name === undefined ? <Navigate to="/dashboard" replace /> : children;
}

/** `/` is the login page's address too; a signed-in user goes on to the station list. */
export function RootEntry() {
  return <Navigate to={useSession() ? '/dashboard' : '/login'} replace />;
}
