import { type DeviceType, localDate } from '@helio/contracts';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { usePrefersReducedMotion } from '../../../components/charts/motion.ts';
import { EmptyState, LoadFailed } from '../../../components/empty-state.tsx';
import { type ShownZone, useDeviceHistory } from '../api/telemetry.ts';
import { type HistoryPoint, historyAxes } from '../lib/history-axes.ts';
import { historyChartOption } from '../lib/history-chart-option.ts';
import {
  type HistoryRange,
  historyInstants,
  readHistoryRange,
  writeHistoryRange,
} from '../lib/history-range.ts';
import { historySummaries } from '../lib/history-summary.ts';
import {
  bucketDuration,
  parseHistoryFields,
  plottableFields,
  readHistoryView,
  shownHistoryFields,
  writeHistoryFields,
  writeHistoryView,
} from '../lib/history-view.ts';
import { useReadingTexts } from '../lib/use-reading-texts.ts';
import { formatDuration } from '../lib/zoned-time.ts';
import { HistoryChart } from './history-chart.tsx';
import { HistoryTable } from './history-table.tsx';
import { HistoryToolbar } from './history-toolbar.tsx';
import { QuietSkeleton } from './quiet-skeleton.tsx';
import { ZoneNote } from './zone-note.tsx';

interface DeviceHistoryProps {
  deviceId: number;
  deviceType: DeviceType;
  zone: ShownZone;
}

/**
 * The device's readings over a range of days (api/device/history) as a chart or a table. Range,
 * fields and view live in the address. A long range comes averaged over equal buckets, which the
 * tab says. The chart is named and described in words for screen readers (each field's lowest,
 * highest and latest value), and is drawn without animation for users who ask for reduced motion.
 */
export function DeviceHistory({ deviceId, deviceType, zone }: DeviceHistoryProps) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = localDate(Date.now(), zone.zone);
  const range = readHistoryRange(searchParams, today);
  const view = readHistoryView(searchParams);
  const fieldsParam = searchParams.get('fields');
  const instants = historyInstants(range, zone.zone);
  const history = useDeviceHistory(deviceId, instants);

  // The detail's back link rides on the location's state: keep it.
  const change = (write: (current: URLSearchParams) => URLSearchParams) =>
    setSearchParams((current) => write(current), { replace: true, state: location.state });

  // Kept while nothing they depend on changes: a new array would redraw the chart, losing its zoom.
  const available = useMemo(() => plottableFields(history.data?.fields ?? []), [history.data]);
  const fields = useMemo(
    () => shownHistoryFields(deviceType, parseHistoryFields(fieldsParam), available),
    [deviceType, fieldsParam, available],
  );

  return (
    <div className="device-history" data-testid="device-history">
      <HistoryToolbar
        range={range}
        today={today}
        onRange={(next: HistoryRange) => change((current) => writeHistoryRange(current, next))}
        available={available}
        fields={fields}
        onFields={(next) => change((current) => writeHistoryFields(current, next))}
        view={view}
        onView={(next) => change((current) => writeHistoryView(current, next))}
      />
      {history.isPending ? (
        <QuietSkeleton paragraph={{ rows: 8 }} />
      ) : !history.data ? (
        <LoadFailed
          text={t('devices.history.loadFailed')}
          retryText={t('devices.retry')}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.points.length === 0 ? (
        <EmptyState
          title={t('devices.history.emptyTitle')}
          description={t('devices.history.emptyDescription')}
          testId="history-empty"
        />
      ) : fields.length === 0 ? (
        <EmptyState
          title={t('devices.history.noFieldsTitle')}
          description={t('devices.history.noFieldsDescription')}
          testId="history-no-fields"
        />
      ) : (
        <>
          <div className="history-notes">
            <ZoneNote zone={zone} />
            <BucketNote bucketS={history.data.bucket_s} language={i18n.language} />
          </div>
          <HistoryBody
            points={history.data.points}
            fields={fields}
            view={view}
            days={{ from: range.from, to: range.to }}
            zone={zone.zone}
            from={Date.parse(instants.from)}
            to={Date.parse(instants.to)}
          />
        </>
      )}
    </div>
  );
}

/** Says when each point is an average rather than a reading. */
function BucketNote({ bucketS, language }: { bucketS: number; language: string }) {
  const { t } = useTranslation();
  const duration = bucketDuration(bucketS);
  if (!duration) return null;
  return (
    <Typography.Text type="secondary" data-testid="history-bucket-note">
      {t('devices.history.averaged', { duration: formatDuration(duration, language) })}
    </Typography.Text>
  );
}

interface HistoryBodyProps {
  points: readonly HistoryPoint[];
  fields: readonly string[];
  view: 'chart' | 'table';
  /** The days shown, YYYY-MM-DD, for the chart's name and the table's caption. */
  days: { from: string; to: string };
  zone: string;
  from: number;
  to: number;
}

function HistoryBody({ points, fields, view, days, zone, from, to }: HistoryBodyProps) {
  const { t, i18n } = useTranslation();
  const { fieldLabel } = useReadingTexts();
  const reducedMotion = usePrefersReducedMotion();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the fields and the language
  const labels = useMemo(
    () => Object.fromEntries(fields.map((field) => [field, fieldLabel(field, true)])),
    [fields, language],
  );
  const axes = useMemo(() => historyAxes(fields, points), [fields, points]);
  const option = useMemo(
    () => historyChartOption({ points, fields, labels, from, to, zone, language, reducedMotion }),
    [points, fields, labels, from, to, zone, language, reducedMotion],
  );
  const names = fields.map((field) => labels[field]).join(', ');
  const label = t('devices.history.chartLabel', { fields: names, from: days.from, to: days.to });
  const summary = useMemo(() => {
    const parts = historySummaries({ points, fields, axes, zone, language }).map((one) =>
      one.kind === 'range'
        ? t('devices.history.summary.range', {
            field: labels[one.field],
            min: one.min,
            max: one.max,
            latest: one.latest,
            at: one.at,
          })
        : t('devices.history.summary.empty', { field: labels[one.field] }),
    );
    return [`${label}.`, t('devices.history.summary.points', { points: points.length }), ...parts].join(' ');
  }, [points, fields, axes, zone, language, labels, label, t]);
  if (view === 'table') {
    return (
      <HistoryTable
        points={points}
        fields={fields}
        axes={axes}
        labels={labels}
        zone={zone}
        caption={t('devices.history.tableCaption', { fields: names, from: days.from, to: days.to, zone })}
      />
    );
  }
  return <HistoryChart option={option} pointCount={points.length} label={label} summary={summary} />;
}
