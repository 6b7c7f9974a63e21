import { type DeviceType, localDate, localPeriod, nextDay } from '@helio/contracts';
import { energyCounters, readCounters } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import { type CounterReading, daysEnergy, type EnergyFigures, EnergyLedger } from './ledger.ts';
import {
  dequeueDay,
  lockDeviceReadings,
  queuedDays,
  type RecountDevice,
  readingBefore,
  readingFrom,
  readingsBetween,
  recountDevice,
  type StoredReading,
} from './recount-store.ts';
import { forgetDerivedDays, removeDays, storedDays, writeEnergy } from './store.ts';

/**
 * Counts device days again from the stored readings: around each day a late reading fell in
 * (queued in `energy_recount` by ingestion), every day whose steps it can have changed, from the
 * day of the last reading before it to the day of the first reading after it (the steps into
 * and out of the day, and the gaps they cross, whose rise is spread over their days). The
 * difference to what was counted before is added to the day, month and year rows of the device
 * and of its station, so those stay the sums of the days; a day that no longer has figures (a gap
 * that a late reading split, its rise now elsewhere) loses its rows.
 */
export async function recountQueued(db: Database, limit = 100): Promise<number> {
  const queued = await queuedDays(db, limit);
  for (const entry of queued) {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      // the same lock ingestion takes before it counts this device's readings
      await lockDeviceReadings(tx, entry.deviceId);
      await recountAround(tx, entry.deviceId, entry.day);
      await dequeueDay(tx, entry);
    });
  }
  return queued.length;
}

/**
 * Counts again the days that readings changed in local `day` can touch: from the day of the
 * last reading before it to the day of the first reading after it.
 */
export async function recountAround(tx: Database, deviceId: number, day: string): Promise<void> {
  const device = await recountDevice(tx, deviceId);
  if (!device) return;
  const { startMs, endMs } = localPeriod('day', day, device.timeZone);
  const before = await readingBefore(tx, deviceId, startMs);
  const after = await readingFrom(tx, deviceId, endMs);
  await recountDays(
    tx,
    device,
    before ? localDate(before.ms, device.timeZone) : day,
    after ? localDate(after.ms, device.timeZone) : day,
  );
}

/**
 * A device's stored readings whose steps can reach the instants from `startMs` to `endMs`: the
 * last one before, those within and the first one after (a gap's rise is shared by the days it
 * covers), as counter readings oldest first. The recount and the tariff split read with it.
 */
export async function readingsAround(
  tx: Database,
  device: { deviceId: number; type: DeviceType },
  startMs: number,
  endMs: number,
): Promise<CounterReading[]> {
  const before = await readingBefore(tx, device.deviceId, startMs);
  const within = await readingsBetween(tx, device.deviceId, startMs, endMs);
  const after = await readingFrom(tx, device.deviceId, endMs);
  return [...(before ? [before] : []), ...within, ...(after ? [after] : [])].map(
    (reading: StoredReading) => ({ ms: reading.ms, counters: readCounters(device.type, reading.values) }),
  );
}

/** Counts the local days `fromDay` to `toDay` of a device again from its stored readings. */
async function recountDays(
  tx: Database,
  device: RecountDevice,
  fromDay: string,
  toDay: string,
): Promise<void> {
  const { deviceId, timeZone } = device;
  const startMs = localPeriod('day', fromDay, timeZone).startMs;
  const endMs = localPeriod('day', toDay, timeZone).endMs;
  const readings = await readingsAround(tx, device, startMs, endMs);
  const counted = daysEnergy(readings, timeZone);
  const stored = await storedDays(tx, deviceId, fromDay, toDay);

  const deviceLedger = new EnergyLedger();
  const stationLedger = new EnergyLedger();
  const gone: string[] = [];
  const recounted: string[] = [];
  for (let day = fromDay; day <= toDay; day = nextDay(day)) {
    const figures = counted.get(day);
    const previous = stored.get(day);
    recounted.push(day);
    if (!figures && !previous) continue;
    const difference: Partial<EnergyFigures> = {};
    let changed = !previous;
    for (const name of energyCounters) {
      difference[name] = (figures?.[name] ?? 0) - (previous?.[name] ?? 0);
      if (difference[name] !== 0) changed = true;
    }
    if (!figures) gone.push(day);
    if (!changed) continue;
    // a day with figures keeps its rows, even at zero
    deviceLedger.add(deviceId, day, difference, 1, figures !== undefined);
    stationLedger.add(device.stationId, day, difference, 1, figures !== undefined);
  }
  await writeEnergy(tx, 'device', deviceLedger);
  await writeEnergy(tx, 'station', stationLedger);
  if (gone.length > 0) await removeDays(tx, device, gone);
  // a late reading moves energy between hours and powers even when the day's totals stay
  await forgetDerivedDays(tx, device.stationId, recounted);
}
