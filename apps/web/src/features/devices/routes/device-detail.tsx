import { ArrowLeftOutlined, DisconnectOutlined } from '@ant-design/icons';
import type { DeviceItem } from '@helio/contracts';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useKeyboardScroll } from '../../../hooks/use-focus-return.ts';
import { ApiError } from '../../../lib/api.ts';
import { withTexts } from '../../../lib/i18n.ts';
import { useDeviceDetail } from '../api/devices.ts';
import { useShownZone } from '../api/telemetry.ts';
import { useUnbindDevice } from '../api/unbind.ts';
import { DateTime } from '../components/date-time.tsx';
import { DeviceHistory } from '../components/device-history.tsx';
import { DeviceRealtime } from '../components/device-realtime.tsx';
import { DeviceStatus } from '../components/device-status.tsx';
import { FocusedPopconfirm } from '../components/focused-popconfirm.tsx';
import { RotateSecretButton } from '../components/rotate-secret-button.tsx';
import { useDeviceAlarmViews } from '../lib/alarm-views.ts';
import { energyText, plainText, powerText } from '../lib/figures.ts';
import {
  DEVICE_LIST_PATH,
  type DeviceDetailState,
  deviceDetailTabs,
  readDetailTab,
  readDeviceId,
  stationDetailPath,
} from '../lib/paths.ts';
import { useMayChangeDevices } from '../lib/use-device-texts.ts';
import '../devices.css';
import { QuietSkeleton } from '../components/quiet-skeleton.tsx';

/** The Settings and Log tabs come with their own code and texts, when first opened. */
const DeviceSettings = lazy(
  withTexts('control', () =>
    import('../components/control/device-settings.tsx').then((m) => ({ default: m.DeviceSettings })),
  ),
);
const CommandLog = lazy(
  withTexts('control', () =>
    import('../components/control/command-log.tsx').then((m) => ({ default: m.CommandLog })),
  ),
);
// The Strategy tab, with the strategy screens' texts (kinds, states) and the password dialog's.
const DeviceStrategy = lazy(
  withTexts(['strategies', 'control'], () =>
    import('../components/strategy/device-strategy.tsx').then((m) => ({ default: m.DeviceStrategy })),
  ),
);

/** The catalogue's "no permission": what a device out of reach, or removed, answers. */
const NO_PERMISSION = '9001';

/**
 * /device/deviceList/detail?device_id=: one device (SPEC.md §2 "device detail"): its basic
 * information, its newest reading, its history, its alarms, its command log and its settings (read,
 * changed by command once unlocked with the device password) and its strategy (the one it runs,
 * those waiting, its history; a template applied from there). The open tab is kept in the address.
 * Who may change devices can also issue the device a new broker secret here.
 */
