import type { ChargingForecast, TariffBand } from '@helio/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/**
 * The forecast as a bar chart by station-local hour: the planned energy stacked as its PV part and
 * its grid part (the grid part coloured by the hour's tariff period), beside it the station's
 * expected PV; the departure's hour is marked on the axis.
 */

type Hour = ChargingForecast['hours'][number];

/** The colour of a grid hour by its period, the same as the legend's swatches (charging.css). */
export const bandColors: Record<TariffBand | 'none', string> = {
  valley: '#1677ff',
  shoulder: '#8c8c8c',
  peak: '#cf1322',
  none: '#595959',
};
const PV_COLOR = '#d4b106';
const EXPECTED_PV_COLOR = '#fadb8c';

export interface ForecastNames {
  fromPv: string;
  fromGrid: string;
  expectedPv: string;
  unit: string;
}

/** The hour holding the departure (the last one when it ends the forecast), -1 without a target. */
export function departureIndex(forecast: ChargingForecast): number {
  if (!forecast.target || forecast.hours.length === 0) return -1;
  const departs = Date.parse(forecast.target.departure_at);
  const index = forecast.hours.findIndex((hour, i) => {
    const next = forecast.hours[i + 1];
    return departs >= Date.parse(hour.start) && (!next || departs < Date.parse(next.start));
  });
  return index === -1 ? forecast.hours.length - 1 : index;
}

const round = (kwh: number) => Math.round(kwh * 100) / 100;
/** What the grid (or the battery) gives in an hour: the planned energy the PV does not cover. */
export const gridPart = (hour: Hour) => Math.max(0, hour.planned_kwh - hour.pv_kwh);

export function forecastOption(
  forecast: ChargingForecast,
  labels: readonly string[],
  names: ForecastNames,
): EChartsCoreOption {
  const departure = departureIndex(forecast);
  return {
    animation: false,
    // room above the axis for the legend, which wraps to two lines on a phone
    grid: { left: 48, right: 16, top: 64, bottom: 32 },
    legend: { top: 0, data: [names.fromPv, names.fromGrid, names.expectedPv] },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: labels,
      axisLabel: {
        formatter: (value: string, index: number) => (index === departure ? `{departure|${value}}` : value),
        rich: { departure: { fontWeight: 'bold', color: bandColors.peak } },
      },
    },
    yAxis: { type: 'value', name: names.unit, min: 0 },
    series: [
      {
        type: 'bar',
        name: names.fromPv,
        stack: 'planned',
        itemStyle: { color: PV_COLOR },
        data: forecast.hours.map((hour) => round(hour.pv_kwh)),
      },
      {
        type: 'bar',
        name: names.fromGrid,
        stack: 'planned',
        itemStyle: { color: bandColors.none },
        data: forecast.hours.map((hour) => ({
          value: round(gridPart(hour)),
          itemStyle: { color: bandColors[hour.band ?? 'none'] },
        })),
      },
      {
        type: 'bar',
        name: names.expectedPv,
        itemStyle: { color: EXPECTED_PV_COLOR },
        data: forecast.hours.map((hour) =>
          hour.expected_pv_kwh === null ? null : round(hour.expected_pv_kwh),
        ),
      },
    ],
  };
}
