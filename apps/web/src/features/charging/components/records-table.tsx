import type { ChargingRecord, ChargingRecordsData } from '@helio/contracts';
import { Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useNow } from '../../../hooks/use-now.ts';
import {
  durationText,
  energyText,
  moneyText,
  powerText,
  SessionEnd,
  zonedDateTimeText,
} from '../../stations/index.ts';
import { useChargingTexts } from '../lib/use-charging-texts.ts';
import { SourceShares } from './source-shares.tsx';

export interface RecordsTableProps {
  data: ChargingRecordsData | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
  empty: ReactNode;
}

/**
 * The sessions, newest first: start, end (or "Charging" / "Plugged in" while the car is plugged),
 * duration, energy, peak power, where the energy came from, its cost and how it started; the
 * totals of every matching session on the last row.
 */
export function RecordsTable({ data, loading, pagination, empty }: RecordsTableProps) {
  const { t, i18n } = useTranslation();
  const texts = useChargingTexts();
  const now = useNow(60_000);
  const language = i18n.language;
  const zone = data?.timezone ?? 'UTC';
  const currency = data?.currency ?? '';
  const time = (iso: string) => zonedDateTimeText(iso, zone, language);
  const several = (data?.chargers.length ?? 0) > 1;
  const scroll = useKeyboardScroll<HTMLDivElement>(t('charging.records.table'));
  const columns: ColumnsType<ChargingRecord> = [
    { key: 'started', title: t('charging.records.started'), render: (_, row) => time(row.started_at) },
    {
      key: 'ended',
      title: t('charging.records.ended'),
      render: (_, row) => <SessionEnd session={row} time={time} />,
    },
    {
      key: 'duration',
      title: t('charging.records.duration'),
      render: (_, row) => durationText(row.started_at, row.ended_at, now, language),
    },
    {
      key: 'energy',
      title: t('charging.records.energy'),
      align: 'right',
      render: (_, row) => energyText(row.energy_kwh),
    },
    {
      key: 'peak',
      title: t('charging.records.peak'),
      align: 'right',
      render: (_, row) => powerText(row.max_power_w),
    },
    {
      key: 'sources',
      title: t('charging.records.sources'),
      render: (_, row) => <SourceShares figures={row} testId={`charging-record-${row.record_id}-sources`} />,
    },
    {
      key: 'cost',
      title: t('charging.records.cost', { currency }),
      align: 'right',
      render: (_, row) => moneyText(row.cost, currency, language),
    },
    { key: 'start', title: t('charging.records.how'), render: (_, row) => texts.start(row.start) },
    ...(several ? [{ key: 'sn', title: t('charging.records.charger'), dataIndex: 'sn' }] : []),
  ];
  const totals = data?.totals;
  return (
    <div ref={scroll}>
      <Table<ChargingRecord>
        rowKey="record_id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        pagination={pagination}
        size="small"
        scroll={{ x: 'max-content' }}
        onRow={(row) =>
          ({ 'data-testid': `charging-record-${row.record_id}`, 'data-state': row.state }) as never
        }
        locale={{ emptyText: empty }}
        summary={() =>
          totals && totals.sessions > 0 ? (
            <Table.Summary.Row className="charging-totals" data-testid="charging-records-totals">
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>{t('charging.records.totals', { sessions: totals.sessions })}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <span data-testid="charging-records-total-energy">{energyText(totals.energy_kwh)}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
              <Table.Summary.Cell index={5}>
                <SourceShares figures={totals} testId="charging-records-total-sources" />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                <span data-testid="charging-records-total-cost">
                  {moneyText(totals.cost, currency, language)}
                </span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} colSpan={several ? 2 : 1} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </div>
  );
}
