import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { appendAudit, verifyAuditChain } from '../staff/audit.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';

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

describe.each<DialectName>(['sqlite', 'postgres'])(
  'subject access and erasure on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let admin: SignedIn;
    let agent: SignedIn;
    let auditor: SignedIn;
    let email: string;
    let rowIds: number[];
    let applicationId: string;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
      admin = await signIn(t, await addActiveStaff(t, 'admin'));
      agent = await signIn(t, await addActiveStaff(t, 'agent'));
      auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });
    afterEach(async () => {
      for (const table of [
        'application_activity',
        'application_work',
        'delivery_events',
        'alert_outbox',
        'portal_mail_outbox',
        'portal_accounts',
        'erasure_tombstones',
        'applications',
      ] as const) {
        await t.db.deleteFrom(table).execute();
      }
    });

    async function submit(address: string, phone = '07911123456') {
      const payload = validPayload({ email: address, contactNumber: phone });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode).toBe(200);
      return t.db
        .selectFrom('applications')
        .select(['id', 'application_id', 'submission_key'])
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
    }

    /** The person's two applications (one by phone only), a note, events, alert, portal rows. */
    async function seedPerson() {
      const suffix = Math.random().toString(36).slice(2, 8);
      email = `erase.me.${suffix}@example.com`;
      const first = await submit(email.toUpperCase());
      const second = await submit(email);
      const partial = await t.db
        .insertInto('applications')
        .values({
          submission_key: `partial-${suffix}`,
          status: 'partial',
          payload_json: JSON.stringify({ email }),
          email_lower: email,
          created_at: '2026-03-10T09:00:00.000Z',
          updated_at: '2026-03-10T09:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rowIds = [first.id, second.id, partial.id].sort((a, b) => a - b);
      applicationId = first.application_id!;
      const note = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${first.id}/notes`,
        payload: { text: `Rang ${email} back` },
        headers: agent.headers(),
      });
      expect(note.statusCode).toBe(201);
      const at = '2026-03-10T09:00:00.000Z';
      await t.db
        .insertInto('delivery_events')
        .values([
          {
            event_id: `e1-${suffix}`,
            endpoint: 'crm',
            event_type: 'application.decided',
            body: JSON.stringify({ data: { submissionKey: first.submission_key } }),
            created_at: at,
            next_attempt_at: at,
            dead_at: at,
          },
          {
            event_id: `e2-${suffix}`,
            endpoint: 'chat',
            event_type: 'alert',
            body: JSON.stringify({ text: `Failure for ${email.toUpperCase()}` }),
            created_at: at,
            next_attempt_at: at,
          },
        ])
        .execute();
      await t.db
        .insertInto('alert_outbox')
        .values({
          created_at: at,
          alert_type: 'Failure',
          subject: 's',
          name: 'n',
          message: `Submission ${applicationId} failed`,
          next_attempt_at: at,
        })
        .execute();
      await t.db
        .insertInto('portal_accounts')
        .values({ email_lower: email, status: 1, otp_hash: 'h', created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('email_lower').doNothing())
        .execute();
      await t.db
        .insertInto('portal_mail_outbox')
        .values({ email_lower: email, kind: 'verification', created_at: at, next_attempt_at: at })
        .execute();
    }

    function post(url: string, payload: object, session: SignedIn = admin) {
      return t.app.inject({ method: 'POST', url, payload, headers: session.headers() });
    }

    it('gives an admin the person’s data as a JSON download, found by e-mail, phone or id', async () => {
      await seedPerson();
      const other = await submit('someone.else@example.com', '07911999888');

      for (const q of [email.toUpperCase(), applicationId]) {
        const response = await post('/api/staff/subject-access', { q });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toBe(
          'attachment; filename="subject-access-2026-03-10.json"',
        );
        expect(response.headers['cache-control']).toBe('no-store');
        const document = response.json<{
          emails: string[];
          applications: { id: number; email: string; activity: { text: string }[] }[];
          deliveryEvents: unknown[];
          alerts: unknown[];
          portalAccounts: { email_lower: string }[];
          portalMail: unknown[];
        }>();
        expect(document.emails).toEqual([email]);
        expect(document.applications.map((row) => row.id)).toEqual(rowIds);
        expect(document.applications[0]!.activity.map((entry) => entry.text)).toEqual([
          `Rang ${email} back`,
        ]);
        expect(document.deliveryEvents).toHaveLength(2);
        expect(document.alerts).toHaveLength(1);
        expect(document.portalAccounts.map((account) => account.email_lower)).toEqual([email]);
        expect(document.portalMail).toHaveLength(1);
        expect(JSON.stringify(document)).not.toContain('someone.else');
      }
      const byPhone = await post('/api/staff/subject-access', { q: '+44 7911 999888' });
      expect(
        byPhone.json<{ applications: { id: number }[] }>().applications.map((r) => r.id),
      ).toEqual([other.id]);

      const entries = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'detail_json'])
        .where('action', '=', 'subject-access')
        .orderBy('id')
        .execute();
      expect(entries.map((entry) => JSON.parse(entry.detail_json!) as unknown)).toEqual([
        { searchKind: 'email', applications: rowIds },
        { searchKind: 'id', applications: rowIds },
        { searchKind: 'phone', applications: [other.id] },
      ]);
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
        const payload = { q: email, reason: 'Asked by phone', applicationIds: rowIds };
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
          .selectFrom('applications')
          .select('id')
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
      });
      expect(tooLong.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'reason', message: 'Enter a reason of 500 characters or fewer' }],
      });
      const stale = await post('/api/staff/erasure', {
        q: email,
        reason: 'Asked by phone',
        applicationIds: rowIds.slice(1),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: 'changed', applicationIds: rowIds });
      const nobody = await post('/api/staff/erasure', {
        q: 'nobody@example.com',
        reason: 'Asked by phone',
        applicationIds: [],
      });
      expect(nobody.statusCode).toBe(404);
      expect(
        await t.db
          .selectFrom('applications')
          .select('id')
          .where('email_lower', '=', email)
          .execute(),
      ).toHaveLength(3);
    });

    it('removes the person from every table, keeps a tombstone and the audit entry', async () => {
      await seedPerson();
      const other = await submit('someone.else@example.com', '07911999888');
      // A search for the person by e-mail, before the erasure: its text is not kept.
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications?q=${encodeURIComponent(email)}`,
        headers: admin.headers(),
      });
      expect(search.statusCode).toBe(200);
      expect(await everyTable(t)).toContain(email);

      t.clock.set('2026-03-10T10:20:00.000Z');
      const response = await post('/api/staff/erasure', {
        q: email,
        reason: 'Erasure request by e-mail, ticket 4411',
        applicationIds: rowIds,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ erased: 3 });

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
        'alert_outbox',
      ] as const) {
        expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
      expect(await t.db.selectFrom('delivery_events').selectAll().execute()).toEqual([]);

      const tombstones = await t.db
        .selectFrom('erasure_tombstones')
        .select(['application_row_id', 'application_id', 'erased_at', 'reason', 'erased_by_email'])
        .orderBy('application_row_id')
        .execute();
      expect(tombstones).toHaveLength(3);
      expect(tombstones[0]).toEqual({
        application_row_id: rowIds[0],
        application_id: applicationId,
        erased_at: '2026-03-10T10:20:00.000Z',
        reason: 'Erasure request by e-mail, ticket 4411',
        erased_by_email: expect.stringMatching(/^admin-.*@broker\.example$/) as unknown,
      });
      const erased = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'detail_json', 'at'])
        .where('action', '=', 'erased')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(erased.detail_json!)).toEqual({
        searchKind: 'email',
        applications: rowIds,
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
