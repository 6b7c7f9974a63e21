import { alarm, type CallBody, type ReportItem } from '@helio/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { alarmsKey } from './alarms.ts';

/** Abnormal reports sit under the alarms' key: an alarm's report and the alarm refresh together. */
const reportsKey = [...alarmsKey, 'reports'] as const;

export type ReportListBody = CallBody<typeof alarm.reportList>;

/** A page of abnormal reports of the caller's stations, newest first. */
export function useReportList(body: ReportListBody) {
  return useQuery({
    queryKey: [...reportsKey, 'list', body],
    queryFn: ({ signal }) => call(alarm.reportList, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type ReportAddBody = CallBody<typeof alarm.reportAdd>;
export type ReportEditBody = CallBody<typeof alarm.reportEdit>;
export type ReportCloseBody = CallBody<typeof alarm.reportClose>;

/** Opening, updating and closing reports (installers only); each refreshes the report lists. */
export function useReportChanges(onDone?: (item: ReportItem) => void) {
  const queryClient = useQueryClient();
  const onSuccess = (item: ReportItem) => {
    onDone?.(item);
    void queryClient.invalidateQueries({ queryKey: reportsKey });
  };
  const add = useMutation({ mutationFn: (body: ReportAddBody) => call(alarm.reportAdd, body), onSuccess });
  const edit = useMutation({ mutationFn: (body: ReportEditBody) => call(alarm.reportEdit, body), onSuccess });
  const close = useMutation({
    mutationFn: (body: ReportCloseBody) => call(alarm.reportClose, body),
    onSuccess,
  });
  return { add, edit, close };
}
