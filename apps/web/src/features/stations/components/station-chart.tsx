import { type ChartSeriesKey, chart } from '@helio/contracts';
import { Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../../../components/charts/motion.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useChartExport } from '../api/chart-export.ts';
import { type ChartKind, type ChartRequest, useStationChart } from '../api/plant.ts';
import { useAddressParams } from '../hooks/use-address-params.ts';
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
import { ChartBody, ChartExportButton, ChartToolbar, ChartZone } from './chart-frame.tsx';
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
  const [params, update] = useAddressParams();
  const tab = tabs.find((one) => one.kind === params.get('chart')) ?? tabs[0]!;
  const range = rangeFromParams(family, { range: params.get('range'), date: params.get('date') }, today);
  const view: ChartView = params.get('view') === 'table' ? 'table' : 'chart';
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

  const content = (
    <>
      <ChartToolbar
        family={family}
        range={range}
        today={today}
        onRange={setRange}
        table={view === 'table'}
        onTable={(table) => setView(table ? 'table' : 'chart')}
        tableTestId="station-chart-view-table"
      />
      <ChartBody
        query={query}
        option={option}
        empty={(data) =>
          hasChartValues(data, tab.keys) ? null : (
            <EmptyState
              title={t('stations.chart.emptyTitle')}
              description={t('stations.chart.emptyDescription')}
              testId="station-chart-empty"
            />
          )
        }
        table={(data) => {
          if (view !== 'table') return null;
          const table = chartTable({ data, labels, keys: tab.keys, language });
          return {
            caption: t('stations.chart.tableCaption', { chart: chartLabel, zone: data.timezone }),
            timeLabel: t(`stations.chart.bucket.${chartBucket(data)}`),
            columns: table.columns,
            rows: table.rows,
            testId: 'station-chart-table',
          };
        }}
        canvas={(data) => ({
          label: chartLabel,
          summary,
          testId: 'station-chart-canvas',
          data: { 'data-rows': data.rows.length, 'data-unit': data.unit },
        })}
      />
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
        <ChartExportButton
          exporter={exporter}
          request={request}
          notifyKey="chart-export"
          testId="station-chart-export"
        />
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
      <ChartZone zone={data?.timezone ?? zone} testId="station-chart-zone" />
    </Card>
  );
}
