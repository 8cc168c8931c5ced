import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SubmissionPayload } from '@broker/domain';
import { newSecret } from '../delivery/signing.js';
import { appendAudit, verifyAuditChain } from '../staff/audit.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validJointPayload, validPayload } from '../test-support/fixtures.js';
import { startReceiver } from '../test-support/receiver.js';
import type { Receiver } from '../test-support/receiver.js';
import type { SignedIn } from '../test-support/staff.js';
import { confirmationOf } from '../test-support/erasure.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { WITHHELD_NOTE, WITHHELD_STATEMENTS } from './views.js';

/** Every text value of every table, for looking for a person's data after erasure. */
async function everyTable(t: TestApp): Promise<string> {
  const tables = await t.db.introspection.getTables();
  let all = '';
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
      t.db,
    );
    all += JSON.stringify(rows.rows);
  }
  return all.toLowerCase();
}

/** The joint fixture's two people (`@broker/domain/testing`'s ADA and BEN). */
const ADA = { email: 'ada.lovelace@example.com', phone: '07911123456', born: '1980-05-15' };
const BEN = { email: 'ben@example.com', phone: '07911654321', born: '1979-12-31' };

interface Document {
  statement: string;
  emails: string[];
  applications: {
    id: number;
    role: 'applicant' | 'joint';
    person: { role: string; name: string; email: string; phone: string; dateOfBirth: string }[];
    email: string | null;
    phone: string | null;
    dateOfBirth: string | null;
    ipAddress: string | null;
    answers: Record<string, unknown>;
    decision: unknown;
    withheld: { statement: string; answers: string[] } | null;
    activity: { kind: string; text: string }[];
  }[];
  deliveryEvents: { applicationRowId: number; body: { data: Record<string, unknown> } }[];
  portalAccounts: { email_lower: string }[];
  portalMail: unknown[];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'subject access and erasure on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let receiver: Receiver;
    let admin: SignedIn;
    let agent: SignedIn;
    let auditor: SignedIn;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      receiver = await startReceiver();
      // Events wait until a test drains them: "pending" is the state under test.
      t = await startTestApp(database, {
        manualDelivery: true,
        env: { DELIVERY_WEBHOOK_URL: receiver.url, DELIVERY_WEBHOOK_SECRET: newSecret() },
      });
      admin = await signIn(t, await addActiveStaff(t, 'admin'));
      agent = await signIn(t, await addActiveStaff(t, 'agent'));
      auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
      await database.close();
    });
    afterEach(async () => {
      for (const table of [
        'applications',
        'delivery_events',
        'portal_accounts',
        'erasure_tombstones',
        'dev_mailbox',
      ] as const) {
        await t.db.deleteFrom(table).execute();
      }
      receiver.received.length = 0;
    });

    async function post(url: string, payload: object, session: SignedIn = admin) {
      return t.app.inject({ method: 'POST', url, payload, headers: session.headers() });
    }

    async function submitPayload(payload: SubmissionPayload) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return t.db
        .selectFrom('applications')
        .select(['id', 'application_id', 'submission_key', 'reference'])
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
    }

    function submit(address: string, phone = '07911123456', overrides = {}) {
      return submitPayload(validPayload({ email: address, contactNumber: phone, ...overrides }));
    }

    async function note(id: number, text: string) {
      const response = await post(`/api/staff/applications/${id}/notes`, { text }, agent);
      expect(response.statusCode).toBe(201);
    }

    async function subjectAccess(q: string): Promise<Document> {
      const response = await post('/api/staff/subject-access', { q });
      expect(response.statusCode).toBe(200);
      return response.json<Document>();
    }

    async function lastAudit(action: string) {
      const entry = await t.db
        .selectFrom('staff_audit_log')
        .select('detail_json')
        .where('action', '=', action)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      return JSON.parse(entry.detail_json!) as Record<string, unknown>;
    }

    async function eventsOf(id: number) {
      return t.db
        .selectFrom('delivery_events')
        .selectAll()
        .where('application_row_id', '=', id)
        .orderBy('id')
        .execute();
    }

    let email: string;
    let rowIds: number[];
    let applicationId: string;

    /**
     * The person's two applications (the second with another phone), a partial one, a note,
     * their events and a portal account with its mail, all through the real routes.
     */
    async function seedPerson() {
      const suffix = Math.random().toString(36).slice(2, 8);
      email = `erase.me.${suffix}@example.com`;
      const first = await submit(email.toUpperCase(), '07911123456', { variant: 'CDJ-MVP' });
      const second = await submit(email, '07911123457');
      const key = randomUUID();
      const partial = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${key}`,
        payload: { ...validPayload({ email }), submissionKey: key, IsCompleted: false },
      });
      expect(partial.statusCode).toBe(202);
      const partialRow = await t.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();
      rowIds = [first.id, second.id, partialRow.id].sort((a, b) => a - b);
      applicationId = first.application_id!;
      await note(first.id, `Rang ${email} back`);
      const status = await post(
        `/api/staff/applications/${first.id}/status`,
        { status: 'contacted' },
        agent,
      );
      expect(status.statusCode).toBe(200);
    }

    it('gives an admin the person’s data as a JSON download, found by e-mail, phone or id, and audits exactly which rows', async () => {
      await seedPerson();
      const other = await submit('someone.else@example.com', '07911999888');

      for (const q of [email.toUpperCase(), applicationId]) {
        const response = await post('/api/staff/subject-access', { q });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toBe(
          'attachment; filename="subject-access-2026-03-10.json"',
        );
        expect(response.headers['cache-control']).toBe('no-store');
        const document = response.json<Document>();
        expect(document.emails).toEqual([email]);
        expect(document.applications.map((row) => row.id)).toEqual(rowIds);
        expect(document.applications.every((row) => row.role === 'applicant')).toBe(true);
        expect(document.applications.every((row) => row.withheld === null)).toBe(true);
        expect(document.applications[0]!.activity).toEqual([
          expect.objectContaining({ kind: 'note', text: `Rang ${email} back` }),
          expect.objectContaining({ kind: 'status', text: 'contacted' }),
        ]);
        expect(document.deliveryEvents.map((event) => event.applicationRowId).sort()).toEqual(
          rowIds.slice(0, 2),
        );
        expect(document.portalAccounts.map((account) => account.email_lower)).toEqual([email]);
        expect(document.portalMail).toHaveLength(1);
        expect(JSON.stringify(document)).not.toContain('someone.else');
      }
      const byPhone = await subjectAccess('+44 7911 999888');
      expect(byPhone.applications.map((r) => r.id)).toEqual([other.id]);

      // The audit entry names every row the file disclosed, by kind and id.
      const events = await t.db
        .selectFrom('delivery_events')
        .select('id')
        .where('application_row_id', 'in', rowIds)
        .orderBy('id')
        .execute();
      const activity = await t.db
        .selectFrom('application_activity')
        .select('id')
        .where('application_row_id', 'in', rowIds)
        .orderBy('id')
        .execute();
      const account = await t.db
        .selectFrom('portal_accounts')
        .select('id')
        .where('email_lower', '=', email)
        .executeTakeFirstOrThrow();
      const mail = await t.db
        .selectFrom('portal_mail_outbox')
        .select('id')
        .executeTakeFirstOrThrow();
      expect(await lastAudit('subject-access')).toEqual({
        searchKind: 'phone',
        disclosed: {
          applications: [other.id],
          people: [{ application: other.id, role: 'applicant' }],
          disclosuresServed: [],
          messages: [],
          complaints: [],
          callbacks: [],
          savedDrafts: [],
          lenderSubmissions: [],
          work: [],
          activity: [],
          deliveryEvents: (await eventsOf(other.id)).map((event) => event.id),
          documents: [],
          documentLinks: [],
          portalAccounts: [],
          portalMail: [],
        },
      });
      const entries = await t.db
        .selectFrom('staff_audit_log')
        .select('detail_json')
        .where('action', '=', 'subject-access')
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      expect(JSON.parse(entries[2]!.detail_json!)).toEqual({
        searchKind: 'email',
        disclosed: {
          applications: rowIds,
          people: rowIds.map((id) => ({ application: id, role: 'applicant' })),
          disclosuresServed: [],
          messages: [],
          complaints: [],
          callbacks: [],
          savedDrafts: [],
          lenderSubmissions: [],
          work: [rowIds[0]],
          activity: activity.map((row) => row.id),
          deliveryEvents: events.map((row) => row.id),
          documents: [],
          documentLinks: [],
          portalAccounts: [account.id],
          portalMail: [mail.id],
        },
      });
      expect(entries[0]!.detail_json).not.toContain('7911');
    });

    it('finds a person by their exact e-mail only: a part of someone else’s address finds nothing', async () => {
      await submit('jane.mwyaxdoye@gmail.com', '07911100001');
      await submit('joann@example.com', '07911100002');
      for (const q of ['mwyaxdoye@gmail.co', 'ann@', 'ann@example.com', '@example.com']) {
        const document = await subjectAccess(q);
        expect(document.applications, q).toEqual([]);
        expect(document.deliveryEvents, q).toEqual([]);
        expect(document.portalAccounts, q).toEqual([]);
        expect(JSON.stringify(document), q).not.toMatch(/jane|joann/);
      }
      const nobody = await post('/api/staff/erasure', {
        q: 'ann@example.com',
        reason: 'Asked by phone',
        applicationIds: [],
        confirmation: 'ERASE',
      });
      expect(nobody.statusCode).toBe(404);
      expect(await t.db.selectFrom('delivery_events').select('id').execute()).toHaveLength(2);
    });

    it('refuses an application under the key “e”, and a file never holds another applicant’s events', async () => {
      for (let i = 0; i < 3; i += 1) await submit(`other.${i}@example.com`, `0791110000${i}`);
      const attacker = validPayload({ email: 'e@example.com', contactNumber: '07911100009' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/submission/e',
        payload: { ...attacker, submissionKey: 'e' },
      });
      expect(refused.statusCode).toBe(400);
      // A row stored under such a key before keys were checked (migration 0012 keeps it).
      const at = '2026-03-10T09:00:00.000Z';
      const legacy = await t.db
        .insertInto('applications')
        .values({
          submission_key: 'e',
          status: 'partial',
          payload_json: JSON.stringify({ email: 'e@example.com' }),
          email_lower: 'e@example.com',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('application_people')
        .values({
          application_row_id: legacy.id,
          role: 'applicant',
          email_lower: 'e@example.com',
          phone_normalised: null,
          date_of_birth: null,
          name: null,
        })
        .execute();
      const mine = await submitPayload(attacker);

      const document = await subjectAccess('e@example.com');
      expect(document.applications.map((row) => row.id)).toEqual([legacy.id, mine.id]);
      expect(document.deliveryEvents.map((event) => event.applicationRowId)).toEqual([mine.id]);
      expect(JSON.stringify(document)).not.toContain('other.');
    });

    it('erases one person and leaves everyone else’s pending events, which are delivered later', async () => {
      // Her address is inside the others' addresses, and all three events wait to be sent.
      const ann = await submit('ann@example.com', '07911100001');
      const joann = await submit('joann@example.com', '07911100002');
      const hann = await submit('hann@example.com', '07911100003');
      const before = [...(await eventsOf(joann.id)), ...(await eventsOf(hann.id))];
      expect(before.every((event) => event.delivered_at === null && event.dead_at === null)).toBe(
        true,
      );

      const response = await post('/api/staff/erasure', {
        q: 'ann@example.com',
        reason: 'Erasure request, ticket 4410',
        applicationIds: [ann.id],
        confirmation: await confirmationOf(t.db, [ann.id]),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ erased: 1, kept: [] });
      expect(await eventsOf(ann.id)).toEqual([]);
      expect([...(await eventsOf(joann.id)), ...(await eventsOf(hann.id))]).toEqual(before);

      await t.delivery!.drainOnce();
      const delivered = receiver.received.map(
        (request) => (JSON.parse(request.body) as { data: { submissionKey: string } }).data,
      );
      expect(delivered.map((data) => data.submissionKey).sort()).toEqual(
        [joann.submission_key, hann.submission_key].sort(),
      );
      expect(receiver.received.map((request) => request.body).join()).not.toContain(
        '"email":"ann@example.com"',
      );
    });

    it('gives the joint applicant, found by their own e-mail or phone, what is theirs and withholds the applicant’s details', async () => {
      const joint = await submitPayload(validJointPayload());
      await note(joint.id, 'Spoke to Ada about the car');

      for (const q of [BEN.email, BEN.phone]) {
        const document = await subjectAccess(q);
        expect(document.emails).toEqual([BEN.email]);
        expect(document.applications).toHaveLength(1);
        const [application] = document.applications;
        expect(application).toMatchObject({
          id: joint.id,
          role: 'joint',
          person: [
            {
              role: 'joint',
              name: 'Ben Lovelace',
              email: BEN.email,
              phone: BEN.phone,
              dateOfBirth: BEN.born,
            },
          ],
          email: null,
          phone: null,
          dateOfBirth: null,
          ipAddress: null,
        });
        expect(application!.answers).toMatchObject({
          loanAmount: expect.any(Number) as number,
          isJointApplication: true,
          JointApplicant: { firstName: 'Ben', email: BEN.email },
        });
        for (const key of ['firstName', 'email', 'contactNumber', 'addresses', 'employments']) {
          expect(application!.answers, key).not.toHaveProperty(key);
        }
        expect(application!.withheld?.statement).toBe(WITHHELD_STATEMENTS.joint);
        expect(application!.withheld?.answers).toEqual(
          expect.arrayContaining(['firstName', 'email', 'contactNumber', 'netMonthlyIncome']),
        );
        expect(application!.activity).toEqual([
          expect.objectContaining({ kind: 'note', text: WITHHELD_NOTE }),
        ]);
        expect(document.statement).toContain('UK GDPR article 15(4)');
        expect(document.deliveryEvents).toHaveLength(1);
        const text = JSON.stringify(document);
        for (const value of [ADA.email, ADA.phone, ADA.born, 'Spoke to Ada']) {
          expect(text, value).not.toContain(value);
        }
      }
    });

    it('no longer hands the applicant the joint applicant’s contact details, date of birth or income', async () => {
      const joint = await submitPayload(validJointPayload());
      const document = await subjectAccess(ADA.email);
      const [application] = document.applications;
      expect(application).toMatchObject({ id: joint.id, role: 'applicant', email: ADA.email });
      expect(application!.answers).toMatchObject({ firstName: 'Ada', email: ADA.email });
      expect(application!.answers).not.toHaveProperty('JointApplicant');
      expect(application!.withheld).toEqual({
        statement: WITHHELD_STATEMENTS.applicant,
        answers: ['JointApplicant'],
      });
      const text = JSON.stringify(document);
      for (const value of [BEN.email, BEN.phone, BEN.born, '"netMonthlyIncome":2100']) {
        expect(text, value).not.toContain(value);
      }
      expect(document.deliveryEvents[0]!.body.data.application).not.toHaveProperty(
        'JointApplicant',
      );
      // What the panel found about both incomes together is withheld too.
      expect(JSON.stringify(application!.decision)).not.toContain('loanToIncome');
    });

    it('erases the joint applicant alone: the applicant’s application is kept without them, and says so', async () => {
      const joint = await submitPayload(validJointPayload());
      await note(joint.id, 'Ben asked for a call back');
      const [event] = await eventsOf(joint.id);
      const activity = await t.db
        .selectFrom('application_activity')
        .select(['id', 'kind'])
        .where('application_row_id', '=', joint.id)
        .execute();

      const response = await post('/api/staff/erasure', {
        q: BEN.email,
        reason: 'Erasure request, ticket 4420',
        applicationIds: [joint.id],
        confirmation: await confirmationOf(t.db, [joint.id]),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        erased: 0,
        kept: [
          {
            application: joint.id,
            reference: joint.reference,
            keptFor: 'applicant',
            statement: `Application ${joint.reference} is kept for the applicant, without the joint applicant’s details; its staff notes were removed (they could name either person); its status history stays.`,
          },
        ],
      });

      const everything = await everyTable(t);
      for (const value of [BEN.email, BEN.phone, BEN.born, 'ben asked']) {
        expect(everything, value).not.toContain(value);
      }
      expect(everything).toContain(ADA.email);
      const row = await t.db
        .selectFrom('applications')
        .select(['payload_json', 'email_lower'])
        .where('id', '=', joint.id)
        .executeTakeFirstOrThrow();
      expect(row.email_lower).toBe(ADA.email);
      expect(JSON.parse(row.payload_json)).not.toHaveProperty('JointApplicant');
      expect(
        await t.db
          .selectFrom('application_people')
          .select('role')
          .where('application_row_id', '=', joint.id)
          .execute(),
      ).toEqual([{ role: 'applicant' }]);
      expect(
        await t.db
          .selectFrom('erasure_tombstones')
          .select(['application_row_id', 'person_role', 'reason'])
          .execute(),
      ).toEqual([
        {
          application_row_id: joint.id,
          person_role: 'joint',
          reason: 'Erasure request, ticket 4420',
        },
      ]);
      expect(await lastAudit('erased')).toEqual({
        searchKind: 'email',
        erased: {
          applications: [],
          people: [{ application: joint.id, role: 'joint' }],
          disclosuresServed: [],
          messages: [],
          complaints: [],
          callbacks: [],
          savedDrafts: [],
          lenderSubmissions: [],
          work: [],
          activity: activity.filter((entry) => entry.kind === 'note').map((entry) => entry.id),
          deliveryEvents: [event!.id],
          documents: [],
          documentLinks: [],
          portalAccounts: [],
          portalMail: [],
        },
        kept: [{ application: joint.id, keptFor: 'applicant' }],
      });
      expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });

      // The applicant's event, still to be sent, goes without them.
      await t.delivery!.drainOnce();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.body).toContain(ADA.email);
      expect(receiver.received[0]!.body).not.toContain(BEN.email);

      if (dialect === 'sqlite') {
        for (const suffix of ['', '-wal', '-shm']) {
          const file = `${database.url}${suffix}`;
          if (!fs.existsSync(file)) continue;
          const bytes = fs.readFileSync(file);
          for (const value of [BEN.email, BEN.phone, 'Ben asked']) {
            expect(bytes.includes(Buffer.from(value)), `${file}: ${value}`).toBe(false);
          }
        }
      }
    });

    it('erases the applicant of a joint application: the application is kept for the joint applicant alone', async () => {
      const joint = await submitPayload(validJointPayload());
      const response = await post('/api/staff/erasure', {
        q: ADA.email,
        reason: 'Erasure request, ticket 4421',
        applicationIds: [joint.id],
        confirmation: await confirmationOf(t.db, [joint.id]),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        erased: 0,
        kept: [{ application: joint.id, keptFor: 'joint' }],
      });
      const everything = await everyTable(t);
      for (const value of [ADA.email, ADA.phone, ADA.born, 'ada']) {
        expect(everything, value).not.toContain(`"${value}`);
      }
      expect(everything).toContain(BEN.email);
      const row = await t.db
        .selectFrom('applications')
        .selectAll()
        .where('id', '=', joint.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email_lower: null,
        phone_normalised: null,
        date_of_birth: null,
        search_name: null,
        remote_address: null,
      });
      expect(Object.keys(JSON.parse(row.payload_json) as object).sort()).toEqual(
        expect.arrayContaining(['JointApplicant', 'loanAmount']),
      );
      // The joint applicant's own file is now the whole of what is left.
      const document = await subjectAccess(BEN.email);
      expect(document.applications).toHaveLength(1);
      expect(document.applications[0]).toMatchObject({ role: 'joint', withheld: null });
    });

    it('refuses a search that is not an e-mail, phone or id, with the message', async () => {
      const response = await post('/api/staff/subject-access', { q: 'Lovelace' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'q', message: 'Enter an e-mail address, phone number or application id' }],
      });
    });

    it('is for admins only, needs a session and the CSRF token', async () => {
      await seedPerson();
      for (const url of ['/api/staff/subject-access', '/api/staff/erasure']) {
        const payload = {
          q: email,
          reason: 'Asked by phone',
          applicationIds: rowIds,
          confirmation: await confirmationOf(t.db, rowIds),
        };
        const body = url.endsWith('erasure') ? payload : { q: email };
        for (const session of [agent, auditor]) {
          const response = await post(url, body, session);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ error: 'forbidden' });
        }
        const anonymous = await t.app.inject({ method: 'POST', url, payload: body });
        expect(anonymous.statusCode).toBe(401);
        const noCsrf = await t.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: admin.headers({ csrf: false }),
        });
        expect(noCsrf.statusCode).toBe(403);
      }
      expect(
        await t.db
          .selectFrom('application_people')
          .select('application_row_id')
          .where('email_lower', '=', email)
          .execute(),
      ).toHaveLength(3);
    });

    it('erases only what the admin reviewed, and asks for a reason', async () => {
      await seedPerson();
      const noReason = await post('/api/staff/erasure', {
        q: email,
        reason: ' ',
        applicationIds: rowIds,
        confirmation: '',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'reason', message: 'Enter the reason for the erasure' }],
      });
      const tooLong = await post('/api/staff/erasure', {
        q: email,
        reason: 'x'.repeat(501),
        applicationIds: rowIds,
        confirmation: '',
      });
      expect(tooLong.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'reason', message: 'Enter a reason of 500 characters or fewer' }],
      });
      const stale = await post('/api/staff/erasure', {
        q: email,
        reason: 'Asked by phone',
        applicationIds: rowIds.slice(1),
        confirmation: '',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: 'changed', applicationIds: rowIds });
      const nobody = await post('/api/staff/erasure', {
        q: 'nobody@example.com',
        reason: 'Asked by phone',
        applicationIds: [],
        confirmation: 'ERASE',
      });
      expect(nobody.statusCode).toBe(404);
      expect(
        await t.db.selectFrom('applications').select('id').where('id', 'in', rowIds).execute(),
      ).toHaveLength(3);
    });

    it('erases only when the admin typed the reference of the person’s most recent application', async () => {
      await seedPerson();
      const expected = await confirmationOf(t.db, rowIds);
      const newest = await t.db
        .selectFrom('applications')
        .select('reference')
        .where('id', 'in', rowIds)
        .where('reference', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(expected).toBe(newest.reference);
      const older = await t.db
        .selectFrom('applications')
        .select('reference')
        .where('id', 'in', rowIds)
        .where('reference', 'is not', null)
        .where('reference', '!=', expected)
        .executeTakeFirst();
      for (const typed of ['', 'ERASE', 'yes', older?.reference ?? 'ZZZZZZZZ']) {
        const refused = await post('/api/staff/erasure', {
          q: email,
          reason: 'Asked by phone',
          applicationIds: rowIds,
          confirmation: typed,
        });
        expect(refused.statusCode, typed).toBe(400);
        expect(refused.json()).toEqual({
          error: 'invalid',
          fields: [
            { path: 'confirmation', message: 'Type the reference shown to confirm the erasure' },
          ],
        });
      }
      const missing = await post('/api/staff/erasure', {
        q: email,
        reason: 'Asked by phone',
        applicationIds: rowIds,
      });
      expect(missing.statusCode).toBe(400);
      expect(
        await t.db.selectFrom('applications').select('id').where('id', 'in', rowIds).execute(),
      ).toHaveLength(3);
      const confirmed = await post('/api/staff/erasure', {
        q: email,
        reason: 'Asked by phone',
        applicationIds: rowIds,
        confirmation: ` ${expected.toLowerCase()} `,
      });
      expect(confirmed.statusCode).toBe(200);
      expect(
        await t.db.selectFrom('applications').select('id').where('id', 'in', rowIds).execute(),
      ).toEqual([]);
    });

    it('removes the person from every table, keeps a tombstone and the audit entry', async () => {
      await seedPerson();
      const other = await submit('someone.else@example.com', '07911999888');
      const othersEvents = await eventsOf(other.id);
      // A search for the person by e-mail, before the erasure: its text is not kept.
      const search = await post('/api/staff/applications/search', { q: email });
      expect(search.statusCode).toBe(200);
      expect(await everyTable(t)).toContain(email);

      t.clock.set('2026-03-10T10:20:00.000Z');
      const response = await post('/api/staff/erasure', {
        q: email,
        reason: 'Erasure request by e-mail, ticket 4411',
        applicationIds: rowIds,
        confirmation: await confirmationOf(t.db, rowIds),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ erased: 3, kept: [] });

      const everything = await everyTable(t);
      expect(everything).not.toContain(email);
      expect(everything).not.toContain('rang erase.me');
      expect(everything).toContain('someone.else@example.com');
      expect(await t.db.selectFrom('applications').select('id').execute()).toEqual([
        { id: other.id },
      ]);
      for (const table of [
        'application_activity',
        'portal_accounts',
        'portal_mail_outbox',
        'portal_account_applications',
      ] as const) {
        expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      // The other person's event is untouched.
      expect(await t.db.selectFrom('delivery_events').selectAll().execute()).toEqual(othersEvents);

      const tombstones = await t.db
        .selectFrom('erasure_tombstones')
        .select([
          'application_row_id',
          'application_id',
          'person_role',
          'erased_at',
          'reason',
          'erased_by_email',
        ])
        .orderBy('application_row_id')
        .execute();
      expect(tombstones).toHaveLength(3);
      expect(tombstones[0]).toEqual({
        application_row_id: rowIds[0],
        application_id: applicationId,
        person_role: null,
        erased_at: '2026-03-10T10:20:00.000Z',
        reason: 'Erasure request by e-mail, ticket 4411',
        erased_by_email: expect.stringMatching(/^admin-.*@broker\.example$/) as unknown,
      });
      expect(await lastAudit('erased')).toMatchObject({
        searchKind: 'email',
        erased: { applications: rowIds },
        kept: [],
      });
      expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });

      if (dialect === 'sqlite') {
        // The bytes of the database file and its WAL: the e-mail in any case is gone.
        for (const suffix of ['', '-wal', '-shm']) {
          const file = `${database.url}${suffix}`;
          if (!fs.existsSync(file)) continue;
          const bytes = fs.readFileSync(file);
          expect(bytes.includes(Buffer.from(email)), file).toBe(false);
          expect(bytes.includes(Buffer.from(email.toUpperCase())), file).toBe(false);
          expect(bytes.includes(Buffer.from('Rang ')), file).toBe(false);
        }
        expect(
          fs.readFileSync(database.url).includes(Buffer.from('someone.else@example.com')),
        ).toBe(true);
      }
    });

    it('leaves an older audit entry that kept a search text as it was, and the chain verifiable', async () => {
      // Before decision 0032 (and its addendum for exports) a search kept its text: such an
      // entry, written by the old code, is what an erasure finds in the log.
      await seedPerson();
      await appendAudit(
        t.db,
        {
          action: 'applications-exported',
          actorEmail: 'old.admin@broker.example',
          detail: { q: email, searchKind: 'email', rows: 2 },
          ip: '127.0.0.1',
        },
        t.clock.now(),
      );
      const older = await t.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();

      const response = await post('/api/staff/erasure', {
        q: email,
        reason: 'Erasure request, ticket 4412',
        applicationIds: rowIds,
        confirmation: await confirmationOf(t.db, rowIds),
      });
      expect(response.statusCode).toBe(200);
      expect(await t.db.selectFrom('applications').select('id').execute()).toEqual([]);
      // The entry is not rewritten (the log refuses it, and the chain would break after it): the
      // erasure's own entry follows, and every hash still verifies (docs/data-lifecycle.md).
      expect(
        await t.db
          .selectFrom('staff_audit_log')
          .selectAll()
          .where('id', '=', older.id)
          .executeTakeFirstOrThrow(),
      ).toEqual(older);
      expect(JSON.parse(older.detail_json!)).toMatchObject({ q: email });
      const erased = await t.db
        .selectFrom('staff_audit_log')
        .select(['detail_json'])
        .where('action', '=', 'erased')
        .where('id', '>', older.id)
        .executeTakeFirstOrThrow();
      expect(erased.detail_json).not.toContain(email);
      expect(await verifyAuditChain(t.db)).toMatchObject({ intact: true });
    });
  },
);
