import { ClockCircleOutlined, DownloadOutlined } from '@ant-design/icons';
import { type ChartSeriesKey, chart, isLanguage } from '@helio/contracts';
import { Button, Card, Skeleton, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChartTable } from '../../../components/charts/chart-table.tsx';
import { usePrefersReducedMotion } from '../../../components/charts/motion.ts';
import { TableViewToggle } from '../../../components/charts/table-view-toggle.tsx';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { describeError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useChartExport } from '../api/chart-export.ts';
import { type ChartKind, type ChartRequest, useStationChart } from '../api/plant.ts';
import { hasChartValues, stationChartOption } from '../lib/chart-option.ts';
import { chartBucket, chartPeriodText, chartTable, seriesSummaries } from '../lib/chart-text.ts';
import {
  type ChartRange,
  holdsToday,
  type RangeFamily,
  rangeFromParams,
  rangeParams,
  rangeType,
  requestDate,
  zonedToday,
} from '../lib/range.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import { RangeSelector } from './range-selector.tsx';
import { SectionTitle } from './section-title.tsx';

export interface ChartTab {
  kind: ChartKind;
  /** Only these series of the answer (all when not given). */
  keys?: readonly ChartSeriesKey[];
}

interface StationChartProps {
  stationId: number;
  /** The station's IANA zone: its days and the chart's times. */
  zone: string;
  family: RangeFamily;
  tabs: readonly ChartTab[];
  /** The card's title: what the charts of this kind of station are about. */
  title: string;
}

/** How the chart's numbers are shown: drawn, or as a table (`view=table`). */
type ChartView = 'chart' | 'table';

/**
 * The chart's choice lives in the address (`chart`, `range`, `date`, `view`), so that it survives
 * a reload.
 */
function useChartChoice(family: RangeFamily, tabs: readonly ChartTab[], today: string) {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((one) => one.kind === params.get('chart')) ?? tabs[0]!;
  const range = rangeFromParams(family, { range: params.get('range'), date: params.get('date') }, today);
  const view: ChartView = params.get('view') === 'table' ? 'table' : 'chart';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    tab,
    range,
    view,
    setTab: (kind: ChartKind) => update({ chart: kind }),
    setRange: (next: ChartRange) => update(rangeParams(next)),
    setView: (next: ChartView) => update({ view: next === 'table' ? 'table' : null }),
  };
}

/**
 * The charts of a station (SPEC.md §2, §3–4): tabs for the chart kinds the station has, the date
 * selector, the chart (a day's curves with SOC on a second axis, bars otherwise; gaps where there is
 * no data) named in the station's time zone, and an export of the same numbers as .xlsx. The chart
 * has text equivalents: a summary of its series that screen readers read as its description, and
 * a table view of its numbers. It is drawn without animation for users who ask for reduced motion.
 */
