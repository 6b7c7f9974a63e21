import { statistics } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { StatisticsService } from './service.ts';

export function statisticsRoutes(calls: CallRegistry, service: StatisticsService): void {
  // without a language in the body, the variant follows the Lang header
  calls.handle(statistics.ticket, ({ caller, body, language }) =>
    service.issueTicket(caller, body.language ?? statistics.dashboardLanguageOf(language)),
  );
  calls.handle(statistics.redeem, ({ body, clientIp, userAgent }) =>
    service.redeem({ userId: body.user_id, ticket: body.ticket, clientIp, userAgent }),
  );
  // the one call a dashboard token may make
  calls.handle(statistics.fleet, ({ caller }) => service.fleet(caller), { scopes: ['statistics'] });
}
