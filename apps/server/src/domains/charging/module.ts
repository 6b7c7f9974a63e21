import { charging } from '@helio/contracts';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CallRegistry } from '../../http/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { JobRunner } from '../../platform/jobs/runner.ts';
import { type DeviceLiveDeps, followDevice } from '../commands/device-live.ts';
import type { DeviceCommands } from '../commands/service.ts';
import type { ControlAccess } from '../control/access.ts';
import type { ControlRepository } from '../control/repository.ts';
import type { ControlService } from '../control/service.ts';
import type { PlantRepository } from '../plant/repository.ts';
import { tariffsRepository } from '../tariffs/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { WeatherProvider } from '../weather/provider.ts';
import { chargingAccess } from './access.ts';
import { stationForecasts } from './plans/forecast.ts';
import { chargingPlanning } from './plans/planning.ts';
import { chargingReplan, registerReplanJob } from './plans/replan-job.ts';
import { chargingPlansRepository } from './plans/repository.ts';
import { chargingPlanRoutes } from './plans/routes.ts';
import { chargingPlansService } from './plans/service.ts';
import { registerChargingRecords } from './records/module.ts';
import { chargingRemote } from './remote/service.ts';

/**
 * Wires wallbox charging (README "Wallbox charging: choices"): who may act on a charger (access.ts,
 * on control's rules), and each part's calls and jobs on it. Plans: the plan calls, their PV
 * forecast (the weather provider, else the station's history) and the replan job. Records: the
 * sessions job and the records call with its export. Remote: start, stop and current. Live: the
 * charger's readings and commands as they arrive, for whoever sees the charger (the demo too).
 */
export interface ChargingOptions {
  calls: CallRegistry;
  db: Database;
  clock: Clock;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** Control's rules of who may act and its one way to issue a command. */
  access: ControlAccess;
  control: ControlService;
  controlRepo: ControlRepository;
  commands: DeviceCommands;
  plant: PlantRepository;
  weather: WeatherProvider;
  tenancy: Tenancy;
  downloads: Downloads;
  /** The device live stream's readers: a device's newest reading instant and newest commands. */
  live: DeviceLiveDeps;
}

export function registerCharging(options: ChargingOptions) {
  const { calls, db, clock, jobs, log } = options;
  const access = chargingAccess(options.access);

  const plansRepo = chargingPlansRepository(db);
  const planning = chargingPlanning({
    tariffs: tariffsRepository(db),
    forecasts: stationForecasts({ provider: options.weather, plant: options.plant }),
  });
  chargingPlanRoutes(
    calls,
    chargingPlansService({
      repo: plansRepo,
      access,
      planning,
      control: options.control,
      commands: options.controlRepo,
      plant: options.plant,
      clock,
    }),
  );
  registerReplanJob({
    jobs,
    replan: chargingReplan({ repo: plansRepo, planning, commands: options.commands, log }),
    log,
  });

  const remote = chargingRemote({ access, control: options.control });
  calls.handle(charging.remote, ({ body, caller }) =>
    remote.remote(caller, body.equ_sn, body.action, body.current_a, body.key),
  );
  // refused like a read of the charger (9001 unseen or not a wallbox) before the stream begins
  calls.eventStream(charging.live, async ({ body, caller }) =>
    followDevice(options.live, await access.chargerOf(caller, body.equ_sn)),
  );

  const records = registerChargingRecords({
    calls,
    db,
    clock,
    jobs,
    log,
    tenancy: options.tenancy,
    downloads: options.downloads,
    plant: options.plant,
  });

  return { access, sessionsSoon: records.sessionsSoon };
}
