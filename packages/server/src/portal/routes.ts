import { ACCOUNT_STATUS } from '@broker/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../decisions/decide.js';
import { VERIFICATION_MAIL_THROTTLE_MS } from '../decisions/decide.js';
import type { Db } from '../db/schema.js';
import { createPortalAccountsRepository } from '../repositories/portal-accounts.js';
import { perMinuteRateLimit } from '../routes/rate-limit-config.js';
import type { CodeHasher } from './codes.js';
import { isCodeShaped } from './codes.js';

export interface PortalRoutesOptions {
  db: Db;
  codes: CodeHasher;
  clock: Clock;
  rateLimitPerMinute: number;
}

/** Longest e-mail address the submission accepts is shorter; this only bounds the work. */
const MAX_EMAIL_LENGTH = 254;

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return null;
  const lower = email.trim().toLowerCase();
  return lower === '' || lower.length > MAX_EMAIL_LENGTH ? null : lower;
}

function field(body: unknown, name: string): unknown {
  return (body as Record<string, unknown> | null | undefined)?.[name];
}

/**
 * One answer for a wrong, used, expired or burnt code and for an address without an account,
 * so these routes do not tell a stranger which addresses have accounts.
 */
function invalidCode(reply: FastifyReply) {
  return reply.code(400).header('cache-control', 'no-store').send({ error: 'invalid_code' });
}

/**
 * docs/decisions/0024-portal-codes.md: `POST /api/portal/verify-email` proves an address with
 * the code e-mailed to it (the account becomes Active); `POST /api/portal/verification-email`
 * asks for a new code; `POST /api/portal/sign-in` takes the
 * first sign-in passcode of the submission's answer, which only an Active account accepts.
 */
export function registerPortalRoutes(app: FastifyInstance, options: PortalRoutesOptions): void {
  const { codes, clock } = options;
  const accounts = createPortalAccountsRepository(options.db);
  const config = perMinuteRateLimit(options.rateLimitPerMinute);

  app.post('/api/portal/verify-email', { config }, async (request, reply) => {
    const email = emailOf(request.body);
    const code = field(request.body, 'code');
    if (email === null || !isCodeShaped(code)) return invalidCode(reply);
    const result = await accounts.verify(
      email,
      codes.hash('verification', email, code),
      clock.now(),
    );
    if (result !== 'verified') return invalidCode(reply);
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .send({ accountStatus: ACCOUNT_STATUS.Active });
  });

  // A new code for an address still pending; the same answer whether or not it has an account
  // (nothing is sent then), and at most one e-mail per address every 10 minutes.
  app.post('/api/portal/verification-email', { config }, async (request, reply) => {
    const email = emailOf(request.body);
    if (email !== null) {
      await accounts.requestVerification(email, clock.now(), VERIFICATION_MAIL_THROTTLE_MS);
    }
    return reply.code(202).header('cache-control', 'no-store').send({ ok: true });
  });

  app.post('/api/portal/sign-in', { config }, async (request, reply) => {
    const email = emailOf(request.body);
    const passcode = field(request.body, 'passcode');
    if (email === null || !isCodeShaped(passcode)) return invalidCode(reply);
    const result = await accounts.redeemPasscode(
      email,
      codes.hash('passcode', email, passcode),
      clock.now(),
    );
    if (result === 'invalid') return invalidCode(reply);
    if (result === 'not-verified') {
      // Only someone holding the right passcode learns this; it is spent only once verified.
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ error: 'email_not_verified' });
    }
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .send({ accountStatus: ACCOUNT_STATUS.Active });
  });
}
