import {
  addDays,
  daysBetween,
  daysOfMonth,
  type EmsRange,
  emsRangeUnit,
  localDate,
  type Tariff,
  type TariffView,
  tariff as tariffCalls,
  type UsageData,
  type UsageFigures,
  type UsageSplit,
} from '@helio/contracts';
import type { Database } from '@helio/db';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { TariffStation, TariffsRepository, UsageRow } from './repository.ts';
import { splitStationDay } from './split.ts';

/**
 * Peak-valley usage (PRODUCT.md §8): who may read and save a station's tariff, the split of
 * finished days, and the usage chart read from the split rows. Whoever sees a station (its
 * installers, an installer its station was granted to, its end user: "a station owner can set a
 * tariff") reads and saves its tariff; the demo reads only (the call pipeline refuses its writes);
 * any other station answers 9001 as one that does not exist.
 */

/** A day is split once it has been over this long (readings in flight at midnight arrive). */
export const SPLIT_SETTLE_MS = 30 * 60_000;

type Figures = UsageFigures;
const figureKeys = [
  'import_kwh',
  'export_kwh',
  'charge_kwh',
  'discharge_kwh',
  'consumption_kwh',
  'pv_kwh',
  'cost',
  'feed_in',
  'saving',
] as const satisfies readonly (keyof Figures)[];

const zero = (): Figures => Object.fromEntries(figureKeys.map((key) => [key, 0])) as Figures;
function addFigures(into: Figures, from: Figures): void {
  for (const key of figureKeys) into[key] += from[key];
}

/** Sums split rows into a period's bands and total (null when there is none). */
function sumRows(rows: readonly UsageRow[]): UsageSplit {
  if (rows.length === 0) return { peak: null, shoulder: null, valley: null, total: null };
  const split = { peak: zero(), shoulder: zero(), valley: zero(), total: zero() };
  for (const row of rows) {
    addFigures(split[row.band], row);
    addFigures(split.total, row);
  }
  return split;
}

export interface UsageRequest {
  type: EmsRange;
  date?: string;
}

