import path from 'node:path';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { catalogueRepository } from './catalogue-repository.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { catalogueService } from './catalogue-service.ts';
import { firmwareDownloadRoute } from './download-route.ts';
import type { FirmwareKey } from './keys.ts';
import { type FirmwareLinks, firmwareLinks } from './links.ts';
import { type FirmwareStore, firmwareStore } from './store.ts';

/** Every 10 minutes, staged uploads over an hour old are deleted. */
export const FIRMWARE_STAGING_EVERY_S = 10 * 60;
/** Every hour, expired download links are forgotten. */
export const FIRMWARE_LINKS_EVERY_S = 60 * 60;

/**
 * Wires the firmware catalogue: its image store under `dataDir`/firmware, its calls and upload,
 * the download route devices fetch images from, and the jobs that clean staging and expired
 * links. Answers the links upgrade tasks give devices and the store.
 */
export function registerFirmwareCatalogue(options: {
  app: FastifyInstance;
  calls: CallRegistry;
  db: Database;
  clock: Clock;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  operationLog: OperationLog;
  /** The API's path prefix (`/`, `/portal/`): the download route is under it. */
  prefix: string;
  dataDir: string;
  firmwareKeys: readonly FirmwareKey[];
  /** PORTAL_URL: devices are given download links at this origin, under `prefix`. */
  portalUrl: string;
}): { links: FirmwareLinks; store: FirmwareStore } {
  const { db, clock, log } = options;
  const store = firmwareStore(path.join(options.dataDir, 'firmware'));
  const links = firmwareLinks({ db, clock, baseUrl: new URL(options.prefix, options.portalUrl).href });
  const service = catalogueService({
    repo: catalogueRepository(db),
    store,
    keys: options.firmwareKeys,
    operationLog: options.operationLog,
    clock,
  });
  catalogueRoutes(options.calls, service);
  firmwareDownloadRoute(options.app, { prefix: options.prefix, resolve: links.resolve, store });

  options.jobs.register({
    name: 'firmware.staging',
    everyS: FIRMWARE_STAGING_EVERY_S,
    async run(_payload, job) {
      const deleted = await service.cleanStaging(job.now);
      if (deleted > 0) log.info({ uploads: deleted }, 'stale firmware uploads deleted');
    },
  });
  options.jobs.register({
    name: 'firmware.links',
    everyS: FIRMWARE_LINKS_EVERY_S,
    async run(_payload, job) {
      const deleted = await links.deleteExpired(job.now);
      if (deleted > 0) log.info({ links: deleted }, 'expired firmware links deleted');
    },
  });
  return { links, store };
}
