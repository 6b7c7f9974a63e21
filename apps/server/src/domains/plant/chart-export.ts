import type { PassThrough } from 'node:stream';
import { type ChartData, type Language, localClock, localDate } from '@helio/contracts';
import ExcelJS from 'exceljs';
import type { Caller } from '../../core/caller.ts';
import type { Downloads, DownloadWriter } from '../../platform/downloads.ts';
import { chartTexts } from './chart-texts.ts';
import type { ChartRequest } from './charts.ts';

/**
 * The charts' .xlsx export: the very numbers of the chart's answer, one row per bucket and one
 * column per series with its unit, under a header naming the station, the range and its time
 * zone. Built again at download time with the caller's rights then.
 */

export interface ChartExportParams extends ChartRequest {
  stationId: number;
  language: Language;
}

/** Builds the chart of a station the caller may see, as the call would answer it. */
export type ChartSource = (
  caller: Caller,
  stationId: number,
  request: ChartRequest,
) => Promise<{ data: ChartData; stationName: string }>;

/** One sheet of figures: a bold header of label/value lines, a blank line, bold headings, the rows. */
export interface FigureSheet {
  name: string;
  header: readonly (readonly [string, string])[];
  widths: readonly number[];
  headings: readonly string[];
  rows: Iterable<readonly (string | number | null)[]>;
}

/** Streams `sheet` to `out` as an .xlsx workbook (the charts' and the peak-valley usage's). */
export async function writeFigureSheet(out: PassThrough, figures: FigureSheet): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(figures.name);
  sheet.columns = figures.widths.map((width) => ({ width }));
  for (const line of figures.header) {
    const row = sheet.addRow([...line]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();
  const headings = sheet.addRow([...figures.headings]);
  headings.font = { bold: true };
  headings.commit();
  for (const row of figures.rows) sheet.addRow([...row]).commit();
  sheet.commit();
  await workbook.commit();
}

/** The header lines of an export: the station, the range, its time zone and when it was exported. */
export function exportHeader(
  language: Language,
  stationName: string,
  data: { unit: ChartData['unit']; date: string | null; timezone: string },
  atMs: number,
): [string, string][] {
  const texts = chartTexts[language];
  return [
    [texts.station, stationName],
    [texts.range, `${texts.unit[data.unit]}${data.date ? ` ${data.date}` : ''}`],
    [texts.timezone, data.timezone],
    [texts.exported, `${localDate(atMs, data.timezone)} ${localClock(atMs, data.timezone)}`],
  ];
}

export function chartExport(downloads: Downloads, source: ChartSource, now: () => Date = () => new Date()) {
  async function write(out: PassThrough, caller: Caller, params: ChartExportParams): Promise<void> {
    const { data, stationName } = await source(caller, params.stationId, params);
    const texts = chartTexts[params.language];
    await writeFigureSheet(out, {
      name: texts.sheet[params.kind],
      header: exportHeader(params.language, stationName, data, now().getTime()),
      widths: [22, ...data.series.map(() => 20)],
      headings: [
        data.resolution === 'five_minutes' || data.resolution === 'hour' ? texts.time : texts.date,
        ...data.series.map((series) => `${texts.series[series.key]} (${series.unit})`),
      ],
      rows: data.rows.map((row) => [row.label, ...row.values]),
    });
  }
  downloads.register('chart_export', write as DownloadWriter);

  return {
    /** The ticket of an export the call has checked. */
    async ticket(caller: Caller, params: ChartExportParams) {
      const fileName = `${params.kind}-${params.stationId}-${params.date ?? 'total'}.xlsx`
        .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
        .replace(/[^a-z0-9.-]/g, '-');
      return downloads.issue(caller, 'chart_export', params, fileName);
    },
  };
}
