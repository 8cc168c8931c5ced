import { parseReference } from '@broker/domain';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { migrateToLatest, migrateUpTo } from './migrate.js';
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
      'application_activity',
      'application_documents',
      'application_messages',
      'application_people',
      'application_work',
      'applications',
      'callbacks',
      'complaints',
      'delivery_events',
      'dev_mailbox',
      'disclosure_texts',
      'disclosures_served',
      'document_links',
      'erasure_tombstones',
      'funnel_counts',
      'job_leases',
      'lender_submissions',
      'portal_account_applications',
      'portal_accounts',
      'portal_mail_outbox',
      'saved_drafts',
      'staff_audit_checkpoint',
      'staff_audit_log',
      'staff_members',
      'staff_sessions',
      'staff_sign_in_attempts',
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
      }>`explain query plan select id from applications where status = 'complete' and outcome in ('approved', 'declined') and date_of_birth = ${'1980-01-01'} and completed_at >= ${'2026'} and submission_key <> ${'k'} and email_lower = ${'a'} and phone_normalised = ${'b'} order by completed_at desc limit 1`.execute(
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
    // A deployment as it was before this migration.
    const database = await openTestDatabase(dialect, inject('postgresUrl'), {
      upTo: '0003-decisions',
    });
    const db = database.db;
    try {
      const at = '2026-01-01T00:00:00.000Z';
      const account = { otp_hash: 'a'.repeat(64), created_at: at, updated_at: at };
      for (const [email, status] of [
        ['new@example.com', 1],
        ['old@example.com', 2],
      ] as const) {
        await sql`insert into portal_accounts (email_lower, status, otp_hash, created_at, updated_at) values (${email}, ${status}, ${account.otp_hash}, ${at}, ${at})`.execute(
          db,
        );
      }
      await migrateUpTo(db, '0004-portal-verification');
      const rows = await sql<
        Record<string, unknown>
      >`select email_lower, status, otp_hash, otp_attempts, verified_at from portal_accounts order by email_lower`.execute(
        db,
      );
      const pending = { status: 2, otp_hash: null, otp_attempts: 0, verified_at: null };
      expect(rows.rows).toEqual([
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
    // A deployment as it was before this migration.
    const database = await openTestDatabase(dialect, inject('postgresUrl'), { upTo: '0005-staff' });
    const db = database.db;
    try {
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

      await migrateUpTo(db, '0006-reference');
      const applications = (
        await sql<{
          submission_key: string;
          reference: string | null;
        }>`select submission_key, reference from applications order by submission_key`.execute(db)
      ).rows;
      const [first, second, partial] = applications;
      expect(parseReference(first!.reference!)).toBe(first!.reference);
      expect(parseReference(second!.reference!)).toBe(second!.reference);
      expect(first!.reference).not.toBe(second!.reference);
      expect(partial).toEqual({ submission_key: 'k-partial', reference: null });
      const events = (
        await sql`select event_type, submission_key from delivery_events order by event_type`.execute(
          db,
        )
      ).rows;
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
    // A deployment as it was before this migration.
    const database = await openTestDatabase(dialect, inject('postgresUrl'), {
      upTo: '0009-funnel',
    });
    const db = database.db;
    try {
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
      await migrateUpTo(db, '0010-search');
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
      // E-mail and phone: either person's, by their people rows (migration 0012).
      for (const [column, index] of [
        ['email_lower', 'application_people_by_email_lower'],
        ['phone_normalised', 'application_people_by_phone_normalised'],
      ] as const) {
        const plan = await sql<{
          detail: string;
        }>`explain query plan select * from applications where id in (select application_row_id from application_people where ${sql.ref(column)} = ${'x'}) order by id desc limit 26`.execute(
          database.db,
        );
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toContain(`SEARCH application_people USING COVERING INDEX ${index}`);
        expect(details).not.toMatch(/SCAN (applications|application_people)\b/);
      }
      for (const where of [sql`(application_id = ${'x'} or submission_key = ${'x'})`]) {
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

describe.each<DialectName>(['sqlite', 'postgres'])('0012-people-and-relations on %s', (dialect) => {
  it('gives each application its people, each event its application, each portal account an id and its links', async () => {
    // A deployment as it was before this migration.
    const database = await openTestDatabase(dialect, inject('postgresUrl'), {
      upTo: '0011-list-on-postgres',
    });
    const db = database.db;
    try {
      const at = '2026-01-01T00:00:00.000Z';
      const application = (
        key: string,
        values: { outcome?: string; variant?: string; email?: string; payload: object },
      ) =>
        sql`insert into applications (submission_key, status, outcome, variant, payload_json, email_lower, phone_normalised, date_of_birth, created_at, updated_at)
          values (${key}, 'complete', ${values.outcome ?? 'approved'}, ${values.variant ?? null}, ${JSON.stringify(values.payload)},
            ${values.email ?? null}, ${'07700900123'}, ${'1980-05-15'}, ${at}, ${at})`.execute(db);
      await application('k-single', {
        variant: 'CDJ-MVP',
        email: 'ada@example.com',
        payload: { firstName: 'Ada', lastName: 'Lovelace' },
      });
      await application('k-joint', {
        outcome: 'declined',
        email: 'ada@example.com',
        payload: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          JointApplicant: {
            firstName: 'Ben',
            lastName: 'King',
            email: ' Ben.King@Example.com ',
            contactNumber: '+447700900456',
            dateOfBirth: '1979-01-02T00:00:00.000',
          },
        },
      });
      const event = (id: string, type: string, key: string | null) =>
        sql`insert into delivery_events (event_id, endpoint, event_type, body, created_at, next_attempt_at, submission_key)
          values (${id}, 'webhook-1', ${type}, '{}', ${at}, ${at}, ${key})`.execute(db);
      await event('e-single', 'application.decided', 'k-single');
      await event('e-alert', 'alert', null);
      // Left behind by the text-matching deletion: its application is gone.
      await event('e-orphan', 'application.decided', 'k-gone');
      for (const email of ['ada@example.com', 'orphan@example.com']) {
        await sql`insert into portal_accounts (email_lower, status, created_at, updated_at) values (${email}, 2, ${at}, ${at})`.execute(
          db,
        );
        await sql`insert into portal_mail_outbox (email_lower, kind, created_at, next_attempt_at) values (${email}, 'verification', ${at}, ${at})`.execute(
          db,
        );
      }
      await sql`insert into alert_outbox (created_at, alert_type, subject, name, message, next_attempt_at) values (${at}, 'Failure', 's', 'n', 'm', ${at})`.execute(
        db,
      );

      await migrateUpTo(db, '0012-people-and-relations');

      const ids = Object.fromEntries(
        (await db.selectFrom('applications').select(['submission_key', 'id']).execute()).map(
          (row) => [row.submission_key, row.id],
        ),
      );
      expect(
        await db
          .selectFrom('application_people')
          .selectAll()
          .orderBy('application_row_id')
          .orderBy('role')
          .execute(),
      ).toEqual([
        {
          application_row_id: ids['k-single'],
          role: 'applicant',
          email_lower: 'ada@example.com',
          phone_normalised: '07700900123',
          date_of_birth: '1980-05-15',
          name: 'Ada Lovelace',
        },
        {
          application_row_id: ids['k-joint'],
          role: 'applicant',
          email_lower: 'ada@example.com',
          phone_normalised: '07700900123',
          date_of_birth: '1980-05-15',
          name: 'Ada Lovelace',
        },
        {
          application_row_id: ids['k-joint'],
          role: 'joint',
          email_lower: 'ben.king@example.com',
          phone_normalised: '07700900456',
          date_of_birth: '1979-01-02',
          name: 'Ben King',
        },
      ]);
      expect(
        await db
          .selectFrom('delivery_events')
          .select(['event_id', 'application_row_id'])
          .orderBy('event_id')
          .execute(),
      ).toEqual([
        { event_id: 'e-alert', application_row_id: null },
        { event_id: 'e-single', application_row_id: ids['k-single'] },
      ]);
      const accounts = await db
        .selectFrom('portal_accounts')
        .select(['id', 'email_lower'])
        .orderBy('email_lower')
        .execute();
      expect(accounts.map((account) => account.email_lower)).toEqual([
        'ada@example.com',
        'orphan@example.com',
      ]);
      expect(accounts.every((account) => Number.isInteger(account.id))).toBe(true);
      // The portal variant's approved application made Ada's account; the declined one did not.
      expect(await db.selectFrom('portal_account_applications').selectAll().execute()).toEqual([
        { portal_account_id: accounts[0]!.id, application_row_id: ids['k-single'] },
      ]);
      expect(
        await db
          .selectFrom('portal_mail_outbox')
          .select(['email_lower', 'portal_account_id'])
          .orderBy('email_lower')
          .execute(),
      ).toEqual([
        { email_lower: 'ada@example.com', portal_account_id: accounts[0]!.id },
        { email_lower: 'orphan@example.com', portal_account_id: accounts[1]!.id },
      ]);
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('alert_outbox');

      // The keys: an application takes its people, events and portal links with it; an
      // account takes its mail.
      await db.deleteFrom('applications').where('id', '=', ids['k-single']!).execute();
      expect(
        await db
          .selectFrom('application_people')
          .select('application_row_id')
          .where('application_row_id', '=', ids['k-single']!)
          .execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('delivery_events').select('event_id').orderBy('event_id').execute(),
      ).toEqual([{ event_id: 'e-alert' }]);
      expect(await db.selectFrom('portal_account_applications').selectAll().execute()).toEqual([]);
      await db.deleteFrom('portal_accounts').where('id', '=', accounts[1]!.id).execute();
      expect(await db.selectFrom('portal_mail_outbox').select('email_lower').execute()).toEqual([
        { email_lower: 'ada@example.com' },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('0013-duplicates on %s', (dialect) => {
  it('links each earlier duplicate to the person’s latest decided application before it', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'), {
      upTo: '0012-people-and-relations',
    });
    const db = database.db;
    try {
      const row = (key: string, outcome: string, completedAt: string, email: string) =>
        sql`insert into applications (submission_key, status, outcome, payload_json, email_lower, phone_normalised, date_of_birth, created_at, updated_at, completed_at)
          values (${key}, 'complete', ${outcome}, '{}', ${email}, ${'07700900123'}, ${'1980-05-15'}, ${completedAt}, ${completedAt}, ${completedAt})`.execute(
          db,
        );
      await row('k-first', 'approved', '2026-01-01T00:00:00.000Z', 'ada@example.com');
      await row('k-second', 'declined', '2026-01-05T00:00:00.000Z', 'ada@example.com');
      // Matched by phone under the old rule.
      await row('k-dup', 'duplicate', '2026-01-06T00:00:00.000Z', 'other@example.com');
      await migrateUpTo(db, '0013-duplicates');
      const rows = await db
        .selectFrom('applications')
        .select(['submission_key', 'id', 'duplicate_of'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.submission_key, r.duplicate_of])).toEqual([
        ['k-first', null],
        ['k-second', null],
        ['k-dup', rows[1]!.id],
      ]);
      // Deleting the earlier application leaves the duplicate, unlinked.
      await db.deleteFrom('applications').where('id', '=', rows[1]!.id).execute();
      expect(
        await db
          .selectFrom('applications')
          .select('duplicate_of')
          .where('submission_key', '=', 'k-dup')
          .executeTakeFirstOrThrow(),
      ).toEqual({ duplicate_of: null });
    } finally {
      await database.close();
    }
  });
});

describe.each<DialectName>(['sqlite', 'postgres'])('0018-work-queue on %s', (dialect) => {
  it('keeps every case’s work, allows "awaiting documents" and a next-action date, and still refuses an unknown status', async () => {
    const database = await openTestDatabase(dialect, inject('postgresUrl'), {
      upTo: '0016-branch',
    });
    const db = database.db;
    try {
      await sql`insert into staff_members (id, email_lower, display_name, role, status, created_at, updated_at)
        values ('m-1', 'agent@broker.example', 'Agent', 'agent', 'active', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await sql`insert into applications (submission_key, status, payload_json, created_at, updated_at)
        values ('k-1', 'complete', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
      const { id } = await db.selectFrom('applications').select('id').executeTakeFirstOrThrow();
      await sql`insert into application_work (application_row_id, work_status, assigned_to, updated_at)
        values (${id}, 'referred', 'm-1', '2026-01-02T00:00:00.000Z')`.execute(db);
      await migrateToLatest(db);
      expect(await db.selectFrom('application_work').selectAll().execute()).toEqual([
        {
          application_row_id: id,
          work_status: 'referred',
          assigned_to: 'm-1',
          updated_at: '2026-01-02T00:00:00.000Z',
          next_action_on: null,
        },
      ]);
      await db
        .updateTable('application_work')
        .set({ work_status: 'awaiting-documents', next_action_on: '2026-01-05' })
        .execute();
      await expect(
        sql`update application_work set work_status = 'lost'`.execute(db),
      ).rejects.toThrow(/check/i);
      // Still goes with its application.
      await db.deleteFrom('applications').execute();
      expect(await db.selectFrom('application_work').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
