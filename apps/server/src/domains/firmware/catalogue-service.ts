import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  compareFirmwareVersions,
  type DeviceType,
  FIRMWARE_MAX_BYTES,
  type FirmwarePart,
  isFirmwareFileName,
  type Language,
  parseFirmwareSignature,
  type ValidationMessageKey,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageWindow } from '../../platform/search.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { CatalogueNameTaken, type CatalogueRepository } from './catalogue-repository.ts';
import { type FirmwareKey, verifyFirmwareSignature } from './keys.ts';
import type { FirmwareStore } from './store.ts';

/** How long a staged upload waits to be published before the staging job deletes it. */
export const STAGED_UPLOAD_TTL_MS = 60 * 60_000;

/** What `api/firmware/file/add` publishes, as its body gives it. */
export interface FileToAdd {
  uploadId: string;
  modelId: number;
  part: FirmwarePart;
  name: string;
  version: string;
  minVersion: string | undefined;
  notes: Partial<Record<Language, string>>;
  signature: string;
}

/** 200005 with one field's issue. */
function fieldRefusal(path: string, message: ValidationMessageKey): Refusal {
  return new Refusal('200005', [{ path, message }]);
}

const isMissingFile = (error: unknown) => (error as { code?: string } | null)?.code === 'ENOENT';

/**
 * The firmware catalogue (PRODUCT.md §8 "Firmware"; contracts api/calls/firmware.ts): series →
 * models → signed files, kept by the platform operator alone (everyone else 9001; the demo's
 * writes are refused by the call pipeline). A file is published in two steps: its image streams
 * into staging (hashed as it comes), then `addFile` keeps it only when its signature file verifies
 * with a FIRMWARE_KEYS key over exactly the staged image's SHA-256 and length.
 */
