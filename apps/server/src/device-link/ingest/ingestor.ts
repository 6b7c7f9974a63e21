import { deviceTypeOfSn } from '@helio/contracts';
import { decodeUp, flattenValues, mayRaise, type UpKind, upTopic } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Diagnostic, DiagnosticSink } from '../../domains/control/diagnostics.ts';
import type { RegisteredDevice } from '../../domains/devices/status-store.ts';
import type { UpHandler } from '../link.ts';
import { type Admission, admissionOf, admitReadings, logRefusals } from './admission.ts';
import { writeBatch } from './batch.ts';
import { type BatchQueue, batchQueue, type Waiting } from './batch-queue.ts';
import { deviceDirectory } from './device-directory.ts';
import type { BatchItem } from './items.ts';

export type { Admission } from './admission.ts';

/**
 * Ingestion, a pipeline: decode what a device sent (contracts' `decodeUp`) → look its SN up
 * (device-directory.ts) → refuse readings of impossible times (admission.ts) → queue, with
 * backpressure (batch-queue.ts) → write batches, one transaction each, in which every part goes to
 * its owner (batch.ts). A message's promise settles once its batch is committed, and the broker
 * acknowledges the message only then.
 */

export interface IngestorOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Most items written in one transaction. */
  batchSize?: number;
  /** Most readings waiting to be written before new messages wait. */
  maxWaiting?: number;
  /** How long a device's registration is trusted before it is read again, ms. */
  deviceCacheMs?: number;
  now?: () => number;
  /** How old a reading may be (by default the protocol's horizon and registration grace). */
  admission?: Partial<Admission>;
  /** Told, after the commit, which devices just said they are online (waiting commands go out). */
  onOnline?: (deviceIds: number[]) => void;
  /** Told, after the commit, that alarms opened (their notices are due). */
  onAlarmsOpened?: () => void;
  /** Told of each message, or part of one, that was not stored and why (the device's diagnostics). */
  onRefused?: DiagnosticSink;
}

/** A decoding failure as the device's diagnostics name it (an unknown SN has no device to tell). */
const diagnosticKinds: Partial<Record<string, Diagnostic['kind']>> = {
  unknown_code: 'unknown_code',
  too_large: 'too_large',
  not_json: 'schema',
  invalid: 'schema',
  unsupported_version: 'version',
};

/** Counts since start, for the log and the benchmark. */
interface Totals {
  stored: number;
  repeated: number;
  late: number;
  dropped: number;
  batches: number;
}

/** SQLSTATE classes of errors the data itself causes: retrying the same message cannot help. */
const dataErrorClasses = new Set(['22', '23']);

