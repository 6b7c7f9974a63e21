import type { statistics } from '@helio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { redeemTicket, setDashboardToken } from '../api/dashboard.ts';
import {
  clearDashboardSession,
  type DashboardSession,
  dashboardPath,
  readDashboardSession,
  saveDashboardSession,
} from '../lib/dashboard-session.ts';

/**
 * Whether the dashboard may show: `opening` while its link's ticket is redeemed, `ready` with the
 * dashboard session, `ended` when the link was used or expired (or the session it gave has ended),
 * `failed` when the server could not be reached.
 */
export type DashboardAccess =
  | { phase: 'opening' }
  | { phase: 'ready'; session: DashboardSession }
  | { phase: 'ended'; reason: 'link' | 'session' }
  | { phase: 'failed'; retry: () => void };

/**
 * `/statistics/{lang}/{user_id}/{ticket}` redeems the ticket, keeps the dashboard session in this
 * tab's session storage and replaces the address with `/statistics/{lang}`, so the ticket leaves
 * the address bar and the history; `/statistics/{lang}` (a reload) goes on with the stored session.
 */
export function useDashboardAccess(
  language: statistics.DashboardLanguage,
  userIdSegment: string | undefined,
  ticket: string | undefined,
): { access: DashboardAccess; end: () => void } {
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [access, setAccess] = useState<DashboardAccess>(() => initialAccess(ticket));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a network failure
  useEffect(() => {
    if (ticket === undefined) return;
    if (!/^\d{1,10}$/.test(userIdSegment ?? '')) {
      setAccess({ phase: 'ended', reason: 'link' });
      return;
    }
    let live = true;
    setAccess({ phase: 'opening' });
    redeemTicket(Number(userIdSegment), ticket).then(
      (session) => {
        saveDashboardSession(sessionStorage, session);
        setDashboardToken(session.token);
        if (!live) return;
        setAccess({ phase: 'ready', session });
        navigate(dashboardPath(language), { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.code === 'network') {
          setAccess({ phase: 'failed', retry: () => setAttempt((count) => count + 1) });
        } else {
          setAccess({ phase: 'ended', reason: 'link' });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [ticket, userIdSegment, language, navigate, attempt]);

  const end = useCallback(() => {
    clearDashboardSession(sessionStorage);
    setAccess({ phase: 'ended', reason: 'session' });
  }, []);

  return { access, end };
}

/** Without a ticket, the session this tab already holds, if any. */
function initialAccess(ticket: string | undefined): DashboardAccess {
  if (ticket !== undefined) return { phase: 'opening' };
  const session = readDashboardSession(sessionStorage);
  if (!session) return { phase: 'ended', reason: 'link' };
  setDashboardToken(session.token);
  return { phase: 'ready', session };
}
