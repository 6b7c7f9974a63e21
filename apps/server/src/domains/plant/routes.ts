import { chart, plant } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { StationFlowDays } from '../energy/flow-days.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { chartExport } from './chart-export.ts';
import { chartBuilder } from './charts.ts';
import type { PlantRepository } from './repository.ts';
import { plantService } from './service.ts';

/** The overview, power-flow and chart calls of a plant, and the charts' export. */
export function plantRoutes(
  calls: CallRegistry,
  options: {
    repo: PlantRepository;
    tenancy: Tenancy;
    downloads: Downloads;
    now?: () => Date;
    /** The flow days the overview's self-sufficiency and self-consumption are summed from. */
    flowDays: Pick<StationFlowDays, 'periodSums'>;
  },
): void {
  const service = plantService(options.repo, options.tenancy, options.now, options.flowDays);
  const charts = chartBuilder(options.repo, options.now);
  const exports = chartExport(
    options.downloads,
    async (caller, stationId, request) => {
      const station = await service.seen(caller, stationId);
      return { data: await charts.build(station, request), stationName: station.station_name };
    },
    options.now,
  );

  calls.handle(plant.overview, ({ body, caller }) => service.overview(caller, body.station_id));
  calls.handle(plant.storageOverview, ({ body, caller }) => service.storageOverview(caller, body.station_id));
  calls.handle(plant.allSavings, ({ caller }) => service.allSavings(caller));
  calls.handle(plant.isHighStation, ({ body, caller }) => service.isHighStation(caller, body.station_id));
  calls.handle(plant.isParallel, ({ body, caller }) => service.isParallel(caller, body.station_id));
  calls.handle(plant.parallelStationData, ({ body, caller }) =>
    service.parallelStationData(caller, body.station_id),
  );
  calls.handle(plant.powerFlow, ({ body, caller }) => service.powerFlow(caller, body.station_id));
  calls.handle(plant.pileOverview, ({ body, caller }) => service.pileOverview(caller, body.station_id));
  calls.handle(plant.emsIndex, ({ body, caller }) => service.emsIndex(caller, body.station_id));

  for (const kind of chart.chartKinds) {
    calls.handle(chart.chartCallOf[kind], async ({ body, caller, language }) => {
      const unit = chart.chartRangeUnit(kind, body.type);
      const request = {
        kind,
        unit,
        ...(unit === 'total' || body.date === undefined ? {} : { date: body.date }),
      };
      const station = await service.seen(caller, body.station_id);
      if (body.export === 1)
        return exports.ticket(caller, {
          ...request,
          stationId: station.station_id,
          language: body.language ?? language,
        });
      return charts.build(station, request);
    });
  }
}
