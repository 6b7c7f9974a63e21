import type { DiagnosticKind } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { controlRepository } from './repository.ts';

/** What went wrong with one message of a device (never its payload). */
export interface Diagnostic {
  kind: DiagnosticKind;
  topic: string | null;
  detail: string;
}

/** One entry per device and kind at most this often: a device repeating a mistake cannot flood the table. */
const SAME_KIND_GAP_MS = 1000;

/**
 * Records the messages the device link refused or dropped, per registered device, for its
 * installer's diagnostics view (api/device/diagnostics). Called by ingestion and the broker and
 * never awaited by them: a diagnostic that cannot be written is logged and forgotten.
 */
export function deviceDiagnostics(db: Database, clock: Clock, log: FastifyBaseLogger) {
  const repo = controlRepository(db);
  const last = new Map<string, number>();
  return (sn: string, diagnostic: Diagnostic): void => {
    const now = clock.now();
    const key = `${sn}\u0000${diagnostic.kind}`;
    const previous = last.get(key);
    if (previous !== undefined && now.getTime() - previous < SAME_KIND_GAP_MS) return;
    last.set(key, now.getTime());
    if (last.size > 50_000) last.clear();
    queryParsed(db, z.object({ device_id: column.int }), sql`select device_id from devices where sn = ${sn}`)
      .then(([device]) =>
        device ? repo.recordDiagnostic({ deviceId: device.device_id, at: now, ...diagnostic }) : undefined,
      )
      .catch((error: unknown) => log.warn({ err: error, sn }, 'device diagnostic not recorded'));
  };
}

export type DiagnosticSink = (sn: string, diagnostic: Diagnostic) => void;
