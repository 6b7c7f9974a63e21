import { charging } from '@helio/contracts';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CallRegistry } from '../../../http/calls.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Downloads } from '../../../platform/downloads.ts';
import type { JobRunner } from '../../../platform/jobs/runner.ts';
import type { PlantRepository } from '../../plant/repository.ts';
import { tariffsRepository } from '../../tariffs/repository.ts';
import type { Tenancy } from '../../tenancy/tenancy.ts';
import { recordsExport } from './export.ts';
import { recordsRepository } from './repository.ts';
import { recordsService } from './service.ts';
import { chargingSessionsUpdater, registerChargingSessionsJob } from './sessions-job.ts';

/**
 * Wires charging records: the job that keeps `charging_sessions` current from the wallboxes'
 * readings, and `api/charging/records` with its .xlsx export. Answers `sessionsSoon`, which asks
 * the job for a run.
 */
export function registerChargingRecords(options: {
  calls: CallRegistry;
  db: Database;
  clock: Clock;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  tenancy: Tenancy;
  downloads: Downloads;
  plant: Pick<PlantRepository, 'buckets'>;
}): { sessionsSoon: () => Promise<void> } {
  const { db, clock } = options;
  const repo = recordsRepository(db);
  const job = registerChargingSessionsJob({
    jobs: options.jobs,
    updater: chargingSessionsUpdater({ db, repo, plant: options.plant, tariffs: tariffsRepository(db) }),
    log: options.log,
  });
  const now = () => clock.now();
  const service = recordsService({ repo, tenancy: options.tenancy, now });
  const exports = recordsExport(options.downloads, service, now);

  options.calls.handle(charging.records, async ({ body, caller, language }) => {
    const query = {
      stationId: body.station_id,
      ...(body.equ_sn === undefined ? {} : { equSn: body.equ_sn }),
      ...(body.start_date === undefined ? {} : { startDate: body.start_date }),
      ...(body.end_date === undefined ? {} : { endDate: body.end_date }),
    };
    if (body.export === 1) {
      // checked now as a read (9001 out of reach), and again with the caller's rights at download
      await service.check(caller, query);
      return exports.ticket(caller, { ...query, language: body.language ?? language });
    }
    return service.records(caller, { ...query, page: body.page, pageSize: body.page_size });
  });

  return { sessionsSoon: job.trigger };
}
