import { CheckCircleOutlined } from '@ant-design/icons';
import type { AlarmItem } from '@helio/contracts';
import {
  Button,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
  Tooltip,
} from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TableTitle } from '../../../components/tables/table-title.tsx';
import { usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { sortableHeaderCell } from '../../../lib/table-keys.ts';
import { deviceDetailPath } from '../../devices/index.ts';
import { partTextKey } from '../lib/alarm-display.ts';
import type { AlarmSortColumn, SortOrder } from '../lib/filters.ts';
import { useRowFocus } from '../lib/use-table-focus.ts';
import { AlarmStateTag, ProcessingTag, SeverityTag } from './alarm-tags.tsx';
import { AlarmTime } from './alarm-time.tsx';
import { FaultName } from './fault-name.tsx';

/**
 * `list`: the alarm list's columns; `device`: a device's alarms (no station, SN or type);
 * `station`: a station's alarms (no station).
 */
export type AlarmTableVariant = 'list' | 'device' | 'station';

export interface AlarmSort {
  by: AlarmSortColumn;
  order: SortOrder;
}

interface AlarmTableProps {
  items: readonly AlarmItem[];
  variant: AlarmTableVariant;
  loading: boolean;
  pagination: TablePaginationConfig | false;
  empty: ReactNode;
  onOpen: (item: AlarmItem) => void;
  /** Installers: a row action opens the processing dialog for the alarm. */
  onProcess?: (items: AlarmItem[]) => void;
  /** Installers on the list: rows can be chosen for processing together. */
  selection?: { selected: readonly number[]; onChange: (ids: number[]) => void };
  /** The order shown, sortable by its column's header; absent: no sorting. */
  sort?: AlarmSort;
  onSort?: (sort: AlarmSort) => void;
  testId?: string;
}

/** Clicks on the row's own links, buttons and check boxes are theirs. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, input, label, .ant-checkbox') !== null;
}

function sortOrderOf(sort: AlarmSort | undefined, column: AlarmSortColumn): AntSortOrder | undefined {
  if (!sort) return undefined;
  if (sort.by !== column) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/**
 * Alarms as a table: when they started and ended, where, the fault in the interface language with
 * its code and part, severity, state and processing. The fault name, and a click anywhere else on
 * the row, open the alarm's detail.
 */
export function AlarmTable({
  items,
  variant,
  loading,
  pagination,
  empty,
  onOpen,
  onProcess,
  selection,
  sort,
  onSort,
  testId = 'alarms-table',
}: AlarmTableProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const sortable = (column: AlarmSortColumn) =>
    sort
      ? {
          sorter: true,
          sortOrder: sortOrderOf(sort, column),
          sortDirections: ['descend', 'ascend'] as AntSortOrder[],
          onHeaderCell: sortableHeaderCell,
        }
      : {};

  // A page chosen on the pager keeps focus on the pager (the last page's "next" is disabled).
  const pagerFocus = usePaginationFocus<HTMLDivElement>(
    pagination ? `${pagination.current}|${pagination.pageSize}|${loading}` : '',
  );

  const columns: TableColumnsType<AlarmItem> = [
    {
      key: 'raised_at',
      title: t('alarms.field.raisedAt'),
      dataIndex: 'raised_at',
      ...sortable('raised_at'),
      render: (value: string, item: AlarmItem) => <AlarmTime value={value} zone={item.timezone} />,
    },
    {
      key: 'cleared_at',
      title: t('alarms.field.clearedAt'),
      dataIndex: 'cleared_at',
      ...sortable('cleared_at'),
      render: (value: string | null, item: AlarmItem) => <AlarmTime value={value} zone={item.timezone} />,
    },
    ...(variant === 'list'
      ? [
          {
            key: 'station_name',
            title: t('alarms.field.station'),
            dataIndex: 'station_name',
            ...sortable('station_name'),
          },
        ]
      : []),
    ...(variant !== 'device'
      ? [
          {
            key: 'sn',
            title: t('alarms.field.device'),
            dataIndex: 'sn',
            ...sortable('sn'),
            // The SN, and what the device is, in one cell: the list has many columns.
            render: (sn: string, item: AlarmItem) => (
              <span className="alarm-device">
                <Link
                  to={deviceDetailPath(item.device_id, 'alarms')}
                  state={{ from: `${location.pathname}${location.search}` }}
                  className="alarm-sn"
                  data-testid="alarm-sn-link"
                >
                  {sn}
                </Link>
                <span className="alarm-device-type">{t(`devices.type.${item.device_type}`)}</span>
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'code',
      title: t('alarms.field.fault'),
      ...sortable('code'),
      render: (_: unknown, item: AlarmItem) => <FaultName item={item} onOpen={onOpen} />,
    },
    {
      key: 'part',
      title: t('alarms.field.part'),
      dataIndex: 'part',
      render: (part: string | null) => {
        const key = partTextKey(part);
        return key ? t(key) : (part ?? t('alarms.wholeDevice'));
      },
    },
    {
      key: 'severity',
      title: t('alarms.field.severity'),
      dataIndex: 'severity',
      ...sortable('severity'),
      render: (severity: AlarmItem['severity']) => <SeverityTag severity={severity} />,
    },
    {
      key: 'state',
      title: t('alarms.field.state'),
      dataIndex: 'state',
      render: (state: AlarmItem['state']) => <AlarmStateTag state={state} />,
    },
    {
      key: 'processing_state',
      title: t('alarms.field.processingState'),
      dataIndex: 'processing_state',
      render: (state: AlarmItem['processing_state']) => <ProcessingTag state={state} />,
    },
    {
      key: 'processed',
      title: t('alarms.field.processedBy'),
      render: (_: unknown, item: AlarmItem) =>
        item.processed_at ? (
          <span className="alarm-processed">
            <span data-testid="alarm-processed-by">{item.processed_by_name ?? t('alarms.formerUser')}</span>
            <AlarmTime value={item.processed_at} zone={item.timezone} />
          </span>
        ) : (
          <AlarmTime value={null} />
        ),
    },
    ...(onProcess
      ? [
          {
            key: 'actions',
            title: t('alarms.field.actions'),
            fixed: 'right' as const,
            render: (_: unknown, item: AlarmItem) => (
              <Tooltip title={t('alarms.process.action')}>
                <Button
                  type="text"
                  icon={<CheckCircleOutlined />}
                  aria-label={t('alarms.process.actionFor', { sn: item.sn, code: item.code })}
                  onClick={() => onProcess([item])}
                  data-testid="alarm-process"
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  // A row that goes while it holds focus (processed out of a filtered list) hands it to its place.
  const rowFocus = useRowFocus(items, {
    rowSelector: 'tr.alarm-row',
    controlOf: (row) => row.querySelector('[data-testid="alarm-open"]'),
    fallback: (table) => table.querySelector<HTMLElement>('thead [tabindex="0"], thead input'),
  });

  const onChange: TableProps<AlarmItem>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !onSort || Array.isArray(sorter)) return;
    const column = sorter.columnKey as AlarmSortColumn | undefined;
    // A third click on a header goes back to the default order rather than to none.
    if (!column || !sorter.order) onSort({ by: 'raised_at', order: 'desc' });
    else onSort({ by: column, order: sorter.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <div ref={pagerFocus}>
      <div {...rowFocus}>
        <Table<AlarmItem>
          rowKey="alarm_id"
          data-testid={testId}
          className="alarms-table"
          size="middle"
          columns={columns}
          dataSource={items as AlarmItem[]}
          loading={loading}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          onChange={onChange}
          rowSelection={
            selection
              ? {
                  selectedRowKeys: [...selection.selected],
                  columnTitle: (checkbox) => <TableTitle>{checkbox}</TableTitle>,
                  onChange: (keys) => selection.onChange(keys.map(Number)),
                  getCheckboxProps: (item) =>
                    ({
                      'aria-label': t('alarms.select', { sn: item.sn, code: item.code }),
                      'data-testid': 'alarm-select',
                    }) as never,
                }
              : undefined
          }
          rowClassName={(item) => `alarm-row alarm-row-${item.state}`}
          onRow={(item) =>
            ({
              'data-testid': `alarm-row-${item.alarm_id}`,
              'data-state': item.state,
              'data-processing': item.processing_state,
              onClick: (event: MouseEvent) => {
                if (isInteractive(event.target) || window.getSelection()?.toString()) return;
                onOpen(item);
              },
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
    </div>
  );
}
