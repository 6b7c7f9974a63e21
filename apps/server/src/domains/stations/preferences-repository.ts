import { type Database, schema } from '@helio/db';
import { and, eq } from 'drizzle-orm';

const { userPreferences } = schema;

/** SQL of a user's saved choices of the web app (one JSON value per key). */
export function preferencesRepository(db: Database) {
  return {
    async get(userId: number, key: string): Promise<unknown> {
      const [row] = await db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId), eq(userPreferences.preferenceKey, key)));
      return row?.value;
    },

    async set(userId: number, key: string, value: unknown): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, preferenceKey: key, value })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.preferenceKey],
          set: { value, updatedAt: new Date() },
        });
    },
  };
}

export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
