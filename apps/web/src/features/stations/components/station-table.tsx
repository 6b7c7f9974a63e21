import {
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  LinkOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { GAP_TEXT, type StationItem, type StationListColumn } from '@helio/contracts';
import {
  Button,
  Dropdown,
  type MenuProps,
  Space,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  Tag,
  Tooltip,
} from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { sortableHeaderCell } from '../../../lib/table-keys.ts';
import { AlarmCountCell } from '../../alarms/index.ts';
import { capacityText, countryName, energyText, powerText, priceText } from '../lib/format.ts';
import {
  type StationAccess,
  sortFieldOfColumn,
  stationDetailPath,
  stationTypeKey,
  unbindable,
} from '../lib/stations.ts';
import { StationPhoto } from './station-photo.tsx';
import { StationStatus } from './station-status.tsx';

dayjs.extend(localizedFormat);

export type StationSortField = 'name' | 'created_at' | 'capacity' | 'status';
export interface StationSort {
  by: StationSortField;
  order: 'asc' | 'desc';
}

export type StationAction = 'edit' | 'bind' | 'unbind-installer' | 'unbind-end-user' | 'delete';

interface StationTableProps {
  stations: readonly StationItem[];
  columns: readonly StationListColumn[];
  loading: boolean;
  pagination: TablePaginationConfig;
  sort: StationSort;
  onSort: (sort: StationSort) => void;
  empty: ReactNode;
  access: StationAccess;
  onAction: (action: StationAction, station: StationItem) => void;
}

function dateTime(value: string | null): ReactNode {
  if (!value) return GAP_TEXT;
  return (
    <time dateTime={value} className="nowrap">
      {dayjs(value).format('L LT')}
    </time>
  );
}

function text(value: string | null): string {
  return value?.trim() ? value : GAP_TEXT;
}

/**
 * The station list's table: the columns the user chose, in their order, sorted and paged on the
 * server. A row's name opens the station's detail screen; its actions edit, bind, unbind and delete
 * as the user's role allows. Paging by keyboard keeps the focus on the pagination.
 */
export function StationTable({
  stations,
  columns,
  loading,
  pagination,
  sort,
  onSort,
  empty,
  access,
  onAction,
}: StationTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const paging = usePaginationFocus<HTMLDivElement>(
    `${pagination.current}|${pagination.pageSize}|${loading}`,
  );

  const sortOrderOf = (column: StationListColumn): SortOrder =>
    sortFieldOfColumn[column] === sort.by ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;

  const render: Record<StationListColumn, (station: StationItem) => ReactNode> = {
    station_name: (station) => (
      <span className="station-name-cell">
        <StationPhoto url={station.photo_url} name={station.station_name} size={32} />
        <Link
          to={stationDetailPath(station)}
          className="station-name-link"
          data-testid={`station-link-${station.station_id}`}
        >
          {station.station_name}
        </Link>
      </span>
    ),
    station_type: (station) => (
      <Tag className="station-type-tag">{t(stationTypeKey(station.station_type))}</Tag>
    ),
    status: (station) => <StationStatus status={station.status} />,
    capacity_kwp: (station) => capacityText(station.capacity_kwp, language),
    power_w: (station) => <span className="figure">{powerText(station.power_w)}</span>,
    today_energy_kwh: (station) => <span className="figure">{energyText(station.today_energy_kwh)}</span>,
    last_update_at: (station) => dateTime(station.last_update_at),
    device_count: (station) => station.device_count,
    alarm_count: (station) => <AlarmCountCell count={station.alarm_count} stationId={station.station_id} />,
    installer_name: (station) => text(station.installer_name),
    end_user_name: (station) => text(station.end_user_name),
    country_code: (station) => countryName(station.country_code, language),
    province_code: (station) => text(station.province_code),
    city: (station) => text(station.city),
    address: (station) => <span className="station-address-cell">{text(station.address)}</span>,
    timezone: (station) => station.timezone,
    unit_price: (station) => priceText(station.unit_price, station.currency, language),
    currency: (station) => station.currency,
    commissioning_date: (station) => text(station.commissioning_date),
    grid_connection_date: (station) => text(station.grid_connection_date),
    created_at: (station) => dateTime(station.created_at),
    updated_at: (station) => dateTime(station.updated_at),
    photo_url: (station) => <StationPhoto url={station.photo_url} name={station.station_name} size={48} />,
  };

  const numeric = new Set<StationListColumn>(['capacity_kwp', 'power_w', 'today_energy_kwh', 'device_count']);

  const tableColumns: TableColumnsType<StationItem> = columns.map((column) => ({
    key: column,
    title: t(`stations.column.${column}`),
    align: numeric.has(column) ? 'right' : undefined,
    sorter: sortFieldOfColumn[column] ? true : undefined,
    ...(sortFieldOfColumn[column] ? { onHeaderCell: sortableHeaderCell } : {}),
    sortOrder: sortFieldOfColumn[column] ? sortOrderOf(column) : undefined,
    sortDirections: ['ascend', 'descend', 'ascend'],
    render: (_: unknown, station: StationItem) => render[column](station),
    ...(column === 'station_name' ? { fixed: 'left' as const } : {}),
  }));

  if (access.canWrite) {
    tableColumns.push({
      key: 'actions',
      title: t('stations.column.actions'),
      fixed: 'right',
      align: 'center',
      render: (_, station) => {
        const can = unbindable(station);
        const more: MenuProps['items'] = [
          { key: 'bind', icon: <LinkOutlined aria-hidden />, label: t('stations.bind') },
          {
            key: 'unbind-installer',
            icon: <DisconnectOutlined aria-hidden />,
            label: t('stations.unbindInstaller'),
            disabled: !can.installer,
          },
          {
            key: 'unbind-end-user',
            icon: <DisconnectOutlined aria-hidden />,
            label: t('stations.unbindEndUser'),
            disabled: !can.end_user,
          },
          { type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('stations.delete'), danger: true },
        ];
        return (
          <Space size={0}>
            <Tooltip title={t('stations.edit')}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('stations.editStation', { name: station.station_name })}
                onClick={() => onAction('edit', station)}
                data-testid="station-edit"
              />
            </Tooltip>
            {access.canManage && (
              <Dropdown
                trigger={['click']}
                menu={{ items: more, onClick: ({ key }) => onAction(key as StationAction, station) }}
              >
                <Button
                  type="text"
                  icon={<MoreOutlined aria-hidden />}
                  aria-label={t('stations.moreActions', { name: station.station_name })}
                  data-testid="station-more"
                />
              </Dropdown>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <div ref={paging}>
      <Table<StationItem>
        rowKey="station_id"
        className="stations-table"
        data-testid="stations-table"
        size="middle"
        columns={tableColumns}
        dataSource={stations as StationItem[]}
        loading={loading}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        showSorterTooltip={false}
        onRow={(station) =>
          ({ 'data-testid': `station-row-${station.station_id}` }) as HTMLAttributes<HTMLElement>
        }
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          const field = sortFieldOfColumn[sorter.columnKey as StationListColumn];
          if (!field) return;
          // A third click would clear the order: the list always has one, so it flips instead.
          const order = sorter.order === 'ascend' ? 'asc' : sorter.order === 'descend' ? 'desc' : undefined;
          onSort({ by: field, order: order ?? (sort.order === 'asc' ? 'desc' : 'asc') });
        }}
      />
    </div>
  );
}
