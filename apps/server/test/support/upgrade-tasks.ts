import { randomBytes } from 'node:crypto';
import { type DeviceType, type FirmwarePart, firmware } from '@helio/contracts';
import { column, type DatabaseHandle, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeviceCommands } from '../../src/domains/commands/service.ts';
import { controlAccess } from '../../src/domains/control/access.ts';
import { controlRepository } from '../../src/domains/control/repository.ts';
import { firmwareLinks } from '../../src/domains/firmware/links.ts';
import { registerUpgradeTasks } from '../../src/domains/firmware/tasks-module.ts';
import { operationLog } from '../../src/domains/operation-log/repository.ts';
import { tenancy } from '../../src/domains/tenancy/tenancy.ts';
import { type adjustableClock, adjustableClock as newClock } from '../../src/platform/clock.ts';
import { downloads } from '../../src/platform/downloads.ts';
import { downloadsRepository } from '../../src/platform/downloads-repository.ts';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/runner.ts';
import { freshDatabase } from './database.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface UpgradeServer extends TestServer {
  /** The job runner the rollout job is registered with. */
  rolloutJobs: JobRunner;
}

/**
 * A test server with upgrade tasks over `database` (a fresh one by default). Until app.ts wires
 * them, they are registered here: their rollout job on a runner of its own over the same database
 * and clock, their exports under a download path of their own.
 */
export async function startUpgradeServer(
  options: { database?: DatabaseHandle; clock?: ReturnType<typeof adjustableClock> } = {},
): Promise<UpgradeServer & { database: DatabaseHandle }> {
  const database = options.database ?? (await freshDatabase());
  const clock = options.clock ?? newClock();
  let ownJobs: JobRunner | undefined;
  let started: TestServer | undefined;
  const server = await startTestServer({
    database,
    clock,
    extend(calls, app) {
      if (calls.registered.has(firmware.taskAdd.path)) return;
      const db = database.db;
      ownJobs = createJobRunner({ db, log: app.log, clock });
      const files = downloads(downloadsRepository(db), {
        apiBase: '/upgrade-test/',
        prefix: '/upgrade-test/',
      });
      files.route(app);
      const scopes = tenancy(db);
      const commands = {
        create: (...args: Parameters<DeviceCommands['create']>) => started!.commands.create(...args),
      } as DeviceCommands;
      registerUpgradeTasks({
        calls,
        db,
        tenancy: scopes,
        commands,
        access: controlAccess(controlRepository(db), scopes, clock),
        jobs: ownJobs,
        links: firmwareLinks({ db, clock, baseUrl: 'http://127.0.0.1:9/' }),
        clock,
        downloads: files,
        operationLog: operationLog(db),
        log: app.log,
      });
    },
  });
  started = server;
  if (ownJobs) await ownJobs.start();
  const rolloutJobs = ownJobs ?? server.jobs;
  return {
    ...server,
    database,
    rolloutJobs,
    async close() {
      await ownJobs?.stop();
      await server.close();
      if (!options.database) await database.close();
    },
  };
}

/** A catalogue model with its files, written straight to the database (the catalogue has its own calls). */
export async function addCatalogue(
  server: TestServer,
  model: {
    name: string;
    deviceType: DeviceType;
    parts: FirmwarePart[];
    files: { part: FirmwarePart; version: string; minVersion?: string }[];
  },
): Promise<{ modelId: number; fileIds: number[] }> {
  const db = server.database.db;
  const id = z.object({ id: column.int });
  const [series] = await queryParsed(
    db,
    id,
    sql`insert into firmware_series (name) values (${`Series ${model.name}`}) returning series_id as id`,
  );
  const [row] = await queryParsed(
    db,
    id,
    sql`insert into firmware_models (series_id, name, device_type, parts)
        values (${series!.id}, ${model.name}, ${model.deviceType}, ${JSON.stringify(model.parts)}::jsonb)
        returning model_id as id`,
  );
  const fileIds: number[] = [];
  for (const file of model.files) {
    const [added] = await queryParsed(
      db,
      id,
      sql`insert into firmware_files (model_id, part, name, version, min_version, size_bytes, sha256, key_id, signature, notes)
          values (${row!.id}, ${file.part}, ${`${model.name}-${file.part}-${file.version}.bin`}, ${file.version},
                  ${file.minVersion ?? null}, 1024, ${randomBytes(32).toString('hex')}, '0123456789abcdef',
                  ${randomBytes(64).toString('base64')}, ${JSON.stringify({ en: `Release ${file.version}` })}::jsonb)
          returning file_id as id`,
    );
    fileIds.push(added!.id);
  }
  return { modelId: row!.id, fileIds };
}

/** A device's stored versions (`firmware_version`, `firmware_parts`). */
export async function deviceVersions(server: TestServer, sn: string) {
  const [row] = await queryParsed(
    server.database.db,
    z.object({
      firmware_version: column.text.nullable(),
      firmware_parts: z.record(z.string(), z.string()).nullable(),
    }),
    sql`select firmware_version, firmware_parts from devices where sn = ${sn}`,
  );
  return row;
}
