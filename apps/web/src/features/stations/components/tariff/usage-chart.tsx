import { ClockCircleOutlined, EditOutlined } from '@ant-design/icons';
import { type TariffBand, type TariffView, tariffBands } from '@helio/contracts';
import { Button, Card, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../../../../components/charts/motion.ts';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { useAddressParams } from '../../hooks/use-address-params.ts';
import { chartPeriodText } from '../../lib/chart-text.ts';
import { type ChartRange, holdsToday, rangeFromParams, rangeType, requestDate } from '../../lib/range.ts';
import { ChartBody, ChartExportButton, ChartToolbar, ChartZone } from '../chart-frame.tsx';
import { SectionTitle } from '../section-title.tsx';
import { BandKey } from './band-bar.tsx';
import { type UsageRequest, useUsage, useUsageExport } from './tariff-api.ts';
import {
  bandTotals,
  DEFAULT_MEASURE,
  figureText,
  hasUsage,
  isUsageMeasure,
  type UsageMeasure,
  usageChartOption,
  usageMeasures,
  usageTable,
} from './usage-text.ts';

/** The chart's choice lives in the address under names of its own, beside the station chart's. */
function useUsageChoice(today: string) {
  const [params, update] = useAddressParams();
  const range = rangeFromParams('ems', { range: params.get('pv_range'), date: params.get('pv_date') }, today);
  const measure: UsageMeasure = isUsageMeasure(params.get('pv_measure'))
    ? (params.get('pv_measure') as UsageMeasure)
    : DEFAULT_MEASURE;
  const table = params.get('pv_view') === 'table';
  return {
    range,
    measure,
    table,
    setRange: (next: ChartRange) => update({ pv_range: next.unit, pv_date: next.day }),
    setMeasure: (next: UsageMeasure) => update({ pv_measure: next === DEFAULT_MEASURE ? null : next }),
    setTable: (next: boolean) => update({ pv_view: next ? 'table' : null }),
  };
}

export interface UsageChartProps {
  stationId: number;
  zone: string;
  today: string;
  /** The station's tariff as loaded (undefined while loading). */
  view: TariffView | undefined;
  mayEdit: boolean;
  onSetTariff: () => void;
}

/**
 * The peak-valley chart (SPEC.md §9: "Peak-valley chart data updates the next day"): a day, month,
 * year or all years of the nightly split, one figure at a time (grid import first) stacked by band,
 * with each band's total, what the energy cost, earned and saved, the newest day split, and an
 * .xlsx export. Without a tariff it says so (and offers to set one); before the first night it
 * says when the figures come.
 */
export function UsageChart({ stationId, zone, today, view, mayEdit, onSetTariff }: UsageChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { range, measure, table, setRange, setMeasure, setTable } = useUsageChoice(today);
  const request: UsageRequest = {
    stationId,
    type: rangeType('ems', range.unit),
    date: requestDate(range),
    splitThrough: view?.updated_through,
  };
  const noTariff = view !== undefined && view.tariff === null;
  const query = useUsage(request, holdsToday(range, today));
  const exporter = useUsageExport();
  const reducedMotion = usePrefersReducedMotion();
  const data = query.data;

  const labels = useMemo(
    () =>
      ({
        peak: t('tariffs.band.peak'),
        shoulder: t('tariffs.band.shoulder'),
        valley: t('tariffs.band.valley'),
        total: t('tariffs.usage.total'),
      }) satisfies Record<TariffBand | 'total', string>,
    [t],
  );
  const measureName = t(`tariffs.usage.measure.${measure}`);
  const period = data ? (chartPeriodText(data) ?? t('stations.range.allTime')) : '';
  const chartLabel = t('tariffs.usage.label', { measure: measureName, period });
  const option = useMemo(
    () => (data ? usageChartOption({ data, measure, labels, language, reducedMotion }) : undefined),
    [data, measure, labels, language, reducedMotion],
  );
  const totals = data ? bandTotals({ data, measure, language }) : [];
  const summary = data
    ? [
        `${chartLabel}.`,
        ...totals.map((one) => t('tariffs.usage.summaryBand', { band: labels[one.band], total: one.text })),
      ].join(' ')
    : '';

  const showFigures = !noTariff && data !== undefined && hasUsage(data);
  return (
    <Card
      title={<SectionTitle>{t('tariffs.usage.title')}</SectionTitle>}
      className="station-section station-section-wide station-chart tariff-usage"
      data-testid="usage-chart"
      data-unit={range.unit}
      data-date={request.date ?? ''}
      data-state={noTariff ? 'no-tariff' : query.isFetching ? 'loading' : query.isError ? 'failed' : 'ready'}
      extra={
        noTariff ? undefined : (
          <ChartExportButton
            exporter={exporter}
            request={request}
            notifyKey="usage-export"
            testId="usage-export"
          />
        )
      }
    >
      <p className="tariff-next-day" data-testid="usage-next-day">
        <ClockCircleOutlined aria-hidden /> {t('tariffs.usage.nextDay')}{' '}
        <span data-testid="usage-updated-through">
          {view?.updated_through || data?.updated_through
            ? t('tariffs.usage.updatedThrough', { date: data?.updated_through ?? view?.updated_through })
            : t('tariffs.usage.notYetShort')}
        </span>
      </p>
      {!noTariff && (
        <ChartToolbar
          family="ems"
          range={range}
          today={today}
          onRange={setRange}
          table={table}
          onTable={setTable}
          tableTestId="usage-view-table"
        />
      )}
      {!noTariff && (
        <Segmented<UsageMeasure>
          className="tariff-measures"
          value={measure}
          onChange={setMeasure}
          aria-label={t('tariffs.usage.measureLabel')}
          tabIndex={-1}
          options={usageMeasures.map((one) => ({
            value: one,
            label: <span data-testid={`usage-measure-${one}`}>{t(`tariffs.usage.measure.${one}`)}</span>,
          }))}
        />
      )}
      <ChartBody
        instead={
          noTariff && (
            <EmptyState
              title={t('tariffs.usage.noTariffTitle')}
              description={t(
                mayEdit ? 'tariffs.usage.noTariffDescription' : 'tariffs.usage.noTariffReadOnly',
              )}
              testId="usage-no-tariff"
            >
              {mayEdit && (
                <Button
                  type="primary"
                  icon={<EditOutlined aria-hidden />}
                  onClick={onSetTariff}
                  data-testid="usage-set-tariff"
                >
                  {t('tariffs.settings.set')}
                </Button>
              )}
            </EmptyState>
          )
        }
        query={query}
        option={option}
        empty={(data) =>
          hasUsage(data) ? null : (
            <EmptyState
              title={t(data.updated_through ? 'tariffs.usage.emptyTitle' : 'tariffs.usage.notYetTitle')}
              description={t(
                data.updated_through ? 'tariffs.usage.emptyDescription' : 'tariffs.usage.notYetDescription',
              )}
              testId={data.updated_through ? 'usage-empty' : 'usage-not-yet'}
            />
          )
        }
        table={(data) => {
          if (!table) return null;
          const rows = usageTable({ data, measure, labels, language });
          return {
            caption: t('tariffs.usage.tableCaption', { chart: chartLabel, zone: data.timezone }),
            timeLabel: t(`stations.chart.bucket.${data.resolution}`),
            columns: rows.columns,
            rows: rows.rows,
            testId: 'usage-table',
          };
        }}
        canvas={(data) => ({
          label: chartLabel,
          summary,
          testId: 'usage-canvas',
          data: { 'data-rows': data.rows.length, 'data-measure': measure },
        })}
      />
      {showFigures && data && (
        <>
          <dl className="tariff-band-totals" data-testid="usage-band-totals" aria-label={chartLabel}>
            {totals.map((one) => (
              <div key={one.band}>
                <dt>
                  {one.band !== 'total' && <BandKey band={one.band} />} {labels[one.band]}
                </dt>
                <dd data-testid={`usage-total-${one.band}`}>{one.text}</dd>
              </div>
            ))}
          </dl>
          <table className="tariff-money" data-testid="usage-money">
            <caption>{t('tariffs.usage.moneyCaption', { period, currency: data.currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tariffs.usage.band')}</th>
                <th scope="col">{t('tariffs.usage.measure.cost')}</th>
                <th scope="col">{t('tariffs.usage.measure.feed_in')}</th>
                <th scope="col">{t('tariffs.usage.measure.saving')}</th>
              </tr>
            </thead>
            <tbody>
              {[...tariffBands, 'total' as const].map((band) => {
                const figures = data.totals[band];
                return (
                  <tr key={band} data-testid={`usage-money-${band}`}>
                    <th scope="row">{labels[band]}</th>
                    <td>{figureText('cost', figures?.cost, data.currency, language)}</td>
                    <td>{figureText('feed_in', figures?.feed_in, data.currency, language)}</td>
                    <td>{figureText('saving', figures?.saving, data.currency, language)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="tariff-help">{t('tariffs.usage.savingDefinition')}</p>
        </>
      )}
      <ChartZone zone={data?.timezone ?? zone} />
    </Card>
  );
}
