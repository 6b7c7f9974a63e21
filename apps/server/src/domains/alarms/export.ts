import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  type AlarmItem,
  alarm,
  type CallData,
  DEMO_USER_ID,
  type Language,
  type TimeRange,
} from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../http/calls.ts';
import { alarmTexts, faultTextFor, localTime } from './alarm-texts.ts';
import type { AlarmFilter, AlarmSort, AlarmsRepository } from './repository.ts';

/**
 * The alarm export (README.md "Alarms and messages"). `api/alarm/export` checks the caller and the
 * filter exactly as the list does and answers a single-use ticket valid for a minute; a GET with
 * the ticket streams the .xlsx (exceljs' streaming writer, a page of rows at a time). A browser
 * download cannot send the Token header, so the unguessable ticket is the capability; it is kept
 * hashed, works once, and the file is read with the caller's scope as it is at download time.
 */

export const EXPORT_TICKET_TTL_MS = 60_000;
const PAGE_ROWS = 2000;
const TICKET = /^[A-Za-z0-9_-]{43}$/;

interface TicketParams {
  filter: Omit<AlarmFilter, 'range'> & { range?: TimeRange };
  sort: AlarmSort;
  language: Language;
  fileName: string;
  rows: number;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function alarmExport(
  db: Database,
  repo: AlarmsRepository,
  options: { apiBase: string; prefix: string; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());

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
        caller,
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

  return {
    /** Checks nothing itself: the service gives the checked filter. Answers the ticket's address. */
    async createTicket(
      caller: Caller,
      filter: AlarmFilter,
      sort: AlarmSort,
      language: Language,
    ): Promise<CallData<typeof alarm.exportList>> {
      const matching = await repo.count(caller, filter);
      const rows = Math.min(matching, alarm.MAX_EXPORT_ROWS);
      const ticket = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + EXPORT_TICKET_TTL_MS);
      const fileName = `alarms-${at.toISOString().slice(0, 10)}.xlsx`;
      const params: TicketParams = { filter, sort, language, fileName, rows };
      await db.execute(
        sql`insert into download_tickets (ticket_hash, user_id, kind, params, created_at, expires_at)
            values (${hashTicket(ticket)}, ${caller.userId}, 'alarm_export', ${JSON.stringify(params)}::jsonb,
                    ${at.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)`,
      );
      // tickets of others that ran out are not needed any more
      await db.execute(
        sql`delete from download_tickets where expires_at < ${at.toISOString()}::timestamptz - interval '1 day'`,
      );
      return {
        download_url: `${options.apiBase}downloads/${ticket}`,
        file_name: fileName,
        expires_at: expiresAt.toISOString(),
        rows,
        truncated: matching > rows,
      };
    },

    /** `GET {base}downloads/<ticket>`: the file, once; 404 for an unknown, used or expired ticket. */
    route(app: FastifyInstance): void {
      app.get<{ Params: { ticket: string } }>(
        `${options.prefix}downloads/:ticket`,
        async (request, reply) => {
          const { ticket } = request.params;
          const refuse = () =>
            reply
              .status(404)
              .header('cache-control', 'no-store')
              .type('text/plain')
              .send('Not found or expired');
          if (!TICKET.test(ticket)) return refuse();
          const [claimed] = await queryRows<{
            user_id: number;
            params: TicketParams;
            role_id: number;
            installer_level: number | null;
          }>(
            db,
            sql`update download_tickets t set used_at = now()
              from users u
              where t.ticket_hash = ${hashTicket(ticket)} and t.used_at is null and t.expires_at > now()
                and u.user_id = t.user_id
              returning t.user_id, t.params, u.role_id, u.installer_level`,
          );
          if (!claimed) return refuse();
          const caller: Caller = {
            userId: claimed.user_id,
            roleId: claimed.role_id,
            installerLevel: claimed.installer_level,
            sessionId: 0,
            isDemo: claimed.user_id === DEMO_USER_ID,
          };
          const out = new PassThrough();
          writeWorkbook(out, caller, claimed.params).catch((error: unknown) => {
            request.log.error({ err: error }, 'alarm export failed');
            out.destroy(error as Error);
          });
          return reply
            .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header('content-disposition', `attachment; filename="${claimed.params.fileName}"`)
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            .send(out);
        },
      );
    },
  };
}

export type AlarmExport = ReturnType<typeof alarmExport>;
