import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { axisOf, axisText, type HistoryAxis, type HistoryPoint, labelWithUnit } from '../lib/history-axes.ts';
import { formatZonedDateTime } from '../lib/zoned-time.ts';

interface HistoryTableProps {
  points: readonly HistoryPoint[];
  fields: readonly string[];
  axes: readonly HistoryAxis[];
  labels: Readonly<Record<string, string>>;
  zone: string;
  /** What the table holds: its fields, days and time zone. */
  caption: string;
}

const PAGE_SIZES = [50, 100, 200];

/**
 * The history's points as rows: the time in the station's zone, then each field in its column's
 * unit. The table has a caption and each row is headed by its time, for screen readers.
 */
export function HistoryTable({ points, fields, axes, labels, zone, caption }: HistoryTableProps) {
  const { t, i18n } = useTranslation();
  // Numbers only: where the table scrolls (a phone, many fields), its scrolling part takes the focus.
  const scroll = useKeyboardScroll<HTMLDivElement>(caption);
  const columns: TableColumnsType<HistoryPoint> = [
    {
      key: 'ts',
      title: t('devices.history.time'),
      fixed: 'left',
      rowScope: 'row',
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
    <div ref={scroll}>
      <Table<HistoryPoint>
        size="small"
        rowKey="ts"
        columns={columns}
        dataSource={points as HistoryPoint[]}
        scroll={{ x: 'max-content' }}
        caption={<span className="history-table-caption">{caption}</span>}
        pagination={{ defaultPageSize: PAGE_SIZES[0], pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
        data-testid="history-table"
        className="history-table"
      />
    </div>
  );
}
