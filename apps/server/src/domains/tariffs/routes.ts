import { type EmsRange, tariff } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { Downloads } from '../../platform/downloads.ts';
import type { TariffsService } from './service.ts';
import { usageExport } from './usage-export.ts';

/** The peak-valley calls: save and load a station's tariff, its usage chart and the chart's export. */
export function tariffRoutes(
  calls: CallRegistry,
  options: { service: TariffsService; downloads: Downloads; now: () => Date },
): void {
  const { service } = options;
  const exports = usageExport(
    options.downloads,
    async (caller, params) => {
      const station = await service.seen(caller, params.stationId);
      const request = { type: params.type, ...(params.date === undefined ? {} : { date: params.date }) };
      return { data: await service.usage(station, request), stationName: station.station_name };
    },
    options.now,
  );

  calls.handle(tariff.loadEmbps, ({ body, caller }) => service.load(caller, body.station_id));
  calls.handle(tariff.updateEmbps, ({ body, caller }) =>
    service.update(caller, body.station_id, body.tariff, body.recompute_from),
  );
  calls.handle(tariff.usageChart, async ({ body, caller, language }) => {
    const station = await service.seen(caller, body.station_id);
    const request = {
      type: body.type as EmsRange,
      ...(body.type === 4 || body.date === undefined ? {} : { date: body.date }),
    };
    if (body.export === 1)
      return exports.ticket(caller, {
        stationId: station.station_id,
        ...request,
        language: body.language ?? language,
      });
    return service.usage(station, request);
  });
}
