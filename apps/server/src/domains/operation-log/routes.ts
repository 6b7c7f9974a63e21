import { message } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { OperationLogService } from './service.ts';

export function operationLogRoutes(calls: CallRegistry, service: OperationLogService): void {
  calls.handle(message.logList, ({ body, caller }) =>
    service.list(
      caller,
      {
        userId: body.user_id,
        stationId: body.station_id,
        action: body.action,
        startTime: body.start_time,
        endTime: body.end_time,
      },
      body.page,
      body.page_size,
    ),
  );
}
