import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Refusal } from '../../core/refusal.ts';
import type { StationsRepository } from './repository.ts';

/** An image type a station photo may have, recognised by its first bytes. */
interface PhotoType {
  mediaType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  matches(bytes: Buffer): boolean;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const photoTypes: PhotoType[] = [
  { mediaType: 'image/jpeg', extension: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    mediaType: 'image/png',
    extension: 'png',
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  // RIFF <4-byte size> WEBP
  {
    mediaType: 'image/webp',
    extension: 'webp',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
];

/** The photo type the bytes show (never the file name or the declared type), or undefined. */
export function photoTypeOf(bytes: Buffer): PhotoType | undefined {
  return photoTypes.find((type) => type.matches(bytes));
}

/** A photo id: 128 random bits as hex, then the extension of its type. */
const PHOTO_ID = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/**
 * Station photos on disk in `directory` (DATA_DIR/photos), one file per upload named by its id,
 * with a row holding its type. The client's file name is never used for anything.
 */
export function photoStore(directory: string, repo: StationsRepository) {
  return {
    /** Keeps an upload and answers its id; bytes that are no JPEG, PNG or WebP are 240401. */
    async save(bytes: Buffer, uploadedBy: number): Promise<string> {
      const type = photoTypeOf(bytes);
      if (!type) throw new Refusal('240401');
      const photoId = `${randomBytes(16).toString('hex')}.${type.extension}`;
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, photoId), bytes, { flag: 'wx' });
      await repo.insertPhoto({ photoId, contentType: type.mediaType, sizeBytes: bytes.length, uploadedBy });
      return photoId;
    },

    /** Where a photo's file is and its type; undefined for an id that is malformed or unknown. */
    async find(
      photoId: string,
    ): Promise<{ file: string; contentType: string; sizeBytes: number } | undefined> {
      if (!PHOTO_ID.test(photoId)) return undefined;
      const row = await repo.findPhoto(photoId);
      if (!row) return undefined;
      const file = path.join(directory, photoId);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      return exists ? { file, contentType: row.contentType, sizeBytes: row.sizeBytes } : undefined;
    },
  };
}

export type PhotoStore = ReturnType<typeof photoStore>;
