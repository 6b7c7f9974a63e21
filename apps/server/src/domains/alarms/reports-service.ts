import type { ReportItem, ReportState } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { ReportsRepository } from './reports-repository.ts';
import type { AlarmsRepository } from './repository.ts';

/**
 * Abnormal reports (SPEC.md §3): everyone who sees a station reads its reports; installers open,
 * update and close them (end users 9001). A closed report takes no more changes (200001).
 */
export function reportsService(
  repo: ReportsRepository,
  alarms: AlarmsRepository,
  tenancy: Tenancy,
  log: OperationLog,
) {
  async function seen(caller: Caller, reportId: number): Promise<ReportItem> {
    const item = await repo.item(tenancy.seen(caller), reportId);
    if (!item) throw new Refusal('9001');
    return item;
  }

  return {
    async list(
      caller: Caller,
      filter: { stationId?: number | undefined; status?: ReportState | undefined },
      page: number,
      pageSize: number,
    ) {
      if (filter.stationId !== undefined) await tenancy.assertSeesStation(caller, filter.stationId);
      return repo.list(tenancy.seen(caller), filter, pageWindow(page, pageSize));
    },

    /** A new report on a station; its device and alarm, when given, must be of that station (else 9001). */
    async add(
      caller: Caller,
      input: {
        stationId: number;
        deviceId: number | undefined;
        alarmId: number | undefined;
        description: string;
        opinion: string | undefined;
      },
    ): Promise<ReportItem> {
      tenancy.assertInstaller(caller);
      await tenancy.assertSeesStation(caller, input.stationId);
      let deviceId = input.deviceId ?? null;
      if (input.alarmId !== undefined) {
        const [alarm] = await alarms.items(tenancy.seen(caller), [input.alarmId]);
        if (!alarm || alarm.station_id !== input.stationId) throw new Refusal('9001');
        if (deviceId !== null && deviceId !== alarm.device_id) throw new Refusal('9001');
        deviceId = alarm.device_id;
      }
      if (deviceId !== null && !(await alarms.deviceOnStation(deviceId, input.stationId))) {
        throw new Refusal('9001');
      }
      const reportId = await repo.insert({
        stationId: input.stationId,
        deviceId,
        alarmId: input.alarmId ?? null,
        description: input.description,
        userId: caller.userId,
      });
      if (input.opinion) await repo.addOpinion(reportId, input.opinion, caller.userId);
      const item = await seen(caller, reportId);
      await log.recordBy(caller, 'report_add', {
        stationId: item.station_id,
        target: `#${reportId} ${item.station_name}`,
      });
      return item;
    },

    /** A new description and/or another handling opinion on an open report. */
    async edit(
      caller: Caller,
      input: { reportId: number; description: string | undefined; opinion: string | undefined },
    ): Promise<ReportItem> {
      tenancy.assertInstaller(caller);
      const before = await seen(caller, input.reportId);
      if (input.description === undefined && input.opinion === undefined) throw new Refusal('200004');
      if (!(await repo.touchOpen(input.reportId, input.description))) throw new Refusal('200001');
      if (input.opinion) await repo.addOpinion(input.reportId, input.opinion, caller.userId);
      await log.recordBy(caller, 'report_edit', {
        stationId: before.station_id,
        target: `#${input.reportId} ${before.station_name}`,
        detail: { description: input.description !== undefined, opinion: input.opinion !== undefined },
      });
      return seen(caller, input.reportId);
    },

    async close(
      caller: Caller,
      input: { reportId: number; opinion: string | undefined },
    ): Promise<ReportItem> {
      tenancy.assertInstaller(caller);
      const before = await seen(caller, input.reportId);
      if (before.status === 'closed') throw new Refusal('200001');
      if (!(await repo.close(input.reportId, caller.userId))) throw new Refusal('200001');
      if (input.opinion) await repo.addOpinion(input.reportId, input.opinion, caller.userId);
      await log.recordBy(caller, 'report_close', {
        stationId: before.station_id,
        target: `#${input.reportId} ${before.station_name}`,
      });
      return seen(caller, input.reportId);
    },
  };
}

export type ReportsService = ReturnType<typeof reportsService>;
