import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { addActiveStaff, cookieFrom, signIn } from '../test-support/staff.js';
import type { TestStaff } from '../test-support/staff.js';
import { auditHash, verifyAuditChain } from './audit.js';
import { runStaffCommand } from './cli.js';
import { createHashPool } from './hash-pool.js';
import type { HashPool } from './hash-pool.js';
import { LOCK_MAIL_SUBJECT } from './lock-mail.js';

// Sign-in that protects the service first (docs/decisions/0055 to 0057): attacks run against
// the real routes on both databases, with real scrypt hashes in the real hashing pool.

const MINUTE = 60 * 1000;

describe.each<DialectName>(['sqlite', 'postgres'])(
  'staff sign-in under attack on %s',
  { timeout: 180_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let pool: HashPool | null = null;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
    });
    afterAll(async () => {
      await database.close();
    });
    afterEach(async () => {
      await t.close();
      await pool?.close();
      pool = null;
      for (const table of ['staff_sessions', 'staff_sign_in_attempts', 'dev_mailbox']) {
        await sql`delete from ${sql.table(table)}`.execute(database.db);
      }
      await sql`delete from staff_members`.execute(database.db);
    });

    async function start(env: Record<string, string> = {}, hashPool?: HashPool) {
      t = await startTestApp(database, { env, ...(hashPool && { hashPool }) });
      return t;
    }

    function advance(ms: number) {
      t.clock.set(new Date(t.clock.now().getTime() + ms));
    }

    function password(email: string, secret: string, remoteAddress = '192.0.2.10') {
      return t.app.inject({
        method: 'POST',
        url: '/api/staff/sign-in',
        payload: { email, password: secret },
        remoteAddress,
      });
    }

    async function pendingCookie(staff: TestStaff, remoteAddress = '192.0.2.10') {
      const first = await password(staff.member.email, staff.password, remoteAddress);
      expect(first.statusCode).toBe(200);
      return `bo_session=${cookieFrom(first.headers['set-cookie'], 'bo_session')}`;
    }

    async function attemptOutcomes() {
      const rows = await database.db
        .selectFrom('staff_sign_in_attempts')
        .select(['outcome', 'step'])
        .execute();
      const counts: Record<string, number> = {};
      for (const row of rows)
        counts[`${row.step} ${row.outcome}`] = (counts[`${row.step} ${row.outcome}`] ?? 0) + 1;
      return counts;
    }

    async function auditText() {
      // The chain's hashes are left out: random hex may hold any run of digits ('1980').
      const rows = await database.db.selectFrom('staff_audit_log').selectAll().execute();
      return JSON.stringify(rows.map(({ hash: _hash, prev_hash: _prev, ...row }) => row));
    }

    describe('the lockout is counted before the work', () => {
      it('evaluates at most 5 of 40 concurrent wrong passwords; the right one after the burst is refused from that address and accepted from a clean one', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, n) => password(staff.member.email, `wrong guess ${n}`)),
        );
        const errors = answers.map((answer) => answer.json<{ error: string }>().error);
        expect(errors.filter((error) => error === 'invalid_credentials')).toHaveLength(5);
        expect(errors.filter((error) => error === 'locked')).toHaveLength(35);
        expect(await attemptOutcomes()).toEqual({ 'password failed': 5 });

        const afterBurst = await password(staff.member.email, staff.password);
        expect(afterBurst.statusCode).toBe(429);
        expect(afterBurst.json()).toMatchObject({ error: 'locked' });
        expect(
          (await password(staff.member.email, staff.password, '198.51.100.20')).statusCode,
        ).toBe(200);
      });

      it('evaluates at most 5 of 200 concurrent TOTP codes, and then locks the account everywhere', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        const cookie = await pendingCookie(staff);
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, n) =>
            t.app.inject({
              method: 'POST',
              url: '/api/staff/sign-in/code',
              headers: { cookie },
              payload: { code: String(100000 + n) },
            }),
          ),
        );
        // Evaluated: a wrong code. Refused unchecked: locked, or the half-way session a refusal
        // ended (the codes arrived together, behind it).
        const errors = answers.map((answer) => answer.json<{ error: string }>().error);
        expect(errors.filter((error) => error === 'invalid_code')).toHaveLength(5);
        expect(errors.filter((error) => error === 'locked').length).toBeGreaterThan(0);
        expect(
          errors.every((error) => ['invalid_code', 'locked', 'sign_in_expired'].includes(error)),
        ).toBe(true);
        expect(await attemptOutcomes()).toEqual({ 'password succeeded': 1, 'code failed': 5 });
        // Only someone holding the password gets this far: the account is locked from anywhere.
        expect(
          (await password(staff.member.email, staff.password, '198.51.100.21')).statusCode,
        ).toBe(429);
      });

      it('locks an account for every address but those it signed in from after 30 failures from many', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        await signIn(t, staff, '192.0.2.50');
        for (let address = 0; address < 6; address += 1) {
          for (let attempt = 0; attempt < 5; attempt += 1) {
            await password(staff.member.email, 'wrong', `203.0.113.${address + 1}`);
          }
        }
        expect(
          (await password(staff.member.email, staff.password, '198.51.100.30')).statusCode,
        ).toBe(429);
        advance(MINUTE);
        expect((await password(staff.member.email, staff.password, '192.0.2.50')).statusCode).toBe(
          200,
        );
      });
    });

    describe('what a stranger types', () => {
      it('leaves nothing readable in the audit log: a made-up person typed as the e-mail address', async () => {
        await start();
        const planted = 'Jane Mwyaxdoye born 29/02/1980 phone 07700 900123';
        for (let n = 0; n < 3; n += 1) {
          expect((await password(planted, 'anything at all')).statusCode).toBe(401);
        }
        const text = await auditText();
        for (const part of ['Mwyaxdoye', '1980', '07700', '900123', 'Jane']) {
          expect(text).not.toContain(part);
        }
        const rows = await database.db.selectFrom('staff_sign_in_attempts').selectAll().execute();
        expect(rows).toHaveLength(3);
        for (const row of rows) expect(row.account_key).toMatch(/^hmac:[0-9a-f]{64}$/);
        expect(JSON.stringify(rows)).not.toContain('Mwyaxdoye');
      });
    });

    describe('unlock and the owner’s e-mail', () => {
      it('e-mails the owner once when a lock begins, and an admin unlocks the account in the back office, audited', async () => {
        await start();
        const admin = await addActiveStaff(t, 'admin');
        const staff = await addActiveStaff(t, 'agent');
        const cookie = await pendingCookie(staff, '192.0.2.60');
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await t.app.inject({
            method: 'POST',
            url: '/api/staff/sign-in/code',
            headers: { cookie },
            payload: { code: '000000' },
            remoteAddress: '192.0.2.60',
          });
        }
        // Sent off the request path: it lands a moment after the answer.
        const mailTo = () =>
          database.db
            .selectFrom('dev_mailbox')
            .selectAll()
            .where('recipient', '=', staff.member.email)
            .execute();
        await expect.poll(async () => (await mailTo()).length).toBe(1);
        const mail = await mailTo();
        expect(mail.map((row) => row.subject)).toEqual([LOCK_MAIL_SUBJECT]);
        expect(mail[0]!.body).toContain(
          'Five wrong authenticator codes were entered after your correct password, from 192.0.2.60.',
        );
        expect(
          (await password(staff.member.email, staff.password, '198.51.100.40')).statusCode,
        ).toBe(429);

        const session = await signIn(t, admin, '192.0.2.61');
        const list = await t.app.inject({
          method: 'GET',
          url: '/api/staff/members',
          headers: session.headers(),
        });
        const members = list.json<{ members: { id: string; lockedUntil: string | null }[] }>()
          .members;
        expect(members.find((member) => member.id === staff.member.id)?.lockedUntil).toBe(
          new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
        );
        expect(members.find((member) => member.id === admin.member.id)?.lockedUntil).toBeNull();

        const unlocked = await t.app.inject({
          method: 'POST',
          url: `/api/staff/members/${staff.member.id}/unlock`,
          headers: session.headers(),
        });
        expect(unlocked.statusCode).toBe(204);
        const entry = await database.db
          .selectFrom('staff_audit_log')
          .selectAll()
          .where('action', '=', 'staff-unlocked')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect([entry.actor_email, entry.target, entry.detail_json]).toEqual([
          admin.member.email,
          staff.member.id,
          '{"forgiven":5}',
        ]);
        advance(MINUTE);
        await signIn(t, staff, '198.51.100.40');
      });

      it('unlocks from the command line', async () => {
        await start();
        const staff = await addActiveStaff(t, 'agent');
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await password(staff.member.email, 'wrong');
        }
        expect((await password(staff.member.email, staff.password)).statusCode).toBe(429);
        const out: string[] = [];
        const code = await runStaffCommand(['unlock', '--email', staff.member.email], {
          db: database.db,
          env: {},
          io: { out: (line) => out.push(line), error: (line) => out.push(line) },
          clock: t.clock,
        });
        expect(code).toBe(0);
        expect(out).toEqual([
          `Unlocked ${staff.member.email}; 5 failed sign-in(s) no longer count.`,
        ]);
        expect((await password(staff.member.email, staff.password)).statusCode).toBe(200);
      });
    });

    describe('the service first', () => {
      it('limits sign-in and set-up requests per address and in all before any hash', async () => {
        await start({ RATE_LIMIT_STAFF_SIGN_IN: '3' });
        const answers = [];
        for (let n = 0; n < 4; n += 1) {
          answers.push(await password('someone@broker.example', 'a guess', '192.0.2.70'));
        }
        expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
        expect(answers[3]!.json()).toEqual({
          error: 'rate_limited',
          message: 'Too many requests to sign in. Wait a minute and try again',
        });
        expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
        // The refused request never reached the lockout, nor a hash.
        expect(await attemptOutcomes()).toEqual({ 'password failed': 3 });
        const setup = await t.app.inject({
          method: 'POST',
          url: '/api/staff/setup/start',
          payload: { token: 'x'.repeat(43) },
          remoteAddress: '192.0.2.70',
        });
        expect(setup.statusCode).toBe(429);

        // Six times the per-address limit from all addresses together: 18 a minute.
        const spread = [];
        for (let n = 0; n < 16; n += 1) {
          spread.push(
            await t.app.inject({
              method: 'POST',
              url: '/api/staff/setup/start',
              payload: { token: 'x'.repeat(43) },
              remoteAddress: `198.51.100.${100 + n}`,
            }),
          );
        }
        expect(spread.map((answer) => answer.statusCode)).toEqual([
          ...Array<number>(15).fill(404),
          429,
        ]);
      });

      it('answers 503 with Retry-After when the hashing queue is full, and counts nothing', async () => {
        pool = createHashPool({ workers: 1, maxQueued: 1 });
        await start({}, pool);
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, n) =>
            password(`someone${n}@broker.example`, 'a guess', `192.0.2.${80 + n}`),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(2);
        const refused = answers.filter((answer) => answer.statusCode === 503);
        expect(refused.length).toBeGreaterThanOrEqual(4);
        expect(refused[0]!.json()).toEqual({
          error: 'busy',
          message: 'Signing in is busy just now. Wait a few seconds and try again',
        });
        expect(refused[0]!.headers['retry-after']).toBe('5');
        const outcomes = await attemptOutcomes();
        expect(outcomes['password pending']).toBeUndefined();
        expect(outcomes['password failed']).toBe(6 - refused.length);
      });
    });

    describe('the audit chain, verified from its checkpoint', () => {
      it('catches a rewrite up to the checkpoint at once, and an edit before it only in a full verification', async () => {
        await start();
        await signIn(t, await addActiveStaff(t, 'agent'));
        await signIn(t, await addActiveStaff(t, 'auditor'));
        const first = await verifyAuditChain(database.db, { full: true });
        expect(first).toMatchObject({ intact: true, verifiedFrom: 0 });
        const rows = await database.db
          .selectFrom('staff_audit_log')
          .selectAll()
          .orderBy('id')
          .execute();
        const tip = rows.at(-1)!;
        const earlier = rows.at(-2)!;
        // A view verifies only what came after the last verification.
        await signIn(t, await addActiveStaff(t, 'admin'));
        expect(await verifyAuditChain(database.db)).toMatchObject({
          intact: true,
          verifiedFrom: tip.id,
        });

        await withoutAppendOnly(async () => {
          await sql`update staff_audit_log set ip = '10.0.0.1' where id = ${earlier.id}`.execute(
            database.db,
          );
        });
        // The trade-off (decision 0057): an edit before the checkpoint that leaves the later
        // hashes alone is not read again by a view; a full verification finds it.
        expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true });
        expect(await verifyAuditChain(database.db, { full: true })).toEqual({
          intact: false,
          brokenAt: earlier.id,
        });

        // Rewriting the chain from the edit on, so every hash matches again, is caught at the
        // checkpoint: its stored hash is no longer there.
        await withoutAppendOnly(async () => {
          const all = await database.db
            .selectFrom('staff_audit_log')
            .selectAll()
            .where('id', '>=', earlier.id)
            .orderBy('id')
            .execute();
          let previous = rows.at(-3)!.hash;
          for (const row of all) {
            const hash = auditHash({ ...row, prev_hash: previous });
            await sql`update staff_audit_log set prev_hash = ${previous}, hash = ${hash} where id = ${row.id}`.execute(
              database.db,
            );
            previous = hash;
          }
        });
        const afterRewrite = await verifyAuditChain(database.db);
        expect(afterRewrite.intact).toBe(false);
      });
    });

    async function withoutAppendOnly(change: () => Promise<void>) {
      if (dialect === 'sqlite') {
        await sql`drop trigger staff_audit_log_no_update`.execute(database.db);
        await change();
        await sql`create trigger staff_audit_log_no_update before update on staff_audit_log
          begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(database.db);
      } else {
        await sql`alter table staff_audit_log disable trigger staff_audit_log_no_change`.execute(
          database.db,
        );
        await change();
        await sql`alter table staff_audit_log enable trigger staff_audit_log_no_change`.execute(
          database.db,
        );
      }
    }
  },
);
