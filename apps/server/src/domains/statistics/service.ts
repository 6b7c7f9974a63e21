import { createHash, randomBytes } from 'node:crypto';
import { type CallData, statistics } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { AuthService } from '../auth/service.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { fleetStatistics, zonePeriods } from './fleet-figures.ts';
import type { StatisticsRepository } from './repository.ts';

/**
 * Data statistics (README.md "Data statistics"). The portal's menu entry asks for a ticket: 256
 * random bits, kept only as their SHA-256, bound to the caller and the sign-in that asked, valid
 * for a minute and usable once. The link carries the user id and the ticket, never the session
 * token. The dashboard page trades it for a token of its own that serves only the fleet call and
 * ends with the sign-in it came from. Every refusal of a ticket is 1000, whatever the reason, so a
 * link tells nothing about other users or tickets.
 */

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function statisticsService(
  repo: StatisticsRepository,
  tenancy: Pick<Tenancy, 'seen'>,
  sessions: Pick<AuthService, 'issueRestrictedSession'>,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  return {
    /** A single-use link to the dashboard in `language`, for the caller's sign-in. */
    async issueTicket(
      caller: Caller,
      language: statistics.DashboardLanguage,
    ): Promise<CallData<typeof statistics.ticket>> {
      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + statistics.DASHBOARD_TICKET_TTL_S * 1000);
      await repo.insertTicket({
        hash: hashTicket(ticket),
        userId: caller.userId,
        params: { language, sessionId: caller.sessionId },
        at,
        expiresAt,
      });
      return {
        url: `/statistics/${language}/${caller.userId}/${ticket}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * Uses a ticket up and answers a dashboard token. An unknown, used or expired ticket, a user id
     * that is not the ticket's (the ticket is used up all the same) and a sign-in that has ended
     * are all 1000.
     */
    async redeem(input: {
      userId: number;
      ticket: string;
      clientIp: string;
      userAgent: string | undefined;
    }): Promise<CallData<typeof statistics.redeem>> {
      if (!statistics.DASHBOARD_TICKET_PATTERN.test(input.ticket)) throw new Refusal('1000');
      const claimed = await repo.claimTicket(hashTicket(input.ticket), now());
      if (!claimed || claimed.user_id !== input.userId) throw new Refusal('1000');
      const session = await sessions.issueRestrictedSession({
        userId: claimed.user_id,
        parentSessionId: claimed.params.sessionId,
        scope: 'statistics',
        ttlMs: statistics.DASHBOARD_TOKEN_TTL_HOURS * 3_600_000,
        clientIp: input.clientIp,
        userAgent: input.userAgent,
      });
      if (!session) throw new Refusal('1000');
      return {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        user_id: claimed.user_id,
        user_name: claimed.user_name,
        language: claimed.params.language,
      };
    },

    /** The dashboard's figures over every station the caller sees (its scope and its grants). */
    async fleet(caller: Caller): Promise<statistics.FleetStatistics> {
      const at = now();
      const seen = tenancy.seen(caller);
      const zones = (await repo.zones(seen)).map((tz) => zonePeriods(tz, at));
      const since = new Date(at.getTime() - statistics.ALARM_WINDOW_DAYS * 86_400_000);
      const rows = await repo.stationFigures(seen, zones);
      const alarmRows = await repo.alarmCounts(seen, since);
      return fleetStatistics(rows, alarmRows, { at, alarmWindowDays: statistics.ALARM_WINDOW_DAYS });
    },
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
