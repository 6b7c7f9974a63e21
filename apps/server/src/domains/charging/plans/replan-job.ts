import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../../platform/jobs/runner.ts';
import type { DeviceCommands } from '../../commands/service.ts';
import { type ChargingPlanning, storedPlan } from './planning.ts';
import type { ChargingPlansRepository, DuePlan, PlanCursor } from './repository.ts';
import { needsSending, planParams } from './sent.ts';

/**
 * The replan on the one job runner (README "Wallbox charging: choices"): every 15 minutes, each saved plan of
 * a charger that is not offline is planned again from now (a fresh PV forecast, the energy the
 * session took, the next departure once one passed), and a new `charging_plan` command goes out
 * only when it tells the charger something new (sent.ts `needsSending`). The portal acts itself:
 * the command has no author and no line in the operation log. A run looks at `REPLAN_BATCH` plans
 * at most, in station then charger order, and asks for the next run at once while more wait. A
 * plan that cannot be planned is logged and passed over, so it never holds up the others.
 */
export const REPLAN_EVERY_S = 15 * 60;
/** Most plans one run looks at. */
export const REPLAN_BATCH = 100;

export function chargingReplan(options: {
  repo: ChargingPlansRepository;
  planning: ChargingPlanning;
  commands: Pick<DeviceCommands, 'create'>;
  log: FastifyBaseLogger;
}) {
  const { repo, planning, commands, log } = options;

  /** Plans one charger again; answers whether a command went out. */
  async function replan(due: DuePlan, nowMs: number): Promise<boolean> {
    const plan = storedPlan(due.body, nowMs);
    if (!plan) return false;
    const tariff = await planning.tariffOf(due.station.stationId);
    const planned = await planning.plan(due.station, plan, due.values, tariff, nowMs);
    const params = planParams(plan, planned.result, planned.session.deliveredWh);
    if (!needsSending(params, due.last, nowMs)) return false;
    const stored = await commands.create(due.deviceId, { name: 'charging_plan', params }, null);
    await repo.markSent(due.deviceId, due.version, {
      commandId: stored.commandId,
      at: new Date(nowMs),
    });
    return true;
  }

  return {
    replan,
    /**
     * Looks at the next batch of plans after `after` (null: from the first); answers how many
     * commands went out and where the next run goes on from (null: the end was reached).
     */
    async run(after: PlanCursor | null, nowMs: number): Promise<{ sent: number; next: PlanCursor | null }> {
      const batch = await repo.due(after, REPLAN_BATCH);
      let sent = 0;
      for (const due of batch) {
        try {
          if (await replan(due, nowMs)) sent += 1;
        } catch (error) {
          log.error({ err: error, sn: due.sn }, 'charging plan not planned again');
        }
      }
      const last = batch[batch.length - 1];
      return {
        sent,
        next:
          batch.length === REPLAN_BATCH && last
            ? { stationId: last.station.stationId, deviceId: last.deviceId }
            : null,
      };
    },
  };
}

export type ChargingReplan = ReturnType<typeof chargingReplan>;

/**
 * Registers the replan as a periodic job. Where a run stopped is kept by this process (a run that
 * reached the end starts from the first plan again); a process that starts begins at the first.
 */
export function registerReplanJob(options: {
  jobs: JobRunner;
  replan: ChargingReplan;
  log: FastifyBaseLogger;
}): { trigger: () => Promise<void> } {
  let cursor: PlanCursor | null = null;
  const handle = options.jobs.register({
    name: 'charging.replan',
    everyS: REPLAN_EVERY_S,
    async run(_payload, job) {
      const { sent, next } = await options.replan.run(cursor, job.now.getTime());
      cursor = next;
      if (sent > 0) options.log.info({ sent, more: next !== null }, 'charging plans sent again');
      if (next) await handle.trigger();
    },
  });
  return { trigger: () => handle.trigger() };
}
