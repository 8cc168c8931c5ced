import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db, NewApplicationRow } from '../db/schema.js';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
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
    'application_activity',
    'application_work',
    'delivery_events',
    'alert_outbox',
    'portal_mail_outbox',
    'portal_accounts',
    'dev_mailbox',
    'applications',
    'job_leases',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

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
  return row.id;
}

async function event(
  db: Db,
  key: string,
  deliveredAt: string | null,
  deadAt: string | null = null,
) {
  await db
    .insertInto('delivery_events')
    .values({
      event_id: `evt-${key}-${Math.random()}`,
      endpoint: 'crm',
      event_type: 'application.decided',
      body: JSON.stringify({ data: { submissionKey: key, application: {} } }),
      created_at: before(40 * DAY),
      next_attempt_at: before(40 * DAY),
      delivered_at: deliveredAt,
      dead_at: deadAt,
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
      await event(db, 'decided-old', null, before(6 * 365 * DAY));

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toMatchObject({
        decidedApplications: 2,
        partialApplications: 0,
        deliveryEvents: 1,
      });
      expect(await keys(db)).toEqual(['decided-kept']);
      expect(await db.selectFrom('application_work').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('application_activity').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('delivery_events').selectAll().execute()).toEqual([]);
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
      await event(db, 'a', before(30 * DAY + MINUTE));
      await event(db, 'b', before(30 * DAY - MINUTE));
      await event(db, 'c', null);
      const alert = {
        created_at: before(40 * DAY),
        alert_type: 'Failure',
        subject: 's',
        name: 'n',
        message: 'm',
        next_attempt_at: before(40 * DAY),
      };
      await db
        .insertInto('alert_outbox')
        .values([
          { ...alert, name: 'old', delivered_at: before(30 * DAY + MINUTE) },
          { ...alert, name: 'new', delivered_at: before(30 * DAY - MINUTE) },
        ])
        .execute();
      const mail = {
        kind: 'verification' as const,
        created_at: before(40 * DAY),
        next_attempt_at: before(40 * DAY),
      };
      await db
        .insertInto('portal_mail_outbox')
        .values([
          { ...mail, email_lower: 'old@example.com', sent_at: before(30 * DAY + MINUTE) },
          { ...mail, email_lower: 'new@example.com', sent_at: before(30 * DAY - MINUTE) },
        ])
        .execute();

      const result = await deleteExpired(db, NOW, PERIODS);

      expect(result).toMatchObject({ deliveryEvents: 1, alerts: 1, portalMail: 1 });
      const events = await db.selectFrom('delivery_events').select('body').orderBy('id').execute();
      expect(
        events.map(
          (row) => (JSON.parse(row.body) as { data: { submissionKey: string } }).data.submissionKey,
        ),
      ).toEqual(['b', 'c']);
      expect(await db.selectFrom('alert_outbox').select('name').execute()).toEqual([
        { name: 'new' },
      ]);
      expect(await db.selectFrom('portal_mail_outbox').select('email_lower').execute()).toEqual([
        { email_lower: 'new@example.com' },
      ]);
    });

    it('deletes portal accounts with no application left once past the partial period', async () => {
      const db = database.db;
      await application(db, 'has-account', { completed_at: before(DAY) });
      const account = { status: 1, otp_hash: null, created_at: before(200 * DAY) };
      await db
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
  },
);
