import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import { databasePath } from './db';

// The server under test sends its e-mails over SMTP to the run's mail catcher
// (e2e/support/smtp-catcher.mjs, docs/mail.md); tests read what arrived from its HTTP side.

export interface ReceivedMail {
  recipient: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, when the mail has one. */
  html: string | null;
}

function catcherUrl(): string {
  const port = process.env.E2E_SMTP_HTTP_PORT;
  if (!port)
    throw new Error('E2E_SMTP_HTTP_PORT is not set: run the tests through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/** Every e-mail to `recipient` so far, oldest first. */
export async function mailTo(recipient: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${catcherUrl()}/messages?to=${encodeURIComponent(recipient)}`);
  const list = (await response.json()) as { subject: string; text: string; html: string | null }[];
  return list.map((mail) => ({
    recipient,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
  }));
}

/** The newest e-mail to `recipient`, waiting for the server to send it. */
export async function theLatestMailTo(recipient: string, timeout = 10_000): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = await mailTo(recipient);
        return found.length;
      },
      { message: `an e-mail to ${recipient}`, timeout },
    )
    .toBeGreaterThan(0);
  return found.at(-1)!;
}

/** Every stored row of the tables that could hold a portal code, as one string to search. */
export function everythingStoredAboutAccounts(): string {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    return JSON.stringify(
      ['applications', 'portal_accounts', 'portal_mail_outbox', 'delivery_events'].map((table) =>
        db.prepare(`SELECT * FROM ${table}`).all(),
      ),
    );
  } finally {
    db.close();
  }
}

export function accountStatusOf(emailLower: string): number | undefined {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT status FROM portal_accounts WHERE email_lower = ?')
      .get(emailLower) as { status: number } | undefined;
    return row?.status;
  } finally {
    db.close();
  }
}
