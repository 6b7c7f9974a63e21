import {
  addDays,
  addFlowSums,
  type DeviceType,
  type FlowDay,
  type FlowSum,
  flowDay,
  flowSumFromTotals,
} from '@helio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import { stationDayPowers } from '../plant/day-powers.ts';
import type { PlantRepository } from '../plant/repository.ts';
import type { FlowDaysStore } from './flow-days-store.ts';
import type { EnergyFigures } from './ledger.ts';

/**
 * Flow days: what each station-local day's five-minute powers say about where energy went
 * (contracts `flowDay`), the figures self-sufficiency and self-consumption are summed from. A
 * finished day is computed once from the same five-minute device averages as the day chart
 * (plant/day-powers.ts) and stored; today is computed live. The battery's origin (its grid-charged
 * share) carries from a stored day to the next.
 *
 * A day without flows counts by its energy totals (contracts `flowSumFromTotals`): a day without
 * five-minute powers is stored that way; a day not yet stored (the job has not reached it, or it
 * is older than the back-fill's horizon) is read that way from its energy row.
 */

/** How far back the job fills days that have energy rows, days. */
export const FLOW_DAYS_HORIZON_DAYS = 400;
/** Days computed per round, and rounds per run (then the job runs again at once). */
const BATCH_DAYS = 50;
const ROUNDS_PER_RUN = 10;

type FlowStation = { station_id: number; timezone: string; device_types: readonly DeviceType[] };

/** What the rates of a station's periods are summed from; today's undefined when it has no data. */
export interface PeriodFlowSums {
  today: FlowSum | undefined;
  month: FlowSum;
  year: FlowSum;
  total: FlowSum;
}

export function stationFlowDays(store: FlowDaysStore, plant: Pick<PlantRepository, 'buckets'>) {
  /** One local day's flows, until `untilMs` (today: now), carrying the stored day before's origin. */
  async function computeDay(station: FlowStation, day: string, untilMs?: number): Promise<FlowDay> {
    const share = await store.batteryGridShare(station.station_id, addDays(day, -1));
    const { powers } = await stationDayPowers(plant, station, day, untilMs);
    return flowDay(powers, { carry: share === undefined ? undefined : { grid_share: share } });
  }

  return {
    computeDay,

    /**
     * Stores the finished days not stored yet (bounded per call); answers how many were stored and
     * whether more wait. Days go oldest first per station, so each finds the day before's origin.
     */
    async storeFinished(now: Date): Promise<{ stored: number; more: boolean }> {
      let stored = 0;
      for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
        const pending = await store.pending(now, FLOW_DAYS_HORIZON_DAYS, BATCH_DAYS);
        for (const item of pending) {
          const computed = await computeDay(item, item.day);
          const flows =
            computed.buckets_with_data > 0
              ? computed
              : { ...flowSumFromTotals(item.totals), flows_kwh: {}, battery: computed.battery };
          await store.save(item.station_id, item.day, flows, now);
          stored += 1;
        }
        if (pending.length < BATCH_DAYS) return { stored, more: false };
      }
      return { stored, more: true };
    },

    /**
     * The sums of a station's today (live, from `nowMs`), month, year and total: stored flow days,
     * days without them by their energy totals, and today. `todayTotals`: today's energy row.
     */
    async periodSums(
      station: FlowStation,
      today: string,
      nowMs: number,
      todayTotals: EnergyFigures | undefined,
    ): Promise<PeriodFlowSums> {
      const [live, stored, missing] = await Promise.all([
        computeDay(station, today, nowMs),
        store.monthSums(station.station_id, today),
        store.daysWithoutFlows(station.station_id, today),
      ]);
      const todaySum =
        live.buckets_with_data > 0 ? live : todayTotals ? flowSumFromTotals(todayTotals) : undefined;
      const byMonth = [
        ...stored,
        ...missing.map((item) => ({ month: item.day.slice(0, 7), ...flowSumFromTotals(item.totals) })),
      ];
      const month = today.slice(0, 7);
      const year = today.slice(0, 4);
      const withToday = (sums: FlowSum[]) => addFlowSums(...sums, ...(todaySum ? [todaySum] : []));
      return {
        today: todaySum,
        month: withToday(byMonth.filter((item) => item.month === month)),
        year: withToday(byMonth.filter((item) => item.month.startsWith(year))),
        total: withToday(byMonth),
      };
    },
  };
}

export type StationFlowDays = ReturnType<typeof stationFlowDays>;

/** How often the flow-day job looks for finished days, s (a zone's yesterday is stored within it). */
export const FLOW_DAYS_EVERY_S = 3600;

/** `energy.flow-days`: every station's finished local days not yet stored, in bounded runs. */
export function registerFlowDaysJob(options: {
  jobs: JobRunner;
  flowDays: StationFlowDays;
  log: FastifyBaseLogger;
}): void {
  const handle = options.jobs.register({
    name: 'energy.flow-days',
    everyS: FLOW_DAYS_EVERY_S,
    async run(_payload, job) {
      const { stored, more } = await options.flowDays.storeFinished(job.now);
      if (stored > 0) options.log.info({ days: stored, more }, 'flow days stored');
      // a back-fill goes on right after this run, a bounded batch at a time
      if (more) await handle.trigger();
    },
  });
}
