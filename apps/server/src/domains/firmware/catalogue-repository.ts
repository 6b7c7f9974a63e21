import {
  type DeviceType,
  deviceTypes,
  type FirmwareFileItem,
  type FirmwareModelItem,
  type FirmwarePart,
  type FirmwareSeriesItem,
  firmwareParts,
  type Language,
  type Page,
} from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pagedRows } from '../../platform/paged-rows.ts';
import type { PageWindow } from '../../platform/search.ts';
import { violatedUniqueIndex } from '../../platform/unique-violation.ts';

/** A name another series, model or (live) file has already, in any case. */
export class CatalogueNameTaken extends Error {}

const seriesRow = z.object({
  series_id: column.int,
  name: column.text,
  models: column.int,
  created_at: column.isoInstant,
}) satisfies z.ZodType<FirmwareSeriesItem, unknown>;

const parts = z.array(z.enum(firmwareParts));
const deviceType = z.literal(deviceTypes);

const modelRow = z.object({
  model_id: column.int,
  series_id: column.int,
  series_name: column.text,
  name: column.text,
  device_type: deviceType,
  parts,
  devices: column.int,
  files: column.int,
}) satisfies z.ZodType<FirmwareModelItem, unknown>;

const fileRow = z.object({
  file_id: column.int,
  model_id: column.int,
  model_name: column.text,
  series_name: column.text,
  device_type: deviceType,
  part: z.enum(firmwareParts),
  name: column.text,
  version: column.text,
  min_version: column.text.nullable(),
  size_bytes: column.int,
  sha256: column.text,
  key_id: column.text,
  notes: z.record(z.string(), z.string()).transform((notes) => notes as Partial<Record<Language, string>>),
  created_at: column.isoInstant,
  created_by: column.text.nullable(),
}) satisfies z.ZodType<FirmwareFileItem, unknown>;

/** A staged image waiting for `api/firmware/file/add`. */
export interface StagedUpload {
  uploadId: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  uploadedBy: number;
}

const uploadRow = z.object({
  upload_id: column.text,
  file_name: column.text,
  size_bytes: column.int,
  sha256: column.text,
  uploaded_by: column.int,
});

const idRow = (name: string) => z.object({ [name]: column.int });
const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Files of a model, withdrawn ones too: a model with any cannot be deleted. */
const modelFiles = sql`(select count(*) from firmware_files f where f.model_id = m.model_id)`;
/** Registered devices of a model, fleet-wide: `devices.model` is the model's name in any case. */
const modelDevices = sql`(select count(*) from devices d where lower(d.model) = lower(m.name))`;

const selectModel = sql`select m.model_id, m.series_id, s.name as series_name, m.name, m.device_type, m.parts,
    ${modelDevices} as devices, ${modelFiles} as files
  from firmware_models m join firmware_series s on s.series_id = m.series_id`;

/**
 * All SQL of the firmware catalogue (series → models → files) and of the staged uploads. Names are
 * unique in any case (the tables' `lower(name)` indexes); a write that takes one answers
 * CatalogueNameTaken.
 */
