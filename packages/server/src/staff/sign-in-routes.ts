import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StaffMemberRow } from '../db/schema.js';
import { memberAccountKey, SIGN_IN_WINDOW_MS, typedAccountKey } from './attempts.js';
import type { AttemptKey, LockReason } from './attempts.js';
import { ALL_ROLES, clearSessionCookie, readCookie, setSessionCookie } from './auth.js';
import { busy, sessionBody, STAFF_MESSAGES } from './context.js';
import type { StaffContext } from './context.js';
import { HashPoolBusyError } from './hash-pool.js';
import { tellOwnerOfLock } from './lock-mail.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { noBody, noContent, sessionSchema, staffResponses, staffValidation } from './schemas.js';
import { signInRefused } from './sign-in-events.js';
import { verifyTotp } from './totp.js';

const signInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(1000) });
const codeBody = z.strictObject({ code: z.string().max(20) });

const sessionAnswer = {
  schema: sessionSchema,
  description: 'Signed in: the member and the CSRF token.',
};

/**
 * Sign-in (docs/back-office.md): the password, then the TOTP code, each reserved against the
 * lockout before any hash or code check (attempts.ts, decision 0055); the session; sign-out.
 * What a stranger types is never written anywhere but as a keyed hash in the attempts table:
 * the audit log records members' accounts only (decision 0057).
 */
