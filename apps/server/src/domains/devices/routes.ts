import { device } from '@helio/contracts';
import { Refusal } from '../../core/refusal.ts';
import type { CallRegistry } from '../../http/calls.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { DevicesService } from './service.ts';
import type { DeviceTelemetry } from './telemetry.ts';

export function devicesRoutes(
  calls: CallRegistry,
  service: DevicesService,
  telemetry: DeviceTelemetry,
  tenancy: Tenancy,
): void {
  calls.handle(device.rotateSecret, ({ body, caller }) => service.rotateSecret(caller, body.device_id));
  calls.handle(device.realtime, async ({ body, caller }) => {
    await tenancy.assertSeesDevice(caller, body.device_id);
    const answer = await telemetry.realtime(body.device_id);
    if (!answer) throw new Refusal('9001');
    return answer;
  });
  calls.handle(device.history, async ({ body, caller }) => {
    await tenancy.assertSeesDevice(caller, body.device_id);
    return telemetry.history(body.device_id, body.from, body.to);
  });
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
