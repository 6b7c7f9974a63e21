import type { Database } from '@helio/db';
import { type CommandReply, recordCommandReplies } from '../../domains/commands/replies.ts';
import { type LatestReading, lockLatest, writeLatest } from '../../domains/devices/latest-store.ts';
import { type DeviceContact, recordContact } from '../../domains/devices/status-store.ts';
import { countNewReadings, type NewReadings } from '../../domains/energy/batch-energy.ts';
import { type AlarmReport, recordAlarmReports } from './alarm-reports.ts';
import type { BatchItem, BatchOutcome, DeviceRef, IncomingReading } from './items.ts';
import { knownMonths, type SentReadings, storeReadings } from './store.ts';

/**
 * One batch of messages, from any number of devices, written in one transaction that hands each
 * part to its owner in turn:
 * 1. the raw readings, each stored once (store.ts);
 * 2. each device's newest reading, locked first (domains/devices latest-store.ts);
 * 3. the energy the new readings add, late ones queued for the recount (domains/energy);
 * 4. alarm events and the alarms a device back online lists (domains/alarms lifecycle-store.ts);
 * 5. command replies (domains/commands);
 * 6. each device's status and times, after the alarms that decide `alarm` (domains/devices
 *    status-store.ts).
 * The broker acknowledges the batch's messages only after the commit.
 */
export async function writeBatch(
  db: Database,
  items: readonly BatchItem[],
  /** When the batch is written, ms (the server's clock): the devices' `last_seen_at`. */
  atMs: number,
): Promise<BatchOutcome> {
  const known = knownMonths(db);
  const made: string[] = [];
  const outcome = await db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const sent = sentReadings(items);
    const readings = await storeReadings(tx, known, sent);
    made.push(...readings.madeMonths);
    const late = await recordNewReadings(tx, devicesOf(items), sent, readings.fresh);
    const alarmsOpened = await recordAlarmReports(tx, alarmReports(items), spokeIn(items), atMs);
    await recordCommandReplies(tx, replies(items), atMs);
    await recordContact(tx, contacts(items), atMs);
    let stored = 0;
    for (const list of readings.fresh.values()) stored += list.length;
    return { stored, repeated: readings.sent - stored, late, alarmsOpened };
  });
  // known only once committed: a rolled-back transaction took its partitions with it
  for (const month of made) known.add(month);
  return outcome;
}

/**
 * Steps 2 and 3: a device's newest reading moves to its newest new reading when that is not older;
 * energy counts every new reading from the newest before the batch (ledger.ts's rule).
 */
async function recordNewReadings(
  tx: Database,
  devices: ReadonlyMap<number, DeviceRef>,
  sent: readonly SentReadings[],
  fresh: ReadonlyMap<number, IncomingReading[]>,
): Promise<number> {
  // every device that sent readings, stored or not: the lock the recount and the rebuild take too
  const previous = await lockLatest(tx, [...new Set(sent.map((entry) => entry.deviceId))]);
  const newest: { deviceId: number; type: DeviceRef['type']; reading: LatestReading }[] = [];
  const counted: NewReadings[] = [];
  for (const [deviceId, readings] of fresh) {
    const device = devices.get(deviceId)!;
    const before = previous.get(deviceId);
    const last = readings.at(-1)!;
    if (!before || last.ms >= before.ms) newest.push({ deviceId, type: device.type, reading: last });
    counted.push({ ...device, previous: before, readings });
  }
  await writeLatest(tx, newest);
  return countNewReadings(tx, counted);
}

function sentReadings(items: readonly BatchItem[]): SentReadings[] {
  return items.flatMap((item) =>
    item.kind === 'readings' ? [{ deviceId: item.device.deviceId, readings: item.readings }] : [],
  );
}

function devicesOf(items: readonly BatchItem[]): Map<number, DeviceRef> {
  return new Map(items.map((item) => [item.device.deviceId, item.device]));
}

function alarmReports(items: readonly BatchItem[]): AlarmReport[] {
  return items.flatMap((item): AlarmReport[] =>
    item.kind === 'alarm' || item.kind === 'status'
      ? [{ deviceId: item.device.deviceId, kind: item.kind, message: item.message } as AlarmReport]
      : [],
  );
}

/** Devices that sent anything but their last will (or an offline status): they are in touch. */
function spokeIn(items: readonly BatchItem[]): number[] {
  const spoke = new Set<number>();
  for (const item of items) {
    if (item.kind !== 'status' || item.message.state !== 'offline') spoke.add(item.device.deviceId);
  }
  return [...spoke];
}

function replies(items: readonly BatchItem[]): CommandReply[] {
  return items.flatMap((item) =>
    item.kind === 'reply' ? [{ deviceId: item.device.deviceId, message: item.message }] : [],
  );
}

/** What the batch said of each device, its last message deciding whether it is offline. */
function contacts(items: readonly BatchItem[]): DeviceContact[] {
  const byDevice = new Map<number, DeviceContact>();
  for (const item of items) {
    const deviceId = item.device.deviceId;
    let contact = byDevice.get(deviceId);
    if (!contact) {
      contact = {
        deviceId,
        newestMs: null,
        intervalS: null,
        firmware: null,
        firmwareParts: null,
        offline: false,
      };
      byDevice.set(deviceId, contact);
    }
    contact.offline = item.kind === 'status' && item.message.state === 'offline';
    if (item.kind === 'readings') {
      if (item.intervalS !== undefined) contact.intervalS = item.intervalS;
      for (const reading of item.readings)
        contact.newestMs = Math.max(contact.newestMs ?? reading.ms, reading.ms);
    } else if (item.kind === 'status') {
      if (item.message.interval_s !== undefined) contact.intervalS = item.message.interval_s;
      if (item.message.firmware_version !== undefined) contact.firmware = item.message.firmware_version;
      if (item.message.firmware_parts !== undefined)
        contact.firmwareParts = { ...contact.firmwareParts, ...item.message.firmware_parts };
    }
  }
  return [...byDevice.values()];
}
