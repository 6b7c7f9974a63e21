import { createHash, randomBytes } from 'node:crypto';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';

/** How long a device's download link works unless the issuer says otherwise. */
export const FIRMWARE_LINK_TTL_MS = 60 * 60_000;

/** Issues a device's short-lived download address of one image (the upgrade command carries it). */
export interface FirmwareLinks {
  issue(input: { deviceId: number; sha256: string; sizeBytes: number; ttlMs?: number }): Promise<string>;
}

/** The image a live link serves. */
export interface LinkedImage {
  sha256: string;
  sizeBytes: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const linkedImage = z.object({ sha256: column.text, size_bytes: column.int });

/**
 * Download links (the `firmware_links` table): the URL carries 256 random bits, of which only the
 * SHA-256 is kept, so the table reveals no working link. A link is the capability: any number of
 * (range) requests until it expires; unknown and expired ones look the same. All their SQL.
 */
export function firmwareLinks(options: { db: Database; clock: Clock; baseUrl: string }) {
  const { db, clock } = options;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  return {
    /** A new link to the image for the device, `<base>firmware/download/<token>`. */
    async issue(input: { deviceId: number; sha256: string; sizeBytes: number; ttlMs?: number }) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + (input.ttlMs ?? FIRMWARE_LINK_TTL_MS));
      await db.execute(
        sql`insert into firmware_links (token_hash, sha256, size_bytes, device_id, expires_at)
            values (${hashOf(token)}, ${input.sha256}, ${input.sizeBytes}, ${input.deviceId},
                    ${expiresAt.toISOString()}::timestamptz)`,
      );
      return `${base}firmware/download/${token}`;
    },

    /** The image of a live link; undefined for a malformed, unknown or expired token. */
    async resolve(token: string): Promise<LinkedImage | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const [row] = await queryParsed(
        db,
        linkedImage,
        sql`select sha256, size_bytes from firmware_links
            where token_hash = ${hashOf(token)} and expires_at > ${clock.now().toISOString()}::timestamptz`,
      );
      return row && { sha256: row.sha256, sizeBytes: row.size_bytes };
    },

    /** Forgets links expired before `now`; answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const rows = await queryParsed(
        db,
        z.object({ token_hash: column.text }),
        sql`delete from firmware_links where expires_at <= ${now.toISOString()}::timestamptz returning token_hash`,
      );
      return rows.length;
    },
  } satisfies FirmwareLinks & Record<string, unknown>;
}

export type FirmwareLinkStore = ReturnType<typeof firmwareLinks>;
