import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Database, schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** SMTP server URL; without it mail stays in the outbox (database and `outboxDir`). */
  smtpUrl: string | undefined;
  from: string;
  /** Where the embedded outbox writes each mail as a text file, so an operator can read it. */
  outboxDir: string;
}

/**
 * Sends mail through the outbox: every mail is first kept in the database, then delivered by SMTP
 * in the background (the caller's answer never waits for, or reveals, delivery). Without SMTP the
 * mail is written to `outboxDir` and the log names the file; a mail's body (which may hold a code)
 * never goes to the log.
 */
export function createMailer(options: MailerOptions) {
  const { db, log } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(mailId: number, mail: OutgoingMail): Promise<void> {
    try {
      if (transport) {
        await transport.sendMail({ from: options.from, ...mail });
        log.info({ mailId }, 'mail delivered by SMTP');
      } else {
        await mkdir(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, `${mailId}.txt`);
        await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: 0o600 });
        // The subject and body stay out of the log: they may carry a code.
        log.info({ mailId, file }, 'mail kept in the outbox (no SMTP_URL)');
      }
      await db.update(schema.outbox).set({ sentAt: new Date() }).where(eq(schema.outbox.mailId, mailId));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ mailId, reason }, 'mail delivery failed');
      await db
        .update(schema.outbox)
        .set({ error: reason.slice(0, 500) })
        .where(eq(schema.outbox.mailId, mailId))
        .catch(() => {});
    }
  }

  return {
    /** Keeps the mail in the outbox and starts its delivery; resolves once it is kept. */
    async send(mail: OutgoingMail): Promise<void> {
      const [row] = await db
        .insert(schema.outbox)
        .values({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
        .returning({ mailId: schema.outbox.mailId });
      if (!row) throw new Error('outbox insert returned no row');
      const delivery = deliver(row.mailId, mail).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    /** Waits for deliveries under way (shutdown and tests). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
    async close(): Promise<void> {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
