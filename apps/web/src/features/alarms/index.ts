import { lazy } from 'react';
import { withTexts } from '../../lib/i18n.ts';

/**
 * What other features show of the alarms: a device's alarm tab, a station's alarm card and the
 * station list's alarm counts. They arrive with their code and texts when first shown, so the
 * screens that hold them do not grow.
 */
export const DeviceAlarms = lazy(
  withTexts('alarms', () =>
    import('./components/device-alarms.tsx').then((m) => ({ default: m.DeviceAlarms })),
  ),
);
export const StationAlarms = lazy(
  withTexts(['alarms', 'devices'], () =>
    import('./components/station-alarms.tsx').then((m) => ({ default: m.StationAlarms })),
  ),
);
export const AlarmSummary = lazy(
  withTexts('alarms', () =>
    import('./components/alarm-summary.tsx').then((m) => ({ default: m.AlarmSummary })),
  ),
);
export { AlarmCountCell } from './components/alarm-count-cell.tsx';
export type { DeviceAlarmsProps } from './components/device-alarms.tsx';
export type { StationAlarmsProps } from './components/station-alarms.tsx';
export { severityColor } from './lib/alarm-display.ts';
export { alarmListPath } from './lib/filters.ts';
export { ALARM_LIST_PATH, openAlarmPath } from './lib/paths.ts';
