import type { ChartData } from '@helio/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisValueText,
  chartAxes,
  hasChartValues,
  stationChartOption,
} from '../src/features/stations/lib/chart-option.ts';

function dayChart(): ChartData {
  return {
    station_id: 3,
    timezone: 'Europe/Warsaw',
    unit: 'day',
    date: '2024-05-10',
    resolution: 'five_minutes',
    currency: 'PLN',
    series: [
      { key: 'pv_w', unit: 'W', kind: 'line' },
      { key: 'grid_w', unit: 'W', kind: 'line' },
      { key: 'soc_pct', unit: '%', kind: 'line' },
    ],
    rows: [
      { period: '2024-05-10T10:00:00Z', label: '12:00', values: [4200, -1500, 55] },
      { period: '2024-05-10T10:05:00Z', label: '12:05', values: [null, null, null] },
      { period: '2024-05-10T10:10:00Z', label: '12:10', values: [4300, -1620.5, 56.5] },
    ],
  };
}

function monthChart(): ChartData {
  return {
    station_id: 3,
    timezone: 'Europe/Warsaw',
    unit: 'month',
    date: '2024-05',
    resolution: 'day',
    currency: 'PLN',
    series: [
      { key: 'pv_kwh', unit: 'kWh', kind: 'bar' },
      { key: 'consumption_kwh', unit: 'kWh', kind: 'bar' },
      { key: 'income', unit: 'PLN', kind: 'bar' },
    ],
    rows: [
      { period: '2024-05-01', label: '2024-05-01', values: [12_000, 8_000.5, 10_200] },
      { period: '2024-05-02', label: '2024-05-02', values: [null, null, null] },
    ],
  };
}

type Series = {
  id: string;
  type: string;
  data: (number | null)[];
  yAxisIndex: number;
  connectNulls?: boolean;
};
type Axis = { name: string; position: string; min?: number; max?: number };

const labels = { pv_w: 'PV', grid_w: 'Grid', soc_pct: 'SOC', pv_kwh: 'PV energy', income: 'Income' };

describe('station chart option', () => {
  it('draws a day as lines with gaps, not zeros, power in kW and SOC on a 0–100 % axis on the right', () => {
    const option = stationChartOption({ data: dayChart(), labels, language: 'en', reducedMotion: false });
    const series = option.series as Series[];
    const yAxis = option.yAxis as Axis[];
    expect(series.map((one) => one.type)).toEqual(['line', 'line', 'line']);
    expect(series.every((one) => one.connectNulls === false)).toBe(true);
    expect(series[0]?.data).toEqual([4.2, null, 4.3]);
    expect(series[1]?.data).toEqual([-1.5, null, -1.6205]);
    expect(series[2]?.data).toEqual([55, null, 56.5]);
    expect(yAxis.map((axis) => axis.name)).toEqual(['kW', '%']);
    expect(yAxis[1]).toMatchObject({ position: 'right', min: 0, max: 100 });
    expect(series[2]?.yAxisIndex).toBe(1);
    expect((option.xAxis as { data: string[] }).data).toEqual(['12:00', '12:05', '12:10']);
    expect((option.legend as object) && series.map((one) => one.id)).toEqual(['pv_w', 'grid_w', 'soc_pct']);
  });

  it('draws periods as bars, energy in the unit its largest value reads best in, money on its own axis', () => {
    const option = stationChartOption({ data: monthChart(), labels, language: 'en', reducedMotion: false });
    const series = option.series as Series[];
    const yAxis = option.yAxis as Axis[];
    expect(series.map((one) => one.type)).toEqual(['bar', 'bar', 'bar']);
    expect(yAxis.map((axis) => axis.name)).toEqual(['MWh', 'PLN']);
    expect(series[0]?.data).toEqual([12, null]);
    expect(series[2]?.data).toEqual([10_200, null]);
    expect(series[2]?.yAxisIndex).toBe(1);
    expect((option.xAxis as { boundaryGap: boolean }).boundaryGap).toBe(true);
  });

  it('animates its drawing, unless the user asks for reduced motion', () => {
    const moving = stationChartOption({ data: dayChart(), labels, language: 'en', reducedMotion: false });
    expect(moving.animation).toBe(true);
    expect(moving.animationDuration).toBeGreaterThan(0);
    const still = stationChartOption({ data: dayChart(), labels, language: 'en', reducedMotion: true });
    expect(still.animation).toBe(false);
    expect(still.animationDuration).toBeUndefined();
  });

  it('shows only the series asked for', () => {
    const option = stationChartOption({
      data: dayChart(),
      labels,
      keys: ['soc_pct'],
      language: 'en',
      reducedMotion: false,
    });
    const series = option.series as Series[];
    expect(series.map((one) => one.id)).toEqual(['soc_pct']);
    expect(series[0]?.yAxisIndex).toBe(0);
    expect(chartAxes(dayChart(), ['grid_w']).map((axis) => axis.unit)).toEqual(['kW']);
  });

  it('keeps watts below 1 kW in kW, as the display rules say', () => {
    const data = dayChart();
    data.rows = data.rows.map((row) => ({ ...row, values: [120, null, 50] }));
    expect(chartAxes(data)[0]).toMatchObject({ unit: 'kW', factor: 1000 });
  });

  it('tells a chart with values from one without', () => {
    expect(hasChartValues(dayChart())).toBe(true);
    const empty = dayChart();
    empty.rows = empty.rows.map((row) => ({ ...row, values: [null, null, null] }));
    expect(hasChartValues(empty)).toBe(false);
    expect(hasChartValues({ ...dayChart(), rows: [] })).toBe(false);
    expect(hasChartValues(dayChart(), ['pv_kwh'])).toBe(false);
  });

  it('writes tooltip values with their unit, a gap as --', () => {
    const [energy, money] = chartAxes(monthChart());
    if (!energy || !money) throw new Error('axes missing');
    expect(axisValueText(energy, 12_345, 'en')).toBe('12.35 MWh');
    expect(axisValueText(energy, null, 'en')).toBe('--');
    expect(axisValueText(money, 10.5, 'en')).toMatch(/^PLN\s10\.50$/);
  });

  it('formats the tooltip of a row from the raw values', () => {
    const option = stationChartOption({ data: dayChart(), labels, language: 'en', reducedMotion: false });
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const text = formatter([
      { dataIndex: 0, seriesIndex: 0, marker: '' },
      { dataIndex: 0, seriesIndex: 2, marker: '' },
    ]);
    expect(text).toBe('12:00<br/>PV: <b>4.20 kW</b><br/>SOC: <b>55.0 %</b>');
    const gap = formatter([{ dataIndex: 1, seriesIndex: 1, marker: '' }]);
    expect(gap).toBe('12:05<br/>Grid: <b>--</b>');
  });
});
