import { checkTimeRange, message } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import { Refusal } from '../../http/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { OperationLog } from './repository.ts';

/**
 * `api/log/list`: the operation log of the caller's tree. An account or station outside it is
 * 9001; the time range follows SPEC.md §9 (200601, 200603).
 */
export function operationLogRoutes(calls: CallRegistry, log: OperationLog, tenancy: Tenancy): void {
  calls.handle(message.logList, async ({ body, caller }) => {
    const checked = checkTimeRange(body.start_time, body.end_time);
    if ('refusal' in checked) throw new Refusal(checked.refusal);
    if (body.user_id !== undefined)
      await tenancy.assertReachesUser(caller, body.user_id, { allowSelf: true });
    if (body.station_id !== undefined) await tenancy.assertSeesStation(caller, body.station_id);
    return log.list(
      caller,
      { userId: body.user_id, stationId: body.station_id, action: body.action, range: checked.range },
      pageWindow(body.page, body.page_size),
    );
  });
}
