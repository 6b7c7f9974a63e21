import type { UpgradeStatus } from '@helio/contracts';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { usePaginationFocus } from '../../../../hooks/use-focus-return.ts';
import { describeError } from '../../../../lib/api.ts';
import { useUpgradeRecords } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { shortDateTime } from '../../lib/control-time.ts';

interface UpgradeRecord {
  command_id: string;
  status: UpgradeStatus;
  time: string;
  file: string;
}

const PAGE_SIZE = 5;

/** Tag colours of the upgrade statuses (SPEC.md §4): 0 waiting, 1 running, 2 done, 3–9 failures. */
const statusColor = (status: UpgradeStatus) =>
  status === 2 ? 'success' : status <= 1 ? 'processing' : 'error';

/** The device's firmware upgrades (api/setting/system/updateLog): status in words, time and file. */
export function UpgradeRecords({ sn, zone }: { sn: string; zone: ShownZone }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useUpgradeRecords(sn, page, PAGE_SIZE);
  const pagerFocus = usePaginationFocus<HTMLDivElement>(`${page}|${records.isFetching}`);
  const columns: TableColumnsType<UpgradeRecord> = [
    {
      key: 'status',
      title: t('control.upgrades.status'),
      render: (_, record) => (
        <Tag color={statusColor(record.status)}>{t(`control.upgrades.statusName.${record.status}`)}</Tag>
      ),
    },
    {
      key: 'time',
      title: t('control.upgrades.time'),
      render: (_, record) => shortDateTime(record.time, zone.zone, i18n.language),
    },
    { key: 'file', title: t('control.upgrades.file'), dataIndex: 'file', className: 'control-file' },
  ];
  const titleId = 'control-upgrades-title';
  return (
    <section
      className="control-upgrades"
      aria-labelledby={titleId}
      data-testid="control-upgrades"
      ref={pagerFocus}
    >
      <h3 id={titleId} className="control-panel-title">
        {t('control.upgrades.title')}
      </h3>
      <Table<UpgradeRecord>
        rowKey="command_id"
        size="small"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: records.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{
          emptyText: records.isError ? (
            <LoadFailed
              text={describeError(records.error)}
              retryText={t('control.retry')}
              onRetry={() => void records.refetch()}
            />
          ) : records.isPending ? (
            <span />
          ) : (
            <EmptyState
              title={t('control.upgrades.emptyTitle')}
              description={t('control.upgrades.emptyDescription')}
              testId="control-upgrades-empty"
            />
          ),
        }}
        data-testid="control-upgrades-table"
      />
    </section>
  );
}
