import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A staged image passed the largest size allowed; what was written of it is gone. */
export class StagedImageTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`firmware image over ${maxBytes} bytes`);
    this.name = 'StagedImageTooLarge';
  }
}

/** An upload id names a file under `staging/`: only a UUID may (never a path). */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

function checked(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`not a ${what}: ${value.slice(0, 80)}`);
  return value;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Firmware images on disk under `directory` (DATA_DIR/firmware; with several portal replicas a
 * volume they share, like the photos): `staging/<upload id>` while an upload waits to be
 * published, then `blobs/<first two hex digits>/<sha256>`, content-addressed, so files of the
 * same image share one blob. Images stream in and out in chunks; none is ever held whole.
 */
export function firmwareStore(directory: string) {
  const stagingDir = path.join(directory, 'staging');
  const stagedPath = (uploadId: string) => path.join(stagingDir, checked(uploadId, UPLOAD_ID, 'upload id'));
  const blobPath = (sha256: string) => {
    checked(sha256, SHA256, 'SHA-256');
    return path.join(directory, 'blobs', sha256.slice(0, 2), sha256);
  };

  return {
    /**
     * Writes `source` to `staging/<uploadId>`, hashing and counting as it passes; over `maxBytes`
     * it stops, deletes what it wrote and rejects with StagedImageTooLarge. Any failure of the
     * source (a broken upload) also leaves nothing behind.
     */
    async stage(
      uploadId: string,
      source: Readable,
      maxBytes: number,
    ): Promise<{ sizeBytes: number; sha256: string }> {
      const file = stagedPath(uploadId);
      await mkdir(stagingDir, { recursive: true });
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) return done(new StagedImageTooLarge(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // opened before the copy starts, so a failure's delete never races the file's creation
      const handle = await open(file, 'wx');
      try {
        await pipeline(source, measure, handle.createWriteStream());
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(file, { force: true });
        throw error;
      }
      return { sizeBytes, sha256: hash.digest('hex') };
    },

    /**
     * Moves a staged image to its blob. When the blob exists already (the same image published
     * before, or this one by an earlier try), the staged copy is dropped instead.
     */
    async publish(uploadId: string, sha256: string): Promise<void> {
      const blob = blobPath(sha256);
      const staged = stagedPath(uploadId);
      if (await exists(blob)) {
        await rm(staged, { force: true });
        return;
      }
      await mkdir(path.dirname(blob), { recursive: true });
      await rename(staged, blob);
    },

    /** Whether the blob of an image is stored. */
    has: (sha256: string) => exists(blobPath(sha256)),

    /** Reads a blob, or the bytes `start`…`end` (inclusive) of it, as a stream of chunks. */
    open(sha256: string, range?: { start: number; end: number }): ReadStream {
      return createReadStream(blobPath(sha256), range);
    },

    /** Deletes a staged image (gone already is fine). */
    async discard(uploadId: string): Promise<void> {
      await rm(stagedPath(uploadId), { force: true });
    },
  };
}

export type FirmwareStore = ReturnType<typeof firmwareStore>;
