import type { Database } from '@helio/db';
import type { CallRegistry } from '../../http/calls.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { authorizationRepository } from '../messages/authorization-repository.ts';
import { authorizationService } from '../messages/authorization-service.ts';
import { messagesRepository } from '../messages/repository.ts';
import { messagesRoutes } from '../messages/routes.ts';
import { messagesService } from '../messages/service.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { operationLogRoutes } from '../operation-log/routes.ts';
import { operationLogService } from '../operation-log/service.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { alarmExport } from './export.ts';
import { noticesRepository } from './notices-repository.ts';
import { notificationSettings } from './notification-settings.ts';
import { notificationSettingsRepository } from './notification-settings-repository.ts';
import { alarmNotifier } from './notifier.ts';
import { reportsRepository } from './reports-repository.ts';
import { reportsService } from './reports-service.ts';
import { alarmsRepository } from './repository.ts';
import { alarmsRoutes } from './routes.ts';
import { alarmsService } from './service.ts';

/** How often the alarm notices run besides being triggered when alarms open, s. */
const NOTICES_EVERY_S = 15;

/**
 * Alarms, messages and the operation log, wired together: their calls, the export's download
 * route, and the `alarms.notices` job, which the device link triggers when alarms open.
 */
export function registerAlarmsAndMessages(options: {
  calls: CallRegistry;
  db: Database;
  mailer: Mailer;
  tenancy: Tenancy;
  operationLog: OperationLog;
  /** Single-use download tickets of the export. */
  downloads: Downloads;
  quietMs: number;
  jobs: JobRunner;
}) {
  const { calls, db, tenancy, operationLog } = options;
  const alarms = alarmsRepository(db);
  const messages = messagesRepository(db);
  const settings = notificationSettings(notificationSettingsRepository(db), {
    quietMs: options.quietMs,
    log: operationLog,
  });
  const exports = alarmExport(alarms, tenancy, options.downloads);
  alarmsRoutes(calls, {
    alarms: alarmsService(alarms, tenancy, operationLog),
    reports: reportsService(reportsRepository(db), alarms, tenancy, operationLog),
    exports,
    settings,
  });
  messagesRoutes(
    calls,
    messagesService(messages),
    authorizationService(authorizationRepository(db), messages, tenancy, operationLog),
  );
  operationLogRoutes(calls, operationLogService(operationLog, tenancy));
  const notifier = alarmNotifier({
    repo: noticesRepository(db),
    mailer: options.mailer,
    messages,
    settings,
    quietMs: options.quietMs,
  });
  const notices = options.jobs.register({
    name: 'alarms.notices',
    everyS: NOTICES_EVERY_S,
    run: (_payload, job) => notifier.pass(job.now),
  });
  return { notices, messages };
}
