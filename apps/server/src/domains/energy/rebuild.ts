import type { Database } from '@helio/db';
import {
  adjustStationRows,
  countDays,
  devicesToRebuild,
  lockForRebuild,
  removeOldRows,
  writeDeviceRows,
} from './rebuild-store.ts';

/**
 * Energy counted again from the stored readings, in SQL and set-based: what `npm run
 * energy:rebuild` runs after history was imported or readings were restored, when the energy rows
 * that ingestion keeps up to date no longer follow from the readings.
 *
 * The rule is exactly that of ledger.ts: over a device's readings ordered by time, each energy
 * counter adds max(0, later − earlier) when both readings carry it, counted in the station-local
 * day (the station's IANA zone, by the calendar's rule in platform/local-calendar-sql.ts) of the
 * later reading; across a gap longer than ENERGY_GAP_MS in
 * which a counter rose, spread over the local days of the gap in proportion to its time in each
 * (`stepShares`, with the same arithmetic). A device has a day row for every local day holding a
 * reading with a predecessor, also when no counter rose (charts tell "no data" from "zero"), and
 * for every day a gap gave a share; its month and year rows are the sums of its days.
 *
 * The device rows of the devices rebuilt are replaced. A station's rows also hold the energy of
 * devices removed since, which no reading tells any more, so they are not recomputed: the old
 * rows of the devices rebuilt are taken off them and the new ones added. A station row left at
 * zero with no device row behind it any more is removed.
 *
 * Devices are rebuilt in batches (a station's devices together), each in one transaction that
 * first takes the lock ingestion and the recount take on a device's newest reading
 * (`device_latest`): while a batch runs, readings of its devices wait; a reading committed earlier
 * is counted by the batch, a later one by ingestion from the newest reading as always. (A device
 * that never reported through the device link has no newest reading to lock; its rows are written
 * adding to any that appear meanwhile.)
 */

export interface RebuildScope {
  /** Devices to rebuild. */
  deviceIds?: readonly number[];
  /** Every device of these stations is rebuilt (with `deviceIds`, both). */
  stationIds?: readonly number[];
}

export interface RebuildOptions {
  /** Devices per transaction (default 100; a station's devices are never split). */
  batchSize?: number;
  /** Called after each batch, e.g. for progress. */
  onBatch?: (progress: RebuildOutcome & { total: number }) => void;
}

export interface RebuildOutcome {
  /** Devices rebuilt. */
  devices: number;
  /** Stations whose rows were adjusted. */
  stations: number;
  /** Steps counted: readings with a predecessor. */
  steps: number;
  /** Device rows written (days, months and years). */
  deviceRows: number;
  /** Station rows written or adjusted (a station split over batches counts in each). */
  stationRows: number;
}

/** Rebuilds the energy of the devices in `scope`, or of every device when it names none. */
export async function rebuildEnergy(
  db: Database,
  scope: RebuildScope = {},
  options: RebuildOptions = {},
): Promise<RebuildOutcome> {
  const batchSize = Math.max(1, options.batchSize ?? 100);
  const devices = await devicesToRebuild(db, scope);
  const outcome: RebuildOutcome = { devices: 0, stations: 0, steps: 0, deviceRows: 0, stationRows: 0 };
  const stations = new Set<number>();
  for (const batch of batches(devices, batchSize)) {
    const done = await rebuildBatch(
      db,
      batch.map((device) => device.deviceId),
    );
    for (const device of batch) stations.add(device.stationId);
    outcome.devices += batch.length;
    outcome.steps += done.steps;
    outcome.deviceRows += done.deviceRows;
    outcome.stationRows += done.stationRows;
    outcome.stations = stations.size;
    options.onBatch?.({ ...outcome, total: devices.length });
  }
  return outcome;
}

/**
 * Devices (ordered by station) in batches of about `size`: a station's devices stay in one batch
 * (a station with more devices than that has a batch of its own), so each station's rows are
 * adjusted once.
 */
function batches<T extends { stationId: number }>(devices: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  let current: T[] = [];
  for (let index = 0; index < devices.length; ) {
    let end = index;
    while (end < devices.length && devices[end]!.stationId === devices[index]!.stationId) end += 1;
    const station = devices.slice(index, end);
    if (current.length > 0 && current.length + station.length > size) {
      result.push(current);
      current = [];
    }
    current.push(...station);
    index = end;
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** One batch of devices in one transaction, its readings waiting meanwhile (see above). */
function rebuildBatch(
  db: Database,
  deviceIds: number[],
): Promise<{ steps: number; deviceRows: number; stationRows: number }> {
  const ids = [...deviceIds].sort((a, b) => a - b);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    await lockForRebuild(tx, ids);
    const steps = await countDays(tx, ids);
    await removeOldRows(tx, ids);
    const deviceRows = await writeDeviceRows(tx);
    const stationRows = await adjustStationRows(tx);
    return { steps, deviceRows, stationRows };
  });
}
