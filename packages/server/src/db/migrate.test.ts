import { parseReference } from '@broker/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { migrateToLatest } from './migrate.js';
import * as initial from './migrations/0001-initial.js';
import * as portalVerification from './migrations/0004-portal-verification.js';
import * as reference from './migrations/0006-reference.js';
import * as search from './migrations/0010-search.js';
import * as branch from './migrations/0016-branch.js';

describe.each<DialectName>(['sqlite', 'postgres'])('migrations on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });
  afterAll(() => database.close());

  it('creates the tables once and is a no-op afterwards', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name).sort()).toEqual([
      'alert_outbox',
      'application_activity',
      'application_work',
      'applications',
      'delivery_events',
      'dev_mailbox',
      'disclosure_texts',
      'erasure_tombstones',
      'funnel_counts',
      'job_leases',
      'portal_accounts',
      'portal_mail_outbox',
      'staff_audit_log',
      'staff_members',
      'staff_sessions',
    ]);
  });

  it('0003-decisions adds an empty decision_json column to applications', async () => {
    const tables = await database.db.introspection.getTables();
    const applications = tables.find((table) => table.name === 'applications');
    expect(applications?.columns.find((column) => column.name === 'decision_json')).toMatchObject({
      isNullable: true,
    });
  });

  it('enforces a unique submission key and the status values', async () => {
    const row = {
      submission_key: 'k1',
      status: 'partial' as const,
      payload_json: '{}',
      created_at: 'x',
      updated_at: 'x',
    };
    await database.db.insertInto('applications').values(row).execute();
    await expect(database.db.insertInto('applications').values(row).execute()).rejects.toThrow();
    await expect(
      database.db
        .insertInto('applications')
        .values({ ...row, submission_key: 'k2', status: 'done' as 'partial' })
        .execute(),
    ).rejects.toThrow();
  });

  it('defaults an alert’s attempts to 0 and leaves delivery empty', async () => {
    await database.db
      .insertInto('alert_outbox')
      .values({
        created_at: 'now',
        alert_type: 'Failure',
        subject: 's',
        name: 'n',
        message: 'm',
        next_attempt_at: 'now',
      })
      .execute();
    const alert = await database.db
      .selectFrom('alert_outbox')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ attempts: 0, delivered_at: null, last_error: null });
    expect(typeof alert.id).toBe('number');
  });
});

