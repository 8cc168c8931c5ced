import { createHash } from 'node:crypto';
import { parseReference, submissionResponseSchema } from '@broker/domain';
import type { SubmissionPayload } from '@broker/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { ReceivedMail } from '../test-support/smtp.js';
import { createCodeHasher, PORTAL_CODE_MAX_ATTEMPTS } from './codes.js';
import type { MailTransport, MailWorker } from './mail.js';
import {
  devMailboxTransport,
  smtpTransport,
  startMailWorker,
  VERIFICATION_SUBJECT,
} from './mail.js';

/** A real SMTP server on loopback that keeps what it receives, or refuses it when asked. */
async function startSmtpServer() {
  const catcher = await startSmtpCatcher();
  return {
    url: catcher.url,
    delivered: catcher.received,
    state: catcher.state,
    close: catcher.close,
  };
}

function codeIn(mail: ReceivedMail): string {
  const match = /Your confirmation code is (\d{6})/.exec(mail.raw);
  if (!match) throw new Error('no code in the mail');
  return match[1]!;
}

describe.each<DialectName>(['sqlite', 'postgres'])('customer portal on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let worker: MailWorker;
  let workerLogs: Record<string, unknown>[];

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  function startWorker(transport: MailTransport = smtpTransport(smtp.url)) {
    workerLogs = [];
    const push = (level: string) => (object: object, msg: string) =>
      void workerLogs.push({ level, ...object, msg });
    worker = startMailWorker({
      db: database.db,
      transport,
      codes: createCodeHasher(t.config.portalCodeSecret),
      from: t.config.company.email,
      company: t.config.company.name,
      logger: { info: push('info'), warn: push('warn'), error: push('error') },
      clock: t.clock,
      pollIntervalMs: 0,
    });
  }

  beforeEach(async () => {
    smtp.delivered.length = 0;
    smtp.state.refuse = false;
    t = await startTestApp(database, { env: { SMTP_URL: smtp.url } });
    startWorker();
  });
  afterEach(async () => {
    await worker.stop();
    await t.close();
    for (const table of [
      'applications',
      'portal_accounts',
      'portal_mail_outbox',
      'dev_mailbox',
      'delivery_events',
    ]) {
      await sql`delete from ${sql.table(table)}`.execute(database.db);
    }
  });

  function post(url: string, payload: object) {
    return t.app.inject({ method: 'POST', url, payload });
  }

  async function submit(payload: SubmissionPayload) {
    const response = await post(`/api/submission/${payload.submissionKey}`, payload);
    expect(response.statusCode).toBe(200);
    return { body: response.body, answer: submissionResponseSchema.parse(response.json()) };
  }

  const portalPayload = (overrides: Partial<SubmissionPayload> = {}) =>
    validPayload({ variant: 'CDJ-MVP', email: 'Ada.Lovelace@Example.com', ...overrides });

  function verify(email: string, code: string) {
    return post('/api/portal/verify-email', { email, code });
  }

  function signIn(email: string, passcode: string) {
    return post('/api/portal/sign-in', { email, passcode });
  }

  function account() {
    return database.db
      .selectFrom('portal_accounts')
      .selectAll()
      .where('email_lower', '=', 'ada.lovelace@example.com')
      .executeTakeFirstOrThrow();
  }

  /** Every stored row of every table of ours, as one string to search. */
  async function everythingStored(): Promise<string> {
    const tables = [
      'applications',
      'portal_accounts',
      'portal_mail_outbox',
      'dev_mailbox',
      'delivery_events',
    ] as const;
    const dumps = await Promise.all(
      tables.map((table) => database.db.selectFrom(table).selectAll().execute()),
    );
    return JSON.stringify(dumps);
  }

  it('answers New with a passcode that grants nothing until the e-mailed code proves the address', async () => {
    const { answer } = await submit(portalPayload());
    expect(answer).toMatchObject({ quoteValid: true, accountStatus: 1 });
    const passcode = answer.otp!;
    expect(passcode).toMatch(/^\d{6}$/);

    // Pending, and the passcode alone is refused (and not spent).
    expect(await account()).toMatchObject({ status: 2, verified_at: null });
    const early = await signIn('ada.lovelace@example.com', passcode);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ error: 'email_not_verified' });

    // The verification mail goes through the real SMTP server, to the address applied with.
    expect(smtp.delivered).toHaveLength(0);
    expect(await worker.drainOnce()).toBe(1);
    expect(smtp.delivered).toHaveLength(1);
    const mail = smtp.delivered[0]!;
    expect(mail.to).toEqual(['ada.lovelace@example.com']);
    expect(mail.from).toBe('hello@example.com');
    expect(mail.raw).toContain(`Subject: ${VERIFICATION_SUBJECT}`);
    const code = codeIn(mail);

    const verified = await verify(' ADA.Lovelace@example.com ', code);
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(verified.json()).toEqual({ accountStatus: 5 });
    expect(await account()).toMatchObject({
      status: 5,
      verified_at: '2026-03-10T10:00:00.000Z',
      verification_hash: null,
    });

    // Each code works once.
    expect((await verify('ada.lovelace@example.com', code)).json()).toEqual({
      error: 'invalid_code',
    });
    const signedIn = await signIn('ada.lovelace@example.com', passcode);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ accountStatus: 5 });
    const again = await signIn('ada.lovelace@example.com', passcode);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_code' });
  });

  it('stores neither code in clear, nor as a plain hash, anywhere; logs neither', async () => {
    const { answer } = await submit(portalPayload());
    await worker.drainOnce();
    const code = codeIn(smtp.delivered[0]!);
    const passcode = answer.otp!;

    const stored = await everythingStored();
    for (const secret of [passcode, code]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(createHash('sha256').update(secret).digest('hex'));
    }
    const row = await account();
    const hasher = createCodeHasher(t.config.portalCodeSecret);
    expect(row.otp_hash).toBe(hasher.hash('passcode', 'ada.lovelace@example.com', passcode));
    expect(row.verification_hash).toBe(
      hasher.hash('verification', 'ada.lovelace@example.com', code),
    );
    // Another secret gives another hash: the stored one cannot be recomputed without it.
    expect(createCodeHasher('x'.repeat(32)).hash('passcode', row.email_lower, passcode)).not.toBe(
      row.otp_hash,
    );

    const logs = JSON.stringify([t.logs(), workerLogs]);
    for (const secret of [passcode, code, 'ada.lovelace']) expect(logs).not.toContain(secret);
  });

  it('replays a repeated key with the stored answer and no code', async () => {
    const payload = portalPayload();
    const first = await submit(payload);
    expect(first.answer.otp).toMatch(/^\d{6}$/);
    const stored = await database.db
      .selectFrom('applications')
      .select('response_json')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.response_json!)).toEqual({ ...first.answer, otp: null });

    const replay = await submit(payload);
    expect(replay.answer).toEqual({ ...first.answer, otp: null });
    expect(replay.body).toBe(stored.response_json);
    // One account, one mail.
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(1);
  });

  it('refuses a code after 15 minutes, and the account stays pending', async () => {
    const { answer } = await submit(portalPayload());
    await worker.drainOnce();
    const code = codeIn(smtp.delivered[0]!);

    t.clock.set('2026-03-10T10:15:00.000Z');
    expect((await verify('ada.lovelace@example.com', code)).json()).toEqual({
      error: 'invalid_code',
    });
    expect((await account()).status).toBe(2);
    expect((await signIn('ada.lovelace@example.com', answer.otp!)).statusCode).toBe(400);
  });

  it('accepts a code just before it expires', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    t.clock.set('2026-03-10T10:14:59.999Z');
    const response = await verify('ada.lovelace@example.com', codeIn(smtp.delivered[0]!));
    expect(response.statusCode).toBe(200);
  });

  it('burns the code after five wrong tries: even the right one then fails', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    const code = codeIn(smtp.delivered[0]!);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < PORTAL_CODE_MAX_ATTEMPTS; i += 1) {
      const response = await verify('ada.lovelace@example.com', wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_code' });
    }
    expect((await verify('ada.lovelace@example.com', code)).statusCode).toBe(400);
    expect(await account()).toMatchObject({ status: 2, verification_hash: null });
  });

  it('lets exactly one of many simultaneous uses of a code through', async () => {
    const { answer } = await submit(portalPayload());
    await worker.drainOnce();
    const code = codeIn(smtp.delivered[0]!);
    const verifications = await Promise.all(
      Array.from({ length: 6 }, () => verify('ada.lovelace@example.com', code)),
    );
    expect(verifications.map((response) => response.statusCode).sort()).toEqual([
      200, 400, 400, 400, 400, 400,
    ]);
    const signIns = await Promise.all(
      Array.from({ length: 6 }, () => signIn('ada.lovelace@example.com', answer.otp!)),
    );
    expect(signIns.map((response) => response.statusCode).sort()).toEqual([
      200, 400, 400, 400, 400, 400,
    ]);
  });

  it('refuses the passcode of a verified account after 15 minutes, and after five wrong tries', async () => {
    const { answer } = await submit(portalPayload());
    await worker.drainOnce();
    await verify('ada.lovelace@example.com', codeIn(smtp.delivered[0]!));
    const passcode = answer.otp!;

    const wrong = passcode === '000000' ? '000001' : '000000';
    for (let i = 0; i < PORTAL_CODE_MAX_ATTEMPTS; i += 1) {
      expect((await signIn('ada.lovelace@example.com', wrong)).statusCode).toBe(400);
    }
    expect((await signIn('ada.lovelace@example.com', passcode)).statusCode).toBe(400);
    expect((await account()).otp_hash).toBeNull();

    // Another account, whose passcode simply runs out.
    const other = await submit(
      portalPayload({
        email: 'grace.hopper@example.com',
        contactNumber: '07911900456',
        dateOfBirth: '1966-12-09T00:00:00.000',
      }),
    );
    await worker.drainOnce();
    await verify('grace.hopper@example.com', codeIn(smtp.delivered[1]!));
    t.clock.set('2026-03-10T10:15:00.000Z');
    expect((await signIn('grace.hopper@example.com', other.answer.otp!)).statusCode).toBe(400);
  });

  it('answers any body on the portal routes with a short JSON error, never a 500', async () => {
    await submit(portalPayload());
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/portal/verify-email',
          '/api/portal/sign-in',
          '/api/portal/verification-email',
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ email: fc.jsonValue(), code: fc.jsonValue(), passcode: fc.jsonValue() }),
          fc.record({ email: fc.string(), code: fc.string(), passcode: fc.string() }),
        ),
        async (url, body) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect([202, 400]).toContain(response.statusCode);
          expect(response.json()).toEqual(
            response.statusCode === 202 ? { ok: true } : { error: expect.any(String) as string },
          );
        },
      ),
      { numRuns: 60 },
    );
    expect((await account()).status).toBe(2);
  }, 30_000);

  it('answers an unknown address, a malformed code and a wrong passcode alike', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    const answers = await Promise.all([
      verify('nobody@example.com', '123456'),
      verify('ada.lovelace@example.com', '12345'),
      verify('ada.lovelace@example.com', 'abcdef'),
      post('/api/portal/verify-email', { code: '123456' }),
      signIn('nobody@example.com', '123456'),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_code' });
    }
  });

  it('answers PendingVerification to a second application and mails the address again, at most every 10 minutes', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    // Another person (date of birth), same e-mail: not a duplicate.
    const second = await submit(portalPayload({ dateOfBirth: '1975-01-01T00:00:00.000' }));
    expect(second.answer).toMatchObject({ accountStatus: 2, otp: null });
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(1);

    t.clock.set('2026-03-10T10:10:00.000Z');
    await submit(portalPayload({ dateOfBirth: '1970-01-01T00:00:00.000' }));
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(2);
    // The newer code replaces the older one.
    const [older, newer] = smtp.delivered.map(codeIn);
    if (older !== newer) {
      expect((await verify('ada.lovelace@example.com', older!)).statusCode).toBe(400);
    }
    expect((await verify('ada.lovelace@example.com', newer!)).statusCode).toBe(200);
  });

  it('sends a new code on request, throttled, and answers the same for unknown addresses', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    const ask = (email: string) => post('/api/portal/verification-email', { email });

    const tooSoon = await ask('ada.lovelace@example.com');
    const unknown = await ask('nobody@example.com');
    for (const response of [tooSoon, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
    }
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(1);

    t.clock.set('2026-03-10T10:10:00.000Z');
    expect((await ask('Ada.Lovelace@example.com')).statusCode).toBe(202);
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(2);
    expect(smtp.delivered[1]!.to).toEqual(['ada.lovelace@example.com']);
    const response = await verify('ada.lovelace@example.com', codeIn(smtp.delivered[1]!));
    expect(response.statusCode).toBe(200);
  });

  it('mails an address at most three times a day however it is asked, and limits a client to five requests an hour, answering alike for any address', async () => {
    // With the rate limits on, as they are by default.
    await worker.stop();
    await t.close();
    t = await startTestApp(database, { env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '20' } });
    startWorker();
    await submit(portalPayload());
    await worker.drainOnce();
    const ask = (email: string, remoteAddress = '203.0.113.9') =>
      t.app.inject({
        method: 'POST',
        url: '/api/portal/verification-email',
        payload: { email },
        remoteAddress,
      });
    // Every 10 minutes, from a new client address each time: the third day's mail is the last.
    for (let n = 1; n <= 4; n += 1) {
      t.clock.set(new Date(Date.parse('2026-03-10T10:00:00.000Z') + n * 10 * 60_000));
      expect((await ask('ada.lovelace@example.com', `198.51.100.${n}`)).statusCode).toBe(202);
      await worker.drainOnce();
    }
    expect(smtp.delivered).toHaveLength(3);
    // A day after the first, one more.
    t.clock.set('2026-03-11T10:00:00.001Z');
    await ask('ada.lovelace@example.com', '198.51.100.50');
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(4);

    // One client walking through addresses, known or not: five requests, then 429 for all.
    const answers = [];
    for (const email of [
      'a@example.com',
      'ada.lovelace@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
      'e@example.com',
      'ada.lovelace@example.com',
    ]) {
      answers.push(await ask(email));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(answers[5]!.json()).toEqual(answers[6]!.json());
  });

  it('one of two instances (RATE_LIMIT_INSTANCES=2) lets a client make its share of the hour: two requests (decision 0071)', async () => {
    const half = await startTestApp(database, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SUBMISSIONS: '20', RATE_LIMIT_INSTANCES: '2' },
    });
    try {
      const statuses = [];
      for (const email of ['f@example.com', 'g@example.com', 'h@example.com']) {
        const answer = await half.app.inject({
          method: 'POST',
          url: '/api/portal/verification-email',
          payload: { email },
          remoteAddress: '203.0.113.77',
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await half.close();
    }
  });

  it('sends nothing more once the address is verified', async () => {
    await submit(portalPayload());
    await worker.drainOnce();
    await verify('ada.lovelace@example.com', codeIn(smtp.delivered[0]!));
    t.clock.advanceDays(40);
    const later = await submit(portalPayload());
    expect(later.answer).toMatchObject({ accountStatus: 2, otp: null });
    await worker.drainOnce();
    expect(smtp.delivered).toHaveLength(1);
    expect((await account()).status).toBe(5);
  });

  it('retries a refused mail later with a new code, logging no address', async () => {
    smtp.state.refuse = true;
    await submit(portalPayload());
    expect(await worker.drainOnce()).toBe(0);
    const failed = await database.db
      .selectFrom('portal_mail_outbox')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.last_error).not.toContain('ada');
    expect(workerLogs.find((line) => line.msg === 'portal mail failed; will retry')).toBeDefined();
    expect(JSON.stringify(workerLogs)).not.toContain('ada.lovelace');

    smtp.state.refuse = false;
    expect(await worker.drainOnce()).toBe(0); // not due yet
    t.clock.set('2026-03-10T10:00:30.000Z');
    expect(await worker.drainOnce()).toBe(1);
    expect(smtp.delivered).toHaveLength(1);
    const response = await verify('ada.lovelace@example.com', codeIn(smtp.delivered[0]!));
    expect(response.statusCode).toBe(200);
  });

  it('keeps the mail in the development mailbox when there is no SMTP server', async () => {
    await worker.stop();
    startWorker(devMailboxTransport(database.db, t.clock));
    const { answer } = await submit(portalPayload());
    expect(await worker.drainOnce()).toBe(1);
    const [message, ...others] = await database.db.selectFrom('dev_mailbox').selectAll().execute();
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      recipient: 'ada.lovelace@example.com',
      sender: 'hello@example.com',
      subject: VERIFICATION_SUBJECT,
      created_at: '2026-03-10T10:00:00.000Z',
    });
    const code = /Your confirmation code is (\d{6})/.exec(message!.body)![1]!;
    // The mail names the application by the reference the outcome page showed (decision 0030).
    expect(parseReference(answer.reference!)).toBe(answer.reference);
    expect(message!.body).toContain(`\n\nYour application reference is ${answer.reference}\n\n`);
    expect((await verify('ada.lovelace@example.com', code)).statusCode).toBe(200);
  });
});
