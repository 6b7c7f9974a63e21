import { type LogItem, type OperationAction, operationActions } from '@helio/contracts';
import { Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { TimeRangeField } from '../../../components/time-range-field.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { ApiError, describeError } from '../../../lib/api.ts';
import { isRangeRefusal } from '../../../lib/time-range.ts';
import { useOperationLog } from '../api/operation-log.ts';
import { logDetailEntries, logDetailLabelKey } from '../lib/log-detail.ts';
import {
  changeLogFilters,
  LOG_PAGE_SIZES,
  type LogFilters,
  logListBody,
  logRangeRefusal,
  readLogFilters,
  writeLogFilters,
} from '../lib/log-filters.ts';
import { MessageTime } from './message-time.tsx';

const ALL = 'all';

/**
 * The operation log (SPEC.md §2): who of the caller's tree did what and when, newest first, by
 * action and time range (at most 30 days, checked before asking), in the address beside the tab.
 */
export function OperationLog() {
  const { t } = useTranslation();
  // a table that scrolls sideways with nothing to focus in it takes the focus itself
  const logScroll = useKeyboardScroll<HTMLDivElement>(t('messages.tabs.log'));
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readLogFilters(searchParams), [searchParams]);
  const change = (next: Partial<LogFilters>) =>
    setSearchParams((current) => writeLogFilters(changeLogFilters(readLogFilters(current), next), current), {
      replace: true,
    });

  const refusal = logRangeRefusal(filters);
  const log = useOperationLog(logListBody(filters), refusal === undefined);
  const serverRefusal =
    log.error instanceof ApiError && isRangeRefusal(log.error.code) ? log.error.code : undefined;
  const rangeCode = refusal ?? serverRefusal;
  const total = refusal ? 0 : (log.data?.total ?? 0);

  const lastPage = Math.max(1, Math.ceil(total / filters.pageSize));
  // biome-ignore lint/correctness/useExhaustiveDependencies: change reads the address itself
  useEffect(() => {
    if (log.data && !log.isPlaceholderData && filters.page > lastPage) change({ page: lastPage });
  }, [log.data, log.isPlaceholderData, filters.page, lastPage]);

  const columns: TableColumnsType<LogItem> = [
    {
      key: 'created_at',
      title: t('messages.log.field.time'),
      dataIndex: 'created_at',
      render: (value: string) => <MessageTime value={value} />,
    },
    { key: 'user', title: t('messages.log.field.user'), dataIndex: 'user_name' },
    {
      key: 'action',
      title: t('messages.log.field.action'),
      dataIndex: 'action',
      render: (action: OperationAction) => (
        <span data-testid="log-action">{t(`messages.log.action.${action}`)}</span>
      ),
    },
    {
      key: 'target',
      title: t('messages.log.field.target'),
      dataIndex: 'target',
      render: (target: string | null) => target ?? '—',
    },
    {
      key: 'detail',
      title: t('messages.log.field.detail'),
      render: (_: unknown, item: LogItem) => {
        const entries = logDetailEntries(item.detail);
        return entries.length === 0 ? (
          '—'
        ) : (
          <dl className="log-detail">
            {entries.map(([name, value]) => {
              const labelKey = logDetailLabelKey(name);
              return (
                <div key={name}>
                  <dt>{labelKey ? t(labelKey) : name}</dt>
                  <dd>{value}</dd>
                </div>
              );
            })}
          </dl>
        );
      },
    },
    {
      key: 'client_ip',
      title: t('messages.log.field.clientIp'),
      dataIndex: 'client_ip',
      render: (ip: string | null) => ip ?? '—',
    },
  ];

  return (
    <div data-testid="operation-log">
      <search className="table-toolbar">
        <Select<OperationAction | typeof ALL>
          className="table-filter"
          value={filters.action ?? ALL}
          aria-label={t('messages.log.field.action')}
          onChange={(next) => change({ action: next === ALL ? undefined : next })}
          options={[
            { value: ALL, label: t('messages.log.actionAll') },
            ...operationActions.map((action) => ({
              value: action,
              label: t(`messages.log.action.${action}`),
            })),
          ]}
          popupMatchSelectWidth={false}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="log-action-filter"
        />
        <TimeRangeField
          value={{ startTime: filters.startTime, endTime: filters.endTime }}
          onChange={change}
          error={rangeCode ? t(rangeCode, { ns: 'errors', keySeparator: false }) : undefined}
          testId="log-range-filter"
        />
      </search>
      <div ref={logScroll}>
        <Table<LogItem>
          rowKey="log_id"
          data-testid="log-table"
          size="middle"
          columns={columns}
          dataSource={refusal ? [] : (log.data?.list ?? [])}
          loading={log.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText:
              log.isPending && !refusal ? (
                <span />
              ) : log.isError && !serverRefusal ? (
                <LoadFailed
                  text={describeError(log.error)}
                  retryText={t('messages.retry')}
                  onRetry={() => void log.refetch()}
                />
              ) : (
                <EmptyState
                  title={t('messages.log.emptyTitle')}
                  description={t('messages.log.emptyDescription')}
                  testId="log-empty"
                />
              ),
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: [...LOG_PAGE_SIZES],
            showTotal: (count) => t('messages.total', { total: count }),
            onChange: (page, pageSize) => change(pageSize === filters.pageSize ? { page } : { pageSize }),
          }}
        />
      </div>
    </div>
  );
}
