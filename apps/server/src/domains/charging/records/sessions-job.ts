import { bandAtInstant, type Tariff } from '@helio/contracts';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../../platform/jobs/runner.ts';
import { FIVE_MINUTES_MS, stationPowersBetween } from '../../plant/day-powers.ts';
import type { PlantRepository } from '../../plant/repository.ts';
import type { TariffsRepository } from '../../tariffs/repository.ts';
import type { RecordsRepository, RecordsStation } from './repository.ts';
import { advanceSessions, type SessionChange } from './sessions.ts';
import { addShares, bucketFloor, splitEnergy } from './shares.ts';

/**
 * Keeps `charging_sessions` current from the wallboxes' readings (the rule: sessions.ts). Each
 * run takes the wallboxes whose newest reading is newer than the newest one their sessions
 * counted (`last_at`), reads on from there a bounded number of readings, and stores the sessions
 * they touch with their shares and cost, a device at a time in one transaction. Running again
 * finds nothing newer and changes nothing; a backfill (readings arriving late, in their order) is
 * newer than `last_at` and counted when it comes. A reading older than what was counted (out of
 * order, which the protocol's devices do not send) is not counted.
 *
 * A reading is counted once its five-minute bucket has been over for `SETTLE_MS`: the station's
 * other devices (reporting at least every five minutes) have read in it by then, so its energy is
 * split by the station's whole flow, not by the devices that happened to report first. A
 * session's figures and state follow its charger within a few minutes.
 *
 * Idle stretches after a session are stored nowhere: how far they were read is kept in the
 * process, so a box standing idle is not read again every run (after a restart, once). A run that
 * left work asks for the next at once.
 */

/** Seconds between two runs. */
export const SESSIONS_EVERY_S = 60;
/** How long after a five-minute bucket ends its readings are counted. */
export const SETTLE_MS = 2 * 60_000;
/** Readings read per wallbox at once, and per run over all of them. */
const READINGS_PER_DEVICE = 2000;
const READINGS_PER_RUN = 20_000;

type PriceAt = (ms: number) => number | null;

/** The price of a grid kWh at an instant: the tariff's band's, else the unit price; null without either. */
export function priceOf(station: Pick<RecordsStation, 'timezone' | 'unit_price'>, tariff?: Tariff): PriceAt {
  if (tariff) return (ms) => tariff.prices[bandAtInstant(tariff, ms, station.timezone)];
  const unit = station.unit_price;
  return () => (unit > 0 ? unit : null);
}

export function chargingSessionsUpdater(options: {
  db: Database;
  repo: RecordsRepository;
  plant: Pick<PlantRepository, 'buckets'>;
  tariffs: Pick<TariffsRepository, 'tariff'>;
}) {
  const { db, repo } = options;
  const scanned = new Map<number, number>();

  /** The station, its tariff's prices: read once per run. */
  function stationsOfRun() {
    const known = new Map<number, Promise<{ station: RecordsStation; priceAt: PriceAt } | undefined>>();
    return (stationId: number) => {
      let found = known.get(stationId);
      if (!found) {
        found = Promise.all([repo.station(stationId), options.tariffs.tariff(stationId)]).then(
          ([station, stored]) => station && { station, priceAt: priceOf(station, stored?.tariff) },
        );
        known.set(stationId, found);
      }
      return found;
    };
  }

  /** The shares of a session's new intervals, from its station's powers over them. */
  async function sharesOf(change: SessionChange, station: RecordsStation, priceAt: PriceAt) {
    if (change.intervals.length === 0) return { pv_kwh: 0, battery_kwh: 0, grid_kwh: 0, cost: null };
    const fromMs = bucketFloor(Math.min(...change.intervals.map((interval) => interval.fromMs)));
    const toMs = Math.max(...change.intervals.map((interval) => interval.toMs)) + FIVE_MINUTES_MS;
    const powers = await stationPowersBetween(options.plant, station, fromMs, toMs);
    return splitEnergy(change.intervals, { startMs: fromMs, powers }, priceAt);
  }

  /** Counts at most `limit` of one wallbox's readings after its cursor; answers how many it read. */
  async function advance(
    device: { device_id: number; station_id: number; cursor_ms: number | null },
    stationOf: ReturnType<typeof stationsOfRun>,
    now: Date,
    limit: number,
  ): Promise<number> {
    const deviceId = device.device_id;
    const afterMs = Math.max(
      device.cursor_ms ?? Number.NEGATIVE_INFINITY,
      scanned.get(deviceId) ?? Number.NEGATIVE_INFINITY,
    );
    const from = Number.isFinite(afterMs) ? afterMs : null;
    const beforeMs = bucketFloor(now.getTime() - SETTLE_MS);
    const [open, previous, readings] = await Promise.all([
      repo.open(deviceId),
      from === null ? undefined : repo.readingAt(deviceId, from),
      repo.readings(deviceId, { afterMs: from, beforeMs }, limit),
    ]);
    if (readings.length === 0) return 0;
    if (open) open.number = previous?.ms === open.lastMs ? previous.session_no : null;
    const numbers = [...new Set(readings.flatMap((reading) => reading.session_no ?? []))];
    const taken = await repo.taken(deviceId, numbers);
    const changes = advanceSessions({ open, previous, taken: (key) => taken.has(key) }, readings);
    const place = await stationOf(device.station_id);
    if (changes.length > 0 && place) {
      const { station, priceAt } = place;
      const shares = await Promise.all(changes.map((change) => sharesOf(change, station, priceAt)));
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        for (const [index, change] of changes.entries()) {
          const added = shares[index] ?? { pv_kwh: 0, battery_kwh: 0, grid_kwh: 0, cost: null };
          const total = !change.created && open ? addShares(open, added) : added;
          await repo.save(tx, { deviceId, stationId: device.station_id, now }, change, total);
        }
      });
    }
    scanned.set(deviceId, readings[readings.length - 1]?.ms ?? afterMs);
    return readings.length;
  }

  return {
    /**
     * One run, bounded by the readings it reads: answers the wallboxes it read readings of and
     * whether more wait (a wallbox left with readings, or some not reached).
     */
    async run(now: Date): Promise<{ devices: number; more: boolean }> {
      const pending = (await repo.pending()).filter(
        (device) => device.latest_ms > (scanned.get(device.device_id) ?? Number.NEGATIVE_INFINITY),
      );
      const stationOf = stationsOfRun();
      let budget = READINGS_PER_RUN;
      let devices = 0;
      let more = false;
      for (const device of pending) {
        if (budget <= 0) return { devices, more: true };
        const limit = Math.min(READINGS_PER_DEVICE, budget);
        const read = await advance(device, stationOf, now, limit);
        budget -= read;
        if (read > 0) devices += 1;
        if (read === limit) more = true;
      }
      return { devices, more };
    },
  };
}

export type ChargingSessionsUpdater = ReturnType<typeof chargingSessionsUpdater>;

/** `charging.sessions`: every minute, the wallboxes' new readings into sessions, in bounded runs. */
export function registerChargingSessionsJob(options: {
  jobs: JobRunner;
  updater: ChargingSessionsUpdater;
  log: FastifyBaseLogger;
}) {
  const handle = options.jobs.register({
    name: 'charging.sessions',
    everyS: SESSIONS_EVERY_S,
    async run(_payload, job) {
      const { devices, more } = await options.updater.run(job.now);
      if (more) {
        options.log.info({ devices }, 'charging sessions: more readings wait');
        await handle.trigger();
      }
    },
  });
  return handle;
}