describe('SQLite settings', () => {
  it('uses WAL, NORMAL commits (synced by group-sync.ts before answers) and foreign keys', async () => {
    const database = await openTestDatabase('sqlite', inject('postgresUrl'));
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object,
        )[0] as unknown;
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(1);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await database.close();
    }
  });

  it('plans the duplicate lookup as an index search, not a table scan', async () => {
    const database = await openTestDatabase('sqlite', inject('postgresUrl'));
    try {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from applications where status = 'complete' and outcome in ('approved', 'declined') and date_of_birth = ${'1980-01-01'} and completed_at >= ${'2026'} and submission_key <> ${'k'} and (email_lower = ${'a'} or phone_normalised = ${'b'}) limit 1`.execute(
        database.db,
      );
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toMatch(
        /SEARCH applications USING INDEX applications_duplicate_lookup \(date_of_birth=\? AND completed_at>\?\)/,
      );
      expect(details).not.toContain('SCAN');
    } finally {
      await database.close();
    }
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('0004-portal-verification on %s', (dialect) => {
  it('forgets the unsalted passcode hashes and leaves every account pending', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'));
    const db = database.db;
    try {
      // Back to a deployment as it was before this migration: 0001 only.
      for (const table of [
        'dev_mailbox',
        'portal_mail_outbox',
        'alert_outbox',
        'portal_accounts',
        'applications',
      ]) {
        // Cascade: later migrations' tables (staff work, delivery) refer to applications.
        await (
          dialect === 'postgres'
            ? sql`drop table ${sql.table(table)} cascade`
            : sql`drop table ${sql.table(table)}`
        ).execute(db);
      }
      await initial.up(db as Kysely<unknown>);
      const at = '2026-01-01T00:00:00.000Z';
      const account = { otp_hash: 'a'.repeat(64), created_at: at, updated_at: at };
      await db
        .insertInto('portal_accounts')
        .values([
          { ...account, email_lower: 'new@example.com', status: 1 },
          { ...account, email_lower: 'old@example.com', status: 2 },
        ])
        .execute();
      await portalVerification.up(db as Kysely<unknown>);
      const rows = await db
        .selectFrom('portal_accounts')
        .select(['email_lower', 'status', 'otp_hash', 'otp_attempts', 'verified_at'])
        .orderBy('email_lower')
        .execute();
      const pending = { status: 2, otp_hash: null, otp_attempts: 0, verified_at: null };
      expect(rows).toEqual([
        { email_lower: 'new@example.com', ...pending },
        { email_lower: 'old@example.com', ...pending },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('0006-reference on %s', (dialect) => {
  it('gives each earlier completed application a reference and each event its application', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'));
    const db = database.db;
    try {
      // Back to a deployment as it was before this migration.
      await reference.down(db as Kysely<unknown>);
      const at = '2026-01-01T00:00:00.000Z';
      const row = { payload_json: '{}', created_at: at, updated_at: at };
      for (const [submission_key, status] of [
        ['k-complete-1', 'complete'],
        ['k-complete-2', 'complete'],
        ['k-partial', 'partial'],
      ] as const) {
        await sql`insert into applications (submission_key, status, payload_json, created_at, updated_at) values (${submission_key}, ${status}, ${row.payload_json}, ${at}, ${at})`.execute(
          db,
        );
      }
      const event = (type: string, body: string) =>
        sql`insert into delivery_events (event_id, endpoint, event_type, body, created_at, next_attempt_at) values (${`msg_${type}`}, 'webhook-1', ${type}, ${body}, ${at}, ${at})`.execute(
          db,
        );
      await event('application.decided', '{"data":{"submissionKey":"k-complete-1"}}');
      await event('alert', '{"subject":"x"}');

      await reference.up(db as Kysely<unknown>);
      const applications = await db
        .selectFrom('applications')
        .select(['submission_key', 'reference'])
        .orderBy('submission_key')
        .execute();
      const [first, second, partial] = applications;
      expect(parseReference(first!.reference!)).toBe(first!.reference);
      expect(parseReference(second!.reference!)).toBe(second!.reference);
      expect(first!.reference).not.toBe(second!.reference);
      expect(partial).toEqual({ submission_key: 'k-partial', reference: null });
      const events = await db
        .selectFrom('delivery_events')
        .select(['event_type', 'submission_key'])
        .orderBy('event_type')
        .execute();
      expect(events).toEqual([
        { event_type: 'alert', submission_key: null },
        { event_type: 'application.decided', submission_key: 'k-complete-1' },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('0010-search on %s', (dialect) => {
  it('writes each earlier application’s search name', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'));
    const db = database.db;
    try {
      // Back to a deployment as it was before this migration.
      await search.down(db as Kysely<unknown>);
      const at = '2026-01-01T00:00:00.000Z';
      for (const [submission_key, payload] of [
        ['k-1', { firstName: 'Élodie ', lastName: 'De  La Cour' }],
        ['k-2', { lastName: 'Hopper' }],
        ['k-3', {}],
      ] as const) {
        await sql`insert into applications (submission_key, status, payload_json, created_at, updated_at) values (${submission_key}, 'partial', ${JSON.stringify(payload)}, ${at}, ${at})`.execute(
          db,
        );
      }
      await search.up(db as Kysely<unknown>);
      expect(
        await db
          .selectFrom('applications')
          .select(['submission_key', 'search_name'])
          .orderBy('submission_key')
          .execute(),
      ).toEqual([
        { submission_key: 'k-1', search_name: 'élodie de la cour' },
        { submission_key: 'k-2', search_name: 'hopper' },
        { submission_key: 'k-3', search_name: null },
      ]);
    } finally {
      await database.close();
    }
  });

  it('stores each earlier application’s branch as the domain’s rule decides it', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'));
    const db = database.db;
    try {
      // Back to a deployment as it was before this migration.
      await branch.down(db as Kysely<unknown>);
      const at = '2026-01-01T00:00:00.000Z';
      for (const [submission_key, payload] of [
        ['k-1', JSON.stringify({ loanPurposeType: 'Vehicle' })],
        ['k-2', JSON.stringify({ loanPurposeType: 'Other', isJointApplication: false })],
        ['k-3', JSON.stringify({ loanPurposeType: 'DebtConsolidation', isJointApplication: true })],
        ['k-4', JSON.stringify({})],
        ['k-5', 'not json'],
      ] as const) {
        await sql`insert into applications (submission_key, status, payload_json, created_at, updated_at) values (${submission_key}, 'partial', ${payload}, ${at}, ${at})`.execute(
          db,
        );
      }
      await branch.up(db as Kysely<unknown>);
      expect(
        await db
          .selectFrom('applications')
          .select(['submission_key', 'branch'])
          .orderBy('submission_key')
          .execute(),
      ).toEqual([
        { submission_key: 'k-1', branch: 'vehicle' },
        { submission_key: 'k-2', branch: 'secured' },
        { submission_key: 'k-3', branch: 'joint' },
        { submission_key: 'k-4', branch: 'vehicle' },
        { submission_key: 'k-5', branch: 'vehicle' },
      ]);
    } finally {
      await database.close();
    }
  });

  it('plans the e-mail, phone and application id searches as index searches, a name within its index', async () => {
    const database = await openTestDatabase('sqlite', inject('postgresUrl'));
    try {
      for (const where of [
        sql`email_lower = ${'a@example.com'}`,
        sql`phone_normalised = ${'07700900123'}`,
        sql`(application_id = ${'x'} or submission_key = ${'x'})`,
      ]) {
        const plan = await sql<{
          detail: string;
        }>`explain query plan select * from applications where ${where} order by id desc limit 26`.execute(
          database.db,
        );
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toMatch(/SEARCH applications USING INDEX/);
        expect(details).not.toMatch(/SCAN applications/);
      }
      // A name is matched anywhere in it: the narrow name index is read whole, not the rows.
      const plan = await sql<{
        detail: string;
      }>`explain query plan select * from applications where id in (select named.id from applications as named where named.search_name is not null and named.search_name like ${'%ada%'} escape '\\') order by id desc limit 26`.execute(
        database.db,
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(
        /(SCAN|SEARCH) named USING COVERING INDEX applications_by_search_name/,
      );
    } finally {
      await database.close();
    }
  });
});
