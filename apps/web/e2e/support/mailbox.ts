import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

export interface Mail {
  subject: string;
  text: string;
}

/**
 * Reads the newest mail to `to` that the e2e SMTP server received (after `since`), waiting up to
 * 10 s. The global setup's SMTP server writes each mail as JSON into the provided folder.
 */
export async function readMail(to: string, since = new Date(0)): Promise<Mail> {
  const folder = inject('mailDir');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await readdir(folder)).filter((f) => f.endsWith('.json')).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as {
        to: string[];
        subject: string;
        text: string;
        receivedAt: string;
      };
      if (mail.to.includes(to.toLowerCase()) && new Date(mail.receivedAt) >= since) {
        return { subject: mail.subject, text: mail.text };
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within 10 s`);
}
