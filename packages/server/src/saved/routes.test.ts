import fs from 'node:fs';
import { confirmationOf } from '../test-support/erasure.js';
import { randomUUID, webcrypto } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp.js';
import { validPayload } from '../test-support/fixtures.js';
import { addActiveStaff, signIn, type SignedIn } from '../test-support/staff.js';
import { deleteExpired } from '../lifecycle/retention.js';
import { SAVED_DRAFT_STATEMENT } from '../lifecycle/subject.js';
import { hashLinkToken } from '../links/tokens.js';
import { SAVES_PER_ADDRESS_PER_HOUR, SAVES_PER_EMAIL_PER_HOUR } from './routes.js';

// docs/decisions/0086-save-and-return-links.md, 0087, 0088. The browser's encryption
// (packages/web/src/features/save/crypto.ts) is WebCrypto's AES-256-GCM; Node has the same API.

const ANSWER = 'Mwyaxdoye Plumbing and Heating';
const DAY_MS = 86_400_000;

async function encrypt(plaintext: string) {
  const key = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ]);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await webcrypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      key,
      new TextEncoder().encode(plaintext),
    ),
  );
  const raw = Buffer.from(await webcrypto.subtle.exportKey('raw', key)).toString('base64url');
  return { ciphertext: Buffer.concat([iv, sealed]).toString('base64url'), key: raw };
}

async function decrypt(ciphertext: string, key: string): Promise<string> {
  const bytes = Buffer.from(ciphertext, 'base64url');
  const cryptoKey = await webcrypto.subtle.importKey(
    'raw',
    Buffer.from(key, 'base64url'),
    'AES-GCM',
    false,
    ['decrypt'],
  );
  const plain = await webcrypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
    cryptoKey,
    bytes.subarray(12),
  );
  return new TextDecoder().decode(plain);
}

