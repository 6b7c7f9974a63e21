import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/** The `user_preferences` key of a user's alarm notification choices. */
const PREFERENCE_KEY = 'alarmNotifications';

const recipientRow = z.object({
  user_id: column.int,
  user_name: column.text,
  email: column.text,
  language: column.text,
  /** The stored choice, as saved (read by the service, which knows its shape). */
  value: z.unknown(),
});

/** All SQL of alarm notification settings: the accounts' addresses, languages and stored choices. */
export function notificationSettingsRepository(db: Database) {
  return {
    /** The accounts of `userIds` with their choice (`value`, null until they chose). */
    async recipients(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return queryParsed(
        db,
        recipientRow,
        sql`select u.user_id, u.user_name, u.email, u.language, p.value
            from users u left join user_preferences p on p.user_id = u.user_id and p.preference_key = ${PREFERENCE_KEY}
            where u.user_id in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
    },

    async saveChoice(userId: number, choice: { email_severities: string[] }): Promise<void> {
      await db.execute(
        sql`insert into user_preferences (user_id, preference_key, value, updated_at)
            values (${userId}, ${PREFERENCE_KEY}, ${JSON.stringify(choice)}::jsonb, now())
            on conflict (user_id, preference_key) do update set value = excluded.value, updated_at = now()`,
      );
    },

    /** The account's language: what its mail is written in. */
    async setLanguage(userId: number, language: string): Promise<void> {
      await db.execute(
        sql`update users set language = ${language} where user_id = ${userId} and language <> ${language}`,
      );
    },
  };
}

export type NotificationSettingsRepository = ReturnType<typeof notificationSettingsRepository>;
