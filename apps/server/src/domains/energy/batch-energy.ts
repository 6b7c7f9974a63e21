import { type DeviceType, localDate } from '@helio/contracts';
import { type FlatValues, readCounters } from '@helio/contracts/device-link';
import type { Database } from '@helio/db';
import { type CounterReading, counterRise, EnergyLedger, rose, scaled, stepShares } from './ledger.ts';
import { queueRecount, type RecountDay, writeEnergy } from './store.ts';

/** A device's readings newly stored in a batch, with its newest reading from before the batch. */
export interface NewReadings {
  deviceId: number;
  stationId: number;
  type: DeviceType;
  timeZone: string;
  /** The device's newest reading before the batch (none for its first), locked by the caller. */
  previous: { ms: number; values: FlatValues } | undefined;
  /** Each stored once, oldest first. */
  readings: readonly { ms: number; values: FlatValues }[];
}

/**
 * Counts the energy of a batch's new readings, in the batch's transaction: each reading newer than
 * the device's newest adds its counters' rise since the one before it to the device's and its
 * station's day, month and year rows (across a gap, shared by the gap's days: ledger.ts); a
 * reading older than the device's newest (late) queues its local day for the recount instead.
 * The caller holds the lock on the devices' newest readings, which the recount and the rebuild
 * take too. Answers how many readings were late.
 */
export async function countNewReadings(tx: Database, devices: readonly NewReadings[]): Promise<number> {
  const deviceLedger = new EnergyLedger();
  const stationLedger = new EnergyLedger();
  const recount = new Map<string, RecountDay>();
  let late = 0;
  for (const device of devices) {
    let current: CounterReading | undefined = device.previous && {
      ms: device.previous.ms,
      counters: readCounters(device.type, device.previous.values),
    };
    for (const reading of device.readings) {
      const counters = readCounters(device.type, reading.values);
      if (current && reading.ms < current.ms) {
        late += 1;
        const day = localDate(reading.ms, device.timeZone);
        recount.set(`${device.deviceId}|${day}`, { deviceId: device.deviceId, day });
        continue;
      }
      if (current) {
        // the rise in the later reading's day, or spread over the days of a gap
        const rise = counterRise(current.counters, counters);
        for (const share of stepShares(current.ms, reading.ms, device.timeZone, rose(rise))) {
          const part = scaled(rise, share.factor);
          deviceLedger.add(device.deviceId, share.day, part, 1, true);
          stationLedger.add(device.stationId, share.day, part, 1, true);
        }
      }
      current = { ms: reading.ms, counters };
    }
  }
  await writeEnergy(tx, 'device', deviceLedger);
  await writeEnergy(tx, 'station', stationLedger);
  await queueRecount(tx, [...recount.values()]);
  return late;
}
