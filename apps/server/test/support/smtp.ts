import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** Files attached, as mailparser decoded them. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  receivedAt: Date;
}

/**
 * A real SMTP server on loopback that keeps what it receives, decoded with mailparser, so tests
 * read mail exactly as a mail client would. It can refuse mail (`refuse`) and take its time
 * (`delayMs`), as a busy or failing server does.
 */
export async function startSmtpServer(onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  let refusals = { left: 0, responseCode: 451 };
  let delayMs = 0;
  /** Mails refused so far. */
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusals.left <= 0) return callback();
      refusals.left -= 1;
      refused += 1;
      const temporary = refusals.responseCode < 500;
      const error = new Error(temporary ? 'Mailbox busy, try again later' : 'Sender refused');
      callback(Object.assign(error, { responseCode: refusals.responseCode }));
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          const mail = {
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
            receivedAt: new Date(),
          };
          received.push(mail);
          onMail?.(mail);
          // a busy server answers late (the test helper's own wait, not the portal's)
          if (delayMs > 0) setTimeout(callback, delayMs);
          else callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses the next `times` mails (Infinity: all) with `responseCode`: 4xx try later, 5xx never. */
    refuse(times: number, responseCode = 451) {
      refusals = { left: times, responseCode };
    },
    /** How many mails were refused so far. */
    refused: () => refused,
    /** Answers each mail this long after taking it. */
    delay(milliseconds: number) {
      delayMs = milliseconds;
    },
    /** Waits for the newest mail to `to` received after `since`. */
    async waitForMail(to: string, since = new Date(0), timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = received.filter((m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= since).at(-1);
        if (match) return match;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
