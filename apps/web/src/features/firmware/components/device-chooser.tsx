import { type DeviceItem, DeviceType as DeviceTypes, deviceTypes, rolloutLimits } from '@helio/contracts';
import { Button, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceSearchBar } from '../../../components/tables/device-search-bar.tsx';
import { useDeviceSearch } from '../../../hooks/use-device-search.ts';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { useDevicesToUpgrade } from '../api/tasks.ts';
import { useFirmwareTexts } from '../lib/use-firmware-texts.ts';

const PAGE_SIZE = 20;

export interface DeviceChooserProps {
  /** The chosen devices, by SN, with the model they were chosen with. */
  chosen: ReadonlyMap<string, string>;
  onChange: (next: Map<string, string>) => void;
  disabled?: boolean;
}

/**
 * The caller's devices of one type, searched by SN, chosen by their checkboxes (a whole page at
 * once too) up to the rollout's limit: once one is chosen, devices of another model cannot be
 * (a task is for one model, 200906), and a line says how many are chosen.
 */
export function DeviceChooser({ chosen, onChange, disabled }: DeviceChooserProps) {
  const { t } = useTranslation();
  // a table wider than its box scrolls: by keyboard too when nothing in it takes the focus
  const scroll = useKeyboardScroll<HTMLDivElement>(t('firmware.devices.caption'));
  const texts = useFirmwareTexts();
  const searching = useDeviceSearch(DeviceTypes.inverter, PAGE_SIZE);
  const devices = useDevicesToUpgrade(searching.params, true);
  const model = chosen.values().next().value as string | undefined;
  const full = chosen.size >= rolloutLimits.maxDevices;
  const choosable = (item: DeviceItem) => (model === undefined || item.model === model) && !disabled;

  const change = (items: readonly DeviceItem[], on: boolean) => {
    const next = new Map(chosen);
    for (const item of items) {
      if (!on) next.delete(item.sn);
      else if (
        next.size < rolloutLimits.maxDevices &&
        (next.size === 0 || [...next.values()][0] === item.model)
      )
        next.set(item.sn, item.model);
    }
    onChange(next);
  };

  const columns: TableProps<DeviceItem>['columns'] = [
    { key: 'sn', title: t('firmware.devices.sn'), dataIndex: 'sn' },
    { key: 'model', title: t('firmware.devices.model'), dataIndex: 'model' },
    {
      key: 'version',
      title: t('firmware.devices.version'),
      render: (_, item) => item.firmware_version ?? '—',
    },
    { key: 'station', title: t('firmware.devices.station'), dataIndex: 'station_name' },
    {
      key: 'status',
      title: t('firmware.devices.status'),
      render: (_, item) => t(`devices.status.${item.status}`),
    },
  ];

  return (
    <div className="firmware-chooser" data-testid="upgrade-device-chooser">
      <DeviceSearchBar
        state={searching}
        types={deviceTypes}
        typeLabel={texts.deviceType}
        texts={{
          type: t('firmware.devices.type'),
          search: t('firmware.devices.search'),
          placeholder: t('firmware.devices.searchPlaceholder'),
        }}
        testIds={{ type: 'upgrade-device-type', search: 'upgrade-device-search' }}
        disabled={disabled}
        typeDisabled={chosen.size > 0}
      />
      <p className="firmware-help" aria-live="polite" data-testid="upgrade-device-count">
        {full
          ? t('firmware.devices.full', { max: rolloutLimits.maxDevices })
          : model === undefined
            ? t('firmware.devices.noneChosen')
            : t('firmware.devices.count', { count: chosen.size, model })}
        {chosen.size > 0 && (
          <Button
            type="link"
            size="small"
            onClick={() => onChange(new Map())}
            disabled={disabled}
            data-testid="upgrade-device-clear"
          >
            {t('firmware.devices.clear')}
          </Button>
        )}
      </p>
      <div ref={scroll}>
        <Table<DeviceItem>
          rowKey="sn"
          size="small"
          caption={<span className="visually-hidden">{t('firmware.devices.caption')}</span>}
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: devices.isPending ? t('firmware.loading') : t('firmware.devices.none') }}
          pagination={searching.pager(devices.data?.total)}
          rowSelection={{
            selectedRowKeys: [...chosen.keys()],
            preserveSelectedRowKeys: true,
            onSelect: (item, on) => change([item], on),
            onSelectAll: (on, _rows, changed) => change(changed, on),
            getCheckboxProps: (item) =>
              ({
                disabled: !choosable(item) || (full && !chosen.has(item.sn)),
                'aria-label': t('firmware.devices.select', { sn: item.sn }),
                'data-testid': `upgrade-device-select-${item.sn}`,
              }) as never,
          }}
          data-testid="upgrade-device-table"
        />
      </div>
    </div>
  );
}
