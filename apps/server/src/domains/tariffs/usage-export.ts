import type { PassThrough } from 'node:stream';
import type { EmsRange, Language, TariffBand, UsageData, UsageSplit } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import type { Downloads, DownloadWriter } from '../../platform/downloads.ts';
import { exportHeader, writeFigureSheet } from '../plant/chart-export.ts';
import { chartTexts } from '../plant/chart-texts.ts';

/**
 * The peak-valley usage's .xlsx export: the numbers of the call's answer, one row per period and
 * band (and their total), under the charts' header (station, range, zone, when), with the charts'
 * names of the energy columns (plant/chart-texts.ts) and names of its own for bands and money.
 * Built again at download time with the caller's rights then.
 */

interface UsageTexts {
  sheet: string;
  band: string;
  bands: Record<TariffBand | 'total', string>;
  cost: string;
  feedIn: string;
  saving: string;
  totals: string;
}

const usageTexts: Record<Language, UsageTexts> = {
  en: {
    sheet: 'Peak-valley usage',
    band: 'Band',
    bands: { peak: 'Peak', shoulder: 'Shoulder', valley: 'Valley', total: 'Total' },
    cost: 'Cost',
    feedIn: 'Feed-in',
    saving: 'Saving',
    totals: 'All periods',
  },
  'zh-CN': {
    sheet: '峰谷用电',
    band: '时段',
    bands: { peak: '峰', shoulder: '平', valley: '谷', total: '合计' },
    cost: '电费',
    feedIn: '上网收益',
    saving: '节省',
    totals: '全部',
  },
  pl: {
    sheet: 'Zużycie w strefach',
    band: 'Strefa',
    bands: { peak: 'Szczyt', shoulder: 'Pozaszczyt', valley: 'Dolina', total: 'Razem' },
    cost: 'Koszt',
    feedIn: 'Sprzedaż do sieci',
    saving: 'Oszczędność',
    totals: 'Wszystkie okresy',
  },
  cs: {
    sheet: 'Spotřeba v pásmech',
    band: 'Pásmo',
    bands: { peak: 'Špička', shoulder: 'Střed', valley: 'Sedlo', total: 'Celkem' },
    cost: 'Náklady',
    feedIn: 'Dodávka do sítě',
    saving: 'Úspora',
    totals: 'Všechna období',
  },
  it: {
    sheet: 'Consumi per fascia',
    band: 'Fascia',
    bands: { peak: 'Punta', shoulder: 'Intermedia', valley: 'Fuori punta', total: 'Totale' },
    cost: 'Costo',
    feedIn: 'Immissione',
    saving: 'Risparmio',
    totals: 'Tutti i periodi',
  },
};

export interface UsageExportParams {
  stationId: number;
  type: EmsRange;
  date?: string;
  language: Language;
}

/** Builds the usage of a station the caller may see, as the call would answer it. */
export type UsageSource = (
  caller: Caller,
  params: UsageExportParams,
) => Promise<{ data: UsageData; stationName: string }>;

const energyColumns = [
  'pv_kwh',
  'consumption_kwh',
  'import_kwh',
  'export_kwh',
  'charge_kwh',
  'discharge_kwh',
] as const;
const lines = ['peak', 'shoulder', 'valley', 'total'] as const;

export function usageExport(downloads: Downloads, source: UsageSource, now: () => Date) {
  async function write(out: PassThrough, caller: Caller, params: UsageExportParams): Promise<void> {
    const { data, stationName } = await source(caller, params);
    const texts = chartTexts[params.language];
    const own = usageTexts[params.language];
    const splitRows = (period: string, split: UsageSplit) =>
      lines.map((line) => {
        const figures = split[line];
        return [
          period,
          own.bands[line],
          ...energyColumns.map((key) => figures?.[key] ?? null),
          figures?.cost ?? null,
          figures?.feed_in ?? null,
          figures?.saving ?? null,
        ];
      });
    await writeFigureSheet(out, {
      name: own.sheet,
      header: exportHeader(params.language, stationName, data, now().getTime()),
      widths: [16, 14, ...Array.from({ length: 9 }, () => 18)],
      headings: [
        texts.date,
        own.band,
        ...energyColumns.map((key) => `${texts.series[key]} (kWh)`),
        `${own.cost} (${data.currency})`,
        `${own.feedIn} (${data.currency})`,
        `${own.saving} (${data.currency})`,
      ],
      rows: [
        ...data.rows.flatMap((row) => splitRows(row.period, row)),
        ...splitRows(own.totals, data.totals),
      ],
    });
  }
  downloads.register('tariff_usage_export', write as DownloadWriter);

  return {
    /** The ticket of an export the call has checked. */
    ticket(caller: Caller, params: UsageExportParams) {
      const fileName = `peak-valley-${params.stationId}-${params.date ?? 'total'}.xlsx`;
      return downloads.issue(caller, 'tariff_usage_export', params, fileName);
    },
  };
}
