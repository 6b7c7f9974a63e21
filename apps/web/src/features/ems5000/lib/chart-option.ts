import type { EChartsCoreOption } from 'echarts/core';

/**
 * A part's day chart (api/ems5000/ex's history: five-minute means from the local day's first
 * instant): one line per field, one value axis per unit (powers in kW), times on a time axis.
 */

export interface DaySeries {
  field: string;
  values: readonly (number | null)[];
}

export interface ChartSeries {
  field: string;
  label: string;
  /** The unit the axis shows (W is drawn in kW). */
  unit: string;
}

/** What a field is drawn in: W as kW, the others in their own unit. */
export function drawnUnit(unit: string): { unit: string; factor: number } {
  return unit === 'W' ? { unit: 'kW', factor: 1000 } : { unit, factor: 1 };
}

export function dayChartOption(
  history: { start: string; step_s: number; series: readonly DaySeries[] },
  series: readonly ChartSeries[],
  timeText: (ms: number) => string,
): EChartsCoreOption {
  const start = Date.parse(history.start);
  const units = [...new Set(series.map((one) => drawnUnit(one.unit).unit))];
  return {
    animation: false,
    grid: { left: 56, right: units.length > 1 ? 56 : 24, top: 40, bottom: 40 },
    legend: { top: 0, data: series.map((one) => one.label) },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', axisLabel: { formatter: (value: number) => timeText(value) } },
    yAxis: units.map((unit, index) => ({
      type: 'value',
      name: unit,
      position: index % 2 === 0 ? 'left' : 'right',
      offset: index > 1 ? 48 * Math.floor(index / 2) : 0,
      // a share is drawn on its whole scale; other quantities around their values
      ...(unit === '%' ? { min: 0, max: 100 } : { scale: true }),
    })),
    series: series.map((one) => {
      const { unit, factor } = drawnUnit(one.unit);
      const values = history.series.find((line) => line.field === one.field)?.values ?? [];
      return {
        type: 'line',
        name: one.label,
        showSymbol: false,
        connectNulls: false,
        yAxisIndex: units.indexOf(unit),
        data: values.map((value, index) => [
          start + index * history.step_s * 1000,
          value === null ? null : value / factor,
        ]),
      };
    }),
  };
}

/** The lowest and highest of a line, undefined without a value. */
export function extremes(values: readonly (number | null)[]): { min: number; max: number } | undefined {
  const numbers = values.filter((value): value is number => value !== null);
  if (numbers.length === 0) return undefined;
  return { min: Math.min(...numbers), max: Math.max(...numbers) };
}