export function tariffsService(options: {
  db: Database;
  repo: TariffsRepository;
  tenancy: Tenancy;
  clock: Clock;
  /** Asks the split job to run soon (after a save). */
  splitSoon: () => Promise<void>;
}) {
  const { db, repo, tenancy, clock } = options;

  /** The station if the caller sees it; 9001 otherwise. */
  async function seen(caller: Caller, stationId: number): Promise<TariffStation> {
    const station = await repo.station(stationId, tenancy.seen(caller));
    if (!station) throw new Refusal('9001');
    return station;
  }

  /** The newest day that has been over for `SPLIT_SETTLE_MS`: the last day the split may do. */
  function lastFinishedDay(timeZone: string, now: Date): string {
    return addDays(localDate(now.getTime() - SPLIT_SETTLE_MS, timeZone), -1);
  }

  /** The first day the split still covers: not before the tariff's start, at most 400 days back. */
  function firstSplitDay(splitFrom: string, timeZone: string, now: Date): string {
    const oldest = addDays(localDate(now.getTime(), timeZone), -tariffCalls.RECOMPUTE_MAX_DAYS);
    return splitFrom > oldest ? splitFrom : oldest;
  }

  async function view(station: TariffStation): Promise<TariffView> {
    const stored = await repo.tariff(station.station_id);
    let recompute: TariffView['recompute'] = null;
    if (stored) {
      const now = clock.now();
      const last = lastFinishedDay(station.timezone, now);
      const first = firstSplitDay(stored.splitFrom, station.timezone, now);
      // days before the last finished one still waiting: a recomputation under way
      const [waiting] = await repo.daysToSplit(station.station_id, first, addDays(last, -1), 1);
      if (waiting) recompute = { from: waiting, to: last };
    }
    return {
      station_id: station.station_id,
      tariff: stored?.tariff ?? null,
      currency: station.currency,
      updated_at: stored?.updatedAt.toISOString() ?? null,
      updated_through: await repo.newestSplitDay(station.station_id),
      recompute,
    };
  }

  /** Rows of a usage answer, and the days they read. */
  function usageRows(unit: UsageData['unit'], date: string | undefined, rows: UsageRow[]) {
    const group = (keyOf: (day: string) => string, periods: string[]) => {
      const byPeriod = new Map<string, UsageRow[]>(periods.map((period) => [period, []]));
      for (const row of rows) {
        const key = keyOf(row.day);
        if (!byPeriod.has(key)) byPeriod.set(key, []);
        byPeriod.get(key)!.push(row);
      }
      return [...byPeriod].map(([period, found]) => ({ period, ...sumRows(found) }));
    };
    switch (unit) {
      case 'day':
        return group((day) => day, [date!]);
      case 'month':
        return group((day) => day, daysOfMonth(date!));
      case 'year':
        return group(
          (day) => day.slice(0, 7),
          Array.from({ length: 12 }, (_, index) => `${date}-${String(index + 1).padStart(2, '0')}`),
        );
      default:
        return group((day) => day.slice(0, 4), []);
    }
  }

  return {
    seen,

    async load(caller: Caller, stationId: number): Promise<TariffView> {
      return view(await seen(caller, stationId));
    },

    /**
     * Saves the tariff. The split covers days from the first save on; `recomputeFrom` (within the
     * last 400 days, up to yesterday, station-local) forgets the split from that day, which the
     * split job then does again with this tariff.
     */
    async update(
      caller: Caller,
      stationId: number,
      tariff: Tariff,
      recomputeFrom?: string,
    ): Promise<TariffView> {
      const station = await seen(caller, stationId);
      const now = clock.now();
      const today = localDate(now.getTime(), station.timezone);
      if (
        recomputeFrom !== undefined &&
        (recomputeFrom >= today || daysBetween(recomputeFrom, today) > tariffCalls.RECOMPUTE_MAX_DAYS)
      )
        throw new Refusal('200005', [{ path: 'recompute_from', message: 'validation.recomputeFrom' }]);
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const before = await repo.tariff(stationId, tx, true);
        const splitFrom = recomputeFrom ?? before?.splitFrom ?? today;
        await repo.save(tx, stationId, { tariff, splitFrom }, caller.userId, now);
        if (recomputeFrom !== undefined) await repo.forgetSplit(tx, stationId, recomputeFrom);
      });
      await options.splitSoon();
      return view(station);
    },

    /** The usage chart: the split rows of a day, a month's days, a year's months or the years. */
    async usage(station: TariffStation, request: UsageRequest): Promise<UsageData> {
      const unit = emsRangeUnit(request.type) as UsageData['unit'];
      const date = unit === 'total' ? undefined : request.date;
      const [from, to] =
        unit === 'day'
          ? [date!, date!]
          : unit === 'month'
            ? [`${date}-01`, daysOfMonth(date!).at(-1)!]
            : unit === 'year'
              ? [`${date}-01-01`, `${date}-12-31`]
              : [null, null];
      const found = await repo.usage(station.station_id, from, to);
      return {
        station_id: station.station_id,
        timezone: station.timezone,
        currency: station.currency,
        unit,
        date: date ?? null,
        resolution: unit === 'year' ? 'month' : unit === 'total' ? 'year' : 'day',
        updated_through: await repo.newestSplitDay(station.station_id),
        rows: usageRows(unit, date, found),
        totals: sumRows(found),
      };
    },

    /**
     * Splits finished days not split yet, oldest first, at most `limit` station-days: for every
     * station with a tariff, its days with energy from the tariff's start (at most 400 days back)
     * to the last finished day. Answers how many were split and whether more wait.
     */
    async splitDue(now: Date, limit = 100): Promise<{ split: number; more: boolean }> {
      let split = 0;
      for (const station of await repo.stationsWithTariff()) {
        const last = lastFinishedDay(station.timeZone, now);
        const first = firstSplitDay(station.splitFrom, station.timeZone, now);
        if (first > last) continue;
        const days = await repo.daysToSplit(station.stationId, first, last, limit - split + 1);
        for (const day of days) {
          if (split === limit) return { split, more: true };
          await splitStationDay(db, repo, station, day, now);
          split += 1;
        }
      }
      return { split, more: false };
    },
  };
}

export type TariffsService = ReturnType<typeof tariffsService>;
