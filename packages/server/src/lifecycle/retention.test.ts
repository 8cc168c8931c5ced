import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db, NewApplicationRow } from '../db/schema.js';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { runRetentionCommand } from './cli.js';
import { deleteExpired, runRetentionOnce } from './retention.js';

const NOW = new Date('2032-06-15T03:00:00.000Z');
const PERIODS = { decidedYears: 6, partialDays: 90, deliveredDays: 30 };
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const SIX_YEARS_AGO = '2026-06-15T03:00:00.000Z';

function before(ms: number, from = NOW): string {
  return new Date(from.getTime() - ms).toISOString();
}

async function clear(db: Db) {
  for (const table of [
    'delivery_events',
    'portal_mail_outbox',
    'portal_accounts',
    'dev_mailbox',
    'applications',
    'job_leases',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

/** An application and its applicant's people row, as a submission stores them. */
async function application(db: Db, key: string, values: Partial<NewApplicationRow>) {
  const row = await db
    .insertInto('applications')
    .values({
      submission_key: key,
      status: 'complete',
      outcome: 'approved',
      payload_json: '{}',
      email_lower: `${key}@example.com`,
      created_at: before(7 * 365 * DAY),
      updated_at: before(7 * 365 * DAY),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('application_people')
    .values({
      application_row_id: row.id,
      role: 'applicant',
      email_lower: `${key}@example.com`,
      phone_normalised: null,
      date_of_birth: null,
      name: null,
    })
    .execute();
  return row.id;
}

/** An application's event (its key in the body, as delivered), or an alert with no application. */
async function event(
  db: Db,
  applicationRowId: number | null,
  deliveredAt: string | null,
  deadAt: string | null = null,
  key = String(applicationRowId),
) {
  await db
    .insertInto('delivery_events')
    .values({
      event_id: `evt-${key}-${Math.random()}`,
      endpoint: applicationRowId === null ? 'chat' : 'crm',
      event_type: applicationRowId === null ? 'alert' : 'application.decided',
      body: JSON.stringify({ data: { submissionKey: key, application: {} } }),
      created_at: before(40 * DAY),
      next_attempt_at: before(40 * DAY),
      delivered_at: deliveredAt,
      dead_at: deadAt,
      application_row_id: applicationRowId,
    })
    .execute();
}

async function keys(db: Db) {
  const rows = await db.selectFrom('applications').select('submission_key').execute();
  return rows.map((row) => row.submission_key).sort();
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the retention job on %s',
  { timeout: 60_000 },
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
    });
    afterAll(() => database.close());
    afterEach(() => clear(database.db));

    it('deletes decided applications 6 years after completion, with their work, notes and events', async () => {
      const db = database.db;
      const old = await application(db, 'decided-old', {
        completed_at: before(MINUTE, new Date(SIX_YEARS_AGO)),
      });
      await application(db, 'decided-kept', {
        completed_at: before(-MINUTE, new Date(SIX_YEARS_AGO)),
      });
      await application(db, 'declined-old', {
        outcome: 'declined',
        completed_at: before(MINUTE, new Date(SIX_YEARS_AGO)),
      });
      await db
        .insertInto('application_work')
        .values({
          application_row_id: old,
          work_status: 'completed',
          assigned_to: null,
          updated_at: SIX_YEARS_AGO,
        })
        .execute();
      await db
        .insertInto('application_activity')
        .values({
          application_row_id: old,
          at: SIX_YEARS_AGO,
          staff_id: 's',
          staff_email: 's@broker.example',
          kind: 'note',
          text: 'called back',
        })
        .execute();
      await event(db, old, null, before(6 * 365 * DAY));

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toEqual({
        decidedApplications: 2,
        partialApplications: 0,
        people: 2,
        work: 1,
        activity: 1,
        deliveryEvents: 1,
        alerts: 0,
        portalMail: 0,
        portalAccounts: 0,
        disclosuresServed: 0,
        callbacks: 0,
        savedDrafts: 0,
        devMailbox: 0,
        documents: 0,
        documentLinks: 0,
        documentFiles: 0,
      });
      expect(await keys(db)).toEqual(['decided-kept']);
      expect(await db.selectFrom('application_work').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('application_activity').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('delivery_events').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('application_people').select('role').execute()).toEqual([
        { role: 'applicant' },
      ]);
    });

    it('deletes abandoned partial applications 90 days after their last save', async () => {
      const db = database.db;
      await application(db, 'partial-old', {
        status: 'partial',
        outcome: null,
        updated_at: before(90 * DAY + MINUTE),
      });
      await application(db, 'partial-kept', {
        status: 'partial',
        outcome: null,
        updated_at: before(90 * DAY - MINUTE),
      });

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toMatchObject({ decidedApplications: 0, partialApplications: 1 });
      expect(await keys(db)).toEqual(['partial-kept']);
    });

    it('follows the configured periods', async () => {
      const db = database.db;
      await application(db, 'decided', { completed_at: before(367 * DAY) });
      await application(db, 'partial', {
        status: 'partial',
        outcome: null,
        updated_at: before(8 * DAY),
      });
      await deleteExpired(db, NOW, { decidedYears: 2, partialDays: 10, deliveredDays: 30 });
      expect(await keys(db)).toEqual(['decided', 'partial']);
      await deleteExpired(db, NOW, { decidedYears: 1, partialDays: 7, deliveredDays: 30 });
      expect(await keys(db)).toEqual([]);
    });

    it('deletes delivered events, sent alerts and sent mail after 30 days, keeping newer and undelivered ones', async () => {
      const db = database.db;
      const kept = await application(db, 'kept', { completed_at: before(DAY) });
      await event(db, kept, before(30 * DAY + MINUTE), null, 'a');
      await event(db, kept, before(30 * DAY - MINUTE), null, 'b');
      await event(db, kept, null, null, 'c');
      await event(db, null, before(30 * DAY + MINUTE), null, 'old-alert');
      await event(db, null, before(30 * DAY - MINUTE), null, 'new-alert');
      const account = await db
        .insertInto('portal_accounts')
        .values({
          email_lower: 'kept@example.com',
          status: 2,
          otp_hash: null,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const mail = {
        portal_account_id: account.id,
        email_lower: 'kept@example.com',
        kind: 'verification' as const,
        created_at: before(40 * DAY),
        next_attempt_at: before(40 * DAY),
      };
      await db
        .insertInto('portal_mail_outbox')
        .values([
          { ...mail, sent_at: before(30 * DAY + MINUTE) },
          { ...mail, sent_at: before(30 * DAY - MINUTE) },
        ])
        .execute();

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toMatchObject({ deliveryEvents: 1, alerts: 1, portalMail: 1 });
      const events = await db.selectFrom('delivery_events').select('body').orderBy('id').execute();
      expect(
        events.map(
          (row) => (JSON.parse(row.body) as { data: { submissionKey: string } }).data.submissionKey,
        ),
      ).toEqual(['b', 'c', 'new-alert']);
      expect(await db.selectFrom('portal_mail_outbox').select('sent_at').execute()).toEqual([
        { sent_at: before(30 * DAY - MINUTE) },
      ]);
    });

    it('never takes another application’s events with one whose key was 36 underscores (no LIKE)', async () => {
      const db = database.db;
      // Stored before keys were checked (decision 0050): `_` was LIKE's wildcard.
      const underscores = await application(db, '_'.repeat(36), {
        status: 'partial',
        outcome: null,
        updated_at: before(91 * DAY),
      });
      await event(db, underscores, null, null, '_'.repeat(36));
      const others: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const key = `0${i}000000-0000-4000-8000-000000000000`;
        const id = await application(db, key, { completed_at: before(DAY) });
        await event(db, id, null, null, key);
        others.push(id);
      }

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toMatchObject({ partialApplications: 1, deliveryEvents: 1 });
      const left = await db
        .selectFrom('delivery_events')
        .select(['application_row_id', 'delivered_at', 'dead_at'])
        .orderBy('application_row_id')
        .execute();
      expect(left).toEqual(
        others.map((id) => ({ application_row_id: id, delivered_at: null, dead_at: null })),
      );
    });

    it('deletes portal accounts no application links to any more once past the partial period', async () => {
      const db = database.db;
      const linked = await application(db, 'has-account', { completed_at: before(DAY) });
      const gone = await application(db, 'expired', { completed_at: before(7 * 365 * DAY) });
      const account = { status: 1, otp_hash: null, created_at: before(200 * DAY) };
      const ids = await db
        .insertInto('portal_accounts')
        .values([
          { ...account, email_lower: 'has-account@example.com', updated_at: before(200 * DAY) },
          {
            ...account,
            email_lower: 'orphan-old@example.com',
            updated_at: before(90 * DAY + MINUTE),
          },
          {
            ...account,
            email_lower: 'orphan-new@example.com',
            updated_at: before(90 * DAY - MINUTE),
          },
        ])
        .returning(['id', 'email_lower'])
        .execute();
      await db
        .insertInto('portal_account_applications')
        .values([
          { portal_account_id: ids[0]!.id, application_row_id: linked },
          // The old orphan's only application expires in this run.
          { portal_account_id: ids[1]!.id, application_row_id: gone },
        ])
        .execute();

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result.portalAccounts).toBe(1);
      const left = await db.selectFrom('portal_accounts').select('email_lower').execute();
      expect(left.map((row) => row.email_lower).sort()).toEqual([
        'has-account@example.com',
        'orphan-new@example.com',
      ]);
    });

    it('runs once a day, and only one of two instances starting at once runs', async () => {
      const db = database.db;
      await application(db, 'partial-old', {
        status: 'partial',
        outcome: null,
        updated_at: before(91 * DAY),
      });
      const results = await Promise.all([
        runRetentionOnce(db, { now: NOW, periods: PERIODS, holder: 'instance-a' }),
        runRetentionOnce(db, { now: NOW, periods: PERIODS, holder: 'instance-b' }),
      ]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(results.filter((result) => result === null)).toHaveLength(1);
      expect(await keys(db)).toEqual([]);

      // Later the same day no one runs it again; the next day one does.
      const later = new Date(NOW.getTime() + 12 * 60 * MINUTE);
      expect(
        await runRetentionOnce(db, { now: later, periods: PERIODS, holder: 'instance-b' }),
      ).toBeNull();
      const tomorrow = new Date(NOW.getTime() + DAY);
      expect(
        await runRetentionOnce(db, { now: tomorrow, periods: PERIODS, holder: 'instance-b' }),
      ).not.toBeNull();
    });

    it('lets another instance take over a run whose instance died', async () => {
      const db = database.db;
      await db
        .insertInto('job_leases')
        .values({
          name: 'retention',
          holder: 'dead',
          lease_until: before(-30 * MINUTE),
          last_finished_at: null,
        })
        .execute();
      expect(await runRetentionOnce(db, { now: NOW, periods: PERIODS, holder: 'b' })).toBeNull();
      const afterLease = new Date(NOW.getTime() + 31 * MINUTE);
      expect(
        await runRetentionOnce(db, { now: afterLease, periods: PERIODS, holder: 'b' }),
      ).not.toBeNull();
    });

    it('runs by hand with a chosen clock and prints what it deleted, by kind', async () => {
      const db = database.db;
      await application(db, 'partial-old', {
        status: 'partial',
        outcome: null,
        updated_at: before(91 * DAY),
      });
      const out: string[] = [];
      const error: string[] = [];
      const io = {
        out: (line: string) => out.push(line),
        error: (line: string) => error.push(line),
      };
      expect(
        await runRetentionCommand(['--now', '2032-06-15T03:00:00Z'], {
          db,
          periods: PERIODS,
          ...io,
        }),
      ).toBe(0);
      expect(out).toEqual([
        'Retention at 2032-06-15T03:00:00.000Z: deleted',
        '  decidedApplications\t0',
        '  partialApplications\t1',
        '  people\t1',
        '  work\t0',
        '  activity\t0',
        '  deliveryEvents\t0',
        '  alerts\t0',
        '  portalMail\t0',
        '  portalAccounts\t0',
        '  disclosuresServed\t0',
        '  callbacks\t0',
        '  savedDrafts\t0',
        '  devMailbox\t0',
        '  documents\t0',
        '  documentLinks\t0',
        '  documentFiles\t0',
      ]);
      expect(await keys(db)).toEqual([]);

      expect(
        await runRetentionCommand(['--now', 'next tuesday'], { db, periods: PERIODS, ...io }),
      ).toBe(2);
      expect(error).toEqual([
        '--now must be an ISO date, such as 2032-06-15T03:00:00Z (not next tuesday)',
      ]);
    });
  },
);
