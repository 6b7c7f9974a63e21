import type { UpgradeRecord } from '@helio/contracts';
import { Progress, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../../components/empty-state.tsx';
import { usePaginationFocus } from '../../../../hooks/use-focus-return.ts';
import { describeError } from '../../../../lib/api.ts';
import { UpgradeStatusTag } from '../../../firmware/index.ts';
import { useUpgradeRecords } from '../../api/control-maintenance.ts';
import type { ShownZone } from '../../api/telemetry.ts';
import { shortDateTime } from '../../lib/control-time.ts';

const PAGE_SIZE = 5;

/**
 * The device's firmware upgrades (api/setting/system/updateLog, SPEC.md §3): the part and file,
 * from → to version, where it stands and its SPEC §4 status in words (a progress bar while it
 * flashes), the device's message, when it last moved and who started it.
 */
export function UpgradeRecords({ sn, zone }: { sn: string; zone: ShownZone }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useUpgradeRecords(sn, page, PAGE_SIZE);
  const pagerFocus = usePaginationFocus<HTMLDivElement>(`${page}|${records.isFetching}`);
  const columns: TableColumnsType<UpgradeRecord> = [
    {
      key: 'status',
      title: t('control.upgrades.status'),
      render: (_, record) =>
        record.status === null ? (
          t(`control.upgrades.state.${record.state}`)
        ) : (
          <span>
            <UpgradeStatusTag status={record.status} />
            {record.status === 1 && (
              <Progress
                percent={record.progress_pct ?? 0}
                size="small"
                status="active"
                aria-label={t('control.upgrades.progressOf', { file: record.file })}
              />
            )}
          </span>
        ),
    },
    {
      key: 'time',
      title: t('control.upgrades.time'),
      render: (_, record) => shortDateTime(record.time, zone.zone, i18n.language),
    },
    { key: 'part', title: t('control.upgrades.part'), dataIndex: 'part' },
    { key: 'file', title: t('control.upgrades.file'), dataIndex: 'file', className: 'control-file' },
    {
      key: 'versions',
      title: t('control.upgrades.versions'),
      render: (_, record) => `${record.from_version ?? '?'} → ${record.version}`,
    },
    { key: 'message', title: t('control.upgrades.message'), render: (_, record) => record.message ?? '—' },
    { key: 'who', title: t('control.upgrades.who'), render: (_, record) => record.created_by ?? '—' },
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
        rowKey={(record) => `${record.task_id}|${record.part}|${record.file}`}
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