export function StationChart({ stationId, zone, family, tabs, title }: StationChartProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const today = zonedToday(zone, now);
  const { tab, range, view, setTab, setRange, setView } = useChartChoice(family, tabs, today);
  const request: ChartRequest = {
    kind: tab.kind,
    stationId,
    type: rangeType(family, range.unit),
    date: requestDate(range),
  };
  const query = useStationChart(request, holdsToday(range, today));
  const exporter = useChartExport();
  const reducedMotion = usePrefersReducedMotion();
  const data = query.data;
  const language = i18n.language;

  const labels = useMemo(
    () =>
      Object.fromEntries(
        chart.chartSeriesKeys.map((key) => [key, t(`stations.chart.series.${key}`)]),
      ) as Record<ChartSeriesKey, string>,
    [t],
  );
  const option = useMemo(
    () => (data ? stationChartOption({ data, labels, keys: tab.keys, language, reducedMotion }) : undefined),
    [data, labels, tab.keys, language, reducedMotion],
  );
  // The chart's words: its name and period (of the answer drawn), and what each series did.
  const chartLabel = data
    ? t('stations.chart.label', {
        chart: t(`stations.chart.kind.${tab.kind}`),
        period: chartPeriodText(data) ?? t('stations.range.allTime'),
      })
    : '';
  const summary = useMemo(() => {
    if (!data) return '';
    const parts = seriesSummaries({ data, keys: tab.keys, language }).map((one) => {
      const series = labels[one.key];
      switch (one.kind) {
        case 'total':
          return t('stations.chart.summary.total', { series, total: one.total });
        case 'range':
          return t('stations.chart.summary.range', {
            series,
            min: one.min,
            max: one.max,
            latest: one.latest,
            at: one.at,
          });
        default:
          return t('stations.chart.summary.empty', { series });
      }
    });
    return [`${chartLabel}.`, ...parts].join(' ');
  }, [data, tab.keys, language, labels, chartLabel, t]);

  const runExport = () => {
    if (exporter.running) return;
    exporter
      .start(request, isLanguage(language) ? language : 'en')
      .then((file) => notifySuccess(t('stations.chart.exported', { file }), 'chart-export'))
      // Refusals were shown by the API client.
      .catch(() => undefined);
  };

  let body: ReactNode;
  if (!data && query.isError) {
    body = (
      <LoadFailed
        text={describeError(query.error)}
        retryText={t('stations.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data || !option) {
    body = <Skeleton.Node active className="station-chart-skeleton" />;
  } else if (!hasChartValues(data, tab.keys)) {
    body = (
      <EmptyState
        title={t('stations.chart.emptyTitle')}
        description={t('stations.chart.emptyDescription')}
        testId="station-chart-empty"
      />
    );
  } else if (view === 'table') {
    const table = chartTable({ data, labels, keys: tab.keys, language });
    body = (
      <ChartTable
        caption={t('stations.chart.tableCaption', { chart: chartLabel, zone: data.timezone })}
        timeLabel={t(`stations.chart.bucket.${chartBucket(data)}`)}
        columns={table.columns}
        rows={table.rows}
        testId="station-chart-table"
      />
    );
  } else {
    body = (
      <ChartCanvas
        option={option}
        busy={query.isPlaceholderData}
        label={chartLabel}
        summary={summary}
        testId="station-chart-canvas"
        data={{ 'data-rows': data.rows.length, 'data-unit': data.unit }}
      />
    );
  }

  const content = (
    <>
      <div className="station-chart-toolbar">
        <RangeSelector family={family} range={range} today={today} onChange={setRange} />
        <TableViewToggle
          pressed={view === 'table'}
          onChange={(table) => setView(table ? 'table' : 'chart')}
          label={t('stations.chart.tableView')}
          testId="station-chart-view-table"
        />
      </div>
      <div className="station-chart-body">{body}</div>
    </>
  );

  return (
    <Card
      title={<SectionTitle>{title}</SectionTitle>}
      className="station-section station-section-wide station-chart"
      data-testid="station-chart"
      data-kind={tab.kind}
      data-unit={range.unit}
      data-date={request.date ?? ''}
      data-view={view}
      data-state={query.isFetching ? 'loading' : query.isError ? 'failed' : 'ready'}
      extra={
        // Busy, not disabled, while the file is made: the button keeps the keyboard's focus.
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={runExport}
          loading={exporter.running}
          aria-busy={exporter.running}
          data-testid="station-chart-export"
        >
          {t('stations.chart.export')}
        </Button>
      }
    >
      {tabs.length > 1 ? (
        // The open tab's panel holds the selector and the chart; the others are empty.
        <Tabs
          activeKey={tab.kind}
          onChange={(kind) => setTab(kind as ChartKind)}
          items={tabs.map((one) => ({
            key: one.kind,
            label: (
              <span data-testid={`station-chart-tab-${one.kind}`}>
                {t(`stations.chart.kind.${one.kind}`)}
              </span>
            ),
            children: one.kind === tab.kind ? content : null,
          }))}
          className="station-chart-tabs"
        />
      ) : (
        content
      )}
      <Typography.Text type="secondary" className="station-chart-zone" data-testid="station-chart-zone">
        <ClockCircleOutlined aria-hidden /> {t('stations.chart.zone', { zone: data?.timezone ?? zone })}
      </Typography.Text>
    </Card>
  );
}
