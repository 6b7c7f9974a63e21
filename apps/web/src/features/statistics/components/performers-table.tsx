import { statistics } from '@helio/contracts';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { capacityText, energyText, specificYieldText } from '../lib/format.ts';

interface PerformersTableProps {
  kind: 'top' | 'bottom';
  performers: statistics.Performer[];
}

/**
 * The top or bottom stations by PV yield per installed kWp over the last complete local days:
 * comparable across plant sizes, so a small plant that works well ranks above a large idle one.
 */
export function PerformersTable({ kind, performers }: PerformersTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<statistics.Performer> = [
    {
      key: 'rank',
      title: '#',
      width: 44,
      render: (_value, _row, index) => index + 1,
    },
    {
      key: 'station',
      title: t('statistics.performers.station'),
      render: (_value, row) => (
        <span className="stats-performer-name" data-testid="statistics-performer-name">
          {row.station_name}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('statistics.performers.type'),
      responsive: ['md'],
      render: (_value, row) => t(`devices.stationType.${row.station_type}`),
    },
    {
      key: 'capacity',
      title: t('statistics.performers.capacity'),
      align: 'right',
      responsive: ['sm'],
      render: (_value, row) => capacityText(row.capacity_kwp),
    },
    {
      key: 'energy',
      title: t('statistics.performers.energy', { days: statistics.YIELD_WINDOW_DAYS }),
      align: 'right',
      responsive: ['sm'],
      render: (_value, row) => energyText(row.energy_kwh),
    },
    {
      key: 'yield',
      title: t('statistics.performers.yield'),
      align: 'right',
      render: (_value, row) => (
        <strong className="stats-yield">{specificYieldText(row.yield_kwh_per_kwp, i18n.language)}</strong>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t(kind === 'top' ? 'statistics.performers.top' : 'statistics.performers.bottom')}
      className="stats-panel"
      data-testid={`statistics-${kind}`}
    >
      <p className="stats-panel-note">
        {t('statistics.performers.note', { days: statistics.YIELD_WINDOW_DAYS })}
      </p>
      <Table
        size="small"
        rowKey="station_id"
        columns={columns}
        dataSource={performers}
        pagination={false}
        locale={{
          emptyText: t(kind === 'top' ? 'statistics.performers.noneTop' : 'statistics.performers.noneBottom'),
        }}
      />
    </Card>
  );
}
