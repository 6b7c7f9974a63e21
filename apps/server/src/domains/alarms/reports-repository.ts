import type { Page, ReportItem, ReportState } from '@helio/contracts';
import { type Database, queryRows } from '@helio/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../http/calls.ts';
import type { PageWindow } from '../../platform/search.ts';
import { stationViewScope } from '../tenancy/tenancy.ts';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

interface ReportRow {
  report_id: number;
  station_id: number;
  station_name: string;
  device_id: number | null;
  sn: string | null;
  alarm_id: number | null;
  description: string;
  status: ReportState;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  closed_at: string | Date | null;
  closed_by_name: string | null;
  opinions: {
    opinion_id: number;
    text: string;
    user_id: number | null;
    user_name: string | null;
    created_at: string;
  }[];
}

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

function toReportItem(row: ReportRow): ReportItem {
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
    opinions: (typeof row.opinions === 'string' ? JSON.parse(row.opinions) : row.opinions).map(
      (opinion: ReportRow['opinions'][number]) => ({ ...opinion, created_at: iso(opinion.created_at) }),
    ),
  };
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

    /** The report if the caller sees its station. */
    async item(caller: Caller, reportId: number): Promise<ReportItem | undefined> {
      const [row] = await queryRows<ReportRow>(
        db,
        reportSelect(sql`r.report_id = ${reportId} and ${stationViewScope(caller, 's')}`),
      );
      return row && toReportItem(row);
    },

    async list(
      caller: Caller,
      filter: { stationId?: number | undefined; status?: ReportState | undefined },
      page: PageWindow,
    ): Promise<Page<ReportItem>> {
      const conditions = [stationViewScope(caller, 's')];
      if (filter.stationId) conditions.push(sql`r.station_id = ${filter.stationId}`);
      if (filter.status) conditions.push(sql`r.status = ${filter.status}`);
      const where = sql.join(conditions, sql` and `);
      const rows = await queryRows<ReportRow>(
        db,
        sql`${reportSelect(where)} order by r.created_at desc, r.report_id desc limit ${page.limit} offset ${page.offset}`,
      );
      const [count] = await queryRows<{ total: number }>(
        db,
        sql`select count(*)::int as total from alarm_reports r join stations s on s.station_id = r.station_id
            where ${where}`,
      );
      return { total: count?.total ?? 0, list: rows.map(toReportItem) };
    },

    async insert(values: {
      stationId: number;
      deviceId: number | null;
      alarmId: number | null;
      description: string;
      userId: number;
    }): Promise<number> {
      const [row] = await queryRows<{ report_id: number }>(
        db,
        sql`insert into alarm_reports (station_id, device_id, alarm_id, description, created_by)
            values (${values.stationId}, ${values.deviceId}, ${values.alarmId}, ${values.description}, ${values.userId})
            returning report_id`,
      );
      return row!.report_id;
    },

    /** Replaces the description of an open report; false when it is closed. */
    async touchOpen(reportId: number, description: string | undefined): Promise<boolean> {
      const rows = await queryRows<{ report_id: number }>(
        db,
        sql`update alarm_reports set description = coalesce(${description ?? null}::text, description), updated_at = now()
            where report_id = ${reportId} and status = 'open' returning report_id`,
      );
      return rows.length > 0;
    },

    /** Closes an open report; false when it was closed already. */
    async close(reportId: number, userId: number): Promise<boolean> {
      const rows = await queryRows<{ report_id: number }>(
        db,
        sql`update alarm_reports set status = 'closed', closed_at = now(), closed_by = ${userId}, updated_at = now()
            where report_id = ${reportId} and status = 'open' returning report_id`,
      );
      return rows.length > 0;
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
