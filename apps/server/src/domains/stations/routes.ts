import { station } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { StationListService } from './list-service.ts';
import type { StationsService } from './service.ts';

export function stationsRoutes(
  calls: CallRegistry,
  service: StationsService,
  lists: StationListService,
): void {
  calls.handle(station.add, ({ body, caller }) => service.add(caller, body));
  calls.handle(station.edit, ({ body, caller }) => service.edit(caller, body));
  calls.handle(station.stationDetail, ({ body, caller }) => service.detail(caller, body.station_id));
  calls.handle(station.delStation, ({ body, caller }) => service.delete(caller, body.station_id));
  calls.handle(station.bind, ({ body, caller }) =>
    service.bind(caller, {
      stationId: body.station_id,
      installerId: body.installer_id,
      endUserId: body.end_user_id,
    }),
  );
  calls.handle(station.unbind, ({ body, caller }) =>
    service.unbind(caller, { stationId: body.station_id, which: body.which }),
  );
  calls.handle(station.list, ({ body, caller }) =>
    lists.list(
      caller,
      {
        keyword: body.keyword,
        stationType: body.station_type,
        status: body.status,
        installerId: body.installer_id,
      },
      { by: body.sort_by, order: body.sort_order },
      { page: body.page, pageSize: body.page_size },
    ),
  );
  calls.handle(station.listColumns, ({ body, caller }) => lists.columns(caller, body.columns));
  calls.handle(station.stationStat, ({ caller }) => lists.stationStat(caller));
  calls.handle(station.equipStat, ({ caller }) => lists.equipStat(caller));
  calls.handle(station.installerList, ({ body, caller }) =>
    lists.installerChoices(caller, body.keyword, body.page, body.page_size),
  );
  calls.handle(station.endUserList, ({ body, caller }) =>
    lists.endUserChoices(
      caller,
      { keyword: body.keyword, installerId: body.installer_id },
      body.page,
      body.page_size,
    ),
  );
}
