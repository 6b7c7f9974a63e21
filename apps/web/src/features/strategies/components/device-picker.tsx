import { type DeviceItem, DeviceType as DeviceTypes, stationAccepts } from '@helio/contracts';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceSearchBar } from '../../../components/tables/device-search-bar.tsx';
import { useDeviceSearch } from '../../../hooks/use-device-search.ts';
import { DEFAULT_DEVICE_TYPE, strategyDeviceTypes, useDevicesToPick } from '../api/apply.ts';

/** At most this many devices per application (SPEC.md §5, §9). */
export const MAX_DEVICES = 15;
const PAGE_SIZE = 10;

/** A device's station holds a battery: only then can it follow a strategy. */
export const holdsBattery = (item: DeviceItem) => stationAccepts(item.station_type, DeviceTypes.battery);

export interface DevicePickerProps {
  selected: readonly DeviceItem[];
  onChange: (next: DeviceItem[]) => void;
  disabled?: boolean;
}

/**
 * The caller's devices that can take a strategy, by type and searched by SN, chosen by their
 * checkboxes up to fifteen (SPEC.md §5): once fifteen are chosen the others' boxes are disabled and
 * a line says why. A device at a station without a battery is listed but cannot be chosen. The
 * choice stays as the list is searched and paged.
 */
export function DevicePicker({ selected, onChange, disabled }: DevicePickerProps) {
  const { t } = useTranslation();
  const searching = useDeviceSearch(selected[0]?.device_type ?? DEFAULT_DEVICE_TYPE, PAGE_SIZE);
  const devices = useDevicesToPick(searching.params, true);
  const full = selected.length >= MAX_DEVICES;
  const chosen = new Set(selected.map((item) => item.sn));

  const toggle = (item: DeviceItem, on: boolean) => {
    if (on && !chosen.has(item.sn) && !full) onChange([...selected, item]);
    if (!on) onChange(selected.filter((other) => other.sn !== item.sn));
  };

  const columns: TableProps<DeviceItem>['columns'] = [
    {
      key: 'sn',
      title: t('strategies.apply.column.sn'),
      render: (_, item) => <span className="strategy-sn">{item.sn}</span>,
    },
    { key: 'model', title: t('strategies.apply.column.model'), dataIndex: 'model' },
    {
      key: 'station',
      title: t('strategies.apply.column.station'),
      render: (_, item) =>
        holdsBattery(item) ? (
          item.station_name
        ) : (
          <>
            {item.station_name} <span className="strategy-help">({t('strategies.apply.noBattery')})</span>
          </>
        ),
    },
    {
      key: 'status',
      title: t('strategies.apply.column.status'),
      render: (_, item) => t(`devices.status.${item.status}`),
    },
  ];

  return (
    <div className="strategy-picker" data-testid="strategy-device-picker">
      <DeviceSearchBar
        state={searching}
        types={strategyDeviceTypes}
        typeLabel={(type) => t(`devices.type.${type}`)}
        texts={{
          type: t('strategies.apply.deviceType'),
          search: t('strategies.apply.search'),
          placeholder: t('strategies.apply.searchPlaceholder'),
        }}
        testIds={{ type: 'strategy-apply-type', search: 'strategy-apply-search' }}
        disabled={disabled}
      />
      <p className="strategy-help" aria-live="polite" data-testid="strategy-apply-count">
        {full
          ? t('strategies.apply.full', { max: MAX_DEVICES })
          : t('strategies.apply.count', { count: selected.length, max: MAX_DEVICES })}
      </p>
      <Table<DeviceItem>
        rowKey="sn"
        size="small"
        columns={columns}
        dataSource={devices.data?.list ?? []}
        loading={devices.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: devices.isPending ? t('strategies.loading') : t('strategies.apply.noDevices') }}
        pagination={searching.pager(devices.data?.total)}
        rowSelection={{
          hideSelectAll: true,
          selectedRowKeys: [...chosen],
          onSelect: (item, on) => toggle(item, on),
          getCheckboxProps: (item) =>
            ({
              disabled: disabled || !holdsBattery(item) || (full && !chosen.has(item.sn)),
              'aria-label': t('strategies.apply.select', { sn: item.sn }),
              'data-testid': `strategy-apply-select-${item.sn}`,
            }) as never,
        }}
        data-testid="strategy-apply-devices"
      />
    </div>
  );
}
