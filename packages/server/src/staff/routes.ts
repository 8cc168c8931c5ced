import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Environment } from '../config.js';
import type { Db, StaffMemberRow, StaffRole } from '../db/schema.js';
import type { Clock } from '../decisions/decide.js';
import { appendAudit, countFailedSignIns, lastSignIn, verifyAuditChain } from './audit.js';
import type { AuditEntry } from './audit.js';
import { registerApplicationRoutes } from './applications.js';
import { registerWorkRoutes } from './work.js';
import { registerStaffFunnelRoutes } from './funnel.js';
import { registerLifecycleRoutes } from '../lifecycle/routes.js';
import { registerEvidenceRoutes } from '../evidence/routes.js';
import { registerDeliveryRoutes } from './deliveries.js';
import {
  ALL_ROLES,
  clearSessionCookie,
  createGuard,
  isCrossSite,
  readCookie,
  sessionCookieName,
  setSessionCookie,
} from './auth.js';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import {
  createSessionRepository,
  createStaffRepository,
  csrfTokenFor,
  SESSION_IDLE_MS,
  STAFF_ROLES,
  toStaffMember,
} from './repository.js';
import {
  noBody,
  noContent,
  sessionSchema,
  staffMemberSchema,
  staffResponses,
  staffValidation,
} from './schemas.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/** Decision 0026: sign-in throttling, counted from the audit log's failed sign-ins. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account (right password or not) before it is locked for the window. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failures from one address, whatever the accounts, before it is refused for the window. */
export const ADDRESS_FAILURE_LIMIT = 20;

export const STAFF_MESSAGES = {
  invalidCredentials: 'The e-mail address or password is not right',
  invalidCode: 'The code is not right. Enter the 6-digit code your authenticator app shows now',
  signInExpired: 'Signing in took too long. Start again with your e-mail address and password',
  locked: 'Too many attempts to sign in. Wait 15 minutes and try again, or ask an admin for help',
  invalidSetupLink: 'This set-up link is not valid or has expired. Ask an admin for a new one',
  emailTaken: 'A member of staff already has this e-mail address',
} as const;

export interface StaffRoutesOptions {
  db: Db;
  clock: Clock;
  environment: Environment;
}

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const signInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(1000) });
const codeBody = z.strictObject({ code: z.string().max(20) });
const setupToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const setupStartBody = z.strictObject({ token: setupToken });
const setupCompleteBody = z.strictObject({
  token: setupToken,
  password: z.string().max(1000),
  code: z.string().max(20),
});
const newMemberBody = z.strictObject({
  email,
  name: z.string().trim().min(1).max(100),
  role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]]),
});
const memberParams = z.strictObject({ id: z.uuid() });
const auditQuery = z.strictObject({ before: z.coerce.number().int().positive().optional() });

const sessionAnswer = {
  schema: sessionSchema,
  description: 'Signed in: the member and the CSRF token.',
};
const setupPathAnswer = z.looseObject({ setupPath: z.string() });
const auditAnswer = z.looseObject({
  chain: z.unknown().describe('Whether the hash chain of the log holds, and where it breaks.'),
  entries: z.array(
    z.looseObject({
      id: z.number(),
      at: z.string(),
      actorEmail: z.string().nullable(),
      action: z.string(),
      target: z.string().nullable(),
      detail: z.unknown(),
      ip: z.string().nullable(),
      hash: z.string(),
    }),
  ),
});

function invalid(reply: FastifyReply, fields: { path: string; message: string }[]) {
  return reply.code(400).send({ error: 'invalid', fields });
}

