import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { axisOf, axisText, type HistoryAxis, type HistoryPoint, labelWithUnit } from '../lib/history-axes.ts';
import { formatZonedDateTime } from '../lib/zoned-time.ts';

interface HistoryTableProps {
  points: readonly HistoryPoint[];
  fields: readonly string[];
  axes: readonly HistoryAxis[];
  labels: Readonly<Record<string, string>>;
  zone: string;
}

const PAGE_SIZES = [50, 100, 200];

/** The history's points as rows: the time in the station's zone, then each field in its column's unit. */
export function HistoryTable({ points, fields, axes, labels, zone }: HistoryTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<HistoryPoint> = [
    {
      key: 'ts',
      title: t('devices.history.time'),
      fixed: 'left',
      render: (_, point) => formatZonedDateTime(point.ts, zone, i18n.language),
    },
    ...fields.map((field) => {
      const axis = axisOf(axes, field);
      return {
        key: field,
        title: labelWithUnit(labels[field] ?? field, axis),
        align: 'right' as const,
        render: (_: unknown, point: HistoryPoint) =>
          axis ? axisText(axis, point.values[field]) : String(point.values[field] ?? ''),
      };
    }),
  ];
  return (
    <Table<HistoryPoint>
      size="small"
      rowKey="ts"
      columns={columns}
      dataSource={points as HistoryPoint[]}
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: PAGE_SIZES[0], pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
      data-testid="history-table"
      className="history-table"
    />
  );
}