export function DeviceDetailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const deviceId = readDeviceId(searchParams);
  const tab = readDetailTab(searchParams);
  const detail = useDeviceDetail(deviceId);
  const zone = useShownZone(detail.data?.station_id);
  const mayChange = useMayChangeDevices();
  const { DeviceAlarms } = useDeviceAlarmViews();
  // The alarm tables scroll sideways on a phone: their scrolling parts take the focus then.
  const alarmsScroll = useKeyboardScroll<HTMLDivElement>(t('devices.detail.tabs.alarms.label'));
  useDocumentTitle(detail.data?.sn ?? t('devices.detail.title'));

  // Back to where the device was opened (the filtered list, a station), else to the list.
  const state = location.state as DeviceDetailState | null;
  const backTo = state?.from ?? DEVICE_LIST_PATH;
  const backToList = backTo.split('?')[0] === DEVICE_LIST_PATH;
  const unbind = useUnbindDevice(() => navigate(backTo, { replace: true }));

  const backLink = (
    <Link to={backTo} className="device-back" data-testid="device-back">
      <ArrowLeftOutlined aria-hidden />{' '}
      {backToList ? t('devices.detail.backToList') : t('devices.detail.back')}
    </Link>
  );

  const chooseTab = (key: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'basic') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true, state: location.state },
    );

  if (deviceId === undefined || detail.isError) {
    const missing = deviceId === undefined;
    // 9001 answers both an id that does not exist and one outside the caller's stations.
    const notFound = detail.error instanceof ApiError && detail.error.code === NO_PERMISSION;
    const [title, description] = missing
      ? [t('devices.detail.noneTitle'), t('devices.detail.noneDescription')]
      : notFound
        ? [t('devices.detail.notFoundTitle'), t('devices.detail.notFoundDescription')]
        : [t('devices.detail.loadFailedTitle'), t('devices.detail.loadFailedDescription')];
    return (
      <section className="page">
        {backLink}
        <Typography.Title level={1} className="page-title">
          {t('devices.detail.title')}
        </Typography.Title>
        <Card className="page-card">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            data-testid="device-not-found"
            description={
              <>
                <Typography.Text strong className="empty-title">
                  {title}
                </Typography.Text>
                <Typography.Paragraph type="secondary" className="empty-description">
                  {description}
                </Typography.Paragraph>
              </>
            }
          >
            {!missing && !notFound && (
              <Button onClick={() => void detail.refetch()}>{t('devices.retry')}</Button>
            )}
          </Empty>
        </Card>
      </section>
    );
  }

  const item = detail.data;
  const telemetryTab = (key: 'realtime' | 'history'): ReactNode => {
    // Only the open tab asks the server (and the real-time tab polls) while it is open.
    if (tab !== key) return null;
    if (!item || !zone) return <QuietSkeleton paragraph={{ rows: 6 }} />;
    return key === 'realtime' ? (
      <DeviceRealtime deviceId={item.device_id} zone={zone} />
    ) : (
      <DeviceHistory deviceId={item.device_id} deviceType={item.device_type} zone={zone} />
    );
  };
  const alarmsTab = (): ReactNode => {
    if (tab !== 'alarms') return null;
    const loading = <QuietSkeleton paragraph={{ rows: 6 }} />;
    if (!item) return loading;
    return (
      <div ref={alarmsScroll}>
        <Suspense fallback={loading}>
          <DeviceAlarms deviceId={item.device_id} sn={item.sn} />
        </Suspense>
      </div>
    );
  };
  const controlTab = (key: 'settings' | 'log'): ReactNode => {
    if (tab !== key) return null;
    const loading = <QuietSkeleton paragraph={{ rows: 8 }} />;
    if (!item || !zone) return loading;
    return (
      <Suspense fallback={loading}>
        {key === 'settings' ? (
          <DeviceSettings sn={item.sn} zone={zone} />
        ) : (
          <CommandLog sn={item.sn} zone={zone} />
        )}
      </Suspense>
    );
  };
  const strategyTab = (): ReactNode => {
    if (tab !== 'strategy') return null;
    const loading = <QuietSkeleton paragraph={{ rows: 6 }} />;
    if (!item || !zone) return loading;
    return (
      <Suspense fallback={loading}>
        <DeviceStrategy item={item} zone={zone} />
      </Suspense>
    );
  };
  return (
    <section className="page device-detail" data-testid="device-detail">
      {backLink}
      <div className="page-header">
        <div className="device-heading">
          <Typography.Title level={1} className="page-title device-title">
            {item ? item.sn : <Skeleton.Input active size="small" />}
          </Typography.Title>
          {item && (
            <>
              <Tag>{t(`devices.type.${item.device_type}`)}</Tag>
              <DeviceStatus status={item.status} />
            </>
          )}
        </div>
        {item && mayChange && (
          <div className="page-actions">
            <RotateSecretButton item={item} />
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
              placement="bottomRight"
            >
              <Button danger icon={<DisconnectOutlined aria-hidden />} data-testid="device-unbind">
                {t('devices.unbind')}
              </Button>
            </FocusedPopconfirm>
          </div>
        )}
      </div>
      <Card className="page-card device-tabs-card">
        <Tabs
          activeKey={tab}
          onChange={chooseTab}
          items={deviceDetailTabs.map((key) => ({
            key,
            label: <span data-testid={`device-tab-${key}`}>{t(`devices.detail.tabs.${key}.label`)}</span>,
            children:
              key === 'basic' ? (
                item ? (
                  <BasicInformation item={item} />
                ) : (
                  <QuietSkeleton paragraph={{ rows: 6 }} />
                )
              ) : key === 'realtime' || key === 'history' ? (
                telemetryTab(key)
              ) : key === 'alarms' ? (
                alarmsTab()
              ) : key === 'settings' || key === 'log' ? (
                controlTab(key)
              ) : (
                strategyTab()
              ),
          }))}
        />
      </Card>
    </section>
  );
}

/** Every field of api/device/detail, with its station and registration time. */
function BasicInformation({ item }: { item: DeviceItem }) {
  const { t } = useTranslation();
  const items: DescriptionsProps['items'] = [
    { key: 'sn', label: t('devices.field.sn'), children: <span className="device-sn">{item.sn}</span> },
    {
      key: 'device_type',
      label: t('devices.field.deviceType'),
      children: t(`devices.type.${item.device_type}`),
    },
    { key: 'model', label: t('devices.field.model'), children: item.model },
    {
      key: 'station',
      label: t('devices.field.station'),
      children: (
        <Link to={stationDetailPath(item.station_id, item.station_type)} data-testid="device-station-link">
          {item.station_name}
        </Link>
      ),
    },
    { key: 'status', label: t('devices.field.status'), children: <DeviceStatus status={item.status} /> },
    {
      key: 'firmware_version',
      label: t('devices.field.firmwareVersion'),
      children: plainText(item.firmware_version),
    },
    { key: 'module_sn', label: t('devices.field.moduleSn'), children: plainText(item.module_sn) },
    {
      key: 'modbus_address',
      label: t('devices.field.modbusAddress'),
      children: plainText(item.modbus_address),
    },
    {
      key: 'rs485_position',
      label: t('devices.field.rs485Position'),
      children: plainText(item.rs485_position),
    },
    { key: 'rated_power_w', label: t('devices.field.ratedPower'), children: powerText(item.rated_power_w) },
    {
      key: 'active_power_w',
      label: t('devices.field.activePower'),
      children: powerText(item.active_power_w),
    },
    {
      key: 'today_energy_kwh',
      label: t('devices.field.todayEnergy'),
      children: energyText(item.today_energy_kwh),
    },
    {
      key: 'total_energy_kwh',
      label: t('devices.field.totalEnergy'),
      children: energyText(item.total_energy_kwh),
    },
    {
      key: 'last_update_at',
      label: t('devices.field.lastUpdate'),
      children: item.last_update_at ? (
        <DateTime value={item.last_update_at} />
      ) : (
        t('devices.detail.neverReported')
      ),
    },
    {
      key: 'created_at',
      label: t('devices.field.registeredAt'),
      children: <DateTime value={item.created_at} />,
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={items}
      data-testid="device-basic"
      className="device-basic"
    />
  );
}
