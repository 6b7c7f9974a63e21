import { firmware } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { Downloads } from '../../platform/downloads.ts';
import { tasksExport } from './tasks-export.ts';
import type { UpgradeTasksService } from './tasks-service.ts';

/** The upgrade task calls and a device's upgrade records: each hands its body to the service. */
export function upgradeTaskRoutes(
  calls: CallRegistry,
  options: { service: UpgradeTasksService; downloads: Downloads; now: () => Date },
): void {
  const { service } = options;
  const exports = tasksExport(options.downloads, service.exportSource, options.now);

  calls.handle(firmware.choices, ({ body, caller, language }) => service.choices(caller, body.sns, language));
  calls.handle(firmware.taskAdd, ({ body, caller }) =>
    service.add(caller, {
      name: body.name,
      sns: body.sns,
      fileIds: body.file_ids,
      startAt: body.start_at,
      canarySize: body.canary_size,
      batchSize: body.batch_size,
      failureThresholdPct: body.failure_threshold_pct,
      confirmDowngrade: body.confirm_downgrade,
    }),
  );
  calls.handle(firmware.taskList, ({ body, caller }) =>
    service.list(caller, body.state, body.page, body.page_size),
  );
  calls.handle(firmware.taskDetail, async ({ body, caller, language }) => {
    if (body.export === 1) {
      await service.assertOwn(caller, body.task_id);
      return exports.ticket(caller, { taskId: body.task_id, language: body.language ?? language });
    }
    return service.detail(caller, body.task_id);
  });
  calls.handle(firmware.taskPause, ({ body, caller }) => service.pause(caller, body.task_id));
  calls.handle(firmware.taskResume, ({ body, caller }) => service.resume(caller, body.task_id));
  calls.handle(firmware.taskCancel, ({ body, caller }) => service.cancel(caller, body.task_id));
  calls.handle(firmware.updateLog, ({ body, caller }) =>
    service.records(caller, body.equ_sn, body.page, body.page_size),
  );
}
