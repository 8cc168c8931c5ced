import { ACCOUNT_STATUS } from '@broker/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../applications/decide.js';
import { VERIFICATION_MAIL_THROTTLE_MS } from '../applications/decide.js';
import { perInstance } from '../config.js';
import type { Db } from '../db/schema.js';
import { createPortalAccountsRepository } from './accounts.js';
import { errorBodySchema, errorResponses, jsonSchemaOf, zodValidation } from '../http/openapi.js';
import { perMinuteRateLimit } from '../http/rate-limit-config.js';
import type { CodeHasher } from './codes.js';
import { isCodeShaped } from './codes.js';

export interface PortalRoutesOptions {
  db: Db;
  codes: CodeHasher;
  clock: Clock;
  rateLimitPerMinute: number;
  /** The instances sharing the limits: each holds its share of the hour's (decision 0071). */
  rateLimitInstances: number;
}

/**
 * Requests for a new verification code one address (a client) may make in an hour, whatever
 * e-mail addresses it names: a stranger cannot walk through a list of addresses.
 */
export const VERIFICATION_REQUESTS_PER_HOUR = 5;

/** Longest e-mail address the submission accepts is shorter; this only bounds the work. */
const MAX_EMAIL_LENGTH = 254;

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return null;
  const lower = email.trim().toLowerCase();
  return lower === '' || lower.length > MAX_EMAIL_LENGTH ? null : lower;
}

const email = z.string().describe('The e-mail address the application gave.');
const code = z.string().describe('The 6-digit code.');
const activeAnswer = {
  ...jsonSchemaOf(z.object({ accountStatus: z.literal(ACCOUNT_STATUS.Active) })),
  description: 'The account is Active.',
};
const invalidCodeAnswer = {
  ...jsonSchemaOf(errorBodySchema),
  description: '`invalid_code`: wrong, used, expired or burnt, or no such account.',
};

/**
 * The zod schemas validate and document the bodies. A failure is attached, not answered
 * (attachValidation): the handlers' own checks answer a malformed body as they always did, like
 * a wrong code (or, asking for a new code, like any address), so it tells a stranger nothing more.
 */
const portalValidation = { ...zodValidation, attachValidation: true } as const;

const verifyEmailSchema = {
  summary: 'Prove an e-mail address with the code sent to it: the account becomes Active.',
  body: z.object({ email, code }),
  response: { 200: activeAnswer, 400: invalidCodeAnswer, ...errorResponses(413, 415, 429) },
};

const verificationEmailSchema = {
  summary:
    'Ask for a new verification code (at most one e-mail every 10 minutes and three a day to an address; five requests an hour from a client).',
  description: 'The same answer whether or not the address has an account.',
  body: z.object({ email }),
  response: {
    202: { ...jsonSchemaOf(z.object({ ok: z.literal(true) })), description: 'Noted.' },
    ...errorResponses(413, 415, 429),
  },
};

const signInSchema = {
  summary: "Sign in to the portal with the first sign-in passcode of the submission's answer.",
  body: z.object({ email, passcode: code }),
  response: {
    200: activeAnswer,
    400: invalidCodeAnswer,
    403: {
      ...jsonSchemaOf(errorBodySchema),
      description: '`email_not_verified`: verify the e-mail address first.',
    },
    ...errorResponses(413, 415, 429),
  },
};

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

  app.post(
    '/api/portal/verify-email',
    { config, ...portalValidation, schema: verifyEmailSchema },
    async (request, reply) => {
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
    },
  );

  // A new code for an address still pending; the same answer whether or not it has an account
  // (nothing is sent then), at most one e-mail per address every 10 minutes and three a day,
  // and five requests an hour from one client. The limit answers 429 alike for any address.
  const perHour =
    options.rateLimitPerMinute > 0
      ? app.createRateLimit({
          max: perInstance(VERIFICATION_REQUESTS_PER_HOUR, options.rateLimitInstances),
          timeWindow: '1 hour',
        })
      : null;
  const hourlyLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await perHour?.(request);
    if (!limit || limit.isAllowed || !limit.isExceeded) return;
    return reply
      .code(429)
      .header('retry-after', String(limit.ttlInSeconds))
      .send({ error: 'rate_limited' });
  };
  app.post(
    '/api/portal/verification-email',
    {
      config,
      ...portalValidation,
      schema: verificationEmailSchema,
      onRequest: hourlyLimit,
    },
    async (request, reply) => {
      const email = emailOf(request.body);
      if (email !== null) {
        await accounts.requestVerification(email, clock.now(), VERIFICATION_MAIL_THROTTLE_MS);
      }
      return reply.code(202).header('cache-control', 'no-store').send({ ok: true });
    },
  );

  app.post(
    '/api/portal/sign-in',
    { config, ...portalValidation, schema: signInSchema },
    async (request, reply) => {
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
    },
  );
}
