import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type DeviceState, type DeviceType, deviceStates, deviceTypes } from '@helio/contracts';
import { Button, Card, Empty, Input, Select, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useDeviceList } from '../api/devices.ts';
import { DeviceRegisterDialog } from '../components/device-register-dialog.tsx';
import { DeviceTable } from '../components/device-table.tsx';
import { StationSelect } from '../components/station-select.tsx';
import {
  changeDeviceFilters,
  DEVICE_PAGE_SIZES,
  type DeviceListFilters,
  deviceListBody,
  isFiltered,
  KEYWORD_MAX_LENGTH,
  readDeviceFilters,
  writeDeviceFilters,
} from '../lib/filters.ts';
import { useMayChangeDevices } from '../lib/use-device-texts.ts';

/** A search runs once typing has paused this long, or at once on Enter. */
const SEARCH_DELAY_MS = 400;

/** The "all" choice of a filter: antd's Select cannot show `undefined` as a chosen option. */
const ALL = 'all';

/**
 * /device/deviceList: the devices of the caller's stations (SPEC.md §2, §3), filtered by type,
 * status and station, searched by SN and paged on the server. The filters live in the address, so
 * a reload or the way back from a device keeps them. Devices are registered and removed here.
 */
export function DeviceListRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.devices.title'));
  const mayChange = useMayChangeDevices();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readDeviceFilters(searchParams), [searchParams]);
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null);

  const changeFilters = (change: Partial<DeviceListFilters>) =>
    setSearchParams(
      (current) => writeDeviceFilters(changeDeviceFilters(readDeviceFilters(current), change)),
      {
        replace: true,
      },
    );

  // The search box: applied once typing pauses; follows the address when it changes (back, forward).
  const [search, setSearch] = useState(filters.keyword);
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.keyword ? current : filters.keyword));
  }, [filters.keyword]);
  const applyKeyword = (text: string) => {
    const keyword = text.trim().slice(0, KEYWORD_MAX_LENGTH);
    if (keyword !== filters.keyword) changeFilters({ keyword });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the text alone
  useEffect(() => {
    const timer = window.setTimeout(() => applyKeyword(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const devices = useDeviceList(deviceListBody(filters));
  const total = devices.data?.total ?? 0;
  const list = devices.data?.list ?? [];

  // A removal or a narrower list can leave the page past the end: show the page that is now last.
  const lastPage = Math.max(1, Math.ceil(total / filters.pageSize));
  // biome-ignore lint/correctness/useExhaustiveDependencies: changeFilters reads the address itself
  useEffect(() => {
    if (devices.data && !devices.isPlaceholderData && filters.page > lastPage)
      changeFilters({ page: lastPage });
  }, [devices.data, devices.isPlaceholderData, filters.page, lastPage]);

  const filtered = isFiltered(filters);
  const openDialog = () => setDialogOpen(true);

  const addButton = (
    <Tooltip title={mayChange ? undefined : t('devices.demoReadOnly')}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        onClick={openDialog}
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
  ) : filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('devices.noMatch')}
      data-testid="devices-empty"
    >
      <Button
        onClick={() => {
          setSearch('');
          changeFilters({ deviceType: undefined, status: undefined, stationId: undefined, keyword: '' });
        }}
      >
        {t('devices.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <EmptyState
      title={t('pages.devices.emptyTitle')}
      description={t('pages.devices.emptyDescription')}
      testId="devices-empty"
    >
      {mayChange && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openDialog}>
          {t('devices.add')}
        </Button>
      )}
    </EmptyState>
  );

  return (
    <section className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('pages.devices.title')}
        </Typography.Title>
        <div className="page-actions">{addButton}</div>
      </div>
      <Card className="page-card">
        <search className="table-toolbar device-toolbar">
          <Input.Search
            className="table-search"
            allowClear
            value={search}
            maxLength={KEYWORD_MAX_LENGTH}
            placeholder={t('devices.searchPlaceholder')}
            aria-label={t('devices.searchLabel')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={applyKeyword}
            data-testid="device-search"
          />
          <Select<DeviceType | typeof ALL>
            className="table-filter"
            value={filters.deviceType ?? ALL}
            aria-label={t('devices.typeFilterLabel')}
            onChange={(next) => changeFilters({ deviceType: next === ALL ? undefined : next })}
            options={[
              { value: ALL, label: t('devices.typeAll') },
              ...deviceTypes.map((type) => ({ value: type, label: t(`devices.type.${type}`) })),
            ]}
            popupMatchSelectWidth={false}
            data-testid="device-type-filter"
          />
          <Select<DeviceState | typeof ALL>
            className="table-filter"
            value={filters.status ?? ALL}
            aria-label={t('devices.statusFilterLabel')}
            onChange={(next) => changeFilters({ status: next === ALL ? undefined : next })}
            options={[
              { value: ALL, label: t('devices.statusAll') },
              ...deviceStates.map((state) => ({ value: state, label: t(`devices.status.${state}`) })),
            ]}
            data-testid="device-status-filter"
          />
          <StationSelect
            className="table-filter device-station-filter"
            value={filters.stationId}
            onChange={(next) => changeFilters({ stationId: next })}
            allowClear
            placeholder={t('devices.stationAll')}
            aria-label={t('devices.stationFilterLabel')}
            data-testid="device-station-filter"
          />
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void devices.refetch()}
            aria-label={t('devices.refresh')}
            title={t('devices.refresh')}
            className="table-refresh"
          />
        </search>
        <DeviceTable
          devices={list}
          variant="list"
          loading={devices.isFetching}
          mayChange={mayChange}
          empty={devices.isPending ? <span /> : empty}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: [...DEVICE_PAGE_SIZES],
            showTotal: (count) => t('devices.total', { total: count }),
            hideOnSinglePage: false,
            onChange: (page, pageSize) =>
              changeFilters(pageSize === filters.pageSize ? { page } : { pageSize }),
          }}
        />
      </Card>
      {dialogOpen !== null && (
        <DeviceRegisterDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          initialStationId={filters.stationId}
        />
      )}
    </section>
  );
}