/** Staff accounts, sign-in, sessions and the audit log under /api/staff (docs/back-office.md). */
export function registerStaffRoutes(app: FastifyInstance, options: StaffRoutesOptions): void {
  const { db, clock, environment } = options;
  const members = createStaffRepository(db);
  const sessions = createSessionRepository(db);
  const guard = createGuard({ db, clock, environment, members, sessions });
  const cookieName = sessionCookieName(environment);

  const audit = (request: FastifyRequest, entry: AuditEntry) =>
    appendAudit(
      db,
      {
        actorId: request.staff?.member.id ?? null,
        actorEmail: request.staff?.member.email_lower ?? null,
        ip: request.ip,
        ...entry,
      },
      clock.now(),
    );

  /** Sign-in and set-up come before any session: fetch metadata and Origin guard them. */
  const sameSiteOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isCrossSite(request)) return reply.code(403).send({ error: 'csrf' });
  };

  const sessionBody = (member: StaffMemberRow, sessionId: string) => ({
    staff: toStaffMember(member),
    csrfToken: csrfTokenFor(sessionId),
    idleTimeoutSeconds: SESSION_IDLE_MS / 1000,
  });

  /** True (and the request answered 429) when the account or the address is locked out. */
  async function lockedOut(
    request: FastifyRequest,
    reply: FastifyReply,
    emailTried: string,
  ): Promise<boolean> {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    const byAddress = await countFailedSignIns(db, { ip: request.ip }, windowStart);
    let reason: 'address' | 'account' | null =
      byAddress >= ADDRESS_FAILURE_LIMIT ? 'address' : null;
    if (reason === null) {
      const success = await lastSignIn(db, emailTried);
      const since = success && success > windowStart ? success : windowStart;
      const byAccount = await countFailedSignIns(db, { email: emailTried }, since);
      if (byAccount >= ACCOUNT_FAILURE_LIMIT) reason = 'account';
    }
    if (reason === null) return false;
    app.metrics.signInRefused('locked');
    await audit(request, { action: 'sign-in-locked', actorEmail: emailTried, detail: { reason } });
    void reply.header('retry-after', String(SIGN_IN_WINDOW_MS / 1000));
    await reply.code(429).send({ error: 'locked', message: STAFF_MESSAGES.locked });
    return true;
  }

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/staff')) void reply.header('cache-control', 'no-store');
  });

  // ---------- Sign-in: password, then the TOTP code ----------

  app.post(
    '/api/staff/sign-in',
    {
      preHandler: sameSiteOnly,
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
      const parsed = signInBody.safeParse(request.body);
      if (!parsed.success)
        return invalid(reply, [
          { path: 'email', message: 'Enter your e-mail address and password' },
        ]);
      const emailTried = parsed.data.email.trim().toLowerCase();
      if (await lockedOut(request, reply, emailTried)) return reply;

      const member = await members.byEmail(emailTried);
      // An unknown or unusable account costs the same hash as a wrong password.
      const stored = member?.password_hash ?? (await dummyPasswordHash());
      const passwordRight = await verifyPassword(parsed.data.password, stored);
      if (!member || member.status !== 'active' || !member.password_hash || !passwordRight) {
        app.metrics.signInRefused('password');
        await audit(request, {
          action: 'sign-in-failed',
          actorId: member?.id ?? null,
          actorEmail: emailTried,
          detail: { step: 'password' },
        });
        return reply
          .code(401)
          .send({ error: 'invalid_credentials', message: STAFF_MESSAGES.invalidCredentials });
      }
      // A session id the browser already had never carries on (fixation).
      const previous = readCookie(request, cookieName);
      if (previous !== null) await sessions.remove(previous);
      // Sessions nobody came back to are cleared here rather than by a timer.
      await sessions.removeExpired(clock.now());
      const pending = await sessions.create(member.id, 'code', request.ip, clock.now());
      setSessionCookie(reply, environment, pending);
      return { next: 'code' };
    },
  );

  app.post(
    '/api/staff/sign-in/code',
    {
      preHandler: sameSiteOnly,
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
      if (await lockedOut(request, reply, member.email_lower)) {
        await sessions.remove(pendingId);
        clearSessionCookie(reply, environment);
        return reply;
      }
      const parsed = codeBody.safeParse(request.body);
      const step = parsed.success
        ? await verifyTotp(member.totp_secret, parsed.data.code, now, member.totp_last_step)
        : null;
      if (step === null || !(await members.acceptTotpStep(member.id, step))) {
        app.metrics.signInRefused('code');
        await audit(request, {
          action: 'sign-in-failed',
          actorId: member.id,
          actorEmail: member.email_lower,
          detail: { step: 'code' },
        });
        return reply.code(401).send({ error: 'invalid_code', message: STAFF_MESSAGES.invalidCode });
      }
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
      preHandler: guard(ALL_ROLES),
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
      preHandler: guard(ALL_ROLES),
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

  // ---------- Set-up: the one-time link the staff command prints ----------

  app.post(
    '/api/staff/setup/start',
    {
      preHandler: sameSiteOnly,
      ...staffValidation,
      schema: {
        summary: "Open a set-up link: the member and their authenticator app's secret.",
        body: setupStartBody,
        response: staffResponses({
          200: {
            schema: z.looseObject({
              email: z.string(),
              name: z.string(),
              totpSecret: z.string(),
              otpauthUri: z.string(),
            }),
            description: 'The member to set up.',
          },
        }),
      },
    },
    async (request, reply) => {
      const parsed = setupStartBody.safeParse(request.body);
      const now = clock.now();
      const member = parsed.success
        ? await members.bySetupToken(parsed.data.token, now)
        : undefined;
      if (!member) {
        return reply
          .code(404)
          .send({ error: 'invalid_setup_link', message: STAFF_MESSAGES.invalidSetupLink });
      }
      let secret = member.totp_secret;
      if (secret === null) {
        secret = newTotpSecret();
        await members.setTotpSecret(member.id, secret, now);
      }
      return {
        email: member.email_lower,
        name: member.display_name,
        totpSecret: secret,
        otpauthUri: otpauthUri(secret, member.email_lower),
      };
    },
  );

  app.post(
    '/api/staff/setup/complete',
    {
      preHandler: sameSiteOnly,
      ...staffValidation,
      schema: {
        summary: 'Finish setting up: the password and a first code.',
        body: setupCompleteBody,
        response: staffResponses({
          200: { schema: z.object({ done: z.literal(true) }), description: 'Set up.' },
        }),
      },
    },
    async (request, reply) => {
      const parsed = setupCompleteBody.safeParse(request.body);
      const now = clock.now();
      const member = parsed.success
        ? await members.bySetupToken(parsed.data.token, now)
        : undefined;
      if (!parsed.success || !member || member.totp_secret === null) {
        return reply
          .code(404)
          .send({ error: 'invalid_setup_link', message: STAFF_MESSAGES.invalidSetupLink });
      }
      const problems: { path: string; message: string }[] = [];
      const passwordMessage = passwordProblem(parsed.data.password);
      if (passwordMessage !== null) problems.push({ path: 'password', message: passwordMessage });
      const step = await verifyTotp(member.totp_secret, parsed.data.code, now, null);
      if (step === null) problems.push({ path: 'code', message: STAFF_MESSAGES.invalidCode });
      if (problems.length > 0 || step === null) return invalid(reply, problems);

      await members.completeSetup(member.id, await hashPassword(parsed.data.password), step, now);
      await audit(request, {
        action: 'staff-setup-completed',
        actorId: member.id,
        actorEmail: member.email_lower,
      });
      return { done: true };
    },
  );

  // ---------- Staff management (admins) ----------

  app.get(
    '/api/staff/members',
    {
      preHandler: guard(['admin']),
      schema: {
        summary: 'The staff accounts.',
        response: staffResponses({
          200: {
            schema: z.looseObject({ members: z.array(staffMemberSchema) }),
            description: 'Every member.',
          },
        }),
      },
    },
    async (request) => {
      await audit(request, { action: 'staff-listed' });
      return { members: await members.list() };
    },
  );

  app.post(
    '/api/staff/members',
    {
      preHandler: guard(['admin']),
      ...staffValidation,
      schema: {
        summary: 'Add a member: their set-up link is in the answer.',
        body: newMemberBody,
        response: staffResponses({
          201: {
            schema: z.looseObject({ member: staffMemberSchema, setupPath: z.string() }),
            description: 'Added.',
          },
        }),
      },
    },
    async (request, reply) => {
      const parsed = newMemberBody.safeParse(request.body);
      if (!parsed.success) {
        return invalid(
          reply,
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: 'Enter a valid value',
          })),
        );
      }
      if (await members.byEmail(parsed.data.email)) {
        return invalid(reply, [{ path: 'email', message: STAFF_MESSAGES.emailTaken }]);
      }
      const { member, setupToken } = await members.add(parsed.data, clock.now());
      await audit(request, {
        action: 'staff-added',
        target: member.id,
        detail: { role: member.role },
      });
      return reply.code(201).send({ member, setupPath: setupPath(setupToken) });
    },
  );

  app.post(
    '/api/staff/members/:id/setup-link',
    {
      preHandler: guard(['admin']),
      ...staffValidation,
      schema: {
        summary: 'A new set-up link for a member (their password and app are reset).',
        params: memberParams,
        body: noBody,
        response: staffResponses({ 200: { schema: setupPathAnswer, description: 'The link.' } }),
      },
    },
    async (request, reply) => {
      const params = memberParams.safeParse(request.params);
      const member = params.success ? await members.byId(params.data.id) : undefined;
      if (!params.success || !member) return reply.code(404).send({ error: 'not_found' });
      const token = await members.resetSetup(member.id, clock.now());
      await audit(request, { action: 'staff-setup-link', target: member.id });
      return { setupPath: setupPath(token) };
    },
  );

  app.post(
    '/api/staff/members/:id/disable',
    {
      preHandler: guard(['admin']),
      ...staffValidation,
      schema: {
        summary: 'Disable a member.',
        params: memberParams,
        body: noBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      const params = memberParams.safeParse(request.params);
      const member = params.success ? await members.byId(params.data.id) : undefined;
      if (!params.success || !member) return reply.code(404).send({ error: 'not_found' });
      // Someone must be left to manage staff: an admin cannot lock themselves out.
      if (member.id === request.staff!.member.id) {
        return reply.code(409).send({ error: 'cannot_disable_self' });
      }
      await members.disable(member.id, clock.now());
      await audit(request, { action: 'staff-disabled', target: member.id });
      return reply.code(204).send();
    },
  );

  registerApplicationRoutes(app, { db, guard, audit });
  registerWorkRoutes(app, { db, clock, guard, audit });
  registerStaffFunnelRoutes(app, { db, clock, guard, audit });
  registerLifecycleRoutes(app, { db, clock, guard, audit });
  registerEvidenceRoutes(app, { db, clock, guard, audit });
  registerDeliveryRoutes(app, { db, clock, guard, audit });

  // ---------- The audit log (auditors; admins) ----------

  app.get(
    '/api/staff/audit',
    {
      preHandler: guard(['auditor', 'admin']),
      ...staffValidation,
      schema: {
        summary: 'The audit log, newest first, 100 entries a page.',
        querystring: auditQuery,
        response: staffResponses({ 200: { schema: auditAnswer, description: 'A page.' } }),
      },
    },
    async (request, reply) => {
      const query = auditQuery.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: 'invalid' });
      await audit(request, { action: 'audit-viewed' });
      let select = db.selectFrom('staff_audit_log').selectAll().orderBy('id', 'desc').limit(100);
      if (query.data.before !== undefined) select = select.where('id', '<', query.data.before);
      const rows = await select.execute();
      return {
        chain: await verifyAuditChain(db),
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at,
          actorEmail: row.actor_email,
          action: row.action,
          target: row.target,
          detail: row.detail_json === null ? null : (JSON.parse(row.detail_json) as unknown),
          ip: row.ip,
          hash: row.hash,
        })),
      };
    },
  );
}

/** The set-up link's path; the token is in the fragment, which browsers never send or log. */
export function setupPath(token: string): string {
  return `/back-office/setup#${token}`;
}
