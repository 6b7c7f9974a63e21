import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { TariffsService } from './service.ts';

/**
 * The nightly split on the one job runner: every 15 minutes it splits, for every station with a
 * tariff, the finished station-local days not split yet (yesterday, once it has been over half an
 * hour in the station's zone; and the days a recomputation forgot), a bounded batch per run,
 * going on right after while more wait. A save asks for a run at once.
 */
export const TARIFF_SPLIT_EVERY_S = 15 * 60;

export function registerTariffSplitJob(options: {
  jobs: JobRunner;
  service: () => TariffsService;
  log: FastifyBaseLogger;
}): { trigger: () => Promise<void> } {
  const handle = options.jobs.register({
    name: 'tariffs.split',
    everyS: TARIFF_SPLIT_EVERY_S,
    async run(_payload, job) {
      const { split, more } = await options.service().splitDue(job.now);
      if (split > 0) options.log.info({ days: split, more }, 'tariff days split');
      if (more) await handle.trigger();
    },
  });
  return { trigger: () => handle.trigger() };
}
