import { defaultLanguage, statistics } from '@helio/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { describeError, readApiBase } from '../../../lib/api.ts';
import { ApiError, createApiClient } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notifier.ts';
import { type KeyValueStorage, SessionKey } from '../../../lib/session.ts';
import type { DashboardSession } from '../lib/dashboard-session.ts';

/**
 * The dashboard's calls. They carry the dashboard token, held here in memory, never the portal's
 * stored TOKEN; so the portal's API client (which reads local storage and sends 1000 to /login) is
 * not used. Every call is quiet: the dashboard says what went wrong in place.
 */

let dashboardToken: string | null = null;

/** Storage as the API client reads its token from: only the dashboard token, only in memory. */
const tokenHolder: KeyValueStorage = {
  getItem: (key) => (key === SessionKey.token ? dashboardToken : null),
  setItem: (key, value) => {
    if (key === SessionKey.token) dashboardToken = value;
  },
  removeItem: (key) => {
    if (key === SessionKey.token) dashboardToken = null;
  },
  clear: () => {
    dashboardToken = null;
  },
};

const client = createApiClient({
  baseUrl: readApiBase,
  storage: () => tokenHolder,
  language: () => i18n.language || defaultLanguage,
  describe: (code, issues) => describeError(new ApiError(code, issues)),
  notifyError,
  // 1000 clears the token above; the screen sees the failure and says the dashboard has ended.
  onLoginExpired: () => undefined,
});

/** Uses the dashboard token from now on. */
export function setDashboardToken(token: string): void {
  dashboardToken = token;
}

const redeeming = new Map<string, Promise<DashboardSession>>();

/**
 * Trades the link's ticket for a dashboard session. A ticket works once, so a second ask for the
 * same ticket (React runs effects twice in development) waits for the first instead of spending it.
 */
export function redeemTicket(userId: number, ticket: string): Promise<DashboardSession> {
  let pending = redeeming.get(ticket);
  if (!pending) {
    pending = client.call(statistics.redeem, { user_id: userId, ticket }, { quiet: true });
    redeeming.set(ticket, pending);
    // after a failure a new try may ask again (a ticket the server already took then answers 1000)
    pending.catch(() => redeeming.delete(ticket));
  }
  return pending;
}

export const dashboardKey = ['statistics'] as const;

export function fleetQuery(userId: number) {
  return queryOptions({
    queryKey: [...dashboardKey, 'fleet', userId],
    queryFn: ({ signal }) => client.call(statistics.fleet, {}, { signal, quiet: true }),
  });
}

/** The fleet's figures, read again every minute while the dashboard is shown. */
export function useFleetStatistics(userId: number) {
  return useQuery({
    ...fleetQuery(userId),
    refetchInterval: statistics.DASHBOARD_REFRESH_MS,
    staleTime: statistics.DASHBOARD_REFRESH_MS / 2,
  });
}