/** The link's fragment: the token, then the key. */
function linkOf(text: string): { url: URL; token: string; key: string } {
  const match = /https?:\/\/\S+\/resume#([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error('no link in the mail');
  return { url: new URL(match[0]), token: match[1]!, key: match[2]! };
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'save and come back later on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let smtp: SmtpCatcher;
    let t: TestApp;
    let admin: SignedIn;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      smtp = await startSmtpCatcher();
      t = await startTestApp(database, { env: { SMTP_URL: smtp.url } });
      admin = await signIn(t, await addActiveStaff(t, 'admin'));
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      await database.close();
    });
    afterEach(async () => {
      // Back to the start, where the staff session is fresh (a test moves it 30 days on).
      t.clock.set(new Date('2026-03-10T10:00:00.000Z'));
      await t.db.deleteFrom('saved_drafts').execute();
      await t.db.deleteFrom('applications').execute();
      smtp.received.length = 0;
    });

    async function save(
      email: string,
      submissionKey: string = randomUUID(),
      plaintext = JSON.stringify({ employerName: ANSWER }),
      app: TestApp = t,
    ) {
      const sealed = await encrypt(plaintext);
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/saved',
        headers: { host: 'apply.progressive.example' },
        payload: { email, submissionKey, ...sealed },
      });
      return { response, submissionKey, ...sealed };
    }

    function resume(token: string) {
      return t.app.inject({ method: 'POST', url: '/api/saved/resume', payload: { token } });
    }

    it('stores only the token’s hash and the ciphertext; the link opens the answers once', async () => {
      const saved = await save('Ada@Example.com ');
      expect(saved.response.statusCode).toBe(202);
      expect(saved.response.json()).toEqual({ ok: true });
      expect(saved.response.headers['cache-control']).toBe('no-store');

      const mail = await smtp.waitFor('ada@example.com');
      expect(mail.subject).toBe('Your saved application with Progressive Finance');
      expect(mail.text).toContain('It works once, for 30 days (until 9 April 2026).');
      expect(mail.text).toContain('If that was not you, you can ignore this email');
      const link = linkOf(mail.text);
      expect(link.url.origin).toBe('http://apply.progressive.example');
      expect(link.key).toBe(saved.key);
      // 256 random bits.
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
      expect(mail.html).toContain(`href="${link.url.href}"`);

      const rows = await t.db.selectFrom('saved_drafts').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(hashLinkToken(link.token));
      expect(rows[0]!.ciphertext).toBe(saved.ciphertext);
      expect(rows[0]!.expires_at).toBe('2026-04-09T10:00:00.000Z');
      const stored = JSON.stringify(rows);
      for (const secret of [ANSWER, link.token, link.key, 'ada@example.com']) {
        expect(stored).not.toContain(secret);
      }
      if (dialect === 'sqlite') {
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
        const files = [database.url, `${database.url}-wal`].filter((file) => fs.existsSync(file));
        const bytes = Buffer.concat(files.map((file) => fs.readFileSync(file)));
        expect(bytes.includes(Buffer.from(saved.ciphertext))).toBe(true);
        for (const secret of [ANSWER, link.token, link.key, 'ada@example.com']) {
          expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
        }
      }
      // Nothing of the token, key or address in the logs.
      const logs = JSON.stringify(t.logs());
      for (const secret of [link.token, link.key, 'ada@example.com']) {
        expect(logs).not.toContain(secret);
      }

      const opened = await resume(link.token);
      expect(opened.statusCode).toBe(200);
      expect(await decrypt(opened.json<{ ciphertext: string }>().ciphertext, link.key)).toBe(
        JSON.stringify({ employerName: ANSWER }),
      );
      // Used: the ciphertext is gone, the second click is told so.
      expect(
        (await t.db.selectFrom('saved_drafts').select('ciphertext').executeTakeFirst())!.ciphertext,
      ).toBeNull();
      const again = await resume(link.token);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: 'used' });
    });

    it('a link past 30 days is expired, and the retention job deletes its draft', async () => {
      await save('grace@example.com');
      const { token } = linkOf((await smtp.waitFor('grace@example.com')).text);
      t.clock.set(new Date(t.clock.now().getTime() + 30 * DAY_MS));
      const late = await resume(token);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ error: 'expired' });
      const result = await deleteExpired(t.db, t.clock.now(), t.config.retention);
      expect(result.savedDrafts).toBe(1);
      expect(await t.db.selectFrom('saved_drafts').selectAll().execute()).toEqual([]);
      expect((await resume(token)).statusCode).toBe(404);
    });

    it('an unknown or malformed token is refused alike, and a new save replaces the older link', async () => {
      for (const token of ['x'.repeat(43), 'short', '../../etc']) {
        const answer = await resume(token);
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ error: 'unknown' });
      }
      const first = await save('ada@example.com');
      const firstLink = linkOf((await smtp.waitFor('ada@example.com')).text);
      smtp.received.length = 0;
      await save('ada@example.com', first.submissionKey);
      const secondLink = linkOf((await smtp.waitFor('ada@example.com')).text);
      expect(secondLink.token).not.toBe(firstLink.token);
      expect((await resume(firstLink.token)).statusCode).toBe(404);
      expect((await resume(secondLink.token)).statusCode).toBe(200);
    });

    it('answers the same for an address with an application and for one without (no enumeration)', async () => {
      const known = validPayload({ email: 'known@example.com' });
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${known.submissionKey}`,
        payload: known,
      });
      expect(submitted.statusCode).toBe(200);
      const answers = [];
      for (const email of ['known@example.com', 'nobody@example.com']) {
        const { response } = await save(email);
        answers.push({
          status: response.statusCode,
          body: response.body,
          headers: Object.keys(response.headers)
            .filter((name) => name !== 'date')
            .sort(),
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      // Both get a link: whether an address is known changes nothing the route does.
      await smtp.waitFor('known@example.com');
      await smtp.waitFor('nobody@example.com');
    });

    it('refuses a malformed address with the contact screen’s message, storing nothing', async () => {
      const { response } = await save('not-an-address');
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(
        'Please try again. That email address doesn’t look right.',
      );
      expect(await t.db.selectFrom('saved_drafts').selectAll().execute()).toEqual([]);
    });

    it('subject access says a draft exists and when; erasure and retention of the application delete it', async () => {
      const payload = validPayload({ email: 'katherine@example.com' });
      const partial = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload: { ...payload, IsCompleted: false },
      });
      expect(partial.statusCode, partial.body).toBeLessThan(300);
      // One before the application existed would be found by the key too: this one links by id.
      await save('katherine@example.com', payload.submissionKey);
      const draft = await t.db.selectFrom('saved_drafts').selectAll().executeTakeFirstOrThrow();
      const application = await t.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      expect(draft.application_row_id).toBe(application.id);

      const access = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: 'katherine@example.com' },
        headers: admin.headers(),
      });
      expect(access.statusCode).toBe(200);
      const file = access.json<{ applications: { savedDrafts: unknown[] }[] }>();
      expect(file.applications[0]!.savedDrafts).toEqual([
        {
          statement: SAVED_DRAFT_STATEMENT,
          savedAt: draft.created_at,
          linkExpiresAt: draft.expires_at,
          linkUsedAt: null,
        },
      ]);

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: 'katherine@example.com',
          reason: 'Asked by e-mail',
          applicationIds: [application.id],
          confirmation: await confirmationOf(t.db, [application.id]),
        },
        headers: admin.headers(),
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(await t.db.selectFrom('saved_drafts').selectAll().execute()).toEqual([]);

      // A draft saved before any partial save (no application row yet) goes with the
      // application by its key when the partial period ends.
      const later = validPayload({ email: 'dorothy@example.com' });
      await save('dorothy@example.com', later.submissionKey);
      expect(
        (
          await t.db
            .selectFrom('saved_drafts')
            .select('application_row_id')
            .executeTakeFirstOrThrow()
        ).application_row_id,
      ).toBeNull();
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${later.submissionKey}`,
        payload: { ...later, IsCompleted: false },
      });
      const result = await deleteExpired(t.db, new Date(t.clock.now().getTime() + 29 * DAY_MS), {
        ...t.config.retention,
        partialDays: 28,
      });
      expect(result.partialApplications).toBe(1);
      expect(result.savedDrafts).toBe(1);
      expect(await t.db.selectFrom('saved_drafts').selectAll().execute()).toEqual([]);
    });
  },
);

