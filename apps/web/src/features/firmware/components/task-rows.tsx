import { type UpgradeStatus, type UpgradeTaskRow, upgradeStatuses } from '@helio/contracts';
import { Progress, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';
import { UpgradeStatusTag } from './status-tag.tsx';

/** Rows not sent yet have no SPEC §4 status: they are filtered as "not sent". */
type StatusFilter = 'all' | 'unsent' | UpgradeStatus;

const PAGE_SIZE = 50;

/**
 * A task's rows (device × file): SN, station, stage, part, from → to version, where it stands
 * and its SPEC §4 status (with a progress bar while it flashes), the device's message, why a
 * queued row waits, and when it was sent and finished; filtered by status.
 */
export function TaskRows({ rows, taskName }: { rows: readonly UpgradeTaskRow[]; taskName: string }) {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.rows.caption', { name: taskName }));
  const texts = useFirmwareTexts();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const shown = rows.filter((row) =>
    filter === 'all' ? true : filter === 'unsent' ? row.status === null : row.status === filter,
  );
  const columns: TableColumnsType<UpgradeTaskRow> = [
    { key: 'sn', title: t('firmware.devices.sn'), dataIndex: 'equ_sn', fixed: 'left' },
    { key: 'station', title: t('firmware.devices.station'), dataIndex: 'station_name' },
    {
      key: 'stage',
      title: t('firmware.rows.stage'),
      render: (_, row) =>
        row.stage === 0
          ? t('firmware.rows.canary')
          : t('firmware.rows.batch', { n: texts.number(row.stage) }),
    },
    { key: 'part', title: t('firmware.rows.part'), dataIndex: 'part' },
    {
      key: 'versions',
      title: t('firmware.rows.versions'),
      render: (_, row) => (
        <span className="firmware-versions">
          {row.from_version ?? '?'} → {row.version}
        </span>
      ),
    },
    { key: 'state', title: t('firmware.rows.state'), render: (_, row) => texts.rowState(row.state) },
    {
      key: 'status',
      title: t('firmware.rows.status'),
      render: (_, row) =>
        row.status === null ? (
          '—'
        ) : (
          <span className="firmware-row-status" data-testid={`upgrade-row-status-${row.equ_sn}-${row.part}`}>
            <UpgradeStatusTag status={row.status} />
            {row.status === 1 && (
              <Progress
                percent={row.progress_pct ?? 0}
                size="small"
                status="active"
                aria-label={t('firmware.rows.progressOf', { sn: row.equ_sn, part: row.part })}
              />
            )}
          </span>
        ),
    },
    { key: 'message', title: t('firmware.rows.message'), render: (_, row) => row.message ?? '—' },
    {
      key: 'waiting',
      title: t('firmware.rows.waitingFor'),
      render: (_, row) => (row.waiting_for ? texts.waitingFor(row.waiting_for) : '—'),
    },
    { key: 'sent', title: t('firmware.rows.sentAt'), render: (_, row) => texts.time(row.sent_at) },
    {
      key: 'finished',
      title: t('firmware.rows.finishedAt'),
      render: (_, row) => texts.time(row.finished_at),
    },
  ];
  return (
    <section aria-labelledby="upgrade-rows-title" data-testid="upgrade-rows">
      <h2 id="upgrade-rows-title" className="firmware-heading">
        {t('firmware.rows.title')}
      </h2>
      <search className="table-toolbar">
        <Select<StatusFilter>
          className="table-filter"
          value={filter}
          aria-label={t('firmware.rows.filterStatus')}
          onChange={setFilter}
          options={[
            { value: 'all', label: t('firmware.rows.allStatuses') },
            { value: 'unsent', label: t('firmware.rows.unsent') },
            ...upgradeStatuses.map((status) => ({ value: status, label: texts.status(status) })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="upgrade-row-filter"
        />
      </search>
      <div ref={scroll}>
        <Table<UpgradeTaskRow>
          rowKey={(row) => `${row.equ_sn}|${row.part}`}
          size="small"
          caption={<span className="visually-hidden">{t('firmware.rows.caption', { name: taskName })}</span>}
          columns={columns}
          dataSource={shown}
          scroll={{ x: 'max-content' }}
          pagination={shown.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          onRow={(row) => ({ 'data-testid': `upgrade-row-${row.equ_sn}-${row.part}` }) as object}
          locale={{
            emptyText: (
              <EmptyState
                title={t('firmware.rows.emptyTitle')}
                description={t('firmware.rows.emptyDescription')}
              />
            ),
          }}
          data-testid="upgrade-row-table"
        />
      </div>
    </section>
  );
}
