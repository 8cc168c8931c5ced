import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, and parsed as a mail client would. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Set to refuse every message with 451 (a mail server that is down for a while). */
  state: { refuse: boolean };
  /** The messages to `address` so far, oldest first. */
  to(address: string): ReceivedMail[];
  /** The newest message to `address`, waiting up to `timeoutMs` for it. */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (port 0) that keeps and parses what it receives: the tests' mail
 * catcher (docs/mail.md). No TLS: the configuration allows plain SMTP to loopback only.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from:
                session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              raw: raw.toString('utf8'),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html === false ? null : (parsed.html ?? null),
            });
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) =>
    received.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    to,
    async waitFor(address, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = to(address);
        if (found.length > 0) return found.at(-1)!;
        if (Date.now() > until) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
