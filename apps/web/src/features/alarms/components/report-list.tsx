import { CheckOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type ReportItem, type ReportState, reportStates } from '@helio/contracts';
import { Button, Select, Space, Table, type TableColumnsType, Tag, Timeline, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useKeyboardScroll, usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { keepFocusNear } from '../../../lib/focus.ts';
import { StationSelect } from '../../devices/index.ts';
import { useReportList } from '../api/reports.ts';
import { ALARM_PAGE_SIZES } from '../lib/filters.ts';
import { useRowFocus } from '../lib/use-table-focus.ts';
import { AlarmTime } from './alarm-time.tsx';
import { ReportDialog, type ReportDialogMode } from './report-dialog.tsx';

const ALL = 'all';

/**
 * Abnormal reports (SPEC.md §3), under the alarms: description, handling opinions, status and
 * creation time, newest first, by station and status. Installers open reports, add opinions to
 * open ones and close them (after confirming); end users read them.
 */
export function ReportList({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const [stationId, setStationId] = useState<number | undefined>();
  const [status, setStatus] = useState<ReportState | undefined>('open');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ action: ReportDialogMode; open: boolean } | null>(null);
  const reports = useReportList({
    page: paging.page,
    page_size: paging.pageSize,
    ...(stationId !== undefined ? { station_id: stationId } : {}),
    ...(status ? { status } : {}),
  });
  const openDialog = (action: ReportDialogMode) => setDialog({ action, open: true });
  const filtered = stationId !== undefined || status !== undefined;

  // A report closed out of the list of open ones hands focus to the row now in its place, or to
  // "New report" when none is left (and so does a dialog whose button has gone meanwhile).
  const holder = useRef<HTMLDivElement>(null);
  const addButton = () => holder.current?.querySelector<HTMLElement>('[data-testid="report-add"]');
  const rowFocus = useRowFocus(reports.data?.list ?? [], {
    rowSelector: 'tr.ant-table-row',
    controlOf: (row) =>
      row.querySelector<HTMLElement>('[data-testid="report-edit"]') ?? row.querySelector('button'),
    fallback: addButton,
  });
  // A page chosen on the pager keeps focus on the pager (the last page's "next" is disabled).
  const pagerFocus = usePaginationFocus<HTMLDivElement>(
    `${paging.page}|${paging.pageSize}|${reports.isFetching}`,
  );
  // a list that scrolls sideways with nothing to focus in it (an empty one) takes the focus itself
  const scroll = useKeyboardScroll<HTMLDivElement>(t('alarms.tabs.reports'));

  const columns: TableColumnsType<ReportItem> = [
    {
      key: 'created_at',
      title: t('alarms.reports.field.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => <AlarmTime value={value} />,
    },
    { key: 'station', title: t('alarms.field.station'), dataIndex: 'station_name' },
    {
      key: 'sn',
      title: t('alarms.field.sn'),
      dataIndex: 'sn',
      render: (sn: string | null) => sn ?? t('alarms.reports.wholeStation'),
    },
    {
      key: 'description',
      title: t('alarms.reports.field.description'),
      dataIndex: 'description',
      render: (text: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2 }}
          className="report-description"
          data-testid="report-description-cell"
        >
          {text}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'opinions',
      title: t('alarms.reports.field.opinions'),
      render: (_: unknown, item: ReportItem) => {
        const last = item.opinions.at(-1);
        return last ? (
          <Typography.Text ellipsis={{ tooltip: last.text }} className="report-last-opinion">
            {last.text}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('alarms.noOpinion')}</Typography.Text>
        );
      },
    },
    {
      key: 'status',
      title: t('alarms.reports.field.status'),
      dataIndex: 'status',
      render: (value: ReportState) => (
        <Tag
          color={value === 'open' ? 'processing' : 'default'}
          data-testid="report-status"
          data-status={value}
        >
          {t(`alarms.reports.status.${value}`)}
        </Tag>
      ),
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            title: t('alarms.field.actions'),
            render: (_: unknown, item: ReportItem) =>
              item.status === 'open' ? (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => openDialog({ mode: 'edit', report: item })}
                    data-testid="report-edit"
                  >
                    {t('alarms.reports.edit')}
                  </Button>
                  <Button
                    size="small"
                    icon={<CheckOutlined />}
                    onClick={() => openDialog({ mode: 'close', report: item })}
                    data-testid="report-close"
                  >
                    {t('alarms.reports.close')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  const empty = reports.isError ? (
    <LoadFailed
      text={t('alarms.reports.loadFailed')}
      retryText={t('alarms.retry')}
      onRetry={() => void reports.refetch()}
    />
  ) : (
    <EmptyState
      title={filtered ? t('alarms.reports.noMatchTitle') : t('alarms.reports.emptyTitle')}
      description={t('alarms.reports.emptyDescription')}
      testId="reports-empty"
    />
  );

  return (
    <div data-testid="reports" ref={holder}>
      <search className="table-toolbar">
        <StationSelect
          className="table-filter alarm-station-filter"
          value={stationId}
          onChange={(next) => {
            setStationId(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          allowClear
          placeholder={t('alarms.filter.stationAll')}
          aria-label={t('alarms.filter.station')}
          data-testid="report-station-filter"
        />
        <Select<ReportState | typeof ALL>
          className="table-filter"
          value={status ?? ALL}
          aria-label={t('alarms.reports.field.status')}
          onChange={(next) => {
            setStatus(next === ALL ? undefined : next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={[
            { value: ALL, label: t('alarms.reports.statusAll') },
            ...reportStates.map((value) => ({ value, label: t(`alarms.reports.status.${value}`) })),
          ]}
          data-testid="report-status-filter"
        />
        {mayChange && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            className="table-refresh"
            onClick={() => openDialog({ mode: 'add' })}
            data-testid="report-add"
          >
            {t('alarms.reports.add')}
          </Button>
        )}
      </search>
      <div {...rowFocus}>
        <div ref={pagerFocus}>
          <div ref={scroll}>
            <Table<ReportItem>
              rowKey="report_id"
              data-testid="reports-table"
              size="middle"
              columns={columns}
              dataSource={reports.data?.list ?? []}
              loading={reports.isFetching}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: reports.isPending ? <span /> : empty }}
              onRow={(item) => ({ 'data-testid': `report-row-${item.report_id}` }) as never}
              expandable={{
                expandedRowRender: (item) => <ReportHistory item={item} />,
                rowExpandable: () => true,
              }}
              pagination={{
                current: paging.page,
                pageSize: paging.pageSize,
                total: reports.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [...ALARM_PAGE_SIZES],
                showTotal: (total) => t('alarms.total', { total }),
                onChange: (page, pageSize) =>
                  setPaging(pageSize === paging.pageSize ? { page, pageSize } : { page: 1, pageSize }),
              }}
            />
          </div>
        </div>
      </div>
      {dialog && (
        <ReportDialog
          action={dialog.action}
          open={dialog.open}
          onClose={() => setDialog((current) => current && { ...current, open: false })}
          afterClose={() => keepFocusNear(() => [addButton()])}
        />
      )}
    </div>
  );
}

/** A report in full: its description, who opened it, every handling opinion and its closing. */
function ReportHistory({ item }: { item: ReportItem }) {
  const { t } = useTranslation();
  const entries = [
    {
      key: 'created',
      color: 'blue',
      content: (
        <div className="report-entry">
          <span className="report-entry-title">
            {t('alarms.reports.history.created', { name: item.created_by_name ?? t('alarms.formerUser') })}
          </span>{' '}
          <AlarmTime value={item.created_at} />
          <p className="report-description">{item.description}</p>
        </div>
      ),
    },
    ...item.opinions.map((opinion) => ({
      key: `opinion-${opinion.opinion_id}`,
      color: 'gray',
      content: (
        <div className="report-entry" data-testid="report-opinion-entry">
          <span className="report-entry-title">{opinion.user_name ?? t('alarms.formerUser')}</span>{' '}
          <AlarmTime value={opinion.created_at} />
          <p className="report-opinion">{opinion.text}</p>
        </div>
      ),
    })),
    ...(item.closed_at
      ? [
          {
            key: 'closed',
            color: 'green',
            content: (
              <div className="report-entry">
                <span className="report-entry-title">
                  {t('alarms.reports.history.closed', {
                    name: item.closed_by_name ?? t('alarms.formerUser'),
                  })}
                </span>{' '}
                <AlarmTime value={item.closed_at} />
              </div>
            ),
          },
        ]
      : []),
  ];
  return (
    <Timeline items={entries} className="report-history" data-testid={`report-history-${item.report_id}`} />
  );
}
