import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BRANDS, loadStepCopy, summarisePayload } from '@broker/domain';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import { COPY_MAIL_SUBJECT } from './mail.js';

describe.each<DialectName>(['sqlite', 'postgres'])(
  'a copy of the application by e-mail on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let smtp: SmtpCatcher;
    let t: TestApp;

    beforeAll(async () => {
      await loadStepCopy();
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      smtp = await startSmtpCatcher();
      t = await startTestApp(database, {
        env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '20' },
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      await database.close();
    });

    async function submitted(email: string) {
      const key = randomUUID();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${key}`,
        payload: validPayload({ submissionKey: key, email }),
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = await t.db
        .selectFrom('applications')
        .select(['reference', 'payload_json', 'response_json'])
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();
      return { key, row };
    }

    const ask = (key: string, payload: object = {}, remoteAddress = '203.0.113.9') =>
      t.app.inject({ method: 'POST', url: `/api/copy/${key}`, payload, remoteAddress });

    it('e-mails the reference, every check-your-answers row, the quote with its representative example, the disclosure and what happens next', async () => {
      const email = `copy.${randomUUID().slice(0, 8)}@example.com`;
      const { key, row } = await submitted(email);
      const response = await ask(key);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ sentTo: `c•••@example.com` });
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe(COPY_MAIL_SUBJECT);
      expect(mail.text).toContain(`Your reference is ${row.reference}.`);
      const quote = (JSON.parse(row.response_json!) as { quote: { lender: string } }).quote;
      expect(mail.text).toContain('Your indicative quote');
      expect(mail.text).toContain(`Lender: ${quote.lender}`);
      expect(mail.text).toContain(BRANDS.default.repApr);
      expect(mail.text).toContain('is a credit broker, not a lender');
      expect(mail.text).toContain(
        `If you take out this finance, ${quote.lender} may pay us commission.`,
      );
      expect(mail.text).toContain('What happens next: we will contact you by phone or email');
      // Row for row, the summary check-your-answers and staff show, of the stored payload.
      const rows = summarisePayload(JSON.parse(row.payload_json), {
        year: 2026,
        month: 3,
        day: 10,
      }).flatMap((section) => section.groups.flatMap((group) => group.rows));
      expect(rows.length).toBeGreaterThan(20);
      const lines = mail.text.split('\n');
      let from = 0;
      for (const answer of rows) {
        const line = `${answer.key}: ${answer.value.join(', ')}`;
        const at = lines.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }
      // The HTML part escapes what the applicant typed.
      expect(mail.html).toContain('<th scope="row"');
    });

    it('goes only to the address the application gave, whatever the request says', async () => {
      const email = `owner.${randomUUID().slice(0, 8)}@example.com`;
      const { key } = await submitted(email);
      // A body naming an address is refused outright; the copy goes to the application's own.
      const refused = await ask(key, { to: 'attacker@example.com' });
      expect(refused.statusCode).toBe(400);
      expect((await ask(key)).statusCode).toBe(202);
      await smtp.waitFor(email);
      expect(smtp.to('attacker@example.com')).toEqual([]);
    });

    it('answers 404 for a key no application was sent with, and 400 for a malformed key', async () => {
      expect((await ask(randomUUID())).statusCode).toBe(404);
      expect((await ask('not-a-key')).statusCode).toBe(400);
      const partialKey = randomUUID();
      const partial = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${partialKey}`,
        payload: { ...validPayload({ submissionKey: partialKey }), IsCompleted: false },
      });
      expect(partial.statusCode).toBe(202);
      // A partial save is not "what was sent".
      expect((await ask(partialKey)).statusCode).toBe(404);
    });

    it('sends at most three copies a day for one application', async () => {
      const email = `limit.${randomUUID().slice(0, 8)}@example.com`;
      const { key } = await submitted(email);
      for (let copy = 0; copy < 3; copy += 1) {
        expect((await ask(key, {}, `203.0.113.${20 + copy}`)).statusCode).toBe(202);
      }
      const fourth = await ask(key, {}, '203.0.113.30');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ error: 'rate_limited' });
    });

    it('counts the copies in the database: another instance refuses the fourth, and a day later one is sent again (decision 0101)', async () => {
      const email = `shared.${randomUUID().slice(0, 8)}@example.com`;
      const { key } = await submitted(email);
      const other = await startTestApp(database, {
        env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '20' },
      });
      try {
        other.clock.set(t.clock.now());
        const askOn = (app: TestApp, address: string) =>
          app.app.inject({
            method: 'POST',
            url: `/api/copy/${key}`,
            payload: {},
            remoteAddress: address,
          });
        // Three copies between the two instances, each from a new address.
        expect((await askOn(t, '203.0.113.41')).statusCode).toBe(202);
        expect((await askOn(other, '203.0.113.42')).statusCode).toBe(202);
        expect((await askOn(t, '203.0.113.43')).statusCode).toBe(202);
        const fourth = await askOn(other, '203.0.113.44');
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json()).toEqual({ error: 'rate_limited' });
        expect(Number(fourth.headers['retry-after'])).toBe(24 * 60 * 60);
        // Asked at once on both instances: still one more is refused, none is sent twice over.
        other.clock.set(new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000));
        const [a, b, c, d] = await Promise.all([
          askOn(other, '203.0.113.45'),
          askOn(other, '203.0.113.46'),
          askOn(other, '203.0.113.47'),
          askOn(other, '203.0.113.48'),
        ]);
        expect([a, b, c, d].map((answer) => answer.statusCode).sort()).toEqual([
          202, 202, 202, 429,
        ]);
      } finally {
        await other.close();
      }
    });

    it('writes neither the address nor an answer to the logs', async () => {
      const email = `quiet.${randomUUID().slice(0, 8)}@example.com`;
      const { key } = await submitted(email);
      await ask(key);
      await smtp.waitFor(email);
      const logs = JSON.stringify(t.logs());
      expect(logs).not.toContain(email.split('@')[0]);
    });
  },
);