describe('save and come back later: rate limits', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    smtp = await startSmtpCatcher();
    t = await startTestApp(database, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '100' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await database.close();
  });

  async function save(email: string, remoteAddress: string) {
    const sealed = await encrypt('{}');
    return t.app.inject({
      method: 'POST',
      url: '/api/saved',
      remoteAddress,
      payload: { email, submissionKey: randomUUID(), ...sealed },
    });
  }

  it('sends at most five links an hour to one address, answering the same after that', async () => {
    for (let i = 0; i < SAVES_PER_EMAIL_PER_HOUR + 2; i += 1) {
      // From different client addresses: the e-mail's own limit, not the client's.
      const answer = await save('flooded@example.com', `198.51.100.${i + 1}`);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ ok: true });
    }
    await smtp.waitFor('flooded@example.com');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to('flooded@example.com')).toHaveLength(SAVES_PER_EMAIL_PER_HOUR);
    expect(await t.db.selectFrom('saved_drafts').selectAll().execute()).toHaveLength(
      SAVES_PER_EMAIL_PER_HOUR,
    );
  });

  it('one of two instances (RATE_LIMIT_INSTANCES=2) sends its share: two links an hour to one address (decision 0071)', async () => {
    const half = await startTestApp(database, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '100', RATE_LIMIT_INSTANCES: '2' },
    });
    try {
      for (let i = 0; i < SAVES_PER_EMAIL_PER_HOUR; i += 1) {
        const sealed = await encrypt('{}');
        const answer = await half.app.inject({
          method: 'POST',
          url: '/api/saved',
          remoteAddress: `198.51.100.${100 + i}`,
          payload: { email: 'shared@example.com', submissionKey: randomUUID(), ...sealed },
        });
        expect(answer.statusCode).toBe(202);
      }
      await smtp.waitFor('shared@example.com');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to('shared@example.com')).toHaveLength(Math.floor(SAVES_PER_EMAIL_PER_HOUR / 2));
    } finally {
      await half.close();
    }
  });

  it('refuses a client past twenty requests an hour, whatever addresses it names', async () => {
    for (let i = 0; i < SAVES_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await save(`person${i}@example.com`, '203.0.113.7')).statusCode).toBe(202);
    }
    const refused = await save('one-more@example.com', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await save('one-more@example.com', '203.0.113.8')).statusCode).toBe(202);
  });
});
