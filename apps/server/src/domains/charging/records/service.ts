import {
  type ChargingFigures,
  type ChargingRecord,
  type ChargingRecordsData,
  localPeriod,
} from '@helio/contracts';
import type { Caller } from '../../../core/caller.ts';
import { Refusal } from '../../../core/refusal.ts';
import { pageWindow } from '../../../platform/search.ts';
import type { Tenancy } from '../../tenancy/tenancy.ts';
import type {
  FiguresRow,
  RecordRow,
  RecordsFilter,
  RecordsRepository,
  RecordsStation,
} from './repository.ts';
import { recordState } from './sessions.ts';

/**
 * A station's charging records (contracts api/calls/charging.ts `records`): whoever sees the
 * station reads them (the demo too); any other station answers 9001 as one that does not exist,
 * and so does a charger that is not one of the station's. Dates are station-local days of the
 * sessions' starts.
 */

/** What a read or an export takes: one station, maybe one charger, maybe a range of local days. */
export interface RecordsQuery {
  stationId: number;
  equSn?: string;
  startDate?: string;
  endDate?: string;
}

const round = (value: number, decimals = 3) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const iso = (ms: number) => new Date(ms).toISOString();

function figuresOf(row: FiguresRow): ChargingFigures {
  return {
    sessions: row.sessions,
    energy_kwh: round(row.energy_kwh),
    pv_kwh: round(row.pv_kwh),
    battery_kwh: round(row.battery_kwh),
    grid_kwh: round(row.grid_kwh),
    cost: row.cost === null ? null : round(row.cost, 2),
  };
}

/** A stored session as the call answers it at `nowMs` (a session its charger went quiet on reads as ended). */
export function recordOf(row: RecordRow, nowMs: number): ChargingRecord {
  const { state, endedMs } = recordState(
    { state: row.state, endedMs: row.ended_ms, lastMs: row.last_ms },
    nowMs,
  );
  return {
    record_id: row.record_id,
    device_id: row.device_id,
    sn: row.sn,
    started_at: iso(row.started_ms),
    ended_at: endedMs === null ? null : iso(endedMs),
    duration_s: Math.max(0, Math.round(((endedMs ?? nowMs) - row.started_ms) / 1000)),
    energy_kwh: round(row.energy_kwh),
    max_power_w: round(row.max_power_w, 1),
    pv_kwh: round(row.pv_kwh),
    battery_kwh: round(row.battery_kwh),
    grid_kwh: round(row.grid_kwh),
    pv_share_pct: row.energy_kwh > 0 ? round(Math.min(100, (row.pv_kwh / row.energy_kwh) * 100), 1) : null,
    cost: row.cost === null ? null : round(row.cost, 2),
    start: row.start,
    state,
  };
}

export function recordsService(options: { repo: RecordsRepository; tenancy: Tenancy; now: () => Date }) {
  const { repo, tenancy } = options;

  /** The station, its chargers and the filter of a query, after the caller's check (9001). */
  async function scoped(caller: Caller, query: RecordsQuery) {
    const station = await repo.station(query.stationId, tenancy.seen(caller));
    if (!station) throw new Refusal('9001');
    const chargers = await repo.chargers(station.station_id);
    const filter: RecordsFilter = { stationId: station.station_id };
    if (query.equSn !== undefined) {
      const charger = chargers.find((item) => item.sn === query.equSn);
      if (!charger) throw new Refusal('9001');
      filter.deviceId = charger.device_id;
    }
    if (query.startDate) filter.fromMs = localPeriod('day', query.startDate, station.timezone).startMs;
    if (query.endDate) filter.toMs = localPeriod('day', query.endDate, station.timezone).endMs;
    return { station, chargers, filter };
  }

  return {
    /** Refuses a query the caller may not read (9001), as the read would. */
    async check(caller: Caller, query: RecordsQuery): Promise<void> {
      await scoped(caller, query);
    },

    /** One page of the records, newest first, with the totals and monthly totals of every match. */
    async records(
      caller: Caller,
      query: RecordsQuery & { page: number; pageSize: number },
    ): Promise<ChargingRecordsData> {
      const { station, chargers, filter } = await scoped(caller, query);
      const [rows, totals, months] = await Promise.all([
        repo.list(filter, pageWindow(query.page, query.pageSize)),
        repo.totals(filter),
        repo.months(filter),
      ]);
      const nowMs = options.now().getTime();
      return {
        station_id: station.station_id,
        timezone: station.timezone,
        currency: station.currency,
        chargers,
        total: totals.sessions,
        list: rows.map((row) => recordOf(row, nowMs)),
        totals: figuresOf(totals),
        months: months.map((month) => ({ month: month.month, ...figuresOf(month) })),
      };
    },

    /** Every record of a query, newest first, and their totals (the export's). */
    async everyRecord(
      caller: Caller,
      query: RecordsQuery,
    ): Promise<{ station: RecordsStation; list: ChargingRecord[]; totals: ChargingFigures }> {
      const { station, filter } = await scoped(caller, query);
      const [rows, totals] = await Promise.all([repo.list(filter), repo.totals(filter)]);
      const nowMs = options.now().getTime();
      return { station, list: rows.map((row) => recordOf(row, nowMs)), totals: figuresOf(totals) };
    },
  };
}

export type RecordsService = ReturnType<typeof recordsService>;
