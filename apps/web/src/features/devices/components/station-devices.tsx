import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { DeviceItem, StationType } from '@helio/contracts';
import { Button, Card, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useDeviceList } from '../api/devices.ts';
import { useDeviceTexts, useMayChangeDevices } from '../lib/use-device-texts.ts';
import { DeviceRegisterDialog } from './device-register-dialog.tsx';
import { DeviceTable } from './device-table.tsx';
import { QuietSkeleton } from './quiet-skeleton.tsx';

export interface StationDevicesProps {
  stationId: number;
  stationType: StationType;
  /** Shown in the register dialog; looked up when not given. */
  stationName?: string;
  /** After a device was registered or removed (the station's status and counts follow). */
  onChange?: () => void;
}

const PAGE_SIZE = 10;

/**
 * The devices of one station, for the station's detail screen: the device table with fewer columns,
 * "Add device" opening the register dialog with the station fixed, and unbind per row.
 */
export function StationDevices(props: StationDevicesProps) {
  const ready = useDeviceTexts();
  if (!ready) {
    return (
      <Card className="station-devices">
        <QuietSkeleton paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  return <StationDeviceTable {...props} />;
}

function StationDeviceTable({ stationId, stationType, stationName, onChange }: StationDevicesProps) {
  const { t } = useTranslation();
  const mayChange = useMayChangeDevices();
  const [page, setPage] = useState(1);
  // The dialog is mounted from its first opening on, so that it can animate closed.
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null);
  const devices = useDeviceList({ page, page_size: PAGE_SIZE, station_id: stationId });
  const total = devices.data?.total ?? 0;
  const list: DeviceItem[] = devices.data?.list ?? [];

  // A removal can empty the last page: show the page that is now last.
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (devices.data && !devices.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [devices.data, devices.isPlaceholderData, page, lastPage]);

  const addButton = (
    <Tooltip title={mayChange ? undefined : t('devices.demoReadOnly')}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setDialogOpen(true)}
        disabled={!mayChange}
        data-testid="device-add"
      >
        {t('devices.add')}
      </Button>
    </Tooltip>
  );

  const empty = devices.isError ? (
    <LoadFailed
      text={t('devices.loadFailed')}
      retryText={t('devices.retry')}
      onRetry={() => void devices.refetch()}
    />
  ) : (
    <EmptyState
      title={t('devices.station.emptyTitle')}
      description={t('devices.station.emptyDescription')}
      testId="station-devices-empty"
    />
  );

  return (
    <Card
      className="station-devices"
      data-testid="station-devices"
      title={
        // A section of the station's detail screen: a level-2 heading under the station's name.
        <h2 className="device-section-title">
          {t('devices.station.title')}{' '}
          {devices.data && <span className="station-devices-count">{total}</span>}
        </h2>
      }
      extra={
        <div className="station-devices-actions">
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void devices.refetch()}
            aria-label={t('devices.refresh')}
            title={t('devices.refresh')}
          />
          {addButton}
        </div>
      }
    >
      <DeviceTable
        devices={list}
        variant="station"
        loading={devices.isFetching}
        mayChange={mayChange}
        onUnbound={() => onChange?.()}
        empty={devices.isPending ? <span /> : empty}
        pagination={
          total > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total,
                showSizeChanger: false,
                showTotal: (count) => t('devices.total', { total: count }),
                onChange: setPage,
              }
            : false
        }
      />
      {dialogOpen !== null && (
        <DeviceRegisterDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          station={{ station_id: stationId, station_type: stationType, station_name: stationName }}
          onDone={() => onChange?.()}
        />
      )}
    </Card>
  );
}
