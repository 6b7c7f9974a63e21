import { type Database, schema } from '@helio/db';
import { eq } from 'drizzle-orm';

const { outbox } = schema;
export type OutboxRow = typeof outbox.$inferSelect;

/** A file sent with a mail, kept in the outbox with it. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  base64: string;
}

/** All SQL of the outbox: a row per mail kept, with its delivery tries. */
export function outboxRepository(db: Database) {
  return {
    async find(mailId: number): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outbox).where(eq(outbox.mailId, mailId));
      return row;
    },

    /** Keeps a mail and runs `within` in the same transaction (its delivery job); answers its id. */
    async keep(
      mail: {
        recipient: string;
        subject: string;
        textBody: string;
        htmlBody: string;
        attachments?: MailAttachment[] | undefined;
      },
      within: (mailId: number, tx: Database) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const [row] = await tx
          .insert(outbox)
          .values({ ...mail, attachments: mail.attachments ?? null })
          .returning({ mailId: outbox.mailId });
        if (!row) throw new Error('outbox insert returned no row');
        await within(row.mailId, tx);
        return row.mailId;
      });
    },

    /** Records a try: its number and its outcome (an error, `sentAt` or `givenUpAt`). */
    async recordTry(
      mailId: number,
      outcome: Pick<Partial<typeof outbox.$inferInsert>, 'error' | 'sentAt' | 'givenUpAt'>,
      attempt: number,
    ): Promise<void> {
      await db
        .update(outbox)
        .set({ ...outcome, attempts: attempt })
        .where(eq(outbox.mailId, mailId));
    },
  };
}
