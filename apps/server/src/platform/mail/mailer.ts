import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@helio/db';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import { backoff, JobGiveUp, type JobRunner } from '../jobs/runner.ts';
import { type MailAttachment, outboxRepository } from './outbox-repository.ts';

export type { MailAttachment };

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailerOptions {
  db: Database;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  clock: Clock;
  /** SMTP server URL; without it mail stays in the outbox (database and `outboxDir`). */
  smtpUrl: string | undefined;
  from: string;
  /** Where the embedded outbox writes each mail as a text file, so an operator can read it. */
  outboxDir: string;
}

/** Delivery rules: a refused or failed try is repeated after 30 s, doubling up to an hour between tries. */
export const mailDelivery = {
  retryDelayMs: backoff(30_000, 3_600_000),
  /** No try starts more than a day after the mail was kept: it is given up (about 30 tries). */
  giveUpAfterMs: 24 * 3_600_000,
  maxAttempts: 50,
};

/**
 * Sends mail through the outbox: every mail is first kept in the database with its delivery job,
 * in one transaction, then delivered by SMTP by the job runner (the caller's answer never waits
 * for, or reveals, delivery). A failed try is tried again with backoff (`mailDelivery`) until
 * delivered or given up; the outbox row shows the tries, the last error, `sent_at` or
 * `given_up_at`, and the log says each step. Without SMTP the mail is written to `outboxDir` and
 * the log names the file; a mail's body (which may hold a code) never goes to the log.
 */
export function createMailer(options: MailerOptions) {
  const { log, clock } = options;
  const repo = outboxRepository(options.db);
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // a try ends well within the job's lease, so no other process takes it meanwhile
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : undefined;

  const recordTry = repo.recordTry;

  const delivery = options.jobs.register<{ mail_id: number }>({
    name: 'mail.deliver',
    ...mailDelivery,
    async run({ mail_id: mailId }, job) {
      const mail = await repo.find(mailId);
      // delivered by an earlier try whose end was not recorded, or gone: nothing to do
      if (!mail || mail.sentAt || mail.givenUpAt) return;
      try {
        if (transport) {
          await transport.sendMail({
            from: options.from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            attachments: (mail.attachments ?? []).map((file) => ({
              filename: file.filename,
              contentType: file.content_type,
              content: Buffer.from(file.base64, 'base64'),
            })),
          });
          log.info({ mailId, attempt: job.attempt }, 'mail delivered by SMTP');
        } else {
          await mkdir(options.outboxDir, { recursive: true });
          const file = path.join(options.outboxDir, `${mailId}.txt`);
          await writeFile(file, `To: ${mail.recipient}\nSubject: ${mail.subject}\n\n${mail.textBody}\n`, {
            mode: 0o600,
          });
          // The subject and body stay out of the log: they may carry a code.
          log.info({ mailId, file }, 'mail kept in the outbox (no SMTP_URL)');
        }
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await recordTry(mailId, { error: reason }, job.attempt);
        log.warn({ mailId, attempt: job.attempt, reason }, 'mail delivery failed');
        // 5xx: the server refuses this mail for good, trying again cannot help
        const code = (error as { responseCode?: number }).responseCode;
        throw code !== undefined && code >= 500 && code < 600 ? new JobGiveUp(reason) : error;
      }
      await recordTry(mailId, { sentAt: clock.now() }, job.attempt);
    },
    async onGiveUp({ mail_id: mailId }, job, reason) {
      await recordTry(mailId, { givenUpAt: clock.now() }, job.attempt);
      log.error({ mailId, attempts: job.attempt, reason }, 'mail given up');
    },
  });

  return {
    /** Keeps the mail in the outbox with its delivery job; resolves once both are committed. */
    async send(mail: OutgoingMail): Promise<void> {
      await repo.keep(
        {
          recipient: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          attachments: mail.attachments,
        },
        (mailId, tx) => delivery.enqueue({ mail_id: mailId }, { tx }).then(() => undefined),
      );
      delivery.wake();
    },
    /** Closes the SMTP connections (after the job runner stopped). */
    close(): void {
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
