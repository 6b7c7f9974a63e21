import { DisconnectOutlined } from '@ant-design/icons';
import type { DeviceItem } from '@helio/contracts';
import { Button, Table, type TableColumnsType, type TablePaginationConfig, Tooltip } from 'antd';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useKeyboardScroll, usePaginationFocus } from '../../../hooks/use-focus-return.ts';
import { useUnbindDevice } from '../api/unbind.ts';
import { useDeviceAlarmViews } from '../lib/alarm-views.ts';
import { energyText, plainText, powerText } from '../lib/figures.ts';
import { type DeviceDetailState, deviceDetailPath, stationDetailPath } from '../lib/paths.ts';
import { DateTime } from './date-time.tsx';
import { DeviceStatus } from './device-status.tsx';
import { FocusedPopconfirm } from './focused-popconfirm.tsx';
import '../devices.css';

/** `list`: the device list's columns (SPEC.md §3); `station`: fewer, for a station's own devices. */
export type DeviceTableVariant = 'list' | 'station';

interface DeviceTableProps {
  devices: readonly DeviceItem[];
  variant: DeviceTableVariant;
  loading: boolean;
  pagination: TablePaginationConfig | false;
  empty: ReactNode;
  /** False for the demo account: no unbind. */
  mayChange: boolean;
  /** After a device of the table was removed. */
  onUnbound?: () => void;
}

/** Clicks on the row's own links and buttons (and the confirmation they open) are theirs. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a, button, input, .ant-popover') !== null;
}

/**
 * Devices as a table: the SN links to the device's detail, and so does a click anywhere else on
 * its row; the station name links to the station. Live figures without data are '--', never 0.
 * Paging by keyboard keeps the focus on the pagination.
 */
export function DeviceTable({
  devices,
  variant,
  loading,
  pagination,
  empty,
  mayChange,
  onUnbound,
}: DeviceTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from: DeviceDetailState = { from: `${location.pathname}${location.search}` };
  const unbind = useUnbindDevice(() => onUnbound?.());
  const { AlarmCount } = useDeviceAlarmViews();
  // Without devices (or controls) in it, a table that scrolls sideways takes the focus itself.
  const scroll = useKeyboardScroll<HTMLDivElement>(
    variant === 'station' ? t('devices.station.title') : t('pages.devices.title'),
  );
  const paging = usePaginationFocus<HTMLDivElement>(`${pagination ? pagination.current : ''}|${loading}`);

  const columns: TableColumnsType<DeviceItem> = [
    {
      key: 'sn',
      title: t('devices.field.sn'),
      dataIndex: 'sn',
      // The SN names the row while the other columns scroll.
      fixed: 'left',
      render: (sn: string, item) => (
        <Link
          to={deviceDetailPath(item.device_id)}
          state={from}
          className="device-sn"
          data-testid="device-sn-link"
        >
          {sn}
        </Link>
      ),
    },
    {
      key: 'device_type',
      title: t('devices.field.deviceType'),
      dataIndex: 'device_type',
      render: (type: number) => t(`devices.type.${type}`),
    },
    { key: 'model', title: t('devices.field.model'), dataIndex: 'model' },
    ...(variant === 'list'
      ? [
          {
            key: 'station',
            title: t('devices.field.station'),
            render: (_: unknown, item: DeviceItem) => (
              <Link
                to={stationDetailPath(item.station_id, item.station_type)}
                data-testid="device-station-link"
              >
                {item.station_name}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      title: t('devices.field.status'),
      dataIndex: 'status',
      render: (status: DeviceItem['status']) => <DeviceStatus status={status} />,
    },
    {
      key: 'alarm_count',
      title: t('devices.field.alarmCount'),
      dataIndex: 'alarm_count',
      align: 'right',
      render: (count: number, item: DeviceItem) => <AlarmCount count={count} sn={item.sn} />,
    },
    {
      key: 'rated_power_w',
      title: t('devices.field.ratedPower'),
      dataIndex: 'rated_power_w',
      align: 'right',
      render: powerText,
    },
    {
      key: 'active_power_w',
      title: t('devices.field.activePower'),
      dataIndex: 'active_power_w',
      align: 'right',
      render: powerText,
    },
    {
      key: 'today_energy_kwh',
      title: t('devices.field.todayEnergy'),
      dataIndex: 'today_energy_kwh',
      align: 'right',
      render: energyText,
    },
    {
      key: 'total_energy_kwh',
      title: t('devices.field.totalEnergy'),
      dataIndex: 'total_energy_kwh',
      align: 'right',
      render: energyText,
    },
    ...(variant === 'list'
      ? [
          {
            key: 'firmware_version',
            title: t('devices.field.firmwareVersion'),
            dataIndex: 'firmware_version',
            render: plainText,
          },
          { key: 'module_sn', title: t('devices.field.moduleSn'), dataIndex: 'module_sn', render: plainText },
          {
            key: 'modbus_address',
            title: t('devices.field.modbusAddress'),
            dataIndex: 'modbus_address',
            align: 'right' as const,
            render: plainText,
          },
          {
            key: 'rs485_position',
            title: t('devices.field.rs485Position'),
            dataIndex: 'rs485_position',
            align: 'right' as const,
            render: plainText,
          },
        ]
      : []),
    {
      key: 'last_update_at',
      title: t('devices.field.lastUpdate'),
      dataIndex: 'last_update_at',
      render: (value: string | null) => <DateTime value={value} />,
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            title: t('devices.field.actions'),
            fixed: 'right' as const,
            render: (_: unknown, item: DeviceItem) => (
              <FocusedPopconfirm
                title={t('devices.unbindTitle', { sn: item.sn })}
                description={t('devices.unbindDescription', { station: item.station_name })}
                okText={t('devices.unbindConfirm')}
                cancelText={t('devices.dialog.cancel')}
                okButtonProps={{
                  danger: true,
                  loading: unbind.isPending,
                  'data-testid': 'device-unbind-confirm',
                }}
                onConfirm={() => unbind.mutateAsync(item).catch(() => undefined)}
                placement="left"
              >
                <Tooltip title={t('devices.unbind')}>
                  <Button
                    type="text"
                    danger
                    icon={<DisconnectOutlined aria-hidden />}
                    aria-label={t('devices.unbindDevice', { sn: item.sn })}
                    data-testid="device-unbind"
                  />
                </Tooltip>
              </FocusedPopconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <div ref={paging}>
      <div ref={scroll}>
        <Table<DeviceItem>
          rowKey="device_id"
          data-testid="devices-table"
          className="devices-table"
          size="middle"
          columns={columns}
          dataSource={devices as DeviceItem[]}
          loading={loading}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: empty }}
          rowClassName="device-row"
          onRow={(item) =>
            ({
              'data-testid': `device-row-${item.device_id}`,
              onClick: (event: MouseEvent) => {
                // A click on a link or button is theirs, and one that ends a text selection selects.
                if (isInteractive(event.target) || window.getSelection()?.toString()) return;
                navigate(deviceDetailPath(item.device_id), { state: from });
              },
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
    </div>
  );
}
