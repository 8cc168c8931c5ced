import Database from 'better-sqlite3';
import { expect } from '@playwright/test';

// The server under test writes to a fresh SQLite file per run (playwright.config.ts). Tests read
// it, read-only, to prove that what the browser showed as sent was really stored.

/** One row of the server's `applications` table, as the tests need it. */
export interface StoredApplication {
  id: number;
  submission_key: string;
  status: 'partial' | 'complete';
  outcome: 'approved' | 'declined' | 'duplicate' | null;
  decline_reason: string | null;
  application_id: string | null;
  /** The short reference of a decided application (docs/decisions/0030-application-reference.md). */
  reference: string | null;
  response_json: string | null;
  payload_json: string;
  brand: string | null;
  affiliate_key: string | null;
  dealer_number: string | null;
  variant: string | null;
  email_lower: string | null;
  phone_normalised: string | null;
  date_of_birth: string | null;
  remote_address: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** A possible duplicate's earlier application (docs/decisions/0051-duplicates-stored-linked-released.md). */
  duplicate_of: number | null;
  duplicate_released_at: string | null;
}

export function databasePath(): string {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file)
    throw new Error('E2E_DATABASE_PATH is not set: run the tests through playwright.config.ts');
  return file;
}

function withDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function readApplications(): StoredApplication[] {
  return withDatabase(
    (db) => db.prepare('SELECT * FROM applications ORDER BY id').all() as StoredApplication[],
  );
}

export function findApplication(submissionKey: string): StoredApplication | undefined {
  return withDatabase(
    (db) =>
      db.prepare('SELECT * FROM applications WHERE submission_key = ?').get(submissionKey) as
        StoredApplication | undefined,
  );
}

/** The first stored application matching `match`, waiting for the server to write it. */
export async function waitForApplication(
  match: (row: StoredApplication) => boolean,
  timeout = 10_000,
): Promise<StoredApplication> {
  let found: StoredApplication | undefined;
  await expect
    .poll(
      () => {
        found = readApplications().find(match);
        return found !== undefined;
      },
      { message: 'a stored application matching the test', timeout },
    )
    .toBe(true);
  return found!;
}

/** The submission payload the server stored for this row. */
export function payloadOf(row: StoredApplication): Record<string, unknown> {
  return JSON.parse(row.payload_json) as Record<string, unknown>;
}

/** One row of the server's record of the texts it served a session (docs/evidence.md). */
export interface ServedRow {
  submission_key: string;
  text_id: string;
  version: number;
  first_served_at: string;
  last_served_at: string;
  times: number;
}

export function servedTo(submissionKey: string): ServedRow[] {
  return withDatabase(
    (db) =>
      db
        .prepare('SELECT * FROM disclosures_served WHERE submission_key = ? ORDER BY text_id')
        .all(submissionKey) as ServedRow[],
  );
}
