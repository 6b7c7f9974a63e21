import { type DeviceType, deviceTypeOfSn } from '@helio/contracts';
import { CLOCK_SKEW_MS, decodeUp, flattenValues, type UpKind } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UpHandler } from '../link.ts';
import { type BatchItem, type BatchOutcome, type DeviceRef, writeBatch } from './store.ts';

/**
 * Ingestion: decodes what devices send up, queues it, and writes it in batches, one transaction
 * each. A message's promise settles once its batch is committed, and the broker acknowledges the
 * message only then. While too much is waiting, new messages wait before they are even queued,
 * so a burst slows the devices down (their unacknowledged messages stay with them) instead of
 * growing the portal's memory.
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
  /** Told, after the commit, which devices just said they are online (waiting commands go out). */
  onOnline?: (deviceIds: number[]) => void;
  /** Told, after the commit, that alarms opened (their notices are due). */
  onAlarmsOpened?: () => void;
}

interface Waiting {
  item: BatchItem;
  weight: number;
  settle: () => void;
  fail: (error: unknown) => void;
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
  const { db, log } = options;
  const batchSize = options.batchSize ?? 2000;
  const maxWaiting = options.maxWaiting ?? 20_000;
  const deviceCacheMs = options.deviceCacheMs ?? 30_000;
  const now = options.now ?? Date.now;

  const queue: Waiting[] = [];
  let waitingWeight = 0;
  let flushing: Promise<void> | undefined;
  let closed = false;
  const spaceWaiters: (() => void)[] = [];
  const totals = { stored: 0, repeated: 0, late: 0, dropped: 0, batches: 0 };

  const devices = new Map<string, { ref: DeviceRef | null; until: number }>();
  const lookups = new Map<string, Promise<DeviceRef | null>>();

  async function lookUp(sn: string): Promise<DeviceRef | null> {
    const cached = devices.get(sn);
    if (cached && cached.until > now()) return cached.ref;
    let pending = lookups.get(sn);
    if (!pending) {
      pending = queryRows<{ device_id: number; station_id: number; device_type: number; timezone: string }>(
        db,
        sql`select d.device_id, d.station_id, d.device_type, s.timezone
            from devices d join stations s using (station_id) where d.sn = ${sn}`,
      )
        .then(([row]) => {
          const ref: DeviceRef | null = row
            ? {
                deviceId: row.device_id,
                stationId: row.station_id,
                type: row.device_type as DeviceType,
                timeZone: row.timezone,
              }
            : null;
          devices.set(sn, { ref, until: now() + deviceCacheMs });
          return ref;
        })
        .finally(() => lookups.delete(sn));
      lookups.set(sn, pending);
    }
    return pending;
  }

  function drop(sn: string, kind: UpKind, reason: string, detail?: string): void {
    totals.dropped += 1;
    log.warn({ sn, kind, reason, detail }, 'device message not stored');
  }

  async function waitForSpace(): Promise<void> {
    while (waitingWeight >= maxWaiting && !closed) {
      await new Promise<void>((resolve) => spaceWaiters.push(resolve));
    }
  }

  function releaseSpace(): void {
    while (spaceWaiters.length > 0 && waitingWeight < maxWaiting) spaceWaiters.shift()!();
  }

  async function writeWithIsolation(batch: Waiting[]): Promise<void> {
    try {
      const outcome: BatchOutcome = await writeBatch(
        db,
        batch.map((waiting) => waiting.item),
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
      if (state && dataErrorClasses.has(state.slice(0, 2))) {
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
        return;
      }
      // the database is unreachable or failing: nothing is acknowledged, the devices send again
      log.error({ err: error, messages: batch.length }, 'writing device messages failed');
      for (const waiting of batch) waiting.fail(error);
    }
  }

  function scheduleFlush(): void {
    if (flushing || queue.length === 0) return;
    flushing = (async () => {
      for (;;) {
        // Yield to I/O first, so every connection whose data has already arrived queues its
        // messages before the batch is taken. Without it the batch would start inside the first
        // message's socket callback; PGlite runs a whole transaction in microtasks, so each
        // connection's messages got a transaction of their own (measured: 5 readings a batch).
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (queue.length === 0) break;
        const batch: Waiting[] = [];
        let weight = 0;
        while (queue.length > 0 && weight < batchSize) {
          const next = queue.shift()!;
          batch.push(next);
          weight += next.weight;
        }
        await writeWithIsolation(batch);
        waitingWeight -= weight;
        releaseSpace();
      }
    })().finally(() => {
      flushing = undefined;
      scheduleFlush();
    });
  }

  function enqueue(item: BatchItem, weight: number): Promise<void> {
    return new Promise<void>((settle, fail) => {
      queue.push({ item, weight, settle, fail });
      waitingWeight += weight;
      scheduleFlush();
    });
  }

  const submit: UpHandler = async (sn, kind, payload) => {
    if (closed) throw new Error('ingestion is closed');
    const type = deviceTypeOfSn(sn);
    if (type === undefined) return drop(sn, kind, 'unknown_sn');
    const decoded = decodeUp(type, kind, payload);
    if (!decoded.ok) return drop(sn, kind, decoded.error, decoded.detail);
    const device = await lookUp(sn);
    if (!device) return drop(sn, kind, 'not_registered');
    const message = decoded.message;
    await waitForSpace();
    switch (message.kind) {
      case 'telemetry':
      case 'backfill': {
        const latestAllowed = now() + CLOCK_SKEW_MS;
        const readings = [];
        for (const reading of message.readings) {
          if (reading.ts > latestAllowed) {
            drop(sn, kind, 'clock_ahead', new Date(reading.ts).toISOString());
            continue;
          }
          readings.push({ ms: reading.ts, seq: reading.seq, values: flattenValues(reading.values) });
        }
        if (readings.length === 0) return;
        return enqueue(
          { device, kind: 'readings', intervalS: message.interval_s, readings },
          readings.length,
        );
      }
      case 'alarm':
        return enqueue({ device, kind: 'alarm', message: message.message }, 1);
      case 'status':
        return enqueue({ device, kind: 'status', message: message.message }, 1);
      case 'reply':
        return enqueue({ device, kind: 'reply', message: message.message }, 1);
    }
  };

  return {
    submit,
    /** Forgets what is known of a device (after its registration is removed or changed). */
    forget(sn: string): void {
      devices.delete(sn);
    },
    /** Counts since start, for the log and the benchmark. */
    totals(): Readonly<typeof totals> {
      return { ...totals };
    },
    /** Resolves when everything queued so far is written. */
    async drain(): Promise<void> {
      while (flushing || queue.length > 0) await (flushing ?? Promise.resolve());
    },
    async close(): Promise<void> {
      closed = true;
      for (const waiter of spaceWaiters.splice(0)) waiter();
      await this.drain();
    },
  };
}

export type Ingestor = ReturnType<typeof createIngestor>;
