import { GAP_TEXT, localClock, utcOffsetMs } from '@helio/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { chartAnimation } from '../../../components/charts/motion.ts';
import { escapeHtml } from '../../../lib/html.ts';
import { axisNumber, axisOf, axisText, type HistoryPoint, historyAxes } from './history-axes.ts';
import { formatInZone, formatZonedDateTime } from './zoned-time.ts';

/**
 * The echarts option of a device history chart, as a pure function of the answer (so it is
 * tested without a canvas): a line per field on a time axis over the whole range, one y-axis per
 * unit (the first on the left, the others on the right), zoom by wheel and slider, a tooltip with
 * every value at the pointer, and LTTB sampling so a long range keeps its peaks when it has more
 * points than pixels.
 *
 * echarts places time ticks by the browser's clock or by UTC only. To put them on the station's
 * midnights and hours wherever the browser is, the chart runs in UTC and each time is plotted as
 * the station's wall clock read as UTC (`wallClockMs`). The autumn hour that clocks repeat is then
 * drawn twice over, as a wall clock shows it.
 */

export interface HistoryChartInput {
  points: readonly HistoryPoint[];
  fields: readonly string[];
  /** Each field's translated label. */
  labels: Readonly<Record<string, string>>;
  /** The range asked for, ms since 1970: the time axis spans it even where readings are missing. */
  from: number;
  to: number;
  zone: string;
  language: string;
  /** The user asks for reduced motion: the chart is drawn without animation. */
  reducedMotion: boolean;
}

/** Room each y-axis after the first takes on the right. */
const AXIS_WIDTH_PX = 64;

const DAY_MS = 86_400_000;

/**
 * A label of the time axis in `zone`: the time of day over a range of up to two days, else the
 * date (with the time when the tick is not at midnight).
 */
function formatAxisTime(epochMs: number, zone: string, language: string, spanMs: number): string {
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  if (spanMs <= 2 * DAY_MS) return formatInZone(epochMs, zone, language, time);
  const date = { month: '2-digit', day: '2-digit' } as const;
  const midnight = localClock(epochMs, zone) === '00:00';
  return formatInZone(epochMs, zone, language, midnight ? date : { ...date, ...time });
}

/** An instant as the station's wall clock read as UTC: what the chart plots. */
export function wallClockMs(epochMs: number, zone: string): number {
  return epochMs + utcOffsetMs(epochMs, zone);
}

interface TooltipParam {
  seriesIndex: number;
  marker: string;
  value: [number, number | null];
}

export function historyChartOption(input: HistoryChartInput): EChartsCoreOption {
  const { points, fields, labels, from, to, zone, language, reducedMotion } = input;
  const axes = historyAxes(fields, points);
  const times = points.map((point) => wallClockMs(Date.parse(point.ts), zone));
  const labelOf = (field: string) => labels[field] ?? field;
  const rightAxes = Math.max(0, axes.length - 1);

  const tooltipFormatter = (params: unknown) => {
    const rows = params as TooltipParam[];
    const first = rows[0];
    if (!first) return '';
    const lines = rows.map((row) => {
      const field = fields[row.seriesIndex] ?? '';
      const axis = axisOf(axes, field);
      // The plotted number is already in the axis unit.
      const value = axis ? axisText({ ...axis, factor: 1 }, row.value[1]) : GAP_TEXT;
      const unit = axis?.unit && row.value[1] !== null ? ` ${axis.unit}` : '';
      return `${row.marker}${escapeHtml(labelOf(field))}: <b>${escapeHtml(value + unit)}</b>`;
    });
    return [escapeHtml(formatZonedDateTime(first.value[0], 'UTC', language)), ...lines].join('<br/>');
  };

  return {
    ...chartAnimation(reducedMotion),
    useUTC: true,
    legend: { type: 'scroll', top: 0 },
    grid: { left: 64, right: 24 + rightAxes * AXIS_WIDTH_PX, top: 48, bottom: 72 },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    xAxis: {
      type: 'time',
      min: wallClockMs(from, zone),
      max: wallClockMs(to, zone),
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => formatAxisTime(value, 'UTC', language, to - from),
      },
    },
    yAxis: axes.map((axis, index) => ({
      type: 'value',
      name: axis.unit,
      position: index === 0 ? 'left' : 'right',
      offset: index <= 1 ? 0 : (index - 1) * AXIS_WIDTH_PX,
      // A percentage (SOC, SOH) reads against its whole scale; other axes share the first's grid lines.
      ...(axis.kind === 'percent' ? { min: 0, max: 100 } : { alignTicks: index > 0 }),
      axisLine: { show: index > 0 },
      splitLine: { show: index === 0 },
    })),
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', filterMode: 'none', height: 20, bottom: 12 },
    ],
    series: fields.map((field) => {
      const axis = axisOf(axes, field);
      return {
        type: 'line',
        name: labelOf(field),
        yAxisIndex: axis ? axes.indexOf(axis) : 0,
        sampling: 'lttb',
        // Markers only where there are few points: a single reading would be invisible without.
        showSymbol: points.length <= 48,
        symbolSize: 5,
        connectNulls: false,
        data: points.map((point, index) => [
          times[index],
          axis ? axisNumber(axis, point.values[field]) : null,
        ]),
      };
    }),
  };
}
