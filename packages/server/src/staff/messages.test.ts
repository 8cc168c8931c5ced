import { sql } from 'kysely';
import { confirmationOf } from '../test-support/erasure.js';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SubmissionPayload } from '@broker/domain';
import { deleteExpired } from '../lifecycle/retention.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import type { SignedIn, TestStaff } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';

interface Sent {
  message: { id: number; template: string; name: string; status: string; by: string; to: string };
  messages: { id: number; status: string }[];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'templated messages to the applicant on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let smtp: SmtpCatcher;
    let agent: TestStaff;
    let asAgent: SignedIn;
    let asAuditor: SignedIn;
    let asAdmin: SignedIn;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      smtp = await startSmtpCatcher();
      t = await startTestApp(database, { env: { SMTP_URL: smtp.url } });
      agent = await addActiveStaff(t, 'agent');
      asAgent = await signIn(t, agent);
      asAuditor = await signIn(t, await addActiveStaff(t, 'auditor'));
      asAdmin = await signIn(t, await addActiveStaff(t, 'admin'));
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      await database.close();
    });
    afterEach(async () => {
      smtp.state.refuse = false;
      await t.db.deleteFrom('applications').execute();
      await t.db.deleteFrom('erasure_tombstones').execute();
    });

    async function submit(overrides: Partial<SubmissionPayload> = {}) {
      const payload = validPayload({
        email: `ada.${Math.random().toString(36).slice(2, 8)}@example.com`,
        ...overrides,
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.db
        .selectFrom('applications')
        .select(['id', 'reference'])
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return { ...row, email: payload.email };
    }

    function send(id: number, body: object, session: SignedIn = asAgent, preview = false) {
      return t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${id}/messages${preview ? '/preview' : ''}`,
        payload: body,
        headers: session.headers(),
      });
    }

    async function auditSince(mark: number) {
      const rows = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target', 'detail_json'])
        .where('id', '>', mark)
        .orderBy('id')
        .execute();
      return rows.map((row) => [
        row.action,
        row.target,
        JSON.parse(row.detail_json ?? 'null') as unknown,
      ]);
    }
    async function auditMark() {
      const row = await t.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      return Number(row.id ?? 0);
    }

    it('sends a template in the application’s brand over SMTP, keeps it, puts it on the timeline with who sent it, and audits it without its words', async () => {
      const application = await submit({ urlReferrer: 'progressive.example.com' });
      const mark = await auditMark();
      const body = { template: 'documents-needed', slot: 'Your last 3 months’ payslips.' };

      const preview = await send(application.id, body, asAgent, true);
      expect(preview.statusCode, preview.body).toBe(200);
      const shown = preview.json<{ subject: string; text: string; html: string }>();
      expect(shown.subject).toBe('We need some documents for your application');
      expect(shown.text).toContain('Your last 3 months’ payslips.');
      expect(shown.text).toContain(`(reference ${application.reference})`);
      expect(smtp.to(application.email)).toEqual([]);
      expect(await t.db.selectFrom('application_messages').selectAll().execute()).toEqual([]);

      const sent = await send(application.id, body);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json<Sent>().message).toMatchObject({
        template: 'documents-needed',
        name: 'Documents needed',
        status: 'sent',
        by: agent.member.email,
        to: application.email,
      });
      const mail = await smtp.waitFor(application.email);
      expect(mail.subject).toBe('We need some documents for your application');
      expect(mail.text).toBe(shown.text);
      expect(mail.text.split('\n')[0]).toBe('Progressive Finance');
      expect(mail.html).toContain('background:#5b2a86');
      expect(mail.html).toContain('Your last 3 months’ payslips.');

      const work = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${application.id}`,
        headers: asAuditor.headers(),
      });
      expect(
        work.json<{ work: { activity: { kind: string; text: string; by: string }[] } }>().work
          .activity[0],
      ).toMatchObject({ kind: 'message', text: 'Documents needed', by: agent.member.email });
      const audit = await auditSince(mark);
      // Opening the case is audited too (application-viewed).
      expect(audit.filter(([action]) => String(action).startsWith('message'))).toEqual([
        [
          'message-sent',
          String(application.id),
          { template: 'documents-needed', message: sent.json<Sent>().message.id },
        ],
      ]);
      expect(JSON.stringify(audit)).not.toContain('payslips');
    });

    it('refuses a marketing template where the applicant did not opt in to e-mail, and says why; sends it where they did', async () => {
      const refusedTo = await submit({ IsOptedEmail: false });
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${refusedTo.id}/messages`,
        headers: asAgent.headers(),
      });
      const templates = list.json<{ templates: { id: string; refusal: string | null }[] }>()
        .templates;
      expect(templates.map((template) => template.id)).toEqual([
        'documents-needed',
        'tried-to-call',
        'your-quote',
        'application-withdrawn',
        'offers',
      ]);
      const noConsent =
        'This is a marketing message, and the applicant did not agree to marketing by e-mail when they applied. It cannot be sent to them';
      expect(templates.find((template) => template.id === 'offers')!.refusal).toBe(noConsent);
      expect(templates.filter((template) => template.refusal !== null)).toHaveLength(1);

      const mark = await auditMark();
      for (const preview of [true, false]) {
        const refused = await send(
          refusedTo.id,
          { template: 'offers', slot: '0% APR this weekend.' },
          asAgent,
          preview,
        );
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ error: 'no_consent', message: noConsent });
      }
      expect(await auditSince(mark)).toEqual([
        ['message-refused', String(refusedTo.id), { template: 'offers', reason: 422 }],
      ]);
      expect(await t.db.selectFrom('application_messages').selectAll().execute()).toEqual([]);

      const agreed = await submit({ IsOptedEmail: true });
      const sent = await send(agreed.id, { template: 'offers', slot: '0% APR this weekend.' });
      expect(sent.statusCode, sent.body).toBe(201);
      const mail = await smtp.waitFor(agreed.email);
      expect(mail.subject).toBe('Offers from Evo Finance');
      expect(mail.text).toContain(
        'To stop these e-mails, reply to this e-mail with the word STOP.',
      );
      expect(smtp.to(refusedTo.email)).toEqual([]);
    });

    it('takes free text only inside the slot: bounded, without links or hidden characters, and escaped in the HTML', async () => {
      const application = await submit();
      const problem = async (body: object) => {
        const response = await send(application.id, body, asAgent, true);
        expect(response.statusCode).toBe(400);
        return response.json<{ fields: { path: string; message: string }[] }>().fields;
      };
      expect(await problem({ template: 'documents-needed', slot: '  \n ' })).toEqual([
        { path: 'slot', message: 'Enter the documents we need' },
      ]);
      expect(await problem({ template: 'documents-needed', slot: 'x'.repeat(601) })).toEqual([
        { path: 'slot', message: 'Enter 600 characters or fewer in this box' },
      ]);
      expect(await problem({ template: 'tried-to-call', slot: 'x'.repeat(301) })).toEqual([
        { path: 'slot', message: 'Enter 300 characters or fewer in this box' },
      ]);
      for (const link of [
        'Upload them at https://evil.example/upload',
        'Go to www.evil.example',
        'Send them to payslips-upload.com today',
      ]) {
        expect(await problem({ template: 'documents-needed', slot: link })).toEqual([
          {
            path: 'slot',
            message: 'Remove the web address: a message from a template cannot link anywhere',
          },
        ]);
      }
      expect(
        await problem({ template: 'documents-needed', slot: 'Payslips \u202Egpj.exe' }),
      ).toEqual([
        {
          path: 'slot',
          message: 'Remove the hidden formatting characters (they can disguise what the text says)',
        },
      ]);
      expect(await problem({ template: 'free-text', slot: 'Hello' })).toEqual([
        { path: 'template', message: 'Choose a message to send' },
      ]);
      const extra = await send(application.id, {
        template: 'documents-needed',
        slot: 'Payslips',
        subject: 'Your account is closed',
      });
      expect(extra.statusCode).toBe(400);

      // The bounds are the template's: 600 characters is taken, an empty optional slot too.
      expect(
        (
          await send(
            application.id,
            { template: 'documents-needed', slot: 'x'.repeat(600) },
            asAgent,
            true,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (await send(application.id, { template: 'tried-to-call' }, asAgent, true)).statusCode,
      ).toBe(200);

      const markup = '<b>Payslips</b> & "bank statements"\n<script>alert(1)</script><a href="x">';
      const sent = await send(application.id, { template: 'documents-needed', slot: markup });
      expect(sent.statusCode, sent.body).toBe(201);
      const mail = await smtp.waitFor(application.email);
      expect(mail.html).toContain('&lt;b&gt;Payslips&lt;/b&gt; &amp; &quot;bank statements&quot;');
      expect(mail.html).toContain(
        '&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;x&quot;&gt;',
      );
      expect(mail.html).not.toMatch(/<(b|script|a)[ >]/);
      expect(mail.text).toContain('<b>Payslips</b> & "bank statements"');
    });

    it('lets every role read what was sent, lets agents and admins alone preview and send, and refuses strangers', async () => {
      const application = await submit();
      const body = { template: 'tried-to-call', slot: '' };
      expect((await send(application.id, body, asAuditor)).statusCode).toBe(403);
      expect((await send(application.id, body, asAuditor, true)).statusCode).toBe(403);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${application.id}/messages`,
        headers: asAuditor.headers(),
      });
      expect(list.statusCode).toBe(200);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/messages`,
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/messages`,
        payload: body,
        headers: asAgent.headers({ csrf: false }),
      });
      expect(noCsrf.statusCode).toBe(403);
      expect((await send(application.id + 1000, body)).statusCode).toBe(404);
      expect(smtp.to(application.email)).toEqual([]);
      expect((await send(application.id, body, asAdmin)).statusCode).toBe(201);
    });

    it('records a message the mail server would not take as not sent, says so, and leaves it off the timeline', async () => {
      const application = await submit();
      smtp.state.refuse = true;
      const mark = await auditMark();
      const response = await send(application.id, { template: 'your-quote', slot: 'Lender A' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: 'not_sent',
        message:
          'The e-mail could not be sent: the mail server did not take it. It is recorded as not sent. Try again in a few minutes',
      });
      const rows = await t.db.selectFrom('application_messages').select('status').execute();
      expect(rows).toEqual([{ status: 'failed' }]);
      const activity = await t.db
        .selectFrom('application_activity')
        .select('kind')
        .where('application_row_id', '=', application.id)
        .execute();
      expect(activity).toEqual([]);
      expect((await auditSince(mark))[0]![0]).toBe('message-not-sent');
    });

    it('shows the messages in the applicant’s subject access file, and erasure and retention remove them', async () => {
      const application = await submit();
      await send(application.id, { template: 'documents-needed', slot: 'Quokka bank statements' });
      const access = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: application.email },
        headers: asAdmin.headers(),
      });
      expect(access.statusCode).toBe(200);
      const file = access.json<{
        applications: { messages: { subject: string; body_text: string; recipient: string }[] }[];
      }>();
      expect(file.applications[0]!.messages).toHaveLength(1);
      expect(file.applications[0]!.messages[0]!.subject).toBe(
        'We need some documents for your application',
      );
      expect(file.applications[0]!.messages[0]!.body_text).toContain('Quokka bank statements');

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: application.email,
          reason: 'Asked by phone',
          applicationIds: [application.id],
          confirmation: await confirmationOf(t.db, [application.id]),
        },
        headers: asAdmin.headers(),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      const all = await sql<{ n: number }>`select count(*) as n from application_messages`.execute(
        t.db,
      );
      expect(Number(all.rows[0]!.n)).toBe(0);

      const old = await submit();
      await send(old.id, { template: 'tried-to-call', slot: 'Quokka' });
      await deleteExpired(t.db, new Date('2033-01-01T00:00:00.000Z'), {
        decidedYears: 6,
        partialDays: 90,
        deliveredDays: 30,
      });
      expect(await t.db.selectFrom('application_messages').selectAll().execute()).toEqual([]);
    });
  },
);
