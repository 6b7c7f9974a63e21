import { GAP_TEXT, type TariffBand, tariffBands, type UsageData, type UsageFigures } from '@helio/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { chartAnimation } from '../../../../components/charts/motion.ts';
import { escapeHtml } from '../../../../lib/html.ts';
import { energyText } from '../../lib/format.ts';
import { moneyText } from '../../lib/plant-format.ts';

export { priceText } from '../../lib/format.ts';

/**
 * The peak-valley chart as pure functions of the usage answer (UsageData): which figure is drawn
 * (a measure), the stacked bars of it by band, the words a screen reader reads for it, and the
 * rows of its table. A period the night has not split yet is a gap (null), never 0.
 */

/** What the chart can stack by band: energy in kWh, money in the station's currency. */
export const usageMeasures = [
  'import_kwh',
  'consumption_kwh',
  'export_kwh',
  'charge_kwh',
  'discharge_kwh',
  'pv_kwh',
  'cost',
  'feed_in',
  'saving',
] as const satisfies readonly (keyof UsageFigures)[];
export type UsageMeasure = (typeof usageMeasures)[number];

/** What the chart shows first: what was bought from the grid, and when. */
export const DEFAULT_MEASURE: UsageMeasure = 'import_kwh';

export const isUsageMeasure = (value: string | null): value is UsageMeasure =>
  usageMeasures.includes(value as UsageMeasure);

export const isMoney = (measure: UsageMeasure) =>
  measure === 'cost' || measure === 'feed_in' || measure === 'saving';

/** Colours of the bands, the same on the bars of the settings (tariff.css) and on the chart. */
export const bandColors: Record<TariffBand, string> = {
  peak: '#dc2626',
  shoulder: '#d97706',
  valley: '#2563eb',
};

type Row = UsageData['rows'][number];

/** A band's figure of a row, null when the period was not split. */
export function bandValue(
  row: Pick<Row, TariffBand | 'total'>,
  band: TariffBand | 'total',
  measure: UsageMeasure,
) {
  return row[band]?.[measure] ?? null;
}

/** Whether any period of the answer was split. */
export function hasUsage(data: UsageData): boolean {
  return data.rows.some((row) => row.total !== null);
}

/** A figure as the screen writes it: energy scaled (kWh, MWh…), money in the station's currency. */
export function figureText(
  measure: UsageMeasure,
  value: number | null | undefined,
  currency: string,
  language: string,
) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return GAP_TEXT;
  return isMoney(measure) ? moneyText(value, currency, language) : energyText(value);
}

/** A number of the table, in kWh or the currency (the column says which), in the interface language. */
function tableNumber(value: number | null, language: string): string {
  if (value === null || !Number.isFinite(value)) return GAP_TEXT;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(value);
}

export interface UsageTableInput {
  data: UsageData;
  measure: UsageMeasure;
  /** The bands' translated names, and the total's. */
  labels: Record<TariffBand | 'total', string>;
  language: string;
}

/** The chart's rows as a table: a row per period, a column per band and the total, with the unit. */
export function usageTable({ data, measure, labels, language }: UsageTableInput) {
  const unit = isMoney(measure) ? data.currency : 'kWh';
  const columns = [...tariffBands, 'total' as const];
  return {
    columns: columns.map((key) => ({ key, label: `${labels[key]} (${unit})` })),
    rows: data.rows.map((row) => ({
      key: row.period,
      label: row.period,
      cells: columns.map((key) => tableNumber(bandValue(row, key, measure), language)),
    })),
  };
}

/** Each band's total of the measure over the answer's period, as text (a band never split: a gap). */
export function bandTotals({ data, measure, language }: Omit<UsageTableInput, 'labels'>) {
  return [...tariffBands, 'total' as const].map((band) => ({
    band,
    text: figureText(measure, bandValue(data.totals, band, measure), data.currency, language),
  }));
}

interface TooltipParam {
  dataIndex: number;
  seriesIndex: number;
  marker: string;
}

/** The echarts option: the measure's bars stacked by band, one stack per period. */
export function usageChartOption(input: UsageTableInput & { reducedMotion: boolean }): EChartsCoreOption {
  const { data, measure, labels, language, reducedMotion } = input;
  const unit = isMoney(measure) ? data.currency : 'kWh';
  const tooltipFormatter = (params: unknown) => {
    const items = params as TooltipParam[];
    const row = data.rows[items[0]?.dataIndex ?? -1];
    if (!row) return '';
    const lines = items.map((item) => {
      const band = tariffBands[item.seriesIndex]!;
      const text = figureText(measure, bandValue(row, band, measure), data.currency, language);
      return `${item.marker}${escapeHtml(labels[band])}: <b>${escapeHtml(text)}</b>`;
    });
    const total = figureText(measure, bandValue(row, 'total', measure), data.currency, language);
    return [
      escapeHtml(row.period),
      ...lines,
      `${escapeHtml(labels.total)}: <b>${escapeHtml(total)}</b>`,
    ].join('<br/>');
  };
  return {
    ...chartAnimation(reducedMotion),
    color: tariffBands.map((band) => bandColors[band]),
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 48, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    xAxis: { type: 'category', data: data.rows.map((row) => row.period), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: unit },
    series: tariffBands.map((band) => ({
      id: band,
      name: labels[band],
      type: 'bar',
      stack: 'bands',
      barMaxWidth: 36,
      itemStyle: { color: bandColors[band] },
      data: data.rows.map((row) => {
        const value = bandValue(row, band, measure);
        return value === null ? null : Number(value.toFixed(4));
      }),
    })),
  };
}
