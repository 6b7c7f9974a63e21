import type { OutgoingMail } from './mailer.ts';

/** Text made safe for the HTML part of a mail. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A plain mail of paragraphs, as text and as simple HTML; an empty line separates paragraphs and
 * the line equal to `code` (a one-time code) is set large, so it reads at a glance.
 */
export function paragraphMail(to: string, subject: string, lines: string[], code?: string): OutgoingMail {
  const html = lines
    .map((line) =>
      code !== undefined && line.trim() === code
        ? `<p style="font-size:28px;letter-spacing:6px;font-weight:600;margin:16px 0">${escapeHtml(code)}</p>`
        : line === ''
          ? ''
          : `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px">${html}</body></html>`,
  };
}
