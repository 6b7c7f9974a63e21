import type { PassThrough } from 'node:stream';
import { type AlarmItem, alarm, type CallData, type Language, type TimeRange } from '@helio/contracts';
import ExcelJS from 'exceljs';
import type { Caller } from '../../core/caller.ts';
import type { Downloads, DownloadWriter } from '../../platform/downloads.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import { alarmTexts, faultTextFor, localTime } from './alarm-texts.ts';
import type { AlarmFilter, AlarmSort, AlarmsRepository } from './repository.ts';

/**
 * The alarm export (README.md "Alarms and messages"). `api/alarm/export` checks the caller and the
 * filter exactly as the list does and answers a single-use download ticket (platform/downloads.ts);
 * the GET with the ticket streams the .xlsx (exceljs' streaming writer, a page of rows at a time),
 * read with the caller's scope as it is at download time.
 */

const PAGE_ROWS = 2000;

interface TicketParams {
  filter: Omit<AlarmFilter, 'range'> & { range?: TimeRange };
  sort: AlarmSort;
  language: Language;
  rows: number;
}

export function alarmExport(
  repo: AlarmsRepository,
  tenancy: Pick<Tenancy, 'seen'>,
  downloads: Downloads,
  now: () => Date = () => new Date(),
) {
  async function writeWorkbook(out: PassThrough, caller: Caller, params: TicketParams): Promise<void> {
    const texts = alarmTexts[params.language];
    const faultText = await faultTextFor(params.language);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    const h = texts.headings;
    sheet.columns = [
      { header: h.station, key: 'station', width: 24 },
      { header: h.sn, key: 'sn', width: 20 },
      { header: h.deviceType, key: 'deviceType', width: 18 },
      { header: h.code, key: 'code', width: 8 },
      { header: h.fault, key: 'fault', width: 30 },
      { header: h.severity, key: 'severity', width: 14 },
      { header: h.part, key: 'part', width: 10 },
      { header: h.state, key: 'state', width: 12 },
      { header: h.raisedAt, key: 'raisedAt', width: 20 },
      { header: h.clearedAt, key: 'clearedAt', width: 20 },
      { header: h.acquiredAt, key: 'acquiredAt', width: 20 },
      { header: h.timezone, key: 'timezone', width: 18 },
      { header: h.processing, key: 'processing', width: 14 },
      { header: h.opinion, key: 'opinion', width: 40 },
      { header: h.processedBy, key: 'processedBy', width: 18 },
      { header: h.processedAt, key: 'processedAt', width: 20 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const row = (item: AlarmItem) => ({
      station: item.station_name,
      sn: item.sn,
      deviceType: texts.deviceType[item.device_type],
      code: item.code,
      fault: faultText(item.code).name,
      severity: texts.severity[item.severity],
      part: item.part ?? '',
      state: texts.state[item.state],
      raisedAt: localTime(item.raised_at, item.timezone),
      clearedAt: item.cleared_at ? localTime(item.cleared_at, item.timezone) : '',
      acquiredAt: localTime(item.acquired_at, item.timezone),
      timezone: item.timezone,
      processing: texts.processing[item.processing_state],
      opinion: item.opinion ?? '',
      processedBy: item.processed_by_name ?? '',
      processedAt: item.processed_at ? localTime(item.processed_at, item.timezone) : '',
    });
    for (let offset = 0; offset < params.rows; offset += PAGE_ROWS) {
      const page = await repo.exportPage(
        tenancy.seen(caller),
        params.filter,
        params.sort,
        offset,
        Math.min(PAGE_ROWS, params.rows - offset),
      );
      for (const item of page) sheet.addRow(row(item)).commit();
      if (page.length < PAGE_ROWS) break;
    }
    sheet.commit();
    await workbook.commit();
  }

  downloads.register('alarm_export', writeWorkbook as DownloadWriter);

  return {
    /** Checks nothing itself: the service gives the checked filter. Answers the ticket's address. */
    async createTicket(
      caller: Caller,
      filter: AlarmFilter,
      sort: AlarmSort,
      language: Language,
    ): Promise<CallData<typeof alarm.exportList>> {
      const matching = await repo.count(tenancy.seen(caller), filter);
      const rows = Math.min(matching, alarm.MAX_EXPORT_ROWS);
      const fileName = `alarms-${now().toISOString().slice(0, 10)}.xlsx`;
      const params: TicketParams = { filter, sort, language, rows };
      const ticket = await downloads.issue(caller, 'alarm_export', params, fileName);
      return { ...ticket, rows, truncated: matching > rows };
    },
  };
}

export type AlarmExport = ReturnType<typeof alarmExport>;