export function catalogueRepository(db: Database) {
  async function nameWrite<T>(index: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (violatedUniqueIndex(error, [index])) throw new CatalogueNameTaken();
      throw error;
    }
  }

  async function insertId(name: string, query: SQL): Promise<number> {
    const [row] = await queryParsed(db, idRow(name), query);
    if (!row) throw new Error(`no ${name} returned`);
    return row[name] as number;
  }

  return {
    /** Every series with its number of models, by name. */
    listSeries(): Promise<FirmwareSeriesItem[]> {
      return queryParsed(
        db,
        seriesRow,
        sql`select s.series_id, s.name, s.created_at,
              (select count(*) from firmware_models m where m.series_id = s.series_id) as models
            from firmware_series s order by lower(s.name), s.series_id`,
      );
    },

    async seriesExists(seriesId: number): Promise<boolean> {
      const rows = await queryParsed(
        db,
        idRow('series_id'),
        sql`select series_id from firmware_series where series_id = ${seriesId}`,
      );
      return rows.length > 0;
    },

    addSeries(name: string): Promise<number> {
      return nameWrite('firmware_series_name_key', () =>
        insertId('series_id', sql`insert into firmware_series (name) values (${name}) returning series_id`),
      );
    },

    /** Deletes a series without models: `missing`, `hasModels` or `deleted`. */
    async deleteSeries(seriesId: number): Promise<'missing' | 'hasModels' | 'deleted'> {
      const deleted = await queryParsed(
        db,
        idRow('series_id'),
        sql`delete from firmware_series s where s.series_id = ${seriesId}
              and not exists (select 1 from firmware_models m where m.series_id = s.series_id)
            returning s.series_id`,
      );
      if (deleted.length > 0) return 'deleted';
      return (await this.seriesExists(seriesId)) ? 'hasModels' : 'missing';
    },

    /** Models of one series or all, by series then name, with their devices and files. */
    listModels(seriesId: number | undefined): Promise<FirmwareModelItem[]> {
      const where = seriesId === undefined ? sql`` : sql`where m.series_id = ${seriesId}`;
      return queryParsed(
        db,
        modelRow,
        sql`${selectModel} ${where} order by lower(s.name), lower(m.name), m.model_id`,
      );
    },

    async model(modelId: number): Promise<FirmwareModelItem | undefined> {
      const [row] = await queryParsed(db, modelRow, sql`${selectModel} where m.model_id = ${modelId}`);
      return row;
    },

    addModel(entry: { seriesId: number; name: string; deviceType: DeviceType; parts: FirmwarePart[] }) {
      return nameWrite('firmware_models_name_key', () =>
        insertId(
          'model_id',
          sql`insert into firmware_models (series_id, name, device_type, parts)
              values (${entry.seriesId}, ${entry.name}, ${entry.deviceType}, ${JSON.stringify(entry.parts)}::jsonb)
              returning model_id`,
        ),
      );
    },

    /** Deletes a model no file (withdrawn ones included) names: `missing`, `hasFiles` or `deleted`. */
    async deleteModel(modelId: number): Promise<'missing' | 'hasFiles' | 'deleted'> {
      const deleted = await queryParsed(
        db,
        idRow('model_id'),
        sql`delete from firmware_models m where m.model_id = ${modelId}
              and not exists (select 1 from firmware_files f where f.model_id = m.model_id)
            returning m.model_id`,
      );
      if (deleted.length > 0) return 'deleted';
      return (await this.model(modelId)) ? 'hasFiles' : 'missing';
    },

    /** Live (not withdrawn) files of one model or all, newest first. */
    listFiles(modelId: number | undefined, page: PageWindow): Promise<Page<FirmwareFileItem>> {
      const where = sql`f.deleted_at is null${modelId === undefined ? sql`` : sql` and f.model_id = ${modelId}`}`;
      return pagedRows(db, fileRow, {
        from: sql`firmware_files f where ${where}`,
        select: sql`select f.file_id, f.model_id, m.name as model_name, s.name as series_name, m.device_type,
              f.part, f.name, f.version, f.min_version, f.size_bytes, f.sha256, f.key_id, f.notes, f.created_at,
              u.user_name as created_by
            from firmware_files f join firmware_models m on m.model_id = f.model_id
            join firmware_series s on s.series_id = m.series_id
            left join users u on u.user_id = f.created_by
            where ${where} order by f.created_at desc, f.file_id desc`,
        page,
      });
    },

    /** Whether a live file has the name, in any case. */
    async fileNameTaken(name: string): Promise<boolean> {
      const rows = await queryParsed(
        db,
        idRow('file_id'),
        sql`select file_id from firmware_files where lower(name) = lower(${name}) and deleted_at is null limit 1`,
      );
      return rows.length > 0;
    },

    /**
     * Publishes a staged upload as a file, in one transaction: the upload row (of `uploadedBy`) is
     * taken and the file written. Undefined when the upload is gone (published by a concurrent
     * call, or cleaned); CatalogueNameTaken when a live file has the name.
     */
    publishFile(file: {
      uploadId: string;
      uploadedBy: number;
      modelId: number;
      part: FirmwarePart;
      name: string;
      version: string;
      minVersion: string | null;
      sizeBytes: number;
      sha256: string;
      keyId: string;
      signature: string;
      notes: Partial<Record<Language, string>>;
      createdAt: Date;
    }): Promise<number | undefined> {
      return nameWrite('firmware_files_name_key', () =>
        db.transaction(async (txn) => {
          const tx = txn as unknown as Database;
          const taken = await queryParsed(
            tx,
            z.object({ upload_id: column.text }),
            sql`delete from firmware_uploads where upload_id = ${file.uploadId} and uploaded_by = ${file.uploadedBy}
                returning upload_id`,
          );
          if (taken.length === 0) return undefined;
          const [row] = await queryParsed(
            tx,
            idRow('file_id'),
            sql`insert into firmware_files (model_id, part, name, version, min_version, size_bytes, sha256, key_id,
                  signature, notes, created_by, created_at)
                values (${file.modelId}, ${file.part}, ${file.name}, ${file.version}, ${file.minVersion},
                  ${file.sizeBytes}, ${file.sha256}, ${file.keyId}, ${file.signature},
                  ${JSON.stringify(file.notes)}::jsonb, ${file.uploadedBy}, ${iso(file.createdAt)})
                returning file_id`,
          );
          return row?.file_id as number | undefined;
        }),
      );
    },

    /** A live file: its name (for the log) and whether an unfinished task still has to send it. */
    async liveFile(fileId: number): Promise<{ name: string; inUse: boolean } | undefined> {
      const [row] = await queryParsed(
        db,
        z.object({ name: column.text, in_use: z.boolean() }),
        sql`select f.name, exists (select 1 from upgrade_task_devices r
              where r.file_id = f.file_id and r.state in ('queued', 'sent')) as in_use
            from firmware_files f where f.file_id = ${fileId} and f.deleted_at is null`,
      );
      return row && { name: row.name, inUse: row.in_use };
    },

    /** Withdraws a live file no queued or sent upgrade row names; false when one does (or it is gone). */
    async withdrawFile(fileId: number, at: Date): Promise<boolean> {
      const rows = await queryParsed(
        db,
        idRow('file_id'),
        sql`update firmware_files f set deleted_at = ${iso(at)}
            where f.file_id = ${fileId} and f.deleted_at is null
              and not exists (select 1 from upgrade_task_devices r
                              where r.file_id = f.file_id and r.state in ('queued', 'sent'))
            returning f.file_id`,
      );
      return rows.length > 0;
    },

    async insertUpload(upload: StagedUpload, at: Date): Promise<void> {
      await db.execute(
        sql`insert into firmware_uploads (upload_id, file_name, size_bytes, sha256, uploaded_by, created_at)
            values (${upload.uploadId}, ${upload.fileName}, ${upload.sizeBytes}, ${upload.sha256},
                    ${upload.uploadedBy}, ${iso(at)})`,
      );
    },

    /** A staged upload of `uploadedBy`; undefined for another account's or an unknown id. */
    async upload(uploadId: string, uploadedBy: number): Promise<StagedUpload | undefined> {
      const [row] = await queryParsed(
        db,
        uploadRow,
        sql`select upload_id, file_name, size_bytes, sha256, uploaded_by from firmware_uploads
            where upload_id = ${uploadId} and uploaded_by = ${uploadedBy}`,
      );
      return (
        row && {
          uploadId: row.upload_id,
          fileName: row.file_name,
          sizeBytes: row.size_bytes,
          sha256: row.sha256,
          uploadedBy: row.uploaded_by,
        }
      );
    },

    /** Forgets staged uploads written before `before`; answers their ids (their files go next). */
    async deleteUploadsBefore(before: Date): Promise<string[]> {
      const rows = await queryParsed(
        db,
        z.object({ upload_id: column.text }),
        sql`delete from firmware_uploads where created_at < ${iso(before)} returning upload_id`,
      );
      return rows.map((row) => row.upload_id);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
