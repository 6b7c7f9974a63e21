import {
  type ChartData,
  type ChartSeriesKey,
  energyScale,
  GAP_TEXT,
  powerScale,
  type Scale,
  scaleByThresholds,
} from '@helio/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { chartAnimation } from '../../../components/charts/motion.ts';
import { escapeHtml } from '../../../lib/html.ts';

/**
 * The echarts option of a station chart, as a pure function of the API's answer (ChartData), so it
 * is tested without a canvas. Rows are the axis' categories, labelled as the server names them in
 * the station's time (HH:mm, YYYY-MM-DD, YYYY-MM, YYYY). Series of one unit share an axis named
 * with its unit: power and energy in the unit their largest magnitude reads best in (kW or MW,
 * kWh or MWh), SOC on its own 0–100 % axis on the right, full-load hours and money likewise. A
 * null is a gap: lines are not drawn across it (connectNulls false) and bars are left out, never
 * drawn as 0.
 */

export type ChartAxisKind = 'power' | 'energy' | 'percent' | 'hours' | 'money';

export interface ChartAxis {
  kind: ChartAxisKind;
  /** The unit the axis' numbers are in and its name: kW, MWh, %, h or a currency code. */
  unit: string;
  /** API value / factor = the number plotted. */
  factor: number;
  decimals: number;
  keys: ChartSeriesKey[];
}

export interface ChartOptionInput {
  data: ChartData;
  /** Each series' translated name. */
  labels: Readonly<Partial<Record<ChartSeriesKey, string>>>;
  /** Only these series, in the answer's order (all when not given). */
  keys?: readonly ChartSeriesKey[];
  /** Interface language, for the tooltip's numbers. */
  language: string;
  /** The user asks for reduced motion: the chart is drawn without animation. */
  reducedMotion: boolean;
}

/** Colours per flow, the same on every chart and in the power flow. */
export const seriesColors: Record<ChartSeriesKey, string> = {
  pv_w: '#f59e0b',
  pv_kwh: '#f59e0b',
  load_w: '#3b82f6',
  consumption_kwh: '#3b82f6',
  grid_w: '#64748b',
  import_kwh: '#64748b',
  export_kwh: '#a78bfa',
  battery_w: '#10b981',
  charge_kwh: '#10b981',
  discharge_kwh: '#047857',
  ev_w: '#0ea5e9',
  ev_kwh: '#0ea5e9',
  generator_w: '#a16207',
  generator_kwh: '#a16207',
  soc_pct: '#16a34a',
  yield_h: '#ea580c',
  income: '#0f766e',
};

function axisKindOf(unit: string): ChartAxisKind {
  switch (unit) {
    case 'W':
      return 'power';
    case 'kWh':
      return 'energy';
    case '%':
      return 'percent';
    case 'h':
      return 'hours';
    default:
      return 'money';
  }
}

function scaledUnit(scale: Scale<string>, largest: number) {
  const { unit } = scaleByThresholds(largest, scale);
  const step = scale.find((candidate) => candidate.unit === unit) ?? scale[0];
  return { unit: step.unit, factor: step.factor, decimals: step.decimals };
}

/** The series the chart shows, with their column in the rows. */
export function shownSeries(data: ChartData, keys?: readonly ChartSeriesKey[]) {
  return data.series
    .map((series, column) => ({ ...series, column }))
    .filter((series) => !keys || keys.includes(series.key));
}

/** The axes the shown series need, in the order of their first series; SOC's is always last. */
export function chartAxes(data: ChartData, keys?: readonly ChartSeriesKey[]): ChartAxis[] {
  const axes: ChartAxis[] = [];
  const series = shownSeries(data, keys);
  for (const one of series) {
    const kind = axisKindOf(one.unit);
    const axis = axes.find((known) => known.kind === kind);
    if (axis) axis.keys.push(one.key);
    else
      axes.push({
        kind,
        unit: one.unit,
        factor: 1,
        decimals: kind === 'percent' ? 1 : 2,
        keys: [one.key],
      });
  }
  for (const axis of axes) {
    if (axis.kind !== 'power' && axis.kind !== 'energy') continue;
    let largest = 0;
    for (const one of series) {
      if (!axis.keys.includes(one.key)) continue;
      for (const row of data.rows) largest = Math.max(largest, Math.abs(row.values[one.column] ?? 0));
    }
    Object.assign(axis, scaledUnit(axis.kind === 'power' ? powerScale : energyScale, largest));
  }
  // SOC reads against its whole scale on the right, whatever came first.
  axes.sort((a, b) => Number(a.kind === 'percent') - Number(b.kind === 'percent'));
  return axes;
}

