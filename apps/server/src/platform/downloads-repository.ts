import { column, type Database, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const claimedTicket = z.object({
  user_id: column.int,
  kind: column.text,
  /** What the call stored with the ticket: the file's name and its writer's params. */
  params: z.object({ fileName: column.text, params: z.unknown() }),
  role_id: column.int,
  installer_level: column.int.nullable(),
});
export type ClaimedTicket = z.output<typeof claimedTicket>;

/** All SQL of single-use download tickets (`download_tickets`, only the ticket's hash kept). */
export function downloadsRepository(db: Database) {
  return {
    /** Keeps a ticket, and drops tickets that ran out a day before `at`. */
    async insert(ticket: {
      hash: string;
      userId: number;
      kind: string;
      params: { fileName: string; params: unknown };
      at: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.execute(
        sql`insert into download_tickets (ticket_hash, user_id, kind, params, created_at, expires_at)
            values (${ticket.hash}, ${ticket.userId}, ${ticket.kind}, ${JSON.stringify(ticket.params)}::jsonb,
                    ${ticket.at.toISOString()}::timestamptz, ${ticket.expiresAt.toISOString()}::timestamptz)`,
      );
      await db.execute(
        sql`delete from download_tickets where expires_at < ${ticket.at.toISOString()}::timestamptz - interval '1 day'`,
      );
    },

    /**
     * Marks a live ticket of one of `kinds` used, in one statement so that two downloads cannot
     * both have it; answers it with its user's role, or undefined when unknown, used or expired.
     */
    async claim(hash: string, kinds: readonly string[]): Promise<ClaimedTicket | undefined> {
      if (kinds.length === 0) return undefined;
      const [row] = await queryParsed(
        db,
        claimedTicket,
        sql`update download_tickets t set used_at = now()
            from users u
            where t.ticket_hash = ${hash} and t.used_at is null and t.expires_at > now()
              and t.kind in (${sql.join(
                kinds.map((kind) => sql`${kind}`),
                sql`, `,
              )})
              and u.user_id = t.user_id
            returning t.user_id, t.kind, t.params, u.role_id, u.installer_level`,
      );
      return row;
    },
  };
}

export type DownloadsRepository = ReturnType<typeof downloadsRepository>;
