import type { SettingValues } from '@helio/contracts';
import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * A device's parameter values as it last answered them (`device_settings`): written in
 * ingestion's transaction when a read or an applied change brings them, read by the Settings tab.
 */

/**
 * Records the values a device answered at `at`; the values of a device are replaced whole (the
 * device answers all of them), and an answer older than the stored one changes nothing.
 */
export async function recordAnswer(
  tx: Database,
  deviceId: number,
  commandId: string,
  values: SettingValues,
  at: Date,
): Promise<void> {
  await tx.execute(
    sql`insert into device_settings (device_id, values, read_at, command_id)
        values (${deviceId}, ${JSON.stringify(values)}::jsonb, ${at.toISOString()}, ${commandId})
        on conflict (device_id) do update set values = excluded.values, read_at = excluded.read_at,
          command_id = excluded.command_id
        where device_settings.read_at <= excluded.read_at`,
  );
}

const settingValue = z.union([z.number(), z.string(), z.boolean()]);
const settingsRow = z.object({
  values: z.record(z.string(), settingValue),
  read_at: column.isoInstant,
  command_id: column.text,
});

/** The values a device last answered, when, and the command that brought them; undefined before its first answer. */
export async function lastAnswer(
  db: Database,
  deviceId: number,
): Promise<{ values: SettingValues; readAt: string; commandId: string } | undefined> {
  const [row] = await queryParsed(
    db,
    settingsRow,
    sql`select values, read_at, command_id from device_settings where device_id = ${deviceId}`,
  );
  return row ? { values: row.values, readAt: row.read_at, commandId: row.command_id } : undefined;
}
