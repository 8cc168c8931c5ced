/**
 * What the server's database holds, read directly (not through the server): the evidence that
 * every answered submission is stored, once.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

export interface StoredApplication {
  status: string;
  responseJson: string | null;
}

export type DatabaseUrl = string;

function isPostgres(url: DatabaseUrl): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Every application row by submission key, plus the number of rows (a key can only be once). */
export async function readStored(
  url: DatabaseUrl,
): Promise<{ byKey: Map<string, StoredApplication>; rows: number }> {
  type Row = { submission_key: string; status: string; response_json: string | null };
  let rows: Row[];
  const query = 'select submission_key, status, response_json from applications';
  if (isPostgres(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      rows = (await client.query<Row>(query)).rows;
    } finally {
      await client.end();
    }
  } else {
    // Read-write, as the server opens it: a WAL left by a crash is recovered, not ignored.
    const db = new Database(url, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      rows = db.prepare(query).all() as Row[];
    } finally {
      db.close();
    }
  }
  const byKey = new Map<string, StoredApplication>();
  for (const row of rows) {
    byKey.set(row.submission_key, { status: row.status, responseJson: row.response_json });
  }
  return { byKey, rows: rows.length };
}

/** Chat alerts queued for delivery (PostgreSQL): grouped, one row per kind and window. */
export async function countAlerts(url: DatabaseUrl): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "select count(*) as n from delivery_events where event_type = 'alert'",
    );
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** SQLite's own consistency check of the whole file: 'ok' or the problems found. */
export function sqliteIntegrity(file: string): string {
  const db = new Database(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}
