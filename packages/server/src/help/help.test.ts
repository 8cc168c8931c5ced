import { randomUUID } from 'node:crypto';
import { confirmationOf } from '../test-support/erasure.js';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { HELP_MESSAGES } from '@broker/domain';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { deleteExpired } from '../lifecycle/retention.js';
import { CALLBACK_MAIL_SUBJECT } from './mail.js';
import { CALLBACK_MESSAGES } from './staff-routes.js';

const PHONE = '07911 900456';
const DIGITS = '07911900456';

function request(overrides: Record<string, unknown> = {}) {
  return {
    phone: PHONE,
    callTime: 'afternoon',
    topic: 'question',
    about: 'The employment questions',
    harder: false,
    harderKinds: [],
    harderNote: '',
    email: '',
    submissionKey: null,
    page: '/employment-income/1',
    brand: 'default',
    ...overrides,
  };
}

interface Listed {
  id: number;
  overdue: boolean;
  ageMinutes: number;
  status: string;
  phone: string;
  callTime: string;
  topic: string | null;
  hasDisclosure: boolean | null;
  assignee: { id: string; email: string } | null;
  completionNote: string | null;
  application: { id: number; reference: string } | null;
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the "Need help?" callback requests on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let smtp: SmtpCatcher;
    let t: TestApp;
    let agent: SignedIn;
    let admin: SignedIn;
    let auditor: SignedIn;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      smtp = await startSmtpCatcher();
      t = await startTestApp(database, {
        env: { SMTP_URL: smtp.url, RATE_LIMIT_HELP: '0', CALLBACK_SERVICE_LEVEL_HOURS: '4' },
      });
      agent = await signIn(t, await addActiveStaff(t, 'agent'));
      admin = await signIn(t, await addActiveStaff(t, 'admin'));
      auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      await database.close();
    });
    beforeEach(async () => {
      await t.db.deleteFrom('callbacks').execute();
      t.clock.set('2026-03-10T10:00:00.000Z');
    });

    const ask = (payload: object, remoteAddress = '198.51.100.7', app = t) =>
      app.app.inject({ method: 'POST', url: '/api/help/callback', payload, remoteAddress });

    async function queue(as: SignedIn, view = 'open'): Promise<Listed[]> {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/staff/callbacks?view=${view}`,
        headers: as.headers(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ callbacks: Listed[] }>().callbacks;
    }

    async function audits(action: string) {
      return t.db
        .selectFrom('staff_audit_log')
        .select(['target', 'actor_email', 'detail_json'])
        .where('action', '=', action)
        .orderBy('id')
        .execute();
    }

    it('takes a request, links it to the session’s application by key, and e-mails a confirmation', async () => {
      const key = randomUUID();
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${key}`,
        payload: validPayload({ submissionKey: key }),
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const application = await t.db
        .selectFrom('applications')
        .select(['id', 'reference'])
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();

      const response = await ask(request({ submissionKey: key, email: 'Ann.Help@Example.com ' }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        serviceLevelHours: 4,
        dueAt: '2026-03-10T14:00:00.000Z',
        emailed: true,
      });
      const mail = await smtp.waitFor('ann.help@example.com');
      expect(mail.subject).toBe(CALLBACK_MAIL_SUBJECT);
      expect(mail.text).toContain('We will call: 07911900456');
      expect(mail.text).toContain('A good time to call: Afternoon (12 noon to 5pm)');
      expect(mail.text).toContain('within 4 hours of your request');
      expect(mail.html).toContain('Afternoon (12 noon to 5pm)');

      const [listed] = await queue(agent);
      expect(listed).toMatchObject({
        phone: DIGITS,
        callTime: 'Afternoon (12 noon to 5pm)',
        topic: 'A question about a question on the form',
        status: 'open',
        overdue: false,
        hasDisclosure: false,
        application: { id: application.id, reference: application.reference },
      });
    });

    it('answers without an e-mail when none was given, and links nothing without a key', async () => {
      const response = await ask(request());
      expect(response.statusCode).toBe(201);
      expect(response.json<{ emailed: boolean }>().emailed).toBe(false);
      const [listed] = await queue(agent);
      expect(listed!.application).toBeNull();
    });

    it('refuses bad input with the form’s own messages and stores nothing', async () => {
      const invalid = await ask(
        request({
          phone: '',
          callTime: null,
          about: 'x'.repeat(501),
          harder: true,
          harderNote: 'y'.repeat(501),
          email: 'not an address',
        }),
      );
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        error: 'invalid',
        fields: [
          { path: 'phone', message: 'Please enter your phone number' },
          { path: 'callTime', message: 'Choose a good time to call you' },
          { path: 'about', message: 'Enter 500 characters or fewer' },
          { path: 'harderNote', message: 'Enter 500 characters or fewer' },
          { path: 'email', message: 'Please try again. That email address doesn’t look right.' },
        ],
      });
      for (const bad of [
        request({ extra: 'field' }),
        request({ page: 'https://evil.example/' }),
        request({ page: '/step?email=a@b.c' }),
        request({ harderKinds: ['health', 'made-up'] }),
        request({ brand: 'nobody' }),
        request({ callTime: 'midnight' }),
      ]) {
        const refused = await ask(bad);
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const huge = await ask(request({ about: 'z'.repeat(5000) }));
      expect(huge.statusCode).toBe(413);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/help/callback',
        payload: request(),
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await t.db.selectFrom('callbacks').select('id').execute()).toEqual([]);
    });

    it('limits requests per address an hour and per phone number a day', async () => {
      const limited = await startTestApp(database, { env: { RATE_LIMIT_HELP: '2' } });
      try {
        expect((await ask(request(), '203.0.113.1', limited)).statusCode).toBe(201);
        expect(
          (await ask(request({ phone: '07911 900457' }), '203.0.113.1', limited)).statusCode,
        ).toBe(201);
        const third = await ask(request({ phone: '07911 900458' }), '203.0.113.1', limited);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({ error: 'rate_limited' });
        // The same number from other addresses: twice already, so refused for the day.
        const samePhone = await ask(request(), '203.0.113.2', limited);
        expect(samePhone.statusCode).toBe(201);
        const again = await ask(request(), '203.0.113.3', limited);
        expect(again.statusCode).toBe(429);
        expect(again.headers['retry-after']).toBeDefined();
        // Another number from a fresh address is taken.
        expect(
          (await ask(request({ phone: '07911 900459' }), '203.0.113.4', limited)).statusCode,
        ).toBe(201);
        expect(HELP_MESSAGES.rateLimited).toContain('Wait an hour');
      } finally {
        await limited.close();
      }
    });

    it('writes nothing the person typed to the logs', async () => {
      await ask(
        request({
          email: 'log.check@example.com',
          about: 'secret-about-words',
          harder: true,
          harderKinds: ['health'],
          harderNote: 'secret-health-words',
        }),
      );
      await ask(request({ phone: '' }));
      await smtp.waitFor('log.check@example.com');
      const logs = JSON.stringify(t.logs());
      for (const typed of [
        DIGITS,
        '900456',
        'log.check',
        'secret-about-words',
        'secret-health-words',
      ]) {
        expect(logs).not.toContain(typed);
      }
    });

    it('shows what makes things harder only to agents and admins, and audits every view', async () => {
      await ask(
        request({
          harder: true,
          harderKinds: ['health', 'capability'],
          harderNote: 'I have dyslexia, please call rather than write',
        }),
      );
      const [asAgent] = await queue(agent);
      expect(asAgent!.hasDisclosure).toBe(true);
      const [asAuditor] = await queue(auditor);
      expect(asAuditor!.hasDisclosure).toBeNull();
      expect(JSON.stringify(asAuditor)).not.toContain('dyslexia');
      expect(JSON.stringify(asAgent)).not.toContain('dyslexia');

      const url = `/api/staff/callbacks/${asAgent!.id}/disclosure`;
      const refused = await t.app.inject({ method: 'GET', url, headers: auditor.headers() });
      expect(refused.statusCode).toBe(403);
      const before = (await audits('callback-disclosure-viewed')).length;
      for (const member of [agent, admin]) {
        const shown = await t.app.inject({ method: 'GET', url, headers: member.headers() });
        expect(shown.statusCode).toBe(200);
        expect(shown.json()).toEqual({
          kinds: [
            { value: 'health', label: 'My health, physical or mental, or a disability' },
            {
              value: 'capability',
              label: 'Reading, numbers, English or using a computer is hard for me',
            },
          ],
          note: 'I have dyslexia, please call rather than write',
        });
      }
      const viewed = await audits('callback-disclosure-viewed');
      expect(viewed.length - before).toBe(2);
      expect(viewed.at(-1)!.target).toBe(String(asAgent!.id));
      // The audit says which request was read, never what it says.
      expect(JSON.stringify(viewed)).not.toContain('dyslexia');
      const listedAudits = await audits('callbacks-listed');
      expect(JSON.parse(listedAudits.at(-1)!.detail_json!)).toEqual({
        view: 'open',
        callbacks: [asAgent!.id],
      });
    });

    it('is due within the service level, overdue past it, and is assigned and completed with a note', async () => {
      // Asked four hours before the test's now, less 30 seconds (staff sessions idle out after 30
      // minutes, so the clock moves only a little for them).
      t.clock.set('2026-03-10T06:00:30.000Z');
      await ask(request());
      t.clock.set('2026-03-10T10:00:00.000Z');
      let [listed] = await queue(agent);
      expect(listed!.overdue).toBe(false);
      t.clock.set('2026-03-10T10:00:31.000Z');
      [listed] = await queue(agent);
      expect(listed!.overdue).toBe(true);
      expect(listed!.ageMinutes).toBe(240);

      const base = `/api/staff/callbacks/${listed!.id}`;
      const refused = await t.app.inject({
        method: 'POST',
        url: `${base}/assignment`,
        payload: { to: 'me' },
        headers: auditor.headers(),
      });
      expect(refused.statusCode).toBe(403);
      const assigned = await t.app.inject({
        method: 'POST',
        url: `${base}/assignment`,
        payload: { to: 'me' },
        headers: agent.headers(),
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json<Listed>().assignee?.email).toMatch(/^agent-/);

      const empty = await t.app.inject({
        method: 'POST',
        url: `${base}/complete`,
        payload: { note: '  ' },
        headers: agent.headers(),
      });
      expect(empty.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'note', message: CALLBACK_MESSAGES.noteEmpty }],
      });
      const long = await t.app.inject({
        method: 'POST',
        url: `${base}/complete`,
        payload: { note: 'n'.repeat(2001) },
        headers: agent.headers(),
      });
      expect(long.json<{ fields: unknown }>().fields).toEqual([
        { path: 'note', message: 'Enter a note of 2,000 characters or fewer' },
      ]);
      const completed = await t.app.inject({
        method: 'POST',
        url: `${base}/complete`,
        payload: { note: 'Called, went through the income questions' },
        headers: agent.headers(),
      });
      expect(completed.statusCode).toBe(200);
      expect(completed.json<Listed>()).toMatchObject({
        status: 'completed',
        overdue: false,
        completionNote: 'Called, went through the income questions',
      });
      const twice = await t.app.inject({
        method: 'POST',
        url: `${base}/complete`,
        payload: { note: 'again' },
        headers: admin.headers(),
      });
      expect(twice.statusCode).toBe(409);
      expect(await queue(agent)).toEqual([]);
      expect((await queue(auditor, 'completed')).map((row) => row.id)).toEqual([listed!.id]);
      const worked = [
        ...(await audits('callback-assigned')),
        ...(await audits('callback-completed')),
      ];
      expect(worked.map((entry) => entry.target)).toEqual([String(listed!.id), String(listed!.id)]);
      expect(JSON.stringify(worked)).not.toContain('income questions');
    });

    it('keeps a request no application took for the partial period, and a linked one with its application', async () => {
      const key = randomUUID();
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${key}`,
        payload: validPayload({ submissionKey: key }),
      });
      await ask(request({ submissionKey: key }));
      await ask(request({ submissionKey: randomUUID(), phone: '07911 900457' }));
      const periods = { decidedYears: 6, partialDays: 90, deliveredDays: 30 };
      const day89 = await deleteExpired(t.db, new Date('2026-06-07T10:00:00.000Z'), periods);
      expect(day89.callbacks).toBe(0);
      const day91 = await deleteExpired(t.db, new Date('2026-06-09T10:00:00.000Z'), periods);
      expect(day91.callbacks).toBe(1);
      const left = await t.db.selectFrom('callbacks').select('submission_key').execute();
      expect(left).toEqual([{ submission_key: key }]);
      // Six years after completion the application goes, and its request with it.
      const later = await deleteExpired(t.db, new Date('2032-03-11T10:00:00.000Z'), periods);
      expect(later.callbacks).toBe(1);
      expect(await t.db.selectFrom('callbacks').select('id').execute()).toEqual([]);
    });

    it('finds a request by the person’s phone or e-mail for subject access, and erases it', async () => {
      await ask(
        request({ email: 'only.called@example.com', harder: true, harderKinds: ['resilience'] }),
      );
      await ask(request({ phone: '07911 900457' }));
      const byPhone = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: '+44 7911 900456' },
        headers: admin.headers(),
      });
      expect(byPhone.statusCode, byPhone.body).toBe(200);
      const document = byPhone.json<{ callbacks: { phone: string; harderKinds: string[] }[] }>();
      expect(document.callbacks).toMatchObject([
        { phone: DIGITS, email: 'only.called@example.com', harderKinds: ['resilience'] },
      ]);
      const byEmail = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: 'only.called@example.com' },
        headers: admin.headers(),
      });
      expect(byEmail.json<{ callbacks: unknown[] }>().callbacks).toHaveLength(1);
      // Part of the number, or of the address, finds nobody.
      const partial = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: 'called@example.com',
          reason: 'asked',
          applicationIds: [],
          confirmation: 'ERASE',
        },
        headers: admin.headers(),
      });
      expect(partial.statusCode).toBe(404);

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: '07911 900456',
          reason: 'Asked by phone',
          applicationIds: [],
          confirmation: 'ERASE',
        },
        headers: admin.headers(),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      const left = await t.db.selectFrom('callbacks').select('phone_normalised').execute();
      expect(left).toEqual([{ phone_normalised: '07911900457' }]);
      const entry = (await audits('erased')).at(-1)!;
      const detail = JSON.parse(entry.detail_json!) as { erased: { callbacks: unknown[] } };
      expect(detail.erased.callbacks).toHaveLength(1);
    });

    it('finds a linked request through its application, and erases it with the application', async () => {
      const key = randomUUID();
      const payload = validPayload({ submissionKey: key });
      await t.app.inject({ method: 'POST', url: `/api/submission/${key}`, payload });
      await ask(request({ submissionKey: key, phone: '07911 900999' }));
      const row = await t.db
        .selectFrom('applications')
        .select(['id', 'email_lower'])
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();
      const access = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: row.email_lower },
        headers: admin.headers(),
      });
      const document = access.json<{ callbacks: { applicationRowId: number; phone: string }[] }>();
      expect(document.callbacks).toMatchObject([
        { applicationRowId: row.id, phone: '07911900999' },
      ]);
      const found = await t.db
        .selectFrom('application_people')
        .select('application_row_id')
        .where('email_lower', '=', row.email_lower)
        .execute();
      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: row.email_lower,
          reason: 'Asked',
          applicationIds: found.map((person) => person.application_row_id),
          confirmation: await confirmationOf(
            t.db,
            found.map((person) => person.application_row_id),
          ),
        },
        headers: admin.headers(),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await t.db.selectFrom('callbacks').select('id').execute()).toEqual([]);
    });
  },
);
