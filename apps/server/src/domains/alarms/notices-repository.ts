import { alarm } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const claimedAlarm = z.object({
  alarm_id: column.int,
  device_id: column.int,
  code: column.int,
  part: column.text,
  severity: alarm.alarmItem.shape.severity,
  raised_at: column.instant,
  happening: column.bool,
  sn: column.text,
  device_type: alarm.alarmItem.shape.device_type,
  station_id: column.int,
  station_name: column.text,
  timezone: column.text,
  installer_id: column.int.nullable(),
  end_user_id: column.int.nullable(),
});
/** An alarm whose notice is due, with what its messages and mails say and who is told. */
export type ClaimedAlarm = z.output<typeof claimedAlarm>;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** All SQL of alarm notices: claiming alarms that opened, and each user's quiet period per device. */
export function noticesRepository(db: Database) {
  return {
    /** Runs `work` in one transaction (a round's claims and messages commit together). */
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((txn) => work(txn as unknown as Database));
    },

    /** Takes up to `limit` alarms whose notice is pending (`skip locked`: replicas share them), marking them told. */
    claim(tx: Database, limit: number): Promise<ClaimedAlarm[]> {
      return queryParsed(
        tx,
        claimedAlarm,
        sql`update device_alarms a set notice_pending = false
            from devices d join stations s on s.station_id = d.station_id
            where a.alarm_id in (select alarm_id from device_alarms where notice_pending
                                 order by alarm_id limit ${limit} for update skip locked)
              and d.device_id = a.device_id
            returning a.alarm_id, a.device_id, a.code, a.part, a.severity, a.raised_at, a.cleared_at is null as happening,
                      d.sn, d.device_type, s.station_id, s.station_name, s.timezone, s.installer_id, s.end_user_id`,
      );
    },

    /**
     * The user's quiet period for the device: a new one starts at `now` when the last began
     * `quietMs` or more ago, else its highest severity rank rises to `rank`. True when either
     * happened, i.e. the user is told now.
     */
    async moveQuietWindow(
      tx: Database,
      window: { userId: number; deviceId: number; rank: number; now: Date; quietMs: number },
    ): Promise<boolean> {
      const now = at(window.now);
      const quiet = sql`${now} - make_interval(secs => ${window.quietMs / 1000})`;
      const rows = await queryParsed(
        tx,
        z.object({ user_id: column.int }),
        sql`insert into alarm_notice_windows as w (user_id, device_id, window_started_at, max_rank)
            values (${window.userId}, ${window.deviceId}, ${now}, ${window.rank})
            on conflict (user_id, device_id) do update set
              window_started_at = case when w.window_started_at <= ${quiet} then ${now} else w.window_started_at end,
              max_rank = case when w.window_started_at <= ${quiet} then excluded.max_rank
                              else greatest(w.max_rank, excluded.max_rank) end
            where w.window_started_at <= ${quiet} or w.max_rank < excluded.max_rank
            returning w.user_id`,
      );
      return rows.length > 0;
    },
  };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