export function registerSignInRoutes(app: FastifyInstance, context: StaffContext): void {
  const { clock, environment, members, sessions, attempts, audit, guard, cookieName } = context;
  const limited = context.beforeSignIn;

  function locked(reply: FastifyReply, retryAfterSeconds: number, step: 'password' | 'code') {
    signInRefused({ step, reason: 'locked' });
    return reply
      .code(429)
      .header('retry-after', String(retryAfterSeconds))
      .send({ error: 'locked', message: STAFF_MESSAGES.locked });
  }

  /** A member's failed attempt: audited; a lock it starts is audited and told to its owner. */
  async function memberFailed(
    request: FastifyRequest,
    member: StaffMemberRow,
    step: 'password' | 'code',
    lock: LockReason | null,
  ) {
    const actor = { actorId: member.id, actorEmail: member.email_lower };
    await audit(request, { action: 'sign-in-failed', ...actor, detail: { step } });
    if (lock === null) return;
    await audit(request, { action: 'sign-in-locked', ...actor, detail: { reason: lock } });
    const now = clock.now();
    await tellOwnerOfLock({ db: context.db, ...context.mail, log: request.log }, member, {
      reason: lock,
      ip: request.ip,
      until: new Date(now.getTime() + SIGN_IN_WINDOW_MS),
      now,
    });
  }

  app.post(
    '/api/staff/sign-in',
    {
      onRequest: limited,
      ...staffValidation,
      schema: {
        summary: 'Sign in, first step: e-mail address and password.',
        body: signInBody,
        response: staffResponses({
          200: { schema: z.object({ next: z.literal('code') }), description: 'Now the code.' },
        }),
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({
          error: 'invalid',
          fields: [{ path: 'email', message: 'Enter your e-mail address and password' }],
        });
      }
      const body = request.body as z.output<typeof signInBody>;
      const typed = body.email.trim().toLowerCase();
      const now = clock.now();
      const member = await members.byEmail(typed);
      const key: AttemptKey = {
        accountKey: member
          ? memberAccountKey(member.id)
          : typedAccountKey(context.identifierSecret, typed),
        ip: request.ip,
        step: 'password',
      };
      const reservation = await attempts.reserve(key, now);
      if (!reservation.ok) return locked(reply, reservation.retryAfterSeconds, 'password');
      // Sometimes, not on every attempt: rows no lock needs any more (a day old) go.
      if (reservation.id % 100 === 0) await attempts.prune(now);

      let passwordRight: boolean;
      try {
        // An unknown or unusable account costs the same hash as a wrong password.
        const stored = member?.password_hash ?? (await dummyPasswordHash(context.hashPool));
        passwordRight = await verifyPassword(body.password, stored, context.hashPool);
      } catch (error) {
        await attempts.release(reservation.id);
        if (error instanceof HashPoolBusyError) return busy(reply, 'password');
        throw error;
      }
      if (!member || member.status !== 'active' || !member.password_hash || !passwordRight) {
        const lock = await attempts.fail(reservation.id, key, now);
        signInRefused({ step: 'password', reason: 'invalid' });
        if (member) await memberFailed(request, member, 'password', lock);
        return reply
          .code(401)
          .send({ error: 'invalid_credentials', message: STAFF_MESSAGES.invalidCredentials });
      }
      await attempts.succeed(reservation.id, key);
      // A session id the browser already had never carries on (fixation).
      const previous = readCookie(request, cookieName);
      if (previous !== null) await sessions.remove(previous);
      // Sessions nobody came back to, and attempts no lock needs, are cleared here rather than
      // by a timer (and every hundredth attempt, above, for days nobody signs in).
      await sessions.removeExpired(now);
      await attempts.prune(now);
      const pending = await sessions.create(member.id, 'code', request.ip, now);
      setSessionCookie(reply, environment, pending);
      return { next: 'code' };
    },
  );

  app.post(
    '/api/staff/sign-in/code',
    {
      onRequest: limited,
      ...staffValidation,
      schema: {
        summary: 'Sign in, second step: the code of the authenticator app.',
        body: codeBody,
        response: staffResponses({ 200: sessionAnswer }),
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const pendingId = readCookie(request, cookieName);
      const pending = pendingId === null ? undefined : await sessions.find(pendingId);
      const member = pending ? await members.byId(pending.staff_id) : undefined;
      if (
        pendingId === null ||
        !pending ||
        pending.stage !== 'code' ||
        pending.expires_at <= now.toISOString() ||
        !member ||
        member.status !== 'active' ||
        !member.totp_secret
      ) {
        if (pendingId !== null && pending?.stage === 'code') await sessions.remove(pendingId);
        return reply
          .code(401)
          .send({ error: 'sign_in_expired', message: STAFF_MESSAGES.signInExpired });
      }
      const key: AttemptKey = {
        accountKey: memberAccountKey(member.id),
        ip: request.ip,
        step: 'code',
      };
      const reservation = await attempts.reserve(key, now);
      if (!reservation.ok) {
        await sessions.remove(pendingId);
        clearSessionCookie(reply, environment);
        return locked(reply, reservation.retryAfterSeconds, 'code');
      }
      const code = request.validationError ? null : (request.body as z.output<typeof codeBody>);
      const step =
        code === null
          ? null
          : await verifyTotp(member.totp_secret, code.code, now, member.totp_last_step);
      if (step === null || !(await members.acceptTotpStep(member.id, step))) {
        const lock = await attempts.fail(reservation.id, key, now);
        signInRefused({ step: 'code', reason: 'invalid' });
        await memberFailed(request, member, 'code', lock);
        return reply.code(401).send({ error: 'invalid_code', message: STAFF_MESSAGES.invalidCode });
      }
      await attempts.succeed(reservation.id, key);
      // Rotation: the signed-in session gets a new id; the half-way one is gone.
      await sessions.remove(pendingId);
      const sessionId = await sessions.create(member.id, 'full', request.ip, now);
      setSessionCookie(reply, environment, sessionId);
      await audit(request, {
        action: 'sign-in',
        actorId: member.id,
        actorEmail: member.email_lower,
      });
      return sessionBody(member, sessionId);
    },
  );

  app.get(
    '/api/staff/session',
    {
      onRequest: guard(ALL_ROLES),
      schema: {
        summary: 'The signed-in member.',
        response: staffResponses({ 200: sessionAnswer }),
      },
    },
    (request, reply) => {
      const { member, sessionId } = request.staff!;
      return reply.send(sessionBody(member, sessionId));
    },
  );

  app.post(
    '/api/staff/sign-out',
    {
      onRequest: guard(ALL_ROLES),
      ...staffValidation,
      schema: { summary: 'Sign out.', body: noBody, response: noContent },
    },
    async (request, reply) => {
      await sessions.remove(request.staff!.sessionId);
      clearSessionCookie(reply, environment);
      await audit(request, { action: 'sign-out' });
      return reply.code(204).send();
    },
  );
}