/** A value in its axis' unit; null (no data) stays a gap. */
export function axisValue(axis: ChartAxis, value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Number((value / axis.factor).toFixed(axis.decimals + 2));
}

/** A value as the tooltip shows it, with its unit. */
export function axisValueText(axis: ChartAxis, value: number | null | undefined, language: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return GAP_TEXT;
  const scaled = value / axis.factor;
  if (axis.kind === 'money') {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency: axis.unit }).format(scaled);
    } catch {
      return `${scaled.toFixed(2)} ${axis.unit}`;
    }
  }
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: axis.decimals,
    maximumFractionDigits: axis.decimals,
  }).format(scaled);
  return `${number} ${axis.unit}`;
}

/** Whether any shown series has a value: without one the screen says "no data", not an empty chart. */
export function hasChartValues(data: ChartData, keys?: readonly ChartSeriesKey[]): boolean {
  const columns = shownSeries(data, keys).map((series) => series.column);
  return data.rows.some((row) => columns.some((column) => typeof row.values[column] === 'number'));
}

/** Room each y-axis after the first takes on the right. */
const AXIS_WIDTH_PX = 56;

interface TooltipParam {
  dataIndex: number;
  seriesIndex: number;
  marker: string;
}

export function stationChartOption(input: ChartOptionInput): EChartsCoreOption {
  const { data, labels, keys, language, reducedMotion } = input;
  const series = shownSeries(data, keys);
  const axes = chartAxes(data, keys);
  const axisOf = (key: ChartSeriesKey) => axes.find((axis) => axis.keys.includes(key)) ?? axes[0];
  const hasBars = series.some((one) => one.kind === 'bar');
  const dense = data.rows.length > 48;
  const nameOf = (key: ChartSeriesKey) => labels[key] ?? key;

  const tooltipFormatter = (params: unknown) => {
    const items = params as TooltipParam[];
    const first = items[0];
    if (!first) return '';
    const row = data.rows[first.dataIndex];
    if (!row) return '';
    const lines = items.map((item) => {
      const one = series[item.seriesIndex];
      if (!one) return '';
      const axis = axisOf(one.key);
      const text = axis ? axisValueText(axis, row.values[one.column], language) : GAP_TEXT;
      return `${item.marker}${escapeHtml(nameOf(one.key))}: <b>${escapeHtml(text)}</b>`;
    });
    return [escapeHtml(row.label), ...lines].join('<br/>');
  };

  return {
    ...chartAnimation(reducedMotion),
    color: series.map((one) => seriesColors[one.key]),
    legend: { type: 'scroll', top: 0 },
    // The plot shrinks to keep its axis labels and names inside the canvas, however narrow.
    grid: {
      left: 8,
      right: 8,
      top: 56,
      bottom: dense ? 40 : 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    xAxis: {
      type: 'category',
      data: data.rows.map((row) => row.label),
      boundaryGap: hasBars,
      axisLabel: { hideOverlap: true },
    },
    yAxis: axes.map((axis, index) => ({
      type: 'value',
      name: axis.unit,
      position: index === 0 ? 'left' : 'right',
      offset: index <= 1 ? 0 : (index - 1) * AXIS_WIDTH_PX,
      ...(axis.kind === 'percent' ? { min: 0, max: 100 } : { alignTicks: index > 0 }),
      axisLine: { show: index > 0 },
      splitLine: { show: index === 0 },
    })),
    dataZoom: dense
      ? [
          { type: 'inside', filterMode: 'none' },
          { type: 'slider', filterMode: 'none', height: 18, bottom: 8 },
        ]
      : [],
    series: series.map((one) => {
      const axis = axisOf(one.key);
      const values = data.rows.map((row) => (axis ? axisValue(axis, row.values[one.column]) : null));
      const common = {
        id: one.key,
        name: nameOf(one.key),
        yAxisIndex: axis ? axes.indexOf(axis) : 0,
        data: values,
        itemStyle: { color: seriesColors[one.key] },
      };
      if (one.kind === 'bar') return { ...common, type: 'bar', barMaxWidth: 28 };
      return {
        ...common,
        type: 'line',
        connectNulls: false,
        // Markers only where there are few points: a single value would be invisible without.
        showSymbol: !dense,
        symbolSize: 5,
        lineStyle: { width: 2, ...(one.key === 'soc_pct' ? { type: 'dashed' } : {}) },
        ...(one.key === 'pv_w' ? { areaStyle: { opacity: 0.12 } } : {}),
      };
    }),
  };
}
