import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  type StationListColumn,
  type StationState,
  type StationType,
  stationStates,
  stationTypes,
} from '@helio/contracts';
import { Button, Card, Empty, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import {
  type StationListParams,
  useRefreshStations,
  useStationColumns,
  useStationList,
} from '../api/stations.ts';
import { InstallerChoice } from '../components/account-choice.tsx';
import { ColumnPicker } from '../components/column-picker.tsx';
import { preloadStationDialog, useStationActions } from '../components/station-actions.tsx';
import { StationStats } from '../components/station-stats.tsx';
import { type StationSort, StationTable } from '../components/station-table.tsx';
import { shownColumns } from '../lib/columns.ts';
import { stationAccess, stationDetailPath, stationTypeKey } from '../lib/stations.ts';
import '../stations.css';

/** A search runs once typing has paused this long, or at once on Enter. */
const SEARCH_DELAY_MS = 400;
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * /dashboard: the station list (SPEC.md §2). Counts by status on top, then the caller's stations
 * searched by name, filtered by type, status and installer, sorted and paged on the server, in the
 * columns the user chose. Stations are added, edited, bound, unbound and deleted from here.
 */
export function StationListRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.stations.title'));
  const navigate = useNavigate();
  const access = stationAccess(useSession());
  const refreshStations = useRefreshStations();

  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<StationType | undefined>();
  const [status, setStatus] = useState<StationState | undefined>();
  const [installerId, setInstallerId] = useState<number | undefined>();
  const [sort, setSort] = useState<StationSort>({ by: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [localColumns, setLocalColumns] = useState<StationListColumn[] | null>(null);

  const { run, elements } = useStationActions({
    // A new station opens at once: the next step is registering its devices.
    onSaved: (saved, added) => {
      if (added) navigate(stationDetailPath(saved));
    },
  });

  const applyKeyword = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === keyword) return;
    setKeyword(trimmed);
    setPage(1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the search follows the text alone
  useEffect(() => {
    const timer = window.setTimeout(() => applyKeyword(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const params: StationListParams = {
    page,
    page_size: pageSize,
    sort_by: sort.by,
    sort_order: sort.order,
    ...(keyword ? { keyword } : {}),
    ...(type ? { station_type: type } : {}),
    ...(status ? { status } : {}),
    ...(installerId ? { installer_id: installerId } : {}),
  };
  const stations = useStationList(params);
  const savedColumns = useStationColumns();
  const columns = localColumns ?? shownColumns(savedColumns.data?.columns);
  const total = stations.data?.total ?? 0;
  const list = stations.data?.list ?? [];

  // A deletion can empty the last page: show the page that is now last.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (stations.data && !stations.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [stations.data, stations.isPlaceholderData, page, lastPage]);

  const filtered = keyword !== '' || type !== undefined || status !== undefined || installerId !== undefined;
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const addButton = (testId: string) =>
    access.canWrite && (
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => run('add')}
        onPointerEnter={preloadStationDialog}
        onFocus={preloadStationDialog}
        data-testid={testId}
      >
        {t('stations.add')}
      </Button>
    );

  const empty = stations.isError ? (
    <LoadFailed
      text={t('stations.loadFailed')}
      retryText={t('stations.retry')}
      onRetry={() => void stations.refetch()}
    />
  ) : filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="stations-empty"
      description={t('stations.noMatch')}
    />
  ) : (
    <EmptyState
      title={t('pages.stations.emptyTitle')}
      description={access.canWrite ? t('stations.emptyDescription') : t('pages.stations.emptyDescription')}
      testId="stations-empty"
    >
      {addButton('stations-empty-add')}
    </EmptyState>
  );

  return (
    <section className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('pages.stations.title')}
        </Typography.Title>
        <div className="page-actions">{addButton('station-add')}</div>
      </div>
      <StationStats status={status} onStatus={filter(setStatus)} />
      <Card className="page-card">
        <search className="table-toolbar">
          <Input.Search
            className="table-search"
            allowClear
            value={search}
            placeholder={t('stations.searchPlaceholder')}
            aria-label={t('stations.searchLabel')}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={applyKeyword}
            data-testid="stations-search"
          />
          <Select<StationType>
            className="table-filter"
            allowClear
            value={type}
            placeholder={t('stations.typeAll')}
            aria-label={t('stations.typeFilterLabel')}
            onChange={filter(setType)}
            options={stationTypes.map((value) => ({ value, label: t(stationTypeKey(value)) }))}
            popupMatchSelectWidth={false}
            data-testid="stations-type-filter"
          />
          <Select<StationState>
            className="table-filter"
            allowClear
            value={status}
            placeholder={t('stations.statusAll')}
            aria-label={t('stations.statusFilterLabel')}
            onChange={filter(setStatus)}
            options={stationStates.map((value) => ({ value, label: t(`stations.status.${value}`) }))}
            data-testid="stations-status-filter"
          />
          {access.isInstaller && (
            <InstallerChoice
              className="table-filter table-filter-wide"
              allowClear
              value={installerId}
              placeholder={t('stations.installerAll')}
              aria-label={t('stations.installerFilterLabel')}
              onChange={filter(setInstallerId)}
              data-testid="stations-installer-filter"
            />
          )}
          <div className="table-toolbar-end">
            <ColumnPicker columns={columns} canSave={access.canWrite} onLocalChange={setLocalColumns} />
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => void refreshStations()}
              aria-label={t('stations.refresh')}
              title={t('stations.refresh')}
            />
          </div>
        </search>
        <StationTable
          stations={list}
          columns={columns}
          loading={stations.isPending || stations.isPlaceholderData}
          empty={stations.isPending ? <span /> : empty}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          access={access}
          onAction={run}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (count) => t('stations.total', { total: count }),
            hideOnSinglePage: false,
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      </Card>
      {elements}
    </section>
  );
}
