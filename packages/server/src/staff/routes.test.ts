import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffRole } from '../db/schema.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, cookieFrom, signIn, totpCodeAt } from '../test-support/staff.js';
import { verifyAuditChain } from './audit.js';
import { runStaffCommand } from './cli.js';
import { PASSWORD_MESSAGES } from './passwords.js';
import { STAFF_MESSAGES } from './routes.js';

const MINUTE = 60 * 1000;

// Every sign-in spends a real scrypt hash (about 0.4 s, more on a busy machine).
describe.each<DialectName>(['sqlite', 'postgres'])(
  'staff routes on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
    });
    afterAll(async () => {
      await database.close();
    });
    afterEach(async () => {
      await t.close();
      await sql`delete from staff_sessions`.execute(database.db);
      await sql`delete from staff_members`.execute(database.db);
      // The audit log refuses deletes; each test reads only the entries it made (after `mark`).
    });

    async function start(env: Record<string, string> = {}) {
      t = await startTestApp(database, { env });
      return t;
    }

    function advance(ms: number) {
      t.clock.set(new Date(t.clock.now().getTime() + ms));
    }

    async function auditSince(mark: number) {
      return database.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .where('id', '>', mark)
        .orderBy('id')
        .execute();
    }

    async function auditMark(): Promise<number> {
      const row = await database.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    }

    function signInPassword(email: string, password: string, remoteAddress = '192.0.2.10') {
      return t.app.inject({
        method: 'POST',
        url: '/api/staff/sign-in',
        payload: { email, password },
        remoteAddress,
      });
    }

    describe('set-up from the command line', () => {
      it('prints a one-time link; the member sets a password and enrols TOTP with it', async () => {
        await start();
        const mark = await auditMark();
        const out: string[] = [];
        const code = await runStaffCommand(
          [
            'add',
            '--email',
            'Grace.Hopper@Broker.example',
            '--name',
            'Grace Hopper',
            '--role',
            'agent',
          ],
          {
            db: database.db,
            env: { PUBLIC_BASE_URL: 'https://broker.example/' },
            io: { out: (line) => out.push(line), error: (line) => out.push(line) },
            clock: t.clock,
          },
        );
        expect(code).toBe(0);
        const link = out.find((line) => line.startsWith('https://'))!;
        expect(link).toMatch(/^https:\/\/broker\.example\/back-office\/setup#[A-Za-z0-9_-]{43}$/);
        const token = link.split('#')[1]!;

        const opened = await t.app.inject({
          method: 'POST',
          url: '/api/staff/setup/start',
          payload: { token },
        });
        expect(opened.statusCode).toBe(200);
        const setup = opened.json<{ email: string; totpSecret: string; otpauthUri: string }>();
        expect(setup.email).toBe('grace.hopper@broker.example');
        expect(setup.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
        expect(setup.otpauthUri).toBe(
          `otpauth://totp/Broker%20back%20office:grace.hopper%40broker.example?secret=${setup.totpSecret}&issuer=Broker%20back%20office`,
        );
        // Opening the link again shows the same secret (a reload must not orphan the app's entry).
        const again = await t.app.inject({
          method: 'POST',
          url: '/api/staff/setup/start',
          payload: { token },
        });
        expect(again.json<{ totpSecret: string }>().totpSecret).toBe(setup.totpSecret);

        const complete = (password: string, code: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/staff/setup/complete',
            payload: { token, password, code },
          });
        const goodCode = await totpCodeAt(setup.totpSecret, t.clock.now());

        const short = await complete('short pass', goodCode);
        expect(short.statusCode).toBe(400);
        expect(short.json()).toEqual({
          error: 'invalid',
          fields: [{ path: 'password', message: 'Enter a password of at least 12 characters' }],
        });
        for (const weak of [
          'password1234',
          'Password2025!',
          'P@ssw0rd1234',
          'qwertyuiop123',
          'aaaaaaaaaaaaaa',
          '123456789012',
        ]) {
          const refused = await complete(weak, goodCode);
          expect(refused.json(), weak).toEqual({
            error: 'invalid',
            fields: [
              {
                path: 'password',
                message:
                  'This password is too easy to guess. Choose a longer one, such as 3 or 4 unrelated words',
              },
            ],
          });
        }
        for (const personal of ['grace.hopper@broker.example', 'GraceHopper-2025!x']) {
          const refused = await complete(personal, goodCode);
          expect(refused.json(), personal).toEqual({
            error: 'invalid',
            fields: [
              {
                path: 'password',
                message: 'Your password must not contain your name or e-mail address',
              },
            ],
          });
        }
        const wrongCode = await complete('a long and unusual passphrase', '000000');
        expect(wrongCode.json()).toEqual({
          error: 'invalid',
          fields: [
            {
              path: 'code',
              message:
                'The code is not right. Enter the 6-digit code your authenticator app shows now',
            },
          ],
        });

        const done = await complete('a long and unusual passphrase', goodCode);
        expect(done.statusCode).toBe(200);
        const row = await database.db
          .selectFrom('staff_members')
          .selectAll()
          .where('email_lower', '=', 'grace.hopper@broker.example')
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('active');
        expect(row.password_hash).toMatch(
          /^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/,
        );
        expect(row.setup_token_hash).toBeNull();

        // The link works once.
        const reused = await t.app.inject({
          method: 'POST',
          url: '/api/staff/setup/start',
          payload: { token },
        });
        expect(reused.statusCode).toBe(404);
        expect(reused.json()).toEqual({
          error: 'invalid_setup_link',
          message: 'This set-up link is not valid or has expired. Ask an admin for a new one',
        });

        expect((await auditSince(mark)).map((entry) => entry.action)).toEqual([
          'staff-added',
          'staff-setup-completed',
        ]);
      });

      it('refuses a set-up link after 72 hours', async () => {
        await start();
        const out: string[] = [];
        await runStaffCommand(
          ['add', '--email', 'late@broker.example', '--name', 'Late', '--role', 'agent'],
          {
            db: database.db,
            env: {},
            io: { out: (line) => out.push(line), error: (line) => out.push(line) },
            clock: t.clock,
          },
        );
        const token = out.find((line) => line.includes('#'))!.split('#')[1]!;
        expect(out).toContain('http://localhost:3000/back-office/setup#' + token);
        advance(72 * 60 * MINUTE);
        const opened = await t.app.inject({
          method: 'POST',
          url: '/api/staff/setup/start',
          payload: { token },
        });
        expect(opened.statusCode).toBe(404);
      });

      it('lists, re-issues a link and disables from the command line; disabling ends sessions', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent', 'ada@broker.example');
        const session = await signIn(t, staff);
        const out: string[] = [];
        const io = {
          out: (line: string) => out.push(line),
          error: (line: string) => out.push(line),
        };
        const run = (args: string[]) =>
          runStaffCommand(args, { db: database.db, env: {}, io, clock: t.clock });

        expect(await run(['list'])).toBe(0);
        expect(out).toContain('ada@broker.example\tagent\tactive\tTest agent');
        expect(
          await run(['add', '--email', 'ada@broker.example', '--name', 'Ada', '--role', 'agent']),
        ).toBe(1);
        expect(
          await run(['add', '--email', 'x@broker.example', '--name', 'X', '--role', 'boss']),
        ).toBe(2);

        expect(await run(['disable', '--email', 'ada@broker.example'])).toBe(0);
        const after = await t.app.inject({
          method: 'GET',
          url: '/api/staff/session',
          headers: session.headers(),
        });
        expect(after.statusCode).toBe(401);
        const again = await signInPassword('ada@broker.example', staff.password);
        expect(again.statusCode).toBe(401);

        expect(await run(['setup-link', '--email', 'ada@broker.example'])).toBe(0);
        expect(out.at(-1)).toMatch(
          /^http:\/\/localhost:3000\/back-office\/setup#[A-Za-z0-9_-]{43}$/,
        );
      });
    });

    describe('sign-in', () => {
      it('needs the password and then a TOTP code, and rotates the session id', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const mark = await auditMark();

        const first = await signInPassword(staff.member.email, staff.password);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toEqual({ next: 'code' });
        const setCookie = String(first.headers['set-cookie']);
        expect(setCookie).toMatch(
          /^bo_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
        );
        const pending = cookieFrom(first.headers['set-cookie'], 'bo_session')!;

        // Half-way is not signed in.
        const early = await t.app.inject({
          method: 'GET',
          url: '/api/staff/session',
          headers: { cookie: `bo_session=${pending}` },
        });
        expect(early.statusCode).toBe(401);

        const wrong = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in/code',
          headers: { cookie: `bo_session=${pending}` },
          payload: { code: '123456' },
        });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toEqual({
          error: 'invalid_code',
          message: 'The code is not right. Enter the 6-digit code your authenticator app shows now',
        });

        const code = await totpCodeAt(staff.secret, t.clock.now());
        const second = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in/code',
          headers: { cookie: `bo_session=${pending}` },
          payload: { code },
        });
        expect(second.statusCode).toBe(200);
        const signedIn = cookieFrom(second.headers['set-cookie'], 'bo_session')!;
        expect(signedIn).not.toBe(pending);
        const body = second.json<{ staff: { email: string; role: string }; csrfToken: string }>();
        expect(body.staff).toMatchObject({ email: staff.member.email, role: 'agent' });

        // The database holds the session id's hash only; the half-way id is gone.
        const rows = await database.db.selectFrom('staff_sessions').selectAll().execute();
        expect(rows.map((row) => row.id_hash)).toEqual([
          createHash('sha256').update(signedIn).digest('hex'),
        ]);
        expect(rows[0]!.stage).toBe('full');

        const session = await t.app.inject({
          method: 'GET',
          url: '/api/staff/session',
          headers: { cookie: `bo_session=${signedIn}` },
        });
        expect(session.statusCode).toBe(200);
        expect(session.headers['cache-control']).toBe('no-store');
        expect(session.json()).toEqual({ ...body, idleTimeoutSeconds: 1800 });

        // The same code is never accepted twice.
        advance(MINUTE / 2);
        const replayFirst = await signInPassword(staff.member.email, staff.password);
        const replay = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in/code',
          headers: {
            cookie: `bo_session=${cookieFrom(replayFirst.headers['set-cookie'], 'bo_session')}`,
          },
          payload: { code },
        });
        expect(replay.statusCode).toBe(401);

        const actions = (await auditSince(mark)).map((entry) => [entry.action, entry.detail_json]);
        expect(actions).toEqual([
          ['sign-in-failed', '{"step":"code"}'],
          ['sign-in', null],
          ['sign-in-failed', '{"step":"code"}'],
        ]);
      });

      it('answers a wrong password and an unknown address alike; audits the member’s failure only, and keeps the stranger’s as a keyed hash', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const mark = await auditMark();
        const wrong = await signInPassword(staff.member.email, 'not the password at all');
        const unknown = await signInPassword('nobody@broker.example', 'not the password at all');
        for (const response of [wrong, unknown]) {
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual({
            error: 'invalid_credentials',
            message: 'The e-mail address or password is not right',
          });
          expect(response.headers['set-cookie']).toBeUndefined();
        }
        const entries = await auditSince(mark);
        expect(entries.map((entry) => [entry.action, entry.actor_email, entry.ip])).toEqual([
          ['sign-in-failed', staff.member.email, '192.0.2.10'],
        ]);
        const attempts = await database.db
          .selectFrom('staff_sign_in_attempts')
          .select(['account_key', 'outcome'])
          .where('ip', '=', '192.0.2.10')
          .orderBy('id', 'desc')
          .limit(2)
          .execute();
        expect(attempts.map((row) => row.outcome)).toEqual(['failed', 'failed']);
        expect(attempts[0]!.account_key).toMatch(/^hmac:[0-9a-f]{64}$/);
        expect(attempts[1]!.account_key).toBe(`staff:${staff.member.id}`);
        expect(JSON.stringify(await auditSince(0))).not.toContain('nobody');
      });

      it('marks the cookie Secure with the __Host- prefix outside local runs', async () => {
        await start({
          ENVIRONMENT: 'uat',
          COMPANY_NAME: 'Broker Ltd',
          COMPANY_NUMBER: '1',
          FCA_NUMBER: '1',
          COMPANY_ADDRESS: 'x',
          COMPANY_EMAIL: 'a@broker.example',
          COMPANY_PHONE: '1',
          ICO_NUMBER: '1',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          PORTAL_CODE_SECRET: 'k'.repeat(32),
          STAFF_IDENTIFIER_SECRET: 's'.repeat(32),
        });
        const staff = await addActiveStaff(t, 'agent');
        const first = await signInPassword(staff.member.email, staff.password);
        expect(String(first.headers['set-cookie'])).toMatch(
          /^__Host-bo_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
        );
      });

      it('signs out: the session ends and the cookie is cleared', async () => {
        await start();
        const staff = await addActiveStaff(t, 'auditor');
        const session = await signIn(t, staff);
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-out',
          headers: session.headers(),
        });
        expect(out.statusCode).toBe(204);
        expect(String(out.headers['set-cookie'])).toContain(
          'bo_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0',
        );
        const after = await t.app.inject({
          method: 'GET',
          url: '/api/staff/session',
          headers: session.headers(),
        });
        expect(after.statusCode).toBe(401);
      });
    });

    describe('session expiry (test clock)', () => {
      it('ends a session after 30 minutes without a request', async () => {
        await start();
        const session = await signIn(t, await addActiveStaff(t, 'agent'));
        const get = () =>
          t.app.inject({ method: 'GET', url: '/api/staff/session', headers: session.headers() });
        advance(29 * MINUTE);
        expect((await get()).statusCode).toBe(200);
        advance(29 * MINUTE);
        expect((await get()).statusCode).toBe(200);
        advance(30 * MINUTE);
        const expired = await get();
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toEqual({ error: 'session_expired' });
        expect(String(expired.headers['set-cookie'])).toContain('Max-Age=0');
        expect(await database.db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);
      });

      it('clears sessions nobody came back to when someone signs in', async () => {
        await start();
        await signIn(t, await addActiveStaff(t, 'agent'));
        advance(31 * MINUTE);
        const other = await addActiveStaff(t, 'auditor');
        await signInPassword(other.member.email, other.password);
        const rows = await database.db.selectFrom('staff_sessions').select('staff_id').execute();
        expect(rows).toEqual([{ staff_id: other.member.id }]);
      });

      it('ends a busy session 12 hours after sign-in', async () => {
        await start();
        const session = await signIn(t, await addActiveStaff(t, 'agent'));
        const get = () =>
          t.app.inject({ method: 'GET', url: '/api/staff/session', headers: session.headers() });
        for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
          advance(20 * MINUTE);
          expect((await get()).statusCode).toBe(200);
        }
        advance(20 * MINUTE);
        expect((await get()).json()).toEqual({ error: 'session_expired' });
      });

      it('gives the password step 5 minutes to be followed by the code', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const first = await signInPassword(staff.member.email, staff.password);
        advance(5 * MINUTE);
        const late = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in/code',
          headers: {
            cookie: `bo_session=${cookieFrom(first.headers['set-cookie'], 'bo_session')}`,
          },
          payload: { code: await totpCodeAt(staff.secret, t.clock.now()) },
        });
        expect(late.statusCode).toBe(401);
        expect(late.json()).toEqual({
          error: 'sign_in_expired',
          message: 'Signing in took too long. Start again with your e-mail address and password',
        });
      });
    });

    describe('CSRF', () => {
      it('refuses a state change without the session’s token, with a wrong one, or from another site', async () => {
        await start();
        const session = await signIn(t, await addActiveStaff(t, 'admin'));
        const mark = await auditMark();
        const post = (headers: Record<string, string>) =>
          t.app.inject({ method: 'POST', url: '/api/staff/sign-out', headers });

        const refused = [
          await post(session.headers({ csrf: false })),
          await post({ ...session.headers({ csrf: false }), 'x-csrf-token': 'x'.repeat(43) }),
          await post({ ...session.headers(), 'sec-fetch-site': 'cross-site' }),
          await post({ ...session.headers(), 'sec-fetch-site': 'same-site' }),
          await post({ ...session.headers(), origin: 'https://evil.example' }),
        ];
        for (const response of refused) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ error: 'csrf' });
        }
        expect((await auditSince(mark)).map((entry) => entry.action)).toEqual(
          Array(5).fill('csrf-refused'),
        );
        // Still signed in, and the right token from this origin works.
        const ok = await post({
          ...session.headers(),
          'sec-fetch-site': 'same-origin',
          origin: 'http://localhost:80',
          host: 'localhost:80',
        });
        expect(ok.statusCode).toBe(204);
      });

      it('refuses sign-in and set-up requests from another site', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        for (const url of [
          '/api/staff/sign-in',
          '/api/staff/sign-in/code',
          '/api/staff/setup/start',
          '/api/staff/setup/complete',
        ]) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'sec-fetch-site': 'cross-site' },
            payload: { email: staff.member.email, password: staff.password },
          });
          expect(response.statusCode, url).toBe(403);
        }
      });

      it('gives each session its own token', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const one = await signIn(t, staff);
        advance(MINUTE / 2);
        const two = await signIn(t, staff);
        expect(two.csrfToken).not.toBe(one.csrfToken);
        const crossed = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-out',
          headers: { ...two.headers({ csrf: false }), 'x-csrf-token': one.csrfToken },
        });
        expect(crossed.statusCode).toBe(403);
      });
    });

    describe('lockout', () => {
      it('locks the account from the address of 5 failures for 15 minutes; the right password from another address still signs in', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect(
            (await signInPassword(staff.member.email, `wrong guess ${attempt}`)).statusCode,
          ).toBe(401);
        }
        const locked = await signInPassword(staff.member.email, staff.password);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual({
          error: 'locked',
          message:
            'Too many attempts to sign in. Wait 15 minutes and try again, or ask an admin for help',
        });
        expect(locked.headers['retry-after']).toBe('900');
        // docs/decisions/0055: a stranger's failures do not lock the owner out elsewhere.
        expect(
          (await signInPassword(staff.member.email, staff.password, '198.51.100.7')).statusCode,
        ).toBe(200);
        advance(15 * MINUTE + 1000);
        expect((await signInPassword(staff.member.email, staff.password)).statusCode).toBe(200);
      });

      it('locks an unknown address the same way, so a lockout tells nothing about who has an account', async () => {
        await start();
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await signInPassword('ghost@broker.example', `guess ${attempt}`);
        }
        expect((await signInPassword('ghost@broker.example', 'guess')).statusCode).toBe(429);
      });

      it('counts wrong TOTP codes: a stolen password does not allow guessing codes', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const first = await signInPassword(staff.member.email, staff.password);
        const cookie = `bo_session=${cookieFrom(first.headers['set-cookie'], 'bo_session')}`;
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const guess = await t.app.inject({
            method: 'POST',
            url: '/api/staff/sign-in/code',
            headers: { cookie },
            payload: { code: String(100000 + attempt) },
          });
          expect(guess.statusCode).toBe(401);
        }
        const right = await t.app.inject({
          method: 'POST',
          url: '/api/staff/sign-in/code',
          headers: { cookie },
          payload: { code: await totpCodeAt(staff.secret, t.clock.now()) },
        });
        expect(right.statusCode).toBe(429);
      });

      it('refuses an address after 20 failures whatever the accounts', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        for (let attempt = 0; attempt < 20; attempt += 1) {
          await signInPassword(`user${attempt}@broker.example`, 'guess', '203.0.113.66');
        }
        expect(
          (await signInPassword(staff.member.email, staff.password, '203.0.113.66')).statusCode,
        ).toBe(429);
        expect(
          (await signInPassword(staff.member.email, staff.password, '203.0.113.67')).statusCode,
        ).toBe(200);
      });
    });

    describe('roles', () => {
      const ID = '00000000-0000-4000-8000-000000000000';
      const ROUTES: {
        method: 'GET' | 'POST';
        url: string;
        roles: StaffRole[];
        payload?: object;
      }[] = [
        { method: 'GET', url: '/api/staff/session', roles: ['agent', 'admin', 'auditor'] },
        { method: 'POST', url: '/api/staff/sign-out', roles: ['agent', 'admin', 'auditor'] },
        { method: 'GET', url: '/api/staff/members', roles: ['admin'] },
        {
          method: 'POST',
          url: '/api/staff/members',
          roles: ['admin'],
          payload: { email: 'new@broker.example', name: 'New', role: 'agent' },
        },
        { method: 'POST', url: `/api/staff/members/${ID}/setup-link`, roles: ['admin'] },
        { method: 'POST', url: `/api/staff/members/${ID}/disable`, roles: ['admin'] },
        { method: 'POST', url: `/api/staff/members/${ID}/unlock`, roles: ['admin'] },
        { method: 'GET', url: '/api/staff/audit', roles: ['auditor', 'admin'] },
        {
          method: 'POST',
          url: '/api/staff/applications/search',
          roles: ['agent', 'admin', 'auditor'],
          payload: {},
        },
        { method: 'GET', url: '/api/staff/funnel', roles: ['agent', 'admin', 'auditor'] },
        { method: 'GET', url: '/api/staff/applications/1', roles: ['agent', 'admin', 'auditor'] },
        {
          method: 'GET',
          url: '/api/staff/disclosures/:text/:version',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/notes',
          roles: ['agent', 'admin'],
          payload: { text: 'x' },
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/status',
          roles: ['agent', 'admin'],
          payload: { status: 'contacted' },
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/assignment',
          roles: ['agent', 'admin'],
          payload: { to: 'me' },
        },
        // docs/decisions/0092-templated-messages.md
        {
          method: 'GET',
          url: '/api/staff/applications/1/messages',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/messages/preview',
          roles: ['agent', 'admin'],
          payload: { template: 'tried-to-call' },
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/messages',
          roles: ['agent', 'admin'],
          payload: { template: 'tried-to-call' },
        },
        // docs/decisions/0093-complaints-register.md
        {
          method: 'GET',
          url: '/api/staff/applications/1/complaints',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/complaints',
          roles: ['agent', 'admin'],
          payload: { receivedOn: '', category: '', summary: '' },
        },
        {
          method: 'POST',
          url: `/api/staff/complaints/${ID}/response`,
          roles: ['agent', 'admin'],
          payload: { finalResponseOn: '', outcome: '' },
        },
        { method: 'GET', url: '/api/staff/complaints', roles: ['agent', 'admin', 'auditor'] },
        {
          method: 'POST',
          url: '/api/staff/subject-access',
          roles: ['admin'],
          payload: { q: 'nobody@example.com' },
        },
        {
          method: 'POST',
          url: '/api/staff/erasure',
          roles: ['admin'],
          payload: {
            q: 'nobody@example.com',
            reason: 'x',
            applicationIds: [],
            confirmation: 'ERASE',
          },
        },
        // docs/decisions/0030-application-reference.md
        { method: 'POST', url: '/api/staff/applications/export', roles: ['admin'], payload: {} },
        // docs/decisions/0051-duplicates-stored-linked-released.md
        { method: 'POST', url: '/api/staff/applications/1/release', roles: ['agent', 'admin'] },
        {
          method: 'POST',
          url: '/api/staff/applications/1/deliveries/1/redeliver',
          roles: ['agent', 'admin'],
        },
        // docs/decisions/0083-the-work-queue.md, 0084-bulk-assign.md, 0085-lender-submissions.md
        { method: 'GET', url: '/api/staff/queue/counts', roles: ['agent', 'admin', 'auditor'] },
        {
          method: 'POST',
          url: '/api/staff/applications/1/next-action',
          roles: ['agent', 'admin'],
          payload: { on: null },
        },
        {
          method: 'POST',
          url: '/api/staff/applications/assignments',
          roles: ['agent', 'admin'],
          payload: { ids: [1], to: 'me' },
        },
        {
          method: 'GET',
          url: '/api/staff/applications/1/lender-submissions',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/lender-submissions',
          roles: ['agent', 'admin'],
          payload: { lenderId: 'pennyworth-motor', commission: '1' },
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/lender-submissions/1',
          roles: ['agent', 'admin'],
          payload: { lenderReference: '', decision: 'pending', paidOutOn: '', commission: '1' },
        },
        // docs/documents.md
        {
          method: 'GET',
          url: '/api/staff/applications/1/documents',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/documents',
          roles: ['agent', 'admin'],
          payload: { types: ['payslip'] },
        },
        {
          method: 'GET',
          url: '/api/staff/applications/1/documents/1/file',
          roles: ['agent', 'admin', 'auditor'],
        },
        {
          method: 'POST',
          url: '/api/staff/applications/1/documents/1/decision',
          roles: ['agent', 'admin'],
          payload: { decision: 'accept' },
        },
        // docs/help.md, decision 0090
        { method: 'GET', url: '/api/staff/callbacks', roles: ['agent', 'admin', 'auditor'] },
        { method: 'GET', url: `/api/staff/callbacks/${ID}/disclosure`, roles: ['agent', 'admin'] },
        {
          method: 'POST',
          url: `/api/staff/callbacks/${ID}/assignment`,
          roles: ['agent', 'admin'],
          payload: { to: 'me' },
        },
        {
          method: 'POST',
          url: `/api/staff/callbacks/${ID}/complete`,
          roles: ['agent', 'admin'],
          payload: { note: 'Called' },
        },
      ];

      it('refuses every route without a session, and for each role it is not for', async () => {
        await start();
        const sessions = {} as Record<StaffRole, SignedIn>;
        for (const role of ['agent', 'admin', 'auditor'] as const) {
          sessions[role] = await signIn(t, await addActiveStaff(t, role));
        }
        for (const route of ROUTES) {
          const anonymous = await t.app.inject({
            method: route.method,
            url: route.url,
            payload: route.payload,
          });
          expect(anonymous.statusCode, `${route.method} ${route.url} without a session`).toBe(401);
          expect(anonymous.json()).toEqual({ error: 'unauthenticated' });
          for (const role of ['agent', 'admin', 'auditor'] as const) {
            if (route.url === '/api/staff/sign-out') continue; // would end the session used below
            const response = await t.app.inject({
              method: route.method,
              url: route.url,
              payload: route.payload,
              headers: sessions[role].headers(),
            });
            const label = `${route.method} ${route.url} as ${role}`;
            // Let through: the route's own answer (404 for the made-up member id), never 401/403.
            if (route.roles.includes(role)) {
              expect([401, 403], label).not.toContain(response.statusCode);
            } else {
              expect(response.statusCode, label).toBe(403);
              expect(response.json()).toEqual({ error: 'forbidden' });
            }
          }
        }
      });

      it('lists every /api/staff route in the table above', async () => {
        await start();
        // printRoutes nests a route under the one its path extends: rebuild the full paths.
        const parents: string[] = [];
        const staffRoutes: string[] = [];
        for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
          const match = /^(.*?)[├└]── (\S+) \(([^)]*)\)/.exec(line);
          if (!match) continue;
          const depth = match[1]!.length / 4;
          const full = (parents[depth - 1] ?? '') + match[2]!;
          parents[depth] = full;
          if (!full.startsWith('/api/staff')) continue;
          for (const method of match[3]!.split(', ')) {
            if (method === 'HEAD') continue;
            const id = full.startsWith('/api/staff/applications') ? '1' : ID;
            staffRoutes.push(
              `${method} ${full.replace(':id', id).replace(':eventRowId', '1').replace(':submissionId', '1').replace(':documentId', '1')}`,
            );
          }
        }
        const guarded = [
          'POST /api/staff/sign-in',
          'POST /api/staff/sign-in/code',
          'POST /api/staff/setup/start',
          'POST /api/staff/setup/complete',
        ];
        expect(staffRoutes.sort()).toEqual(
          [...ROUTES.map((route) => `${route.method} ${route.url}`), ...guarded].sort(),
        );
      });
    });

    describe('staff management (admin)', () => {
      it('adds a member with a set-up link, re-issues it and disables, never the admin themself', async () => {
        await start();
        const admin = await addActiveStaff(t, 'admin');
        const session = await signIn(t, admin);
        const added = await t.app.inject({
          method: 'POST',
          url: '/api/staff/members',
          headers: session.headers(),
          payload: { email: 'Mary.Jackson@broker.example', name: 'Mary Jackson', role: 'auditor' },
        });
        expect(added.statusCode).toBe(201);
        const body = added.json<{ member: { id: string; status: string }; setupPath: string }>();
        expect(body.member.status).toBe('pending');
        expect(body.setupPath).toMatch(/^\/back-office\/setup#[A-Za-z0-9_-]{43}$/);
        const token = body.setupPath.split('#')[1];
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/staff/setup/start',
              payload: { token },
            })
          ).statusCode,
        ).toBe(200);

        const duplicate = await t.app.inject({
          method: 'POST',
          url: '/api/staff/members',
          headers: session.headers(),
          payload: { email: 'mary.jackson@broker.example', name: 'Mary', role: 'agent' },
        });
        expect(duplicate.json()).toEqual({
          error: 'invalid',
          fields: [{ path: 'email', message: 'A member of staff already has this e-mail address' }],
        });

        const relinked = await t.app.inject({
          method: 'POST',
          url: `/api/staff/members/${body.member.id}/setup-link`,
          headers: session.headers(),
        });
        expect(relinked.statusCode).toBe(200);
        // The old link no longer works.
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/staff/setup/start',
              payload: { token },
            })
          ).statusCode,
        ).toBe(404);

        const self = await t.app.inject({
          method: 'POST',
          url: `/api/staff/members/${admin.member.id}/disable`,
          headers: session.headers(),
        });
        expect(self.statusCode).toBe(409);
        const other = await t.app.inject({
          method: 'POST',
          url: `/api/staff/members/${body.member.id}/disable`,
          headers: session.headers(),
        });
        expect(other.statusCode).toBe(204);
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/staff/members',
          headers: session.headers(),
        });
        expect(list.json<{ members: { email: string; status: string }[] }>().members).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ email: 'mary.jackson@broker.example', status: 'disabled' }),
          ]),
        );
      });
    });

    describe('audit log', () => {
      it('chains every entry to the one before; the auditor reads it and sees the chain intact', async () => {
        await start();
        const auditor = await addActiveStaff(t, 'auditor');
        const session = await signIn(t, auditor);
        const read = await t.app.inject({
          method: 'GET',
          url: '/api/staff/audit',
          headers: session.headers(),
        });
        expect(read.statusCode).toBe(200);
        const body = read.json<{
          chain: { intact: boolean };
          entries: { action: string; actorEmail: string }[];
        }>();
        expect(body.chain.intact).toBe(true);
        expect(body.entries[0]).toMatchObject({
          action: 'audit-viewed',
          actorEmail: auditor.member.email,
        });
        expect(body.entries[1]).toMatchObject({
          action: 'sign-in',
          actorEmail: auditor.member.email,
        });

        const rows = await database.db
          .selectFrom('staff_audit_log')
          .selectAll()
          .orderBy('id')
          .execute();
        for (let index = 1; index < rows.length; index += 1) {
          expect(rows[index]!.prev_hash).toBe(rows[index - 1]!.hash);
        }
      });

      it('refuses to change or delete an entry, and detects a change made behind the triggers', async () => {
        await start();
        await signIn(t, await addActiveStaff(t, 'agent'));
        const last = await database.db
          .selectFrom('staff_audit_log')
          .select('id')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        await expect(
          sql`update staff_audit_log set action = 'nothing' where id = ${last.id}`.execute(
            database.db,
          ),
        ).rejects.toThrow(/append-only/);
        await expect(
          sql`delete from staff_audit_log where id = ${last.id}`.execute(database.db),
        ).rejects.toThrow(/append-only/);
        expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true });

        // Someone with the database's owner rights turns the protection off and edits an entry.
        if (dialect === 'sqlite') {
          await sql`drop trigger staff_audit_log_no_update`.execute(database.db);
          await sql`update staff_audit_log set ip = '10.0.0.1' where id = ${last.id}`.execute(
            database.db,
          );
        } else {
          await sql`alter table staff_audit_log disable trigger staff_audit_log_no_change`.execute(
            database.db,
          );
          await sql`update staff_audit_log set ip = '10.0.0.1' where id = ${last.id}`.execute(
            database.db,
          );
          await sql`alter table staff_audit_log enable trigger staff_audit_log_no_change`.execute(
            database.db,
          );
        }
        expect(await verifyAuditChain(database.db)).toEqual({ intact: false, brokenAt: last.id });
      });
    });
  },
);

describe('password rules', () => {
  it('states its messages', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      tooShort: 'Enter a password of at least 12 characters',
      tooLong: 'Enter a password of 200 characters or fewer',
      weak: 'This password is too easy to guess. Choose a longer one, such as 3 or 4 unrelated words',
      personal: 'Your password must not contain your name or e-mail address',
    });
    expect(STAFF_MESSAGES.locked).toBe(
      'Too many attempts to sign in. Wait 15 minutes and try again, or ask an admin for help',
    );
  });
});
