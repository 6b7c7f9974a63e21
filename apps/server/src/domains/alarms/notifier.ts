import { alarmFault, DEMO_USER_ID, severityRank } from '@helio/contracts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { MessagesRepository } from '../messages/repository.ts';
import { alarmMail, type MailedAlarm } from './alarm-mail.ts';
import { faultTextFor } from './alarm-texts.ts';
import type { ClaimedAlarm, NoticesRepository } from './notices-repository.ts';
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

/** Still worth telling at `now`: started within the last hour, or happening and started within a day. */
export function isNews(alarm: Pick<ClaimedAlarm, 'raised_at' | 'happening'>, now: Date): boolean {
  const ageS = (now.getTime() - alarm.raised_at.getTime()) / 1000;
  return ageS < STALE_AFTER_S || (alarm.happening && ageS < HISTORY_AFTER_S);
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
 * account gets no mail. A pass is the `alarms.notices` job (module.ts); `now` comes from its clock.
 */
export function alarmNotifier(options: {
  repo: NoticesRepository;
  mailer: Mailer;
  messages: MessagesRepository;
  settings: NotificationSettings;
  quietMs: number;
}) {
  const { repo, mailer, messages, settings, quietMs } = options;

  /** One round: claims alarms, writes the messages; answers the mails to send and how many were claimed. */
  async function round(
    now: Date,
  ): Promise<{ claimed: number; told: { userId: number; alarm: ClaimedAlarm }[] }> {
    return repo.transaction(async (tx) => {
      const claimed = await repo.claim(tx, ROUND);
      const told: { userId: number; alarm: ClaimedAlarm }[] = [];
      for (const alarm of claimed.filter((row) => isNews(row, now)).sort((a, b) => a.alarm_id - b.alarm_id)) {
        const recipients = [...new Set([alarm.installer_id, alarm.end_user_id])].filter(
          (id): id is number => id !== null,
        );
        for (const userId of recipients) {
          // told unless the user's quiet period for the device holds an alarm as severe
          const rank = severityRank(alarm.severity);
          const window = { userId, deviceId: alarm.device_id, rank, now, quietMs };
          if (!(await repo.moveQuietWindow(tx, window))) continue;
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
                raised_at: alarm.raised_at.toISOString(),
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
        raised_at: alarm.raised_at.toISOString(),
        sn: alarm.sn,
        station_name: alarm.station_name,
        timezone: alarm.timezone,
        device_type: alarm.device_type,
        severity: alarm.severity,
      };
      await mailer.send(alarmMail(recipient, mailed, faultText(alarm.code), quietMs / 60_000));
    }
  }

  return {
    /** Tells of every alarm that opened, a round of alarms at a time. */
    async pass(now: Date): Promise<void> {
      for (;;) {
        const { claimed, told } = await round(now);
        if (told.length > 0) await mail(told);
        if (claimed < ROUND) return;
      }
    },
  };
}

export type AlarmNotifier = ReturnType<typeof alarmNotifier>;
