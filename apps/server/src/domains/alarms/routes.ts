import { alarm } from '@helio/contracts';
import type { CallRegistry } from '../../http/calls.ts';
import type { AlarmExport } from './export.ts';
import type { NotificationSettings } from './notification-settings.ts';
import type { ReportsService } from './reports-service.ts';
import type { AlarmFilterInput, AlarmsService } from './service.ts';

type FilterBody = {
  station_id?: number | undefined;
  device_id?: number | undefined;
  sn?: string | undefined;
  device_type?: AlarmFilterInput['deviceType'];
  severity?: AlarmFilterInput['severity'];
  state?: AlarmFilterInput['state'];
  processing_state?: AlarmFilterInput['processingState'];
  start_time?: string | undefined;
  end_time?: string | undefined;
};

const filterOf = (body: FilterBody): AlarmFilterInput => ({
  stationId: body.station_id,
  deviceId: body.device_id,
  sn: body.sn,
  deviceType: body.device_type,
  severity: body.severity,
  state: body.state,
  processingState: body.processing_state,
  startTime: body.start_time,
  endTime: body.end_time,
});

export function alarmsRoutes(
  calls: CallRegistry,
  dependencies: {
    alarms: AlarmsService;
    reports: ReportsService;
    exports: AlarmExport;
    settings: NotificationSettings;
  },
): void {
  const { alarms, reports, exports, settings } = dependencies;
  calls.handle(alarm.list, ({ body, caller }) =>
    alarms.list(
      caller,
      filterOf(body),
      { by: body.sort_by, order: body.sort_order },
      body.page,
      body.page_size,
    ),
  );
  calls.handle(alarm.detail, ({ body, caller }) => alarms.detail(caller, body.alarm_id));
  calls.handle(alarm.processAlarms, ({ body, caller }) =>
    alarms.process(caller, { alarmIds: body.alarm_ids, state: body.processing_state, opinion: body.opinion }),
  );
  calls.handle(alarm.exportList, async ({ body, caller, language }) =>
    exports.createTicket(
      caller,
      await alarms.checkedFilter(caller, filterOf(body)),
      { by: body.sort_by, order: body.sort_order },
      body.language ?? language,
    ),
  );
  calls.handle(alarm.errorList2, ({ body, caller }) =>
    alarms.errorList(caller, body.station_id, body.state, body.page, body.page_size),
  );
  calls.handle(alarm.count, ({ body, caller }) => alarms.counts(caller, body.station_ids, body.device_ids));
  calls.handle(alarm.timeline, ({ body, caller }) =>
    alarms.timeline(caller, {
      stationId: body.station_id,
      deviceId: body.device_id,
      granularity: body.granularity,
      startTime: body.start_time,
      endTime: body.end_time,
    }),
  );
  calls.handle(alarm.reportList, ({ body, caller }) =>
    reports.list(caller, { stationId: body.station_id, status: body.status }, body.page, body.page_size),
  );
  calls.handle(alarm.reportAdd, ({ body, caller }) =>
    reports.add(caller, {
      stationId: body.station_id,
      deviceId: body.device_id,
      alarmId: body.alarm_id,
      description: body.description,
      opinion: body.opinion,
    }),
  );
  calls.handle(alarm.reportEdit, ({ body, caller }) =>
    reports.edit(caller, { reportId: body.report_id, description: body.description, opinion: body.opinion }),
  );
  calls.handle(alarm.reportClose, ({ body, caller }) =>
    reports.close(caller, { reportId: body.report_id, opinion: body.opinion }),
  );
  calls.handle(alarm.notificationGet, ({ caller }) => settings.get(caller));
  calls.handle(alarm.notificationSet, ({ body, caller }) =>
    settings.set(caller, body.email_severities, body.language),
  );
}
