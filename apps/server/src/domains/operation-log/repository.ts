import { type LogItem, message, type OperationAction, type Page, type TimeRange } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Caller } from '../../core/caller.ts';
import type { PageWindow } from '../../platform/search.ts';
import type { Scope } from '../tenancy/tenancy.ts';

/** Plain values only: the log never holds a secret, a password, a token or a code. */
export type LogDetail = Record<string, string | number | boolean | null>;

export interface LogEntry {
  userId: number;
  action: OperationAction;
  stationId?: number | null | undefined;
  target?: string | null | undefined;
  detail?: LogDetail | undefined;
  clientIp?: string | null | undefined;
}

export interface LogFilter {
  userId?: number | undefined;
  stationId?: number | undefined;
  action?: OperationAction | undefined;
  range?: TimeRange | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A line as stored is a line as answered. */
const logRow = z.object({
  log_id: column.int,
  user_id: column.int,
  user_name: column.text,
  action: message.logItem.shape.action,
  station_id: column.int.nullable(),
  target: column.text.nullable(),
  detail: message.logItem.shape.detail,
  client_ip: column.text.nullable(),
  created_at: column.isoInstant,
}) satisfies z.ZodType<LogItem>;
const total = z.object({ total: column.int });

/**
 * The operation log (README.md "Alarms and messages"): who did what, when and from where. Domains
 * record through `record` (or `recordBy` with the caller); a line is seen by the account that acted
 * and the installers above it (the scope the service gives `list`). All its SQL.
 */
export function operationLog(db: Database) {
  async function record(entry: LogEntry): Promise<void> {
    await db.execute(
      sql`insert into operation_log (user_id, action, station_id, target, detail, client_ip)
          values (${entry.userId}, ${entry.action}, ${entry.stationId ?? null}, ${entry.target?.slice(0, 300) ?? null},
                  ${JSON.stringify(entry.detail ?? {})}::jsonb, ${entry.clientIp ?? null})`,
    );
  }

  return {
    record,
    /** Records an act of a signed-in caller, from its address. */
    recordBy(
      caller: Caller,
      action: OperationAction,
      entry: Omit<LogEntry, 'userId' | 'action' | 'clientIp'> = {},
    ) {
      return record({ ...entry, userId: caller.userId, action, clientIp: caller.clientIp ?? null });
    },

    /** Lines of the accounts of `scope`, newest first. */
    async list(scope: Scope, filter: LogFilter, page: PageWindow): Promise<Page<LogItem>> {
      const conditions = [sql`l.user_id in ${scope.accounts}`];
      if (filter.userId) conditions.push(sql`l.user_id = ${filter.userId}`);
      if (filter.stationId) conditions.push(sql`l.station_id = ${filter.stationId}`);
      if (filter.action) conditions.push(sql`l.action = ${filter.action}`);
      if (filter.range) {
        conditions.push(
          sql`l.created_at between ${iso(filter.range.fromMs)}::timestamptz
                               and ${iso(filter.range.toMs)}::timestamptz`,
        );
      }
      const where = sql.join(conditions, sql` and `);
      const rows = await queryParsed(
        db,
        logRow,
        sql`select l.log_id, l.user_id, u.user_name, l.action, l.station_id, l.target, l.detail, l.client_ip, l.created_at
            from operation_log l join users u on u.user_id = l.user_id
            where ${where} order by l.created_at desc, l.log_id desc
            limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from operation_log l where ${where}`,
      );
      return {
        total: count?.total ?? 0,
        list: rows,
      };
    },
  };
}

export type OperationLog = ReturnType<typeof operationLog>;
