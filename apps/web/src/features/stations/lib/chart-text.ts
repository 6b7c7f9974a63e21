import { type ChartData, type ChartSeriesKey, GAP_TEXT } from '@helio/contracts';
import { type ChartAxis, type ChartOptionInput, chartAxes, shownSeries } from './chart-option.ts';
import { energyText, powerText } from './format.ts';
import { hoursText, moneyText, percentText } from './plant-format.ts';
import { periodEnd, periodStart } from './range.ts';

/**
 * The text equivalents of a station chart, as pure functions of the chart answer (ChartData):
 * a summary of each series for screen readers and the rows of its table view. Figures follow the
 * display rules of the rest of the screen (SPEC.md §9); the table's numbers are in the unit of
 * their chart axis, written in the interface language.
 */

/** What the summary says of one series: its total (bars) or its range and latest value (lines). */
export type SeriesSummary =
  | { key: ChartSeriesKey; kind: 'total'; total: string }
  | { key: ChartSeriesKey; kind: 'range'; min: string; max: string; latest: string; at: string }
  | { key: ChartSeriesKey; kind: 'empty' };

/** A value of a series as the screen's figures show it, with its unit (a gap is '--'). */
export function seriesValueText(unit: string, value: number | null | undefined, language: string): string {
  switch (unit) {
    case 'W':
      return powerText(value);
    case 'kWh':
      return energyText(value);
    case '%':
      return percentText(value);
    case 'h':
      return hoursText(value);
    default:
      return moneyText(value, unit, language);
  }
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The summary of each shown series: bars (energy, yield, income per period) by their total over
 * the range, curves (power, SOC) by their lowest, highest and latest value with its time. A
 * series without a value says so.
 */
export function seriesSummaries(input: Omit<ChartOptionInput, 'labels' | 'reducedMotion'>): SeriesSummary[] {
  const { data, keys, language } = input;
  return shownSeries(data, keys).map((series): SeriesSummary => {
    const points = data.rows
      .map((row) => ({ label: row.label, value: row.values[series.column] }))
      .filter((point): point is { label: string; value: number } => isNumber(point.value));
    if (points.length === 0) return { key: series.key, kind: 'empty' };
    const text = (value: number) => seriesValueText(series.unit, value, language);
    if (series.kind === 'bar') {
      return {
        key: series.key,
        kind: 'total',
        total: text(points.reduce((sum, point) => sum + point.value, 0)),
      };
    }
    const values = points.map((point) => point.value);
    const latest = points[points.length - 1]!;
    return {
      key: series.key,
      kind: 'range',
      min: text(Math.min(...values)),
      max: text(Math.max(...values)),
      latest: text(latest.value),
      at: latest.label,
    };
  });
}

/**
 * The period a chart shows, as its selector writes it: a day, a week's first and last day, a
 * month, a year; undefined for the total (all years), which the caller names in words.
 */
export function chartPeriodText(data: Pick<ChartData, 'unit' | 'date'>): string | undefined {
  if (data.unit === 'total' || data.date === null) return undefined;
  if (data.unit !== 'week') return data.date;
  return `${periodStart('week', data.date)} – ${periodEnd('week', data.date)}`;
}

/** What the first column of the table holds: times of a day, days, months or years. */
export function chartBucket(data: Pick<ChartData, 'resolution'>): 'time' | 'day' | 'month' | 'year' {
  switch (data.resolution) {
    case 'day':
      return 'day';
    case 'month':
      return 'month';
    case 'year':
      return 'year';
    default:
      return 'time';
  }
}

/** A number in its axis' unit, without the unit (the column header says it), in the interface language. */
export function axisNumberText(axis: ChartAxis, value: number | null | undefined, language: string): string {
  if (!isNumber(value)) return GAP_TEXT;
  const scaled = value / axis.factor;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: axis.decimals,
    maximumFractionDigits: axis.decimals,
    // A value that rounds to zero is shown without a sign, as everywhere else.
    signDisplay: 'negative',
  }).format(scaled);
}

export interface ChartTableData {
  columns: { key: ChartSeriesKey; label: string }[];
  rows: { key: string; label: string; cells: string[] }[];
}

/**
 * The chart's rows as a table: a column per shown series headed by its name and its axis' unit
 * ("PV power (kW)"), a row per bucket headed by its label as the axis names it.
 */
export function chartTable(input: Omit<ChartOptionInput, 'reducedMotion'>): ChartTableData {
  const { data, labels, keys, language } = input;
  const series = shownSeries(data, keys);
  const axes = chartAxes(data, keys);
  const axisOf = (key: ChartSeriesKey) => axes.find((axis) => axis.keys.includes(key));
  return {
    columns: series.map((one) => {
      const unit = axisOf(one.key)?.unit ?? one.unit;
      return { key: one.key, label: `${labels[one.key] ?? one.key} (${unit})` };
    }),
    rows: data.rows.map((row) => ({
      key: row.period,
      label: row.label,
      cells: series.map((one) => {
        const axis = axisOf(one.key);
        const value = row.values[one.column];
        return axis ? axisNumberText(axis, value, language) : isNumber(value) ? String(value) : GAP_TEXT;
      }),
    })),
  };
}
