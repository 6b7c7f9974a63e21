import { z } from 'zod';
import { isRangeDate } from '../../energy.ts';
import { EmsRange, emsRangeUnit, type RangeUnit, StationRange, stationRangeUnit } from '../../enums.ts';
import { languages } from '../../i18n.ts';
import { formId, optionalField } from '../../validation/common.ts';
import { defineCall } from '../call.ts';

/**
 * The station charts (SPEC.md §3–4, §7 "Chart and income"). Each takes `{station_id, type, date}`
 * with the date in the selector's format for the type (station charts 1 day, 2 week, 3 month,
 * 4 year, 5 total; energy-management charts 1 day, 2 month, 3 year, 4 total). A day is power
 * curves at 5-minute resolution (with SOC); a week and a month are daily bars, a year monthly
 * bars, the total yearly bars, all read from the energy aggregates in the station's time zone.
 * A bucket without data is null (a gap), never 0. With `export: 1` the call answers a single-use
 * download address of an .xlsx holding the same numbers.
 */

export const chartSeriesKeys = [
  'pv_w',
  'load_w',
  'grid_w',
  'battery_w',
  'ev_w',
  'generator_w',
  'soc_pct',
  'pv_kwh',
  'consumption_kwh',
  'import_kwh',
  'export_kwh',
  'charge_kwh',
  'discharge_kwh',
  'ev_kwh',
  'generator_kwh',
  'yield_h',
  'income',
] as const;
export type ChartSeriesKey = (typeof chartSeriesKeys)[number];

export const chartData = z.object({
  station_id: z.number().int(),
  timezone: z.string(),
  unit: z.enum(['day', 'week', 'month', 'year', 'total']),
  /** The date asked for, normalised (a week: its Monday); null for total. */
  date: z.string().nullable(),
  resolution: z.enum(['five_minutes', 'hour', 'day', 'month', 'year']),
  /** The currency of `income` series. */
  currency: z.string(),
  series: z.array(
    z.object({
      key: z.enum(chartSeriesKeys),
      /** W, %, kWh, h (kWh per kWp) or the currency code. */
      unit: z.string(),
      kind: z.enum(['line', 'bar']),
    }),
  ),
  rows: z.array(
    z.object({
      /** Start of the bucket: an ISO instant for five minutes and hours, else YYYY-MM-DD, YYYY-MM or YYYY. */
      period: z.string(),
      /** The bucket as the chart's axis names it, in the station's time: HH:mm, YYYY-MM-DD, YYYY-MM or YYYY. */
      label: z.string(),
      /** One value per series, in the order of `series`; null = no data. */
      values: z.array(z.number().nullable()),
    }),
  ),
});
export type ChartData = z.infer<typeof chartData>;

export const chartDownload = z.object({
  download_url: z.string().describe('GET address of the file; works once, until expires_at'),
  file_name: z.string(),
  expires_at: z.string(),
});
export type ChartDownload = z.infer<typeof chartDownload>;

function chartBody(types: readonly number[], unitOf: (type: number) => RangeUnit) {
  return z
    .object({
      station_id: formId,
      type: z.coerce
        .number({ error: 'validation.rangeType' })
        .int({ error: 'validation.rangeType' })
        .refine((value) => types.includes(value), { error: 'validation.rangeType' }),
      date: optionalField(z.string().trim().max(10)).describe(
        'day and week YYYY-MM-DD, month YYYY-MM, year YYYY; none for total',
      ),
      export: optionalField(z.coerce.number().int().min(0).max(1)).describe(
        '1: answer the address of an .xlsx export instead of the chart',
      ),
      language: optionalField(z.enum(languages)).describe(
        'Language of the export’s headings; the Lang header by default',
      ),
    })
    .superRefine((body, ctx) => {
      if (!types.includes(body.type)) return;
      if (!isRangeDate(unitOf(body.type), body.date))
        ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.chartDate' });
    });
}

const stationTypes = Object.values(StationRange);
const emsTypes = Object.values(EmsRange);
const stationChartBody = chartBody(stationTypes, (type) => stationRangeUnit(type as StationRange));
const emsChartBody = chartBody(emsTypes, (type) => emsRangeUnit(type as EmsRange));
const answer = z.union([chartData, chartDownload]);

function chartCall(path: string, summary: string, body: typeof stationChartBody) {
  return defineCall({
    path,
    summary,
    domain: 'chart',
    access: 'user',
    kind: 'read',
    body,
    data: answer,
  });
}

export const chart = chartCall(
  'api/station/chart',
  'A station’s powers (day: 5-minute curves of PV, home, grid, battery, wallbox, generator and SOC) or energy by flow (week, month, year, total bars)',
  stationChartBody,
);

export const chartStation = chartCall(
  'api/station/chart/station',
  'A station’s PV yield: the day’s PV power curve, or PV energy and yield per kWp as bars',
  stationChartBody,
);

export const income = chartCall(
  'api/station/income',
  'A station’s income (PV energy × unit price): hourly bars for a day, daily, monthly or yearly bars otherwise',
  stationChartBody,
);

export const storageChart = chartCall(
  'api/station/storage/chart/electric',
  'A station’s batteries: battery power and SOC curves for a day, charged and discharged energy as bars',
  stationChartBody,
);

export const emsStationChart = chartCall(
  'cml/ems/stationChart',
  'An EMS 5000 station’s energy-management chart (types 1 day, 2 month, 3 year, 4 total): PVS, PCS, grid, generator and load powers with SOC, or energy by flow',
  emsChartBody,
);

export const emsStorageChart = chartCall(
  'api/station/ems/storageChart',
  'An EMS 5000 station’s storage chart (types 1 day, 2 month, 3 year, 4 total): grid, load and PCS powers with SOC, or grid import and export against battery charge and discharge',
  emsChartBody,
);

/**
 * The six charts by name, one call each: the names the web's chart tabs (and their address,
 * `?chart=`) and the server's chart builder and export use for them.
 */
export const chartKinds = ['station', 'yield', 'income', 'battery', 'ems', 'emsStorage'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** The call of each chart. */
export const chartCallOf: Record<ChartKind, typeof chart> = {
  station: chart,
  yield: chartStation,
  income,
  battery: storageChart,
  ems: emsStationChart,
  emsStorage: emsStorageChart,
};

/** The unit of a chart call's range `type`: the EMS 5000 charts number their ranges apart. */
export function chartRangeUnit(kind: ChartKind, type: number): RangeUnit {
  return kind === 'ems' || kind === 'emsStorage'
    ? emsRangeUnit(type as EmsRange)
    : stationRangeUnit(type as StationRange);
}

/** Whether a chart answer is the export's download address. */
export function isChartDownload(data: ChartData | ChartDownload): data is ChartDownload {
  return 'download_url' in data;
}
