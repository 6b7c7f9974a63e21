import { alarmFault, DEMO_USER_ID, type DeviceType, severityRank } from '@helio/contracts';
import type { FaultSeverity } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { MessagesRepository } from '../messages/repository.ts';
import { alarmMail, type MailedAlarm } from './alarm-mail.ts';
import { faultTextFor } from './alarm-texts.ts';
import type { NotificationSettings } from './notification-settings.ts';

/** Alarms taken per round; the round's messages are written in one transaction. */
const ROUND = 50;
/**
 * An alarm that had ended and had started longer ago than this when the notices ran is history a
 * device sent late (its buffer after an outage), not news: it is listed but not told.
 */
const STALE_AFTER_S = 3600;
/**
 * A raise older than this is history even while it still happens: a buffer or a backfill of weeks
 * brings raises whose clears come in a later batch, and telling them would be a storm of old news.
 */
const HISTORY_AFTER_S = 86_400;

interface ClaimedAlarm {
  alarm_id: number;
  device_id: number;
  code: number;
  part: string;
  severity: FaultSeverity;
  raised_at: string | Date;
  sn: string;
  device_type: number;
  station_id: number;
  station_name: string;
  timezone: string;
  installer_id: number | null;
  end_user_id: number | null;
  /** Still worth telling: started within the last hour, or happening and started within a day. */
  news: boolean;
}

/**
 * Turns alarms that opened into notices (README.md "Alarms and messages"). The station's installer
 * and end user each get a message, and a mail in their language when they chose the alarm's
 * severity; but per user and device, after a notice the quiet period (ALARM_QUIET_MINUTES) keeps
 * further alarms quiet unless one is more severe than every alarm told in it, so a flapping device
 * sends one message, not a storm. An alarm that had already ended and started over an hour before
 * is a late part of a device's buffer, and one raised over a day before is history (a backfill):
 * listed, not told. Alarms are claimed with `skip locked`, so
 * replicas share the work; mail goes through the outbox after the messages are committed. The demo
 * account gets no mail.
 */
export function alarmNotifier(options: {
  db: Database;
  mailer: Mailer;
  messages: MessagesRepository;
  settings: NotificationSettings;
  quietMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, messages, settings, quietMs, log } = options;

  /** Whether `userId` is told of an alarm of `severity` on the device now, moving its quiet period. */
  async function tells(
    tx: Database,
    userId: number,
    deviceId: number,
    severity: FaultSeverity,
  ): Promise<boolean> {
    const quiet = sql`now() - make_interval(secs => ${quietMs / 1000})`;
    const rows = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into alarm_notice_windows as w (user_id, device_id, window_started_at, max_rank)
          values (${userId}, ${deviceId}, now(), ${severityRank(severity)})
          on conflict (user_id, device_id) do update set
            window_started_at = case when w.window_started_at <= ${quiet} then now() else w.window_started_at end,
            max_rank = case when w.window_started_at <= ${quiet} then excluded.max_rank
                            else greatest(w.max_rank, excluded.max_rank) end
          where w.window_started_at <= ${quiet} or w.max_rank < excluded.max_rank
          returning w.user_id`,
    );
    return rows.length > 0;
  }

  /** One round: claims alarms, writes the messages; answers the mails to send and how many were claimed. */
  async function round(): Promise<{ claimed: number; told: { userId: number; alarm: ClaimedAlarm }[] }> {
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const claimed = await queryRows<ClaimedAlarm>(
        tx,
        sql`update device_alarms a set notice_pending = false
            from devices d join stations s on s.station_id = d.station_id
            where a.alarm_id in (select alarm_id from device_alarms where notice_pending
                                 order by alarm_id limit ${ROUND} for update skip locked)
              and d.device_id = a.device_id
            returning a.alarm_id, a.device_id, a.code, a.part, a.severity, a.raised_at, d.sn, d.device_type,
                      s.station_id, s.station_name, s.timezone, s.installer_id, s.end_user_id,
                      (a.raised_at > now() - make_interval(secs => ${STALE_AFTER_S})
                       or (a.cleared_at is null and a.raised_at > now() - make_interval(secs => ${HISTORY_AFTER_S})))
                        as news`,
      );
      const told: { userId: number; alarm: ClaimedAlarm }[] = [];
      for (const alarm of claimed.filter((row) => row.news).sort((a, b) => a.alarm_id - b.alarm_id)) {
        const recipients = [...new Set([alarm.installer_id, alarm.end_user_id])].filter(
          (id): id is number => id !== null,
        );
        for (const userId of recipients) {
          if (!(await tells(tx, userId, alarm.device_id, alarm.severity))) continue;
          await messages.send(
            [userId],
            {
              kind: 'alarm',
              event: 'alarm_opened',
              params: {
                alarm_id: alarm.alarm_id,
                code: alarm.code,
                fault_key: alarmFault(alarm.code).key,
                severity: alarm.severity,
                raised_at: new Date(alarm.raised_at).toISOString(),
                station_id: alarm.station_id,
                station_name: alarm.station_name,
                device_id: alarm.device_id,
                sn: alarm.sn,
              },
            },
            tx,
          );
          told.push({ userId, alarm });
        }
      }
      return { claimed: claimed.length, told };
    });
  }

  async function mail(told: { userId: number; alarm: ClaimedAlarm }[]): Promise<void> {
    const recipients = await settings.recipients([...new Set(told.map((entry) => entry.userId))]);
    for (const { userId, alarm } of told) {
      const recipient = recipients.get(userId);
      if (!recipient || userId === DEMO_USER_ID || !recipient.severities.includes(alarm.severity)) continue;
      const faultText = await faultTextFor(recipient.language);
      const mailed: MailedAlarm = {
        code: alarm.code,
        part: alarm.part === '' ? null : alarm.part,
        raised_at: new Date(alarm.raised_at).toISOString(),
        sn: alarm.sn,
        station_name: alarm.station_name,
        timezone: alarm.timezone,
        device_type: alarm.device_type as DeviceType,
        severity: alarm.severity,
      };
      await mailer.send(alarmMail(recipient, mailed, faultText(alarm.code), quietMs / 60_000));
    }
  }

  async function pass(): Promise<void> {
    for (;;) {
      const { claimed, told } = await round();
      if (told.length > 0) await mail(told);
      if (claimed < ROUND) return;
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  return {
    /** Tells of every alarm that opened; calls while a pass runs make it run once more. */
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await pass();
          } catch (error) {
            log.error({ err: error }, 'alarm notices failed');
          }
        } while (again);
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves once no pass runs (shutdown: before the mailer closes). */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}

export type AlarmNotifier = ReturnType<typeof alarmNotifier>;
