/** The alarm list's route (SPEC.md §2). */
export const ALARM_LIST_PATH = '/alarmList/alarmList';

/** The address parameter of the alarm whose detail is open over the list. */
export const OPEN_ALARM_PARAM = 'alarm';

/** The alarm list with one alarm's detail open (e.g. from a message about it). */
export function openAlarmPath(alarmId: number): string {
  return `${ALARM_LIST_PATH}?${OPEN_ALARM_PARAM}=${alarmId}`;
}
