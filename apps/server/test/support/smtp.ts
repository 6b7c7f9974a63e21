import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  receivedAt: Date;
}

/**
 * A real SMTP server on loopback that keeps what it receives, decoded with mailparser, so tests
 * read mail exactly as a mail client would.
 */
export async function startSmtpServer(onMail?: (mail: ReceivedMail) => void) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          const mail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', receivedAt: new Date() };
          received.push(mail);
          onMail?.(mail);
          callback();
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
