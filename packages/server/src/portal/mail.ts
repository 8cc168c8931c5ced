import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import type { Metrics } from '../ops/metrics.js';
import { createPortalAccountsRepository } from './accounts.js';
import { createPortalMailOutbox } from './outbox.js';
import type { CodeHasher } from './codes.js';
import { newCode, PORTAL_CODE_TTL_MS } from './codes.js';

/** docs/decisions/0025-portal-mail.md */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (mail/branded.ts); the development mailbox keeps the text only. */
  html?: string;
}

export interface MailTransport {
  /** 'smtp' or 'dev-mailbox', for the start-up log line. */
  kind: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer logs nothing unless asked to; its own logger stays off so no text reaches logs.
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/** `local` without SMTP_URL: the message is kept in dev_mailbox for `npm run mailbox`. */
export function devMailboxTransport(db: Kysely<Database>, clock: Clock): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await db
        .insertInto('dev_mailbox')
        .values({
          recipient: message.to,
          sender: message.from,
          subject: message.subject,
          body: message.text,
          created_at: clock.now().toISOString(),
        })
        .execute();
    },
    close: () => undefined,
  };
}

export const VERIFICATION_SUBJECT = 'Confirm your email address';

export function verificationText(
  code: string,
  company: string,
  reference: string | null = null,
): string {
  const minutes = PORTAL_CODE_TTL_MS / 60_000;
  return [
    `Your confirmation code is ${code}`,
    '',
    // docs/decisions/0030-application-reference.md: every message names the application.
    ...(reference === null ? [] : [`Your application reference is ${reference}`, '']),
    `Enter it on the page you saw after applying for finance with ${company}, with this email`,
    `address, to activate your customer account. It works once, for ${minutes} minutes.`,
    '',
    'If you did not apply, you can ignore this email: no account is opened unless the code is',
    'entered, and nobody can sign in with your address.',
    '',
    `Never share this code. ${company} will never ask you for it.`,
  ].join('\n');
}

interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  codes: CodeHasher;
  from: string;
  company: string;
  logger: WorkerLogger;
  clock: Clock;
  /** Pause between polls; 0 or less: no polling, only `drainOnce()` sends. Default 1000. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Counts what was sent and what failed (ops/metrics.ts). */
  metrics?: Pick<Metrics, 'mailSent' | 'mailFailed'>;
}

export interface MailWorker {
  stop(): Promise<void>;
  /** Sends every due message once; resolves to the number handled. */
  drainOnce(): Promise<number>;
}

/**
 * Sends queued portal mail off the request path. The code is made here, just before sending,
 * and only its keyed hash is written: the queue, the logs and the database never hold it. A
 * retry makes a new code (the old one was never delivered, or is replaced by the newer mail).
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, codes, from, company, logger, clock } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const outbox = createPortalMailOutbox(db);
  const accounts = createPortalAccountsRepository(db);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function drain(): Promise<number> {
    let handled = 0;
    for (const mail of await outbox.claimDue(clock.now(), batchSize)) {
      try {
        const code = newCode();
        const now = clock.now();
        const pending = await accounts.storeVerificationCode(
          mail.emailLower,
          codes.hash('verification', mail.emailLower, code),
          new Date(now.getTime() + PORTAL_CODE_TTL_MS),
          now,
        );
        // Already verified (or gone): nothing to prove any more.
        if (pending) {
          const latest = await db
            .selectFrom('applications')
            .select('reference')
            .where('email_lower', '=', mail.emailLower)
            .where('reference', 'is not', null)
            .orderBy('completed_at', 'desc')
            .limit(1)
            .executeTakeFirst();
          await transport.send({
            from,
            to: mail.emailLower,
            subject: VERIFICATION_SUBJECT,
            text: verificationText(code, company, latest?.reference ?? null),
          });
          options.metrics?.mailSent();
        }
        await outbox.markSent(mail.id, clock.now());
        handled += 1;
      } catch (error) {
        // The error's name and SMTP code only: messages can quote the recipient's address.
        const reason = describeError(error);
        const { willRetry } = await outbox.markFailed(mail, reason, clock.now());
        options.metrics?.mailFailed(willRetry);
        const context = { mailId: mail.id, attempts: mail.attempts, error: reason };
        if (willRetry) logger.warn(context, 'portal mail failed; will retry');
        else logger.error(context, 'portal mail failed; giving up');
      }
    }
    return handled;
  }

  function drainOnce(): Promise<number> {
    const run = drain();
    inFlight = Promise.allSettled([inFlight, run]);
    return run;
  }

  function schedule(): void {
    if (stopped || pollIntervalMs <= 0) return;
    timer = setTimeout(() => {
      drainOnce()
        .catch((error: unknown) => {
          logger.error({ error: describeError(error) }, 'portal mail poll failed');
        })
        .finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  logger.info({ transport: transport.kind }, 'portal mail worker started');
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      transport.close();
    },
    drainOnce,
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [error.name, code, responseCode].filter(
    (part) => typeof part === 'string' || typeof part === 'number',
  );
  return parts.join(' ');
}
