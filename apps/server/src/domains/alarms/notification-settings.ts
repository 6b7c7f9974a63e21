import { defaultLanguage, defaultMailSeverities, isLanguage, type Language } from '@helio/contracts';
import { type FaultSeverity, faultSeverities } from '@helio/contracts/device-link';
import { type Database, queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';

/** The `user_preferences` key of a user's alarm notification choices. */
const PREFERENCE_KEY = 'alarmNotifications';

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
 * browser's language, or the one chosen here).
 */
export function notificationSettings(db: Database, quietMs: number) {
  async function recipients(userIds: readonly number[]): Promise<Map<number, Recipient>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<{
      user_id: number;
      user_name: string;
      email: string;
      language: string;
      value: unknown;
    }>(
      db,
      sql`select u.user_id, u.user_name, u.email, u.language, p.value
          from users u left join user_preferences p on p.user_id = u.user_id and p.preference_key = ${PREFERENCE_KEY}
          where u.user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
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

  async function get(userId: number) {
    const recipient = (await recipients([userId])).get(userId);
    if (!recipient) throw new Error(`user ${userId} not found`);
    return {
      email: recipient.email,
      email_severities: recipient.severities,
      language: recipient.language,
      quiet_minutes: quietMs / 60_000,
    };
  }

  return {
    recipients,
    get,
    async set(userId: number, severities: FaultSeverity[], language: Language | undefined) {
      await db.execute(
        sql`insert into user_preferences (user_id, preference_key, value, updated_at)
            values (${userId}, ${PREFERENCE_KEY}, ${JSON.stringify({ email_severities: severities })}::jsonb, now())
            on conflict (user_id, preference_key) do update set value = excluded.value, updated_at = now()`,
      );
      if (language) await setLanguage(db, userId, language);
      return get(userId);
    },
  };
}

/** The account's language: what its mail is written in. */
export async function setLanguage(db: Database, userId: number, language: Language): Promise<void> {
  await db.execute(
    sql`update users set language = ${language} where user_id = ${userId} and language <> ${language}`,
  );
}

export type NotificationSettings = ReturnType<typeof notificationSettings>;
