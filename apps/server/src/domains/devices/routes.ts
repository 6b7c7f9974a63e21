import { device } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { DevicesService } from './service.ts';

export function devicesRoutes(calls: CallRegistry, service: DevicesService): void {
  calls.handle(device.add, ({ body, caller }) => service.add(caller, body));
  calls.handle(device.unbind, ({ body, caller }) => service.unbind(caller, body.device_id));
  calls.handle(device.detail, ({ body, caller }) => service.detail(caller, body.device_id));
  calls.handle(device.list, ({ body, caller }) =>
    service.list(
      caller,
      {
        deviceType: body.device_type,
        status: body.status,
        stationId: body.station_id,
        keyword: body.keyword,
      },
      body.page,
      body.page_size,
    ),
  );
}
