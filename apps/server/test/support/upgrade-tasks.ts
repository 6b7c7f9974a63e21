import { randomBytes } from 'node:crypto';
import type { DeviceType, FirmwarePart } from '@helio/contracts';
import { column, type DatabaseHandle, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { adjustableClock } from '../../src/platform/clock.ts';
import type { JobRunner } from '../../src/platform/jobs/runner.ts';
import { freshDatabase } from './database.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface UpgradeServer extends TestServer {
  /** The job runner the rollout job is registered with (the app's). */
  rolloutJobs: JobRunner;
}

/** A test server over `database` (a fresh one by default, closed with it) and `clock`, for upgrade tasks. */
export async function startUpgradeServer(
  options: { database?: DatabaseHandle; clock?: ReturnType<typeof adjustableClock> } = {},
): Promise<UpgradeServer> {
  const database = options.database ?? (await freshDatabase());
  const server = await startTestServer({ database, clock: options.clock ?? adjustableClock() });
  return {
    ...server,
    rolloutJobs: server.jobs,
    async close() {
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
