import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import { databasePath } from './db';

// In `local` without SMTP_URL the server keeps its e-mails in the development mailbox
// (docs/decisions/0025-portal-mail.md); tests read it the way `npm run mailbox` does.

export interface DevMail {
  recipient: string;
  subject: string;
  body: string;
}

function mailTo(recipient: string): DevMail[] {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT recipient, subject, body FROM dev_mailbox WHERE recipient = ? ORDER BY id')
      .all(recipient) as DevMail[];
  } finally {
    db.close();
  }
}

/** The newest e-mail to `recipient`, waiting for the server's mail worker to write it. */
export async function theLatestMailTo(recipient: string, timeout = 10_000): Promise<DevMail> {
  let found: DevMail[] = [];
  await expect
    .poll(
      () => {
        found = mailTo(recipient);
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
