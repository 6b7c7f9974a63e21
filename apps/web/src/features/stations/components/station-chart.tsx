import { ClockCircleOutlined, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { type ChartSeriesKey, chart, isLanguage } from '@helio/contracts';
import { Button, Card, Skeleton, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { describeError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notifier.ts';
import { useChartExport } from '../api/chart-export.ts';
import { type ChartKind, type ChartRequest, useStationChart } from '../api/plant.ts';
import { hasChartValues, stationChartOption } from '../lib/chart-option.ts';
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

/** The chart's choice lives in the address (`chart`, `range`, `date`), so that it survives a reload. */
function useChartChoice(family: RangeFamily, tabs: readonly ChartTab[], today: string) {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((one) => one.kind === params.get('chart')) ?? tabs[0]!;
  const range = rangeFromParams(family, { range: params.get('range'), date: params.get('date') }, today);
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    tab,
    range,
    setTab: (kind: ChartKind) => update({ chart: kind }),
    setRange: (next: ChartRange) => update(rangeParams(next)),
  };
}

/**
 * The charts of a station (SPEC.md §2, §3–4): tabs for the chart kinds the station has, the date
 * selector, the chart (a day's curves with SOC on a second axis, bars otherwise; gaps where there is
 * no data) named in the station's time zone, and an export of the same numbers as .xlsx.
 */
export function StationChart({ stationId, zone, family, tabs, title }: StationChartProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const today = zonedToday(zone, now);
  const { tab, range, setTab, setRange } = useChartChoice(family, tabs, today);
  const request: ChartRequest = {
    kind: tab.kind,
    stationId,
    type: rangeType(family, range.unit),
    date: requestDate(range),
  };
  const query = useStationChart(request, holdsToday(range, today));
  const exporter = useChartExport();
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
    () => (data ? stationChartOption({ data, labels, keys: tab.keys, language }) : undefined),
    [data, labels, tab.keys, language],
  );
  const shownKeys = data?.series.map((one) => one.key).filter((key) => !tab.keys || tab.keys.includes(key));
  const periodText = request.date ?? t('stations.range.allTime');

  const runExport = () => {
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
  } else {
    body = (
      <ChartCanvas
        option={option}
        busy={query.isPlaceholderData}
        summary={t('stations.chart.summary', {
          chart: t(`stations.chart.kind.${tab.kind}`),
          period: periodText,
          series: (shownKeys ?? []).map((key) => labels[key]).join(', '),
        })}
        testId="station-chart-canvas"
        data={{ 'data-rows': data.rows.length, 'data-unit': data.unit }}
      />
    );
  }

  return (
    <Card
      title={title}
      className="station-section station-section-wide station-chart"
      data-testid="station-chart"
      data-kind={tab.kind}
      data-unit={range.unit}
      data-date={request.date ?? ''}
      data-state={query.isFetching ? 'loading' : query.isError ? 'failed' : 'ready'}
      extra={
        <Button
          icon={exporter.running ? <LoadingOutlined /> : <DownloadOutlined />}
          onClick={runExport}
          disabled={exporter.running}
          data-testid="station-chart-export"
        >
          {t('stations.chart.export')}
        </Button>
      }
    >
      {tabs.length > 1 && (
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
          }))}
          className="station-chart-tabs"
        />
      )}
      <RangeSelector family={family} range={range} today={today} onChange={setRange} />
      <div className="station-chart-body">{body}</div>
      <Typography.Text type="secondary" className="station-chart-zone" data-testid="station-chart-zone">
        <ClockCircleOutlined aria-hidden /> {t('stations.chart.zone', { zone: data?.timezone ?? zone })}
      </Typography.Text>
    </Card>
  );
}
