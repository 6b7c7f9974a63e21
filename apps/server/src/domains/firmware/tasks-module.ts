import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { DeviceCommands } from '../commands/service.ts';
import type { ControlAccess } from '../control/access.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { registerRolloutJob, type UpgradeLinks } from './rollout.ts';
import { tasksRepository } from './tasks-repository.ts';
import { upgradeTaskRoutes } from './tasks-routes.ts';
import { upgradeTasksService } from './tasks-service.ts';

/**
 * Wires installers' upgrade tasks: their repository, service, calls (with the task export and the
 * devices' upgrade records) and the rollout job on the one job runner. Registered before the job
 * runner starts. Answers `rolloutSoon`, which asks the rollout job for a run.
 */
export function registerUpgradeTasks(options: {
  calls: CallRegistry;
  db: Database;
  tenancy: Tenancy;
  commands: DeviceCommands;
  access: ControlAccess;
  jobs: JobRunner;
  /** Short-lived download addresses of images (the catalogue's links.ts `FirmwareLinks`). */
  links: UpgradeLinks;
  clock: Clock;
  downloads: Downloads;
  operationLog: OperationLog;
  log: FastifyBaseLogger;
}): { rolloutSoon: () => Promise<void> } {
  const { clock } = options;
  const repo = tasksRepository(options.db);
  const job = registerRolloutJob({
    jobs: options.jobs,
    repo,
    commands: options.commands,
    links: options.links,
    log: options.log,
  });
  const service = upgradeTasksService({
    repo,
    tenancy: options.tenancy,
    access: options.access,
    operationLog: options.operationLog,
    clock,
    rolloutSoon: job.trigger,
  });
  upgradeTaskRoutes(options.calls, { service, downloads: options.downloads, now: () => clock.now() });
  return { rolloutSoon: job.trigger };
}
