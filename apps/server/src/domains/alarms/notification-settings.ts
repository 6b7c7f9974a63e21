import { defaultLanguage, defaultMailSeverities, isLanguage, type Language } from '@helio/contracts';
import { type FaultSeverity, faultSeverities } from '@helio/contracts/device-link';
import type { Caller } from '../../core/caller.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { NotificationSettingsRepository } from './notification-settings-repository.ts';

export interface Recipient {
  userId: number;
  userName: string;
  email: string;
  language: Language;
  /** Severities mailed. */
  severities: FaultSeverity[];
}

function severitiesOf(value: unknown): FaultSeverity[] {
  const chosen = (value as { email_severities?: unknown } | null)?.email_severities;
  if (!Array.isArray(chosen)) return [...defaultMailSeverities];
  return faultSeverities.filter((severity) => chosen.includes(severity));
}

/**
 * Per-user alarm notification settings: which severities are mailed (faults and critical faults
 * until the user chooses) and the mail language (the account's, which sign-in keeps to the
 * browser's language, or the one chosen here). Each account reads and sets only its own; a change
 * is written to the operation log.
 */
export function notificationSettings(
  repo: NotificationSettingsRepository,
  options: { quietMs: number; log: OperationLog },
) {
  async function recipients(userIds: readonly number[]): Promise<Map<number, Recipient>> {
    const rows = await repo.recipients(userIds);
    return new Map(
      rows.map((row) => [
        row.user_id,
        {
          userId: row.user_id,
          userName: row.user_name,
          email: row.email,
          language: isLanguage(row.language) ? row.language : defaultLanguage,
          severities: severitiesOf(row.value),
        },
      ]),
    );
  }

  async function get(caller: Pick<Caller, 'userId'>) {
    const recipient = (await recipients([caller.userId])).get(caller.userId);
    if (!recipient) throw new Error(`user ${caller.userId} not found`);
    return {
      email: recipient.email,
      email_severities: recipient.severities,
      language: recipient.language,
      quiet_minutes: options.quietMs / 60_000,
    };
  }

  return {
    recipients,
    get,
    async set(caller: Caller, severities: FaultSeverity[], language: Language | undefined) {
      await repo.saveChoice(caller.userId, { email_severities: severities });
      if (language) await repo.setLanguage(caller.userId, language);
      const answer = await get(caller);
      await options.log.recordBy(caller, 'notification_settings', {
        detail: { email_severities: severities.join(','), language: answer.language },
      });
      return answer;
    },
  };
}

export type NotificationSettings = ReturnType<typeof notificationSettings>;
