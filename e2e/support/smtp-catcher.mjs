// The browser tests' mail server (docs/mail.md): a real SMTP server on loopback that the server
// under test sends to (SMTP_URL), and a small HTTP side the tests read what arrived from.
//   node e2e/support/smtp-catcher.mjs   (ports from E2E_SMTP_PORT and E2E_SMTP_HTTP_PORT)
//   GET /healthz              200 once both listen (Playwright waits for it)
//   GET /messages?to=<addr>   the messages to that address, oldest first, as JSON
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_SMTP_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('E2E_SMTP_PORT and E2E_SMTP_HTTP_PORT must be set');

/** @type {{ to: string[]; from: string | undefined; subject: string; text: string; html: string | null; at: string }[]} */
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html === false ? null : (parsed.html ?? null),
          at: new Date().toISOString(),
        });
        callback();
      })
      .catch((error) => callback(error));
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const list = received.filter((mail) => to === '' || mail.to.includes(to));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  response.writeHead(404).end();
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  api.listen(httpPort, '127.0.0.1');
});

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