export function catalogueService(options: {
  repo: CatalogueRepository;
  store: FirmwareStore;
  keys: readonly FirmwareKey[];
  operationLog: OperationLog;
  clock: Clock;
}) {
  const { repo, store, keys, operationLog, clock } = options;

  function assertOperator(caller: Caller): void {
    if (!caller.isOperator) throw new Refusal('9001');
  }

  return {
    async listSeries(caller: Caller) {
      assertOperator(caller);
      return { list: await repo.listSeries() };
    },

    async addSeries(caller: Caller, name: string) {
      assertOperator(caller);
      try {
        return { series_id: await repo.addSeries(name) };
      } catch (error) {
        if (error instanceof CatalogueNameTaken) throw new Refusal('7000');
        throw error;
      }
    },

    async deleteSeries(caller: Caller, seriesId: number): Promise<null> {
      assertOperator(caller);
      const outcome = await repo.deleteSeries(seriesId);
      if (outcome === 'missing') throw fieldRefusal('series_id', 'validation.invalidValue');
      if (outcome === 'hasModels') throw new Refusal('7001');
      return null;
    },

    async listModels(caller: Caller, seriesId: number | undefined) {
      assertOperator(caller);
      return { list: await repo.listModels(seriesId) };
    },

    async addModel(
      caller: Caller,
      model: { seriesId: number; name: string; deviceType: DeviceType; parts: FirmwarePart[] },
    ) {
      assertOperator(caller);
      if (!(await repo.seriesExists(model.seriesId)))
        throw fieldRefusal('series_id', 'validation.invalidValue');
      try {
        return { model_id: await repo.addModel(model) };
      } catch (error) {
        // a model's name is what its devices report: one name, one model, whatever the series
        if (error instanceof CatalogueNameTaken) throw fieldRefusal('name', 'validation.firmwareModelTaken');
        throw error;
      }
    },

    async deleteModel(caller: Caller, modelId: number): Promise<null> {
      assertOperator(caller);
      const outcome = await repo.deleteModel(modelId);
      if (outcome === 'missing') throw fieldRefusal('model_id', 'validation.invalidValue');
      if (outcome === 'hasFiles') throw new Refusal('200701');
      return null;
    },

    async listFiles(caller: Caller, modelId: number | undefined, page: number, pageSize: number) {
      assertOperator(caller);
      return repo.listFiles(modelId, pageWindow(page, pageSize));
    },

    /**
     * Streams an image into staging and records it for its uploader (240401 for a name that is
     * no firmware image's). Refused before a byte is read when the caller is not the operator.
     */
    async stageUpload(caller: Caller, fileName: string, file: Readable) {
      assertOperator(caller);
      if (!isFirmwareFileName(fileName)) throw new Refusal('240401');
      const uploadId = randomUUID();
      const { sizeBytes, sha256 } = await store.stage(uploadId, file, FIRMWARE_MAX_BYTES);
      try {
        await repo.insertUpload(
          { uploadId, fileName, sizeBytes, sha256, uploadedBy: caller.userId },
          clock.now(),
        );
      } catch (error) {
        await store.discard(uploadId);
        throw error;
      }
      return { upload_id: uploadId, file_name: fileName, size_bytes: sizeBytes, sha256 };
    },

    /**
     * Publishes a staged image of the caller's as a file of a model's part. Refused, each under
     * its field: an upload that is not the caller's (or gone), a part the model lacks, a minimum
     * version above the version, a signature file that is not one, that names another image
     * (tampered with, or of another file), whose key is not in FIRMWARE_KEYS or whose signature
     * does not verify; 7004 for a name a live file has.
     */
    async addFile(caller: Caller, file: FileToAdd) {
      assertOperator(caller);
      if (file.minVersion !== undefined && compareFirmwareVersions(file.minVersion, file.version) > 0)
        throw fieldRefusal('min_version', 'validation.firmwareVersion');
      const upload = await repo.upload(file.uploadId, caller.userId);
      if (!upload) throw fieldRefusal('upload_id', 'validation.firmwareUploadMissing');
      const model = await repo.model(file.modelId);
      if (!model) throw fieldRefusal('model_id', 'validation.invalidValue');
      if (!model.parts.includes(file.part)) throw fieldRefusal('part', 'validation.firmwarePartNotInModel');

      const signature = parseFirmwareSignature(file.signature);
      if (!signature) throw fieldRefusal('signature', 'validation.firmwareSignatureInvalid');
      if (signature.sha256 !== upload.sha256 || signature.size_bytes !== upload.sizeBytes)
        throw fieldRefusal('signature', 'validation.firmwareNotSigned');
      const check = verifyFirmwareSignature(keys, signature);
      if ('issue' in check) throw fieldRefusal('signature', check.issue);

      if (await repo.fileNameTaken(file.name)) throw new Refusal('7004');
      try {
        // blob first: a file row never names an image that is not stored
        await store.publish(upload.uploadId, upload.sha256);
      } catch (error) {
        // the staging job removed it meanwhile
        if (isMissingFile(error)) throw fieldRefusal('upload_id', 'validation.firmwareUploadMissing');
        throw error;
      }
      let fileId: number | undefined;
      try {
        fileId = await repo.publishFile({
          uploadId: upload.uploadId,
          uploadedBy: caller.userId,
          modelId: model.model_id,
          part: file.part,
          name: file.name,
          version: file.version,
          minVersion: file.minVersion ?? null,
          sizeBytes: upload.sizeBytes,
          sha256: upload.sha256,
          keyId: check.keyId,
          signature: signature.signature,
          notes: file.notes,
          createdAt: clock.now(),
        });
      } catch (error) {
        if (error instanceof CatalogueNameTaken) throw new Refusal('7004');
        throw error;
      }
      if (fileId === undefined) throw fieldRefusal('upload_id', 'validation.firmwareUploadMissing');
      await operationLog.recordBy(caller, 'firmware_file_add', {
        target: file.name,
        detail: {
          file_id: fileId,
          model: model.name,
          part: file.part,
          version: file.version,
          sha256: upload.sha256,
          key_id: check.keyId,
        },
      });
      return { file_id: fileId };
    },

    /** Withdraws a file (its upgrade records stay); 200701 while an unfinished task has it to send. */
    async deleteFile(caller: Caller, fileId: number): Promise<null> {
      assertOperator(caller);
      const file = await repo.liveFile(fileId);
      if (!file) throw fieldRefusal('file_id', 'validation.invalidValue');
      if (file.inUse || !(await repo.withdrawFile(fileId, clock.now()))) throw new Refusal('200701');
      await operationLog.recordBy(caller, 'firmware_file_del', {
        target: file.name,
        detail: { file_id: fileId },
      });
      return null;
    },

    /** Deletes staged uploads older than STAGED_UPLOAD_TTL_MS at `now` (rows, then files); answers how many. */
    async cleanStaging(now: Date): Promise<number> {
      const ids = await repo.deleteUploadsBefore(new Date(now.getTime() - STAGED_UPLOAD_TTL_MS));
      for (const uploadId of ids) await store.discard(uploadId);
      return ids.length;
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
