import { SendOutlined } from '@ant-design/icons';
import type { DeviceItem, StrategyItem } from '@helio/contracts';
import { Button, Descriptions, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { useFocusReturn, useKeyboardScroll } from '../../../../hooks/use-focus-return.ts';
import { describeError } from '../../../../lib/api.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { shortDateTime } from '../../lib/control-time.ts';
import { useMayChangeDevices } from '../../lib/use-device-texts.ts';
import { QuietSkeleton } from '../quiet-skeleton.tsx';
import { ZoneNote } from '../zone-note.tsx';
import { useDeviceStrategyViews } from './strategy-views.ts';
import { useDeviceStrategy, useRefreshDeviceStrategy } from './use-device-strategy.ts';
import './strategy.css';

const PAGE_SIZE = 10;
const stateColor = { pending: 'processing', applied: 'success', failed: 'error' } as const;

export interface DeviceStrategyProps {
  item: DeviceItem;
  zone: ShownZone;
}

/**
 * The device detail's Strategy tab (SPEC.md §2): the strategy the device runs (its kind, name,
 * slots on the 24-hour bar, when it was applied and by whom), applications still waiting for the
 * device, and every strategy it was sent, newest first; "Apply a template" opens the strategy
 * screens' dialog with this device chosen. Times are in the station's zone.
 */
export function DeviceStrategy({ item, zone }: DeviceStrategyProps) {
  const { t, i18n } = useTranslation();
  const views = useDeviceStrategyViews();
  const mayChange = useMayChangeDevices();
  const [page, setPage] = useState(1);
  const strategy = useDeviceStrategy(item.sn, page, PAGE_SIZE);
  const refresh = useRefreshDeviceStrategy(item.sn);
  const [applying, setApplying] = useState(false);
  const opener = useFocusReturn();
  // the history scrolls sideways on a narrow screen: its scrolling part then takes the focus
  const historyScroll = useKeyboardScroll<HTMLElement>(t('strategies.tab.history'));
  const when = (value: string | null) => (value ? shortDateTime(value, zone.zone, i18n.language) : '—');

  if (strategy.isPending)
    return (
      <div aria-busy="true" data-testid="strategy-tab-loading">
        <span className="visually-hidden" role="status">
          {t('strategies.loading')}
        </span>
        <QuietSkeleton paragraph={{ rows: 6 }} />
      </div>
    );
  if (strategy.isError)
    return (
      <LoadFailed
        text={describeError(strategy.error)}
        retryText={t('strategies.retry')}
        onRetry={() => void strategy.refetch()}
      />
    );

  const { active, pending, history } = strategy.data;
  const applyButton = mayChange && (
    <Button
      type="primary"
      icon={<SendOutlined aria-hidden />}
      onClick={() => {
        opener.remember();
        setApplying(true);
      }}
      data-testid="strategy-tab-apply"
    >
      {t('strategies.tab.apply')}
    </Button>
  );
  // no user: the portal applied it itself (the demo plants' strategy)
  const appliedBy = (row: StrategyItem) => row.applied_by ?? t('strategies.tab.bySystem');
  const columns: TableProps<StrategyItem>['columns'] = [
    { key: 'name', title: t('strategies.column.name'), dataIndex: 'name' },
    { key: 'kind', title: t('strategies.column.kind'), render: (_, row) => t(`strategies.kind.${row.kind}`) },
    {
      key: 'state',
      title: t('strategies.column.state'),
      render: (_, row) => <Tag color={stateColor[row.state]}>{t(`strategies.state.${row.state}`)}</Tag>,
    },
    { key: 'created_at', title: t('strategies.column.sentAt'), render: (_, row) => when(row.created_at) },
    { key: 'applied_at', title: t('strategies.column.answeredAt'), render: (_, row) => when(row.applied_at) },
    { key: 'applied_by', title: t('strategies.column.by'), render: (_, row) => appliedBy(row) },
  ];

  return (
    <div className="strategy-tab" data-testid="strategy-tab">
      <div className="strategy-tab-header">
        <Typography.Title level={2} className="strategy-tab-title">
          {t('strategies.tab.active')}
        </Typography.Title>
        {applyButton}
      </div>
      {active ? (
        <div className="strategy-tab-active" data-testid="strategy-tab-active" data-kind={active.kind}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 4, xxl: 4 }}
            items={[
              { key: 'name', label: t('strategies.column.name'), children: active.name },
              {
                key: 'kind',
                label: t('strategies.column.kind'),
                children: t(`strategies.kind.${active.kind}`),
              },
              { key: 'applied_at', label: t('strategies.tab.appliedAt'), children: when(active.applied_at) },
              { key: 'applied_by', label: t('strategies.tab.appliedBy'), children: appliedBy(active) },
            ]}
          />
          {active.slots.length > 0 && (
            <views.StrategySlotsBar
              slots={active.slots}
              caption={t('strategies.bar.captionOf', { name: active.name })}
              testId="strategy-tab-bar"
            />
          )}
        </div>
      ) : (
        <EmptyState
          title={t('strategies.tab.noneTitle')}
          description={t('strategies.tab.noneDescription')}
          testId="strategy-tab-none"
        />
      )}
      {pending.length > 0 && (
        <section
          className="strategy-tab-pending"
          data-testid="strategy-tab-pending"
          aria-labelledby="strategy-tab-pending"
        >
          <Typography.Title level={3} className="strategy-tab-subtitle" id="strategy-tab-pending">
            {t('strategies.tab.pending')}
          </Typography.Title>
          <ul>
            {pending.map((row) => (
              <li key={row.strategy_id}>
                <Tag color="processing">{t('strategies.state.pending')}</Tag> {row.name} ·{' '}
                {t('strategies.tab.sentAt', { time: when(row.created_at) })}
                {` · ${appliedBy(row)}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="strategy-tab-history" ref={historyScroll}>
        <Typography.Title level={3} className="strategy-tab-subtitle" id="strategy-tab-history">
          {t('strategies.tab.history')}
        </Typography.Title>
        <Table<StrategyItem>
          rowKey="strategy_id"
          size="small"
          columns={columns}
          dataSource={history.list}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('strategies.tab.historyEmpty') }}
          pagination={
            history.total > PAGE_SIZE
              ? {
                  current: page,
                  pageSize: PAGE_SIZE,
                  total: history.total,
                  onChange: setPage,
                  showSizeChanger: false,
                }
              : false
          }
          onRow={(row) =>
            ({ 'data-testid': `strategy-history-${row.strategy_id}`, 'data-state': row.state }) as object
          }
          data-testid="strategy-tab-history"
        />
        <ZoneNote zone={zone} />
      </section>
      {mayChange && (
        <views.ApplyDialog
          devices={[item]}
          open={applying}
          onClose={() => {
            setApplying(false);
            void refresh();
          }}
          afterClose={opener.restore}
          onApplied={() => void refresh()}
        />
      )}
    </div>
  );
}
