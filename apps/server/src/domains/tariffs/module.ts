import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { registerTariffSplitJob } from './job.ts';
import { tariffsRepository } from './repository.ts';
import { tariffRoutes } from './routes.ts';
import { tariffsService } from './service.ts';

/**
 * Wires peak-valley usage: its repository, service, split job and calls. Answers `splitSoon`,
 * which asks the split job for a run (the demo plants, once their tariffs are saved).
 */
export function registerTariffs(options: {
  calls: CallRegistry;
  db: Database;
  tenancy: Tenancy;
  clock: Clock;
  jobs: JobRunner;
  downloads: Downloads;
  log: FastifyBaseLogger;
}): { splitSoon: () => Promise<void> } {
  const { db, clock } = options;
  const job = registerTariffSplitJob({ jobs: options.jobs, service: () => service, log: options.log });
  const service = tariffsService({
    db,
    repo: tariffsRepository(db),
    tenancy: options.tenancy,
    clock,
    splitSoon: job.trigger,
  });
  tariffRoutes(options.calls, { service, downloads: options.downloads, now: () => clock.now() });
  return { splitSoon: job.trigger };
}