function sqlState(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

export function createIngestor(options: IngestorOptions) {
  const now = options.now ?? Date.now;
  const totals: Totals = { stored: 0, repeated: 0, late: 0, dropped: 0, batches: 0 };
  const directory = deviceDirectory({ db: options.db, cacheMs: options.deviceCacheMs ?? 30_000, now });
  const queue = batchQueue<BatchItem>({
    batchSize: options.batchSize ?? 2000,
    maxWaiting: options.maxWaiting ?? 20_000,
    write: writer({ ...options, totals }),
  });
  let closed = false;
  const submit = submitter({
    log: options.log,
    now,
    admission: admissionOf(options.admission),
    totals,
    lookUp: directory.lookUp,
    queue,
    closed: () => closed,
    onRefused: options.onRefused,
  });

  return {
    submit,
    /** Forgets what is known of a device (after its registration is removed or changed). */
    forget: directory.forget,
    /** Counts since start, for the log and the benchmark. */
    totals(): Readonly<Totals> {
      return { ...totals };
    },
    /** Resolves when everything queued so far is written. */
    drain: queue.drain,
    async close(): Promise<void> {
      closed = true;
      await queue.close();
    },
  };
}

/**
 * The steps before a message waits for its batch: decode, device lookup, readings refused by their
 * times (each logged once per message and reason), queue. Unusable messages are logged and settle
 * at once: the broker acknowledges them, as sending them again cannot help.
 */
function submitter(steps: {
  log: FastifyBaseLogger;
  now: () => number;
  admission: Admission;
  totals: Totals;
  lookUp: (sn: string) => Promise<RegisteredDevice | null>;
  queue: BatchQueue<BatchItem>;
  closed: () => boolean;
  onRefused?: DiagnosticSink | undefined;
}): UpHandler {
  const { log, totals, queue } = steps;
  const drop = (sn: string, kind: UpKind, reason: string, detail?: string): void => {
    totals.dropped += 1;
    log.warn({ sn, kind, reason, detail }, 'device message not stored');
    const diagnostic = diagnosticKinds[reason];
    if (diagnostic)
      steps.onRefused?.(sn, { kind: diagnostic, topic: upTopic(sn, kind), detail: detail ?? reason });
  };
  return async (sn, kind, payload) => {
    if (steps.closed()) throw new Error('ingestion is closed');
    const type = deviceTypeOfSn(sn);
    if (type === undefined) return drop(sn, kind, 'unknown_sn');
    const decoded = decodeUp(type, kind, payload);
    if (!decoded.ok) return drop(sn, kind, decoded.error, decoded.detail);
    const device = await steps.lookUp(sn);
    if (!device) return drop(sn, kind, 'not_registered');
    const message = decoded.message;
    await queue.waitForSpace();
    switch (message.kind) {
      case 'telemetry':
      case 'backfill': {
        const { taken, refused } = admitReadings(device, message.readings, steps.now(), steps.admission);
        totals.dropped += logRefusals(log, { sn, kind }, refused);
        for (const [reason, times] of refused)
          steps.onRefused?.(sn, {
            kind: reason === 'past_horizon' ? 'too_old' : reason,
            topic: upTopic(sn, kind),
            detail: `${times.length} reading(s) from ${new Date(Math.min(...times)).toISOString()}`,
          });
        if (taken.length === 0) return;
        const readings = taken.map((reading) => ({
          ms: reading.ts,
          seq: reading.seq,
          values: flattenValues(reading.values),
        }));
        return queue.enqueue(
          { device, kind: 'readings', intervalS: message.interval_s, readings },
          readings.length,
        );
      }
      case 'alarm': {
        // a code outside the device type's catalogue is refused, never stored as a fault
        const { code, part } = message.message;
        if (!mayRaise(type, code, part))
          return drop(sn, kind, 'unknown_code', `code ${code}${part ? ` on ${part}` : ''}`);
        return queue.enqueue({ device, kind: 'alarm', message: message.message }, 1);
      }
      case 'status': {
        const listed = message.message.active_alarms;
        const unknown = listed?.filter((alarm) => !mayRaise(type, alarm.code, alarm.part)) ?? [];
        if (unknown.length === 0)
          return queue.enqueue({ device, kind: 'status', message: message.message }, 1);
        steps.onRefused?.(sn, {
          kind: 'unknown_code',
          topic: upTopic(sn, kind),
          detail:
            `active alarms not in the catalogue: ${unknown.map((alarm) => alarm.code).join(', ')}`.slice(
              0,
              300,
            ),
        });
        const known = listed!.filter((alarm) => mayRaise(type, alarm.code, alarm.part));
        return queue.enqueue(
          { device, kind: 'status', message: { ...message.message, active_alarms: known } },
          1,
        );
      }
      case 'reply':
        return queue.enqueue({ device, kind: 'reply', message: message.message }, 1);
    }
  };
}

/**
 * Writes a batch (batch.ts) and settles its messages, then tells who listens. A message the
 * database refuses for its data is isolated by halving the batch, logged and acknowledged (sending
 * it again cannot help); when the database fails, nothing is acknowledged and the devices send again.
 */
function writer(options: IngestorOptions & { totals: Totals }) {
  const { db, log, totals } = options;
  const now = options.now ?? Date.now;
  return async function writeWithIsolation(batch: Waiting<BatchItem>[]): Promise<void> {
    try {
      const outcome = await writeBatch(
        db,
        batch.map((waiting) => waiting.item),
        now(),
      );
      totals.stored += outcome.stored;
      totals.repeated += outcome.repeated;
      totals.late += outcome.late;
      totals.batches += 1;
      for (const waiting of batch) waiting.settle();
      const online = batch
        .filter((waiting) => waiting.item.kind === 'status' && waiting.item.message.state === 'online')
        .map((waiting) => waiting.item.device.deviceId);
      if (online.length > 0) options.onOnline?.(online);
      if (outcome.alarmsOpened > 0) options.onAlarmsOpened?.();
    } catch (error) {
      const state = sqlState(error);
      if (!state || !dataErrorClasses.has(state.slice(0, 2))) {
        // the database is unreachable or failing: nothing is acknowledged, the devices send again
        log.error({ err: error, messages: batch.length }, 'writing device messages failed');
        for (const waiting of batch) waiting.fail(error);
        return;
      }
      // one message the database refuses must not keep the others out: halve until it is alone
      if (batch.length > 1) {
        const middle = Math.ceil(batch.length / 2);
        await writeWithIsolation(batch.slice(0, middle));
        await writeWithIsolation(batch.slice(middle));
        return;
      }
      const [only] = batch;
      totals.dropped += 1;
      log.error(
        { err: error, deviceId: only!.item.device.deviceId, kind: only!.item.kind },
        'device message refused by the database',
      );
      only!.settle();
    }
  };
}

export type Ingestor = ReturnType<typeof createIngestor>;
