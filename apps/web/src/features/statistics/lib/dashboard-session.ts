import type { statistics } from '@helio/contracts';
import type { KeyValueStorage } from '../../../lib/session.ts';

/**
 * The fleet dashboard's own sign-in: the token `api/statistics/redeem` answered for its link. It
 * lives in this tab's session storage only, so a reload of the dashboard keeps it while the portal's
 * TOKEN in local storage is never read or written here, and closing the tab forgets it.
 */

export const DASHBOARD_SESSION_KEY = 'helioStatisticsSession';

export type DashboardSession = {
  token: string;
  /** ISO 8601: after this the server answers 1000 anyway. */
  expires_at: string;
  user_id: number;
  user_name: string;
  language: statistics.DashboardLanguage;
};

/** The stored dashboard session, unless it is missing, damaged or expired at `now`. */
export function readDashboardSession(storage: KeyValueStorage, now = Date.now()): DashboardSession | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(DASHBOARD_SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const session = parsed as Partial<DashboardSession>;
  if (
    typeof session.token !== 'string' ||
    session.token === '' ||
    typeof session.user_id !== 'number' ||
    typeof session.user_name !== 'string' ||
    typeof session.expires_at !== 'string' ||
    !(Date.parse(session.expires_at) > now)
  ) {
    return null;
  }
  return {
    token: session.token,
    expires_at: session.expires_at,
    user_id: session.user_id,
    user_name: session.user_name,
    language: session.language === 'zh' ? 'zh' : 'en',
  };
}

export function saveDashboardSession(storage: KeyValueStorage, session: DashboardSession): void {
  storage.setItem(DASHBOARD_SESSION_KEY, JSON.stringify(session));
}

export function clearDashboardSession(storage: KeyValueStorage): void {
  storage.removeItem(DASHBOARD_SESSION_KEY);
}

/** The dashboard's address once its ticket is used: the ticket leaves the address bar and history. */
export function dashboardPath(language: statistics.DashboardLanguage): string {
  return `/statistics/${language}`;
}

/** The link's language segment: `zh` for the Chinese dashboard, English for anything else. */
export function linkLanguage(segment: string | undefined): statistics.DashboardLanguage {
  return segment === 'zh' ? 'zh' : 'en';
}
