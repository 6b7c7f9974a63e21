import { alarm, type Page, type ReportItem, type ReportState } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PageWindow } from '../../platform/search.ts';
import type { Scope } from '../tenancy/tenancy.ts';

const opinionRow = z.object({
  opinion_id: column.int,
  text: column.text,
  user_id: column.int.nullable(),
  user_name: column.text.nullable(),
  created_at: column.isoInstant,
});
/** A row of `reportSelect` is a report as answered. */
const reportRow = z.object({
  report_id: column.int,
  station_id: column.int,
  station_name: column.text,
  device_id: column.int.nullable(),
  sn: column.text.nullable(),
  alarm_id: column.int.nullable(),
  description: column.text,
  status: alarm.reportItem.shape.status,
  created_by: column.int.nullable(),
  created_by_name: column.text.nullable(),
  created_at: column.isoInstant,
  updated_at: column.isoInstant,
  closed_at: column.isoInstant.nullable(),
  closed_by_name: column.text.nullable(),
  // json_agg arrives parsed, or as its text from a driver that leaves json alone
  opinions: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    z.array(opinionRow),
  ),
}) satisfies z.ZodType<ReportItem>;
const reportIdRow = z.object({ report_id: column.int });
const total = z.object({ total: column.int });

function reportSelect(where: SQL): SQL {
  return sql`select r.report_id, r.station_id, s.station_name, r.device_id, d.sn, r.alarm_id, r.description, r.status,
      r.created_by, cu.user_name as created_by_name, r.created_at, r.updated_at, r.closed_at,
      clu.user_name as closed_by_name,
      coalesce((select json_agg(json_build_object('opinion_id', o.opinion_id, 'text', o.text, 'user_id', o.user_id,
                                                  'user_name', ou.user_name, 'created_at', o.created_at)
                                order by o.created_at, o.opinion_id)
                from alarm_report_opinions o left join users ou on ou.user_id = o.user_id
                where o.report_id = r.report_id), '[]'::json) as opinions
    from alarm_reports r
    join stations s on s.station_id = r.station_id
    left join devices d on d.device_id = r.device_id
    left join users cu on cu.user_id = r.created_by
    left join users clu on clu.user_id = r.closed_by
    where ${where}`;
}

/** All SQL of abnormal reports. */
export function reportsRepository(db: Database) {
  async function addOpinion(reportId: number, text: string, userId: number): Promise<void> {
    await db.execute(
      sql`insert into alarm_report_opinions (report_id, text, user_id) values (${reportId}, ${text}, ${userId})`,
    );
  }

  return {
    addOpinion,

    /** The report if its station lies in `scope`. */
    async item(scope: Scope, reportId: number): Promise<ReportItem | undefined> {
      const [row] = await queryParsed(
        db,
        reportRow,
        reportSelect(sql`r.report_id = ${reportId} and ${scope.stations('s')}`),
      );
      return row;
    },

    async list(
      scope: Scope,
      filter: { stationId?: number | undefined; status?: ReportState | undefined },
      page: PageWindow,
    ): Promise<Page<ReportItem>> {
      const conditions = [scope.stations('s')];
      if (filter.stationId) conditions.push(sql`r.station_id = ${filter.stationId}`);
      if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryParsed(
        db,
        reportRow,
        sql`${reportSelect(where)} order by r.created_at desc, r.report_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryParsed(
        db,
        total,
        sql`select count(*)::int as total from alarm_reports r join stations s on s.station_id = r.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows };
    },

    async insert(values: {
      stationId: number;
      deviceId: number | null;
      alarmId: number | null;
      description: string;
      userId: number;
    }): Promise<number> {
      const [row] = await queryParsed(
        db,
        reportIdRow,
        sql`insert into alarm_reports (station_id, device_id, alarm_id, description, created_by)
            values (${values.stationId}, ${values.deviceId}, ${values.alarmId}, ${values.description}, ${values.userId})
            returning report_id`,
      );
      return row!.report_id;
    },

    /** Replaces the description of an open report; false when it is closed. */
    async touchOpen(reportId: number, description: string | undefined): Promise<boolean> {
      const rows = await queryParsed(
        db,
        reportIdRow,
        sql`update alarm_reports set description = coalesce(${description ?? null}::text, description), updated_at = now()
            where report_id = ${reportId} and status = 'open' returning report_id`,
      );
      return rows.length > 0;
    },

    /** Closes an open report; false when it was closed already. */
    async close(reportId: number, userId: number): Promise<boolean> {
      const rows = await queryParsed(
        db,
        reportIdRow,
        sql`update alarm_reports set status = 'closed', closed_at = now(), closed_by = ${userId}, updated_at = now()
            where report_id = ${reportId} and status = 'open' returning report_id`,
      );
      return rows.length > 0;
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
