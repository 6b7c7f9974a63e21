import { ClockCircleOutlined, DownloadOutlined } from '@ant-design/icons';
import { isLanguage } from '@helio/contracts';
import { Button, Skeleton, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '../../../components/charts/chart-table.tsx';
import { TableViewToggle } from '../../../components/charts/table-view-toggle.tsx';
import { LoadFailed } from '../../../components/empty-state.tsx';
import { describeError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import type { ChartRange, RangeFamily } from '../lib/range.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import { RangeSelector } from './range-selector.tsx';

/**
 * The pieces every chart card of a station shares (its power and energy charts, the peak-valley
 * chart): the export button, the toolbar (range and table view), the body in its states, and the
 * line naming the time zone.
 */

/** A file export as `useFileExport` runs it. */
interface Exporter<Request> {
  running: boolean;
  start: (request: Request, language: string) => Promise<string>;
}

/**
 * Exports `request` as .xlsx in the page's language and says which file was saved (refusals were
 * shown by the API client). Busy, not disabled, while the file is made: the button keeps the
 * keyboard's focus.
 */
export function ChartExportButton<Request>({
  exporter,
  request,
  notifyKey,
  testId,
}: {
  exporter: Exporter<Request>;
  request: Request;
  /** The key of its success notice (a second export replaces the first one's). */
  notifyKey: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const runExport = () => {
    if (exporter.running) return;
    exporter
      .start(request, isLanguage(i18n.language) ? i18n.language : 'en')
      .then((file) => notifySuccess(t('stations.chart.exported', { file }), notifyKey))
      .catch(() => undefined);
  };
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      onClick={runExport}
      loading={exporter.running}
      aria-busy={exporter.running}
      data-testid={testId}
    >
      {t('stations.chart.export')}
    </Button>
  );
}

/** The range selector and the table-view toggle above a chart. */
export function ChartToolbar({
  family,
  range,
  today,
  onRange,
  table,
  onTable,
  tableTestId,
}: {
  family: RangeFamily;
  range: ChartRange;
  today: string;
  onRange: (range: ChartRange) => void;
  /** Whether the numbers are shown as a table. */
  table: boolean;
  onTable: (table: boolean) => void;
  tableTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="station-chart-toolbar">
      <RangeSelector family={family} range={range} today={today} onChange={onRange} />
      <TableViewToggle
        pressed={table}
        onChange={onTable}
        label={t('stations.chart.tableView')}
        testId={tableTestId}
      />
    </div>
  );
}

/** What a chart body reads of its query. */
interface ChartQuery<Data> {
  data: Data | undefined;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * A chart's body: the failure with a retry while there is nothing to show, a placeholder while the
 * first answer comes, what stands instead of an answer with nothing to draw, the numbers as a table
 * when that view is chosen, otherwise the chart (marked busy while the previous range's is shown).
 */
export function ChartBody<Data>({
  instead,
  query,
  option,
  empty,
  table,
  canvas,
}: {
  /** Shown whatever the query holds, when the chart has nothing to ask for (a peak-valley chart without a tariff). */
  instead?: ReactNode;
  query: ChartQuery<Data>;
  option: EChartsCoreOption | undefined;
  /** What stands instead of the chart when `data` holds nothing to draw; null when it holds something. */
  empty: (data: Data) => ReactNode;
  /** The table when the table view is chosen; null for the chart. */
  table: (data: Data) => ComponentProps<typeof ChartTable> | null;
  canvas: (data: Data) => Omit<ComponentProps<typeof ChartCanvas>, 'option' | 'busy'>;
}) {
  const { t } = useTranslation();
  const data = query.data;
  let body: ReactNode;
  if (instead) {
    body = instead;
  } else if (!data && query.isError) {
    body = (
      <LoadFailed
        text={describeError(query.error)}
        retryText={t('stations.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data || !option) {
    body = <Skeleton.Node active className="station-chart-skeleton" />;
  } else {
    const nothing = empty(data);
    const numbers = nothing ? null : table(data);
    body = nothing ? (
      nothing
    ) : numbers ? (
      <ChartTable {...numbers} />
    ) : (
      <ChartCanvas option={option} busy={query.isPlaceholderData} {...canvas(data)} />
    );
  }
  return <div className="station-chart-body">{body}</div>;
}

/** The line under a chart naming the time zone its times are in. */
export function ChartZone({ zone, testId }: { zone: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="station-chart-zone" data-testid={testId}>
      <ClockCircleOutlined aria-hidden /> {t('stations.chart.zone', { zone })}
    </Typography.Text>
  );
}
