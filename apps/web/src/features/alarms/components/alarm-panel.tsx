import { CheckCircleOutlined } from '@ant-design/icons';
import { type AlarmItem, alarm } from '@helio/contracts';
import { Button, Empty, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { ApiError, describeError } from '../../../lib/api.ts';
import { focusedElement, keepFocusNear } from '../../../lib/focus.ts';
import { isRangeRefusal } from '../../../lib/time-range.ts';
import { useAlarmList } from '../api/alarms.ts';
import { processableIds } from '../lib/alarm-display.ts';
import {
  ALARM_PAGE_SIZES,
  type AlarmListFilters,
  alarmListBody,
  changeAlarmFilters,
  clearedAlarmFilters,
  filtersRangeRefusal,
  isFiltered,
  positiveInteger,
  readAlarmFilters,
  writeAlarmFilters,
} from '../lib/filters.ts';
import { OPEN_ALARM_PARAM } from '../lib/paths.ts';
import { AlarmDetailDrawer } from './alarm-detail-drawer.tsx';
import { AlarmFilters } from './alarm-filters.tsx';
import { AlarmTable } from './alarm-table.tsx';
import { ExportButton } from './export-button.tsx';
import { ProcessDialog } from './process-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';

/**
 * The alarms of the caller's stations: filters, order and page in the address, the detail drawer
 * (`?alarm=`), and for installers the processing of one alarm or of the chosen ones, and abnormal
 * reports about an alarm.
 */
export function AlarmPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readAlarmFilters(searchParams), [searchParams]);
  const openId = positiveInteger(searchParams.get(OPEN_ALARM_PARAM));

  const changeFilters = (change: Partial<AlarmListFilters>) =>
    setSearchParams(
      (current) => writeAlarmFilters(changeAlarmFilters(readAlarmFilters(current), change), current),
      {
        replace: true,
      },
    );
  const panel = useRef<HTMLDivElement>(null);
  /** The first filter, where focus goes when the button that cleared the filters goes with them. */
  const firstFilter = () =>
    panel.current?.querySelector<HTMLElement>('[data-testid="alarm-sn-filter"] input');
  /** The control that opens an alarm's detail from its row, and the first row's. */
  const openButton = (alarmId?: number) =>
    panel.current?.querySelector<HTMLElement>(
      `${alarmId === undefined ? 'tr.alarm-row' : `[data-testid="alarm-row-${alarmId}"]`} [data-testid="alarm-open"]`,
    );
  const clearFilters = () => {
    setSearchParams((current) => writeAlarmFilters(clearedAlarmFilters(readAlarmFilters(current)), current), {
      replace: true,
    });
    keepFocusNear(() => [firstFilter()]);
  };
  const setOpenAlarm = (alarmId: number | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (alarmId === undefined) next.delete(OPEN_ALARM_PARAM);
        else next.set(OPEN_ALARM_PARAM, String(alarmId));
        return next;
      },
      { replace: true },
    );

  // A range that breaks the rules is not asked for: it is said under its field.
  const refusal = filtersRangeRefusal(filters);
  const body = alarmListBody(filters);
  const alarms = useAlarmList(body, refusal === undefined);
  const serverRangeRefusal =
    alarms.error instanceof ApiError && isRangeRefusal(alarms.error.code) ? alarms.error.code : undefined;
  const rangeCode = refusal ?? serverRangeRefusal;
  const list = refusal ? [] : (alarms.data?.list ?? []);
  const total = refusal ? 0 : (alarms.data?.total ?? 0);

  // The chosen rows are those of the list shown: another filter or page starts afresh.
  const bodyKey = JSON.stringify(body);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: bodyKey, ids: [] });
  const selected = selection.key === bodyKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: bodyKey, ids });

  const [processing, setProcessing] = useState<{ items: AlarmItem[]; open: boolean } | null>(null);
  const [reporting, setReporting] = useState<{ alarm: AlarmItem; open: boolean } | null>(null);

  // Each dialog and the drawer give focus back to the control that opened them (antd does); when
  // that control has gone meanwhile or is disabled ("process selected" once they are processed, a
  // row processed out of the list, a detail opened from the address), focus goes to the alarm's
  // row, or the first row, or the first filter: never to the page's body.
  const detailShown = useRef(openId);
  useEffect(() => {
    if (openId !== undefined) detailShown.current = openId;
  }, [openId]);
  const dialogOpener = useRef<HTMLElement | null>(null);
  const afterDialog = (alarmId: number | undefined) => {
    const opener = dialogOpener.current;
    dialogOpener.current = null;
    keepFocusNear(() => [opener, openButton(alarmId), openButton(), firstFilter()]);
  };

  // A narrower list can leave the page past the end: show the page that is now last.
  const lastPage = Math.max(1, Math.ceil(total / filters.pageSize));
  // biome-ignore lint/correctness/useExhaustiveDependencies: changeFilters reads the address itself
  useEffect(() => {
    if (alarms.data && !alarms.isPlaceholderData && filters.page > lastPage)
      changeFilters({ page: lastPage });
  }, [alarms.data, alarms.isPlaceholderData, filters.page, lastPage]);

  const process = (items: AlarmItem[]) => {
    dialogOpener.current = focusedElement();
    setProcessing({ items, open: true });
  };
  const chosenIds = processableIds(selected, list, alarm.MAX_ALARM_BATCH);
  const filtered = isFiltered(filters);

  const empty =
    alarms.isError && !serverRangeRefusal ? (
      <LoadFailed
        text={describeError(alarms.error)}
        retryText={t('alarms.retry')}
        onRetry={() => void alarms.refetch()}
      />
    ) : rangeCode ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('alarms.rangeInvalid')}
        data-testid="alarms-empty"
      />
    ) : filtered ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('alarms.noMatch')}
        data-testid="alarms-empty"
      >
        <Button onClick={clearFilters}>{t('alarms.clearFilters')}</Button>
      </Empty>
    ) : (
      <EmptyState
        title={t('pages.alarms.emptyTitle')}
        description={t('pages.alarms.emptyDescription')}
        testId="alarms-empty"
      />
    );

  return (
    <div data-testid="alarm-panel" ref={panel}>
      <AlarmFilters
        filters={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        onRefresh={() => void alarms.refetch()}
        rangeError={rangeCode ? t(rangeCode, { ns: 'errors', keySeparator: false }) : undefined}
        actions={<ExportButton filters={filters} disabled={rangeCode !== undefined || total === 0} />}
      />
      <div className="alarm-batch" data-testid="alarm-batch">
        <Typography.Text type="secondary" className="alarm-zone-note">
          {t('alarms.zoneNote')}
        </Typography.Text>
        {mayChange && (
          <Button
            icon={<CheckCircleOutlined />}
            disabled={!chosenIds}
            onClick={() => chosenIds && process(list.filter((item) => chosenIds.includes(item.alarm_id)))}
            data-testid="alarm-process-selected"
          >
            {t('alarms.process.selected', { number: chosenIds?.length ?? 0 })}
          </Button>
        )}
      </div>
      <AlarmTable
        items={list}
        variant="list"
        loading={alarms.isFetching}
        empty={alarms.isPending && !refusal ? <span /> : empty}
        onOpen={(item) => setOpenAlarm(item.alarm_id)}
        {...(mayChange ? { onProcess: process, selection: { selected, onChange: setSelected } } : {})}
        sort={{ by: filters.sortBy, order: filters.sortOrder }}
        onSort={(sort) => changeFilters({ sortBy: sort.by, sortOrder: sort.order })}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [...ALARM_PAGE_SIZES],
          showTotal: (count) => t('alarms.total', { total: count }),
          hideOnSinglePage: false,
          onChange: (page, pageSize) =>
            changeFilters(pageSize === filters.pageSize ? { page } : { pageSize }),
        }}
      />
      <AlarmDetailDrawer
        alarmId={openId}
        shown={list.find((item) => item.alarm_id === openId)}
        onClose={() => setOpenAlarm(undefined)}
        onClosed={() => keepFocusNear(() => [openButton(detailShown.current), openButton(), firstFilter()])}
        {...(mayChange
          ? {
              onProcess: (item: AlarmItem) => process([item]),
              onReport: (item: AlarmItem) => {
                dialogOpener.current = focusedElement();
                setReporting({ alarm: item, open: true });
              },
            }
          : {})}
      />
      {processing && (
        <ProcessDialog
          items={processing.items}
          open={processing.open}
          onClose={() => setProcessing((current) => current && { ...current, open: false })}
          afterClose={() => afterDialog(processing.items[0]?.alarm_id)}
          onDone={() => setSelected([])}
        />
      )}
      {reporting && (
        <ReportDialog
          action={{ mode: 'add', alarm: reporting.alarm }}
          open={reporting.open}
          onClose={() => setReporting((current) => current && { ...current, open: false })}
          afterClose={() => afterDialog(reporting.alarm.alarm_id)}
        />
      )}
    </div>
  );
}
