import {
  type ChargingForecast,
  type ChargingPlan,
  type ChargingPlanView,
  type CommandStateName,
  chargingModes,
  defaultChargingPlan,
  pileStates,
} from '@helio/contracts';
import { chargingPlanParams } from '@helio/contracts/device-link';
import type { Caller } from '../../../core/caller.ts';
import { Refusal } from '../../../core/refusal.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { ControlRepository, ControlTarget } from '../../control/repository.ts';
import type { ControlService } from '../../control/service.ts';
import type { PlantRepository } from '../../plant/repository.ts';
import type { ChargingAccess } from '../access.ts';
import { type ChargingPlanning, forecastView, storedPlan } from './planning.ts';
import type { ChargingPlansRepository, PlanningStation } from './repository.ts';
import { planParams } from './sent.ts';

/**
 * A wallbox's charging plan (contracts api/calls/charging.ts `plan`, `preview`, `savePlan`): the
 * plan as saved (the default until then) with what the charger follows now, the last plan command
 * and the forecast; a preview of a plan not saved; and a save, which stores the plan and sends it
 * with its planned windows as one `charging_plan` command (control's `issue`: idempotent on the
 * client's key, in the operation log). Who may: access.ts, for every call. The replan job
 * (replan-job.ts) sends it again when the windows change.
 */

export interface ChargingPlansOptions {
  repo: ChargingPlansRepository;
  access: ChargingAccess;
  planning: ChargingPlanning;
  control: Pick<ControlService, 'issue'>;
  /** The charger's plan commands. */
  commands: Pick<ControlRepository, 'latest' | 'command'>;
  plant: Pick<PlantRepository, 'latest'>;
  clock: Clock;
}

interface Reading {
  values: Readonly<Record<string, number | string>> | null;
  /** When it was read, ms; null before any reading. */
  ms: number | null;
  online: boolean;
}

const numberOrNull = (value: number | string | undefined) => (typeof value === 'number' ? value : null);

function oneOf<T extends string>(values: readonly T[], value: number | string | undefined): T | null {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function chargingPlansService(options: ChargingPlansOptions) {
  const { repo, access, planning, control, commands, plant, clock } = options;

  /** The charger's station; it went with the charger between the check and the read: as if it never existed. */
  async function stationOf(target: ControlTarget): Promise<PlanningStation> {
    const station = await repo.station(target.stationId);
    if (!station) throw new Refusal('9001');
    return station;
  }

  /** The charger's newest reading and whether it is online. */
  async function readingOf(target: ControlTarget): Promise<Reading> {
    const device = (await plant.latest(target.stationId)).find((row) => row.device_id === target.deviceId);
    return {
      values: device?.values ?? null,
      ms: device?.ms ?? null,
      online: device ? device.status !== 'offline' : false,
    };
  }

  /** The plan's forecast for the charger from `nowMs`, and whether its station has a tariff. */
  async function forecastOf(
    target: ControlTarget,
    values: Reading['values'],
    plan: ChargingPlan,
    nowMs: number,
  ): Promise<{ station: PlanningStation; forecast: ChargingForecast; hasTariff: boolean }> {
    const station = await stationOf(target);
    const tariff = await planning.tariffOf(station.stationId);
    const planned = await planning.plan(station, plan, values, tariff, nowMs);
    return { station, forecast: forecastView(planned, station.timezone), hasTariff: tariff !== null };
  }

  return {
    async view(caller: Caller, sn: string): Promise<ChargingPlanView> {
      const target = await access.chargerOf(caller, sn);
      const nowMs = clock.now().getTime();
      const stored = await repo.plan(target.deviceId);
      const saved = stored ? storedPlan(stored.body, nowMs) : undefined;
      const plan = saved ?? defaultChargingPlan;
      const reading = await readingOf(target);
      const { station, forecast, hasTariff } = await forecastOf(target, reading.values, plan, nowMs);
      const [last] = await commands.latest(target.deviceId, 'charging_plan', 1);
      const values = reading.values;
      return {
        equ_sn: target.sn,
        device_id: target.deviceId,
        station_id: station.stationId,
        timezone: station.timezone,
        currency: station.currency,
        plan,
        saved: saved !== undefined,
        updated_at: saved ? (stored?.updated_at ?? null) : null,
        command: last
          ? {
              command_id: last.command_id,
              state: last.state,
              message: last.message,
              error: last.error,
              updated_at: last.updated_at,
            }
          : null,
        charger:
          values && reading.ms !== null
            ? {
                pile_state: oneOf(pileStates, values.pile_state),
                plan_mode: oneOf(chargingModes, values.plan_mode),
                phases: numberOrNull(values.phases),
                current_limit_a: numberOrNull(values.current_limit_a),
                power_w: numberOrNull(values.power_w),
                session_kwh: numberOrNull(values.session_kwh),
                target_kwh: numberOrNull(values.target_kwh),
                car_soc_pct: numberOrNull(values.car_soc_pct),
                remote_hold: values.remote_hold === 1,
                online: reading.online,
                updated_at: new Date(reading.ms).toISOString(),
              }
            : null,
        forecast,
        has_tariff: hasTariff,
        may: access.rightsOf(caller, target),
      };
    },

    /** The forecast of a plan not saved (a read: the demo previews too). */
    async preview(caller: Caller, sn: string, plan: ChargingPlan): Promise<ChargingForecast> {
      const target = await access.chargerOf(caller, sn);
      const reading = await readingOf(target);
      return (await forecastOf(target, reading.values, plan, clock.now().getTime())).forecast;
    },

    /**
     * Stores the plan and sends it as one command. Everything that can refuse is checked before
     * anything is written: the command is made first (a key already used answers its command), then
     * the plan is stored with it in one statement, unless a plan saved later already holds a newer
     * command (a late repeat of an old request changes nothing).
     */
    async save(
      caller: Caller,
      sn: string,
      plan: ChargingPlan,
      key: string,
    ): Promise<{ command_id: string; state: CommandStateName }> {
      const target = await access.chargerOf(caller, sn);
      await access.assertMayCharge(caller, target);
      const station = await stationOf(target);
      const tariff = await planning.tariffOf(station.stationId);
      if (plan.mode === 'off_peak' && !tariff)
        throw new Refusal('200005', [{ path: 'plan.mode', message: 'validation.chargingNeedsTariff' }]);
      const now = clock.now();
      const reading = await readingOf(target);
      const planned = await planning.plan(station, plan, reading.values, tariff, now.getTime());
      const params = planParams(plan, planned.result, planned.session.deliveredWh);
      const answer = await control.issue(caller, target, { name: 'charging_plan', params }, key);
      // the command the key stands for: this one, or the one an earlier try of the request made
      const sent = await commands.command(answer.command_id);
      const sentParams = chargingPlanParams.safeParse(sent?.params);
      if (sent?.name === 'charging_plan' && sentParams.success) {
        const sentMs = Date.parse(sent.created_at);
        await repo.save(
          target.deviceId,
          plan,
          { commandId: answer.command_id, at: new Date(sentMs) },
          caller.userId,
          now,
        );
      }
      return answer;
    },
  };
}

export type ChargingPlansService = ReturnType<typeof chargingPlansService>;
