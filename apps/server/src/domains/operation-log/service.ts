import { checkTimeRange, type LogItem, type OperationAction, type Page } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { OperationLog } from './repository.ts';

/**
 * `api/log/list`: the operation log of the caller's tree. An account or station outside it is
 * 9001; the time range follows SPEC.md §9 (200601, 200603).
 */
export function operationLogService(log: OperationLog, tenancy: Tenancy) {
  return {
    async list(
      caller: Caller,
      input: {
        userId: number | undefined;
        stationId: number | undefined;
        action: OperationAction | undefined;
        startTime: string | undefined;
        endTime: string | undefined;
      },
      page: number,
      pageSize: number,
    ): Promise<Page<LogItem>> {
      const checked = checkTimeRange(input.startTime, input.endTime);
      if ('refusal' in checked) throw new Refusal(checked.refusal);
      if (input.userId !== undefined)
        await tenancy.assertReachesUser(caller, input.userId, { allowSelf: true });
      if (input.stationId !== undefined) await tenancy.assertSeesStation(caller, input.stationId);
      return log.list(
        tenancy.held(caller),
        { userId: input.userId, stationId: input.stationId, action: input.action, range: checked.range },
        pageWindow(page, pageSize),
      );
    },
  };
}

export type OperationLogService = ReturnType<typeof operationLogService>;
