import { device } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { DevicesService } from './service.ts';
import type { DeviceTelemetryService } from './telemetry-service.ts';

/** The device calls: each hands its body to a service, which checks the caller's reach. */
export function devicesRoutes(
  calls: CallRegistry,
  service: DevicesService,
  telemetry: DeviceTelemetryService,
): void {
  calls.handle(device.rotateSecret, ({ body, caller }) => service.rotateSecret(caller, body.device_id));
  calls.handle(device.realtime, ({ body, caller }) => telemetry.realtime(caller, body.device_id));
  calls.handle(device.history, ({ body, caller }) =>
    telemetry.history(caller, body.device_id, body.from, body.to),
  );
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
