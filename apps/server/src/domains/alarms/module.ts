import type { Database } from '@helio/db';
import type { FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { authorizationRepository } from '../messages/authorization-repository.ts';
import { authorizationService } from '../messages/authorization-service.ts';
import { messagesRepository } from '../messages/repository.ts';
import { messagesRoutes } from '../messages/routes.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { operationLogRoutes } from '../operation-log/routes.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { alarmExport } from './export.ts';
import { notificationSettings } from './notification-settings.ts';
import { alarmNotifier } from './notifier.ts';
import { reportsRepository } from './reports-repository.ts';
import { reportsService } from './reports-service.ts';
import { alarmsRepository } from './repository.ts';
import { alarmsRoutes } from './routes.ts';
import { alarmsService } from './service.ts';

/**
 * Alarms, messages and the operation log, wired together: their calls, the export's download
 * route, and the notifier the device link runs after alarms open.
 */
export function registerAlarmsAndMessages(options: {
  app: FastifyInstance;
  calls: CallRegistry;
  db: Database;
  mailer: Mailer;
  tenancy: Tenancy;
  operationLog: OperationLog;
  /** Single-use download tickets of the export. */
  downloads: Downloads;
  quietMs: number;
}) {
  const { app, calls, db, tenancy, operationLog } = options;
  const alarms = alarmsRepository(db);
  const messages = messagesRepository(db);
  const settings = notificationSettings(db, options.quietMs);
  const exports = alarmExport(alarms, options.downloads);
  alarmsRoutes(calls, {
    alarms: alarmsService(alarms, tenancy, operationLog),
    reports: reportsService(reportsRepository(db), alarms, tenancy, operationLog),
    exports,
    settings,
    log: operationLog,
  });
  messagesRoutes(
    calls,
    messages,
    authorizationService(authorizationRepository(db), messages, tenancy, operationLog),
  );
  operationLogRoutes(calls, operationLog, tenancy);
  const notifier = alarmNotifier({
    db,
    mailer: options.mailer,
    messages,
    settings,
    quietMs: options.quietMs,
    log: app.log.child({ part: 'alarm-notices' }),
  });
  return { notifier, messages };
}
