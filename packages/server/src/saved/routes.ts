import { brandForHost, submissionKeySchema, validateEmail } from '@broker/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../applications/decide.js';
import { perInstance } from '../config.js';
import type { Db } from '../db/schema.js';
import {
  errorBodySchema,
  errorResponses,
  fieldErrorsBodySchema,
  jsonSchemaOf,
  zodValidation,
} from '../http/openapi.js';
import { hashLinkToken, isLinkTokenShaped, linkState, newLinkToken } from '../links/tokens.js';
import type { MailTransport } from '../portal/mail.js';
import { perMinuteRateLimit } from '../http/rate-limit-config.js';
import { savedDraftMail } from './mail.js';

/** docs/decisions/0086-save-and-return-links.md: a link works for 30 days. */
export const SAVED_DRAFT_DAYS = 30;
const DAY_MS = 86_400_000;

/** Requests to save from one address (a client) in an hour, whatever e-mail addresses they name. */
export const SAVES_PER_ADDRESS_PER_HOUR = 20;
/** Links sent to one e-mail address in an hour; more requests are answered alike, and dropped. */
export const SAVES_PER_EMAIL_PER_HOUR = 5;

/** The answers of a long joint application, encrypted and in base64url, fit well within this. */
const MAX_CIPHERTEXT_LENGTH = 100_000;

const base64url = (length: { min: number; max: number }) =>
  z
    .string()
    .min(length.min)
    .max(length.max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');

const saveBody = z.object({
  email: z
    .string()
    .max(254)
    .superRefine((value, context) => {
      // The contact screen's rule and message (packages/domain/src/validation.ts).
      const problem = validateEmail(value);
      if (problem !== null) context.addIssue({ code: 'custom', message: problem });
    })
    .describe('Where to send the link.'),
  submissionKey: submissionKeySchema,
  // 12-byte IV then AES-GCM ciphertext and tag; at least the IV and the tag.
  ciphertext: base64url({ min: 38, max: MAX_CIPHERTEXT_LENGTH }).describe(
    'The answers, encrypted in the browser (AES-256-GCM, IV first), in base64url.',
  ),
  key: base64url({ min: 43, max: 43 }).describe(
    'The AES key (32 bytes, base64url): put into the e-mailed link’s fragment, never stored.',
  ),
});

const resumeBody = z.object({
  token: z.string().max(100).describe('The token from the link’s fragment.'),
});

const saveSchema = {
  summary: 'Save the application and e-mail a link to come back to it (30 days, once).',
  description:
    'The same answer for every e-mail address; the answers are ciphertext the server cannot read.',
  body: saveBody,
  response: {
    202: { ...jsonSchemaOf(z.object({ ok: z.literal(true) })), description: 'Noted.' },
    400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: 'Bad input.' },
    ...errorResponses(413, 415, 429),
  },
};

const resumeSchema = {
  summary: 'Open a saved application with its link’s token (once).',
  body: resumeBody,
  response: {
    200: {
      ...jsonSchemaOf(z.object({ ciphertext: z.string() })),
      description: 'The saved answers, still encrypted; the token is spent.',
    },
    404: { ...jsonSchemaOf(errorBodySchema), description: '`unknown`: no such link.' },
    410: {
      ...jsonSchemaOf(errorBodySchema),
      description: '`used` or `expired`: the link worked once already, or is past 30 days.',
    },
    ...errorResponses(400, 413, 415, 429),
  },
};

export interface SavedRoutesOptions {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  from: string;
  /** 0 turns the limits off (tests). */
  rateLimitPerMinute: number;
  /** The instances sharing the limits: each holds its share of the hour's (decision 0071). */
  rateLimitInstances: number;
}

function emailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const lower = typeof email === 'string' ? email.trim().toLowerCase() : '';
  // Hashed so that the limiter's store (memory or shared) holds no address.
  return `saved-email|${createHash('sha256').update(lower).digest('hex')}`;
}

/**
 * "Save and come back later" (docs/decisions/0086-save-and-return-links.md): `POST /api/saved`
 * stores the browser's ciphertext under a new link token's hash and e-mails the link, whose
 * fragment carries the token and the key; `POST /api/saved/resume` spends the token and answers
 * the ciphertext, which only the link's key opens.
 */
export function registerSavedRoutes(app: FastifyInstance, options: SavedRoutesOptions): void {
  const { db, clock, transport } = options;
  const limited = options.rateLimitPerMinute > 0;
  const perAddress = limited
    ? app.createRateLimit({
        max: perInstance(SAVES_PER_ADDRESS_PER_HOUR, options.rateLimitInstances),
        timeWindow: '1 hour',
      })
    : null;
  const perEmail = limited
    ? app.createRateLimit({
        max: perInstance(SAVES_PER_EMAIL_PER_HOUR, options.rateLimitInstances),
        timeWindow: '1 hour',
        keyGenerator: emailKey,
      })
    : null;
  const addressLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await perAddress?.(request);
    if (!limit || limit.isAllowed || !limit.isExceeded) return;
    return reply
      .code(429)
      .header('retry-after', String(limit.ttlInSeconds))
      .send({ error: 'rate_limited' });
  };

  app.post(
    '/api/saved',
    { ...zodValidation, schema: saveSchema, onRequest: addressLimit },
    async (request, reply) => {
      const body = request.body as z.infer<typeof saveBody>;
      const email = body.email.trim();
      const limit = await perEmail?.(request);
      // Over the address's allowance: the same answer, and nothing stored or sent, so the
      // answer says nothing about the address and its inbox is not flooded.
      if (!limit || limit.isAllowed || !limit.isExceeded) {
        const now = clock.now();
        const { token, hash } = newLinkToken();
        const expiresAt = new Date(now.getTime() + SAVED_DRAFT_DAYS * DAY_MS);
        await db.transaction().execute(async (trx) => {
          const application = await trx
            .selectFrom('applications')
            .select('id')
            .where('submission_key', '=', body.submissionKey)
            .executeTakeFirst();
          // A newer save replaces the older links of the same application.
          await trx
            .deleteFrom('saved_drafts')
            .where('submission_key', '=', body.submissionKey)
            .where('used_at', 'is', null)
            .execute();
          await trx
            .insertInto('saved_drafts')
            .values({
              token_hash: hash,
              submission_key: body.submissionKey,
              application_row_id: application?.id ?? null,
              ciphertext: body.ciphertext,
              created_at: now.toISOString(),
              expires_at: expiresAt.toISOString(),
              used_at: null,
            })
            .execute();
        });
        const brand = brandForHost(request.host);
        const url = `${request.protocol}://${request.host}/resume#${token}.${body.key}`;
        // Sent after the answer: its time does not depend on the mail server.
        const mail = savedDraftMail({ brand, url, expiresAt });
        transport
          .send({ from: options.from, to: email, ...mail })
          .catch((error: unknown) =>
            request.log.warn(
              { error: error instanceof Error ? error.name : typeof error },
              'saved application mail failed',
            ),
          );
      }
      return reply.code(202).header('cache-control', 'no-store').send({ ok: true });
    },
  );

  app.post(
    '/api/saved/resume',
    {
      config: perMinuteRateLimit(options.rateLimitPerMinute),
      ...zodValidation,
      schema: resumeSchema,
    },
    async (request, reply) => {
      const { token } = request.body as z.infer<typeof resumeBody>;
      void reply.header('cache-control', 'no-store');
      if (!isLinkTokenShaped(token)) return reply.code(404).send({ error: 'unknown' });
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('saved_drafts')
          .select(['id', 'ciphertext', 'used_at', 'expires_at'])
          .where('token_hash', '=', hashLinkToken(token))
          .executeTakeFirst();
        const state = linkState(row, now);
        if (state !== 'usable' || !row) return { state } as const;
        // Spent in the same statement that checks it: two clicks cannot both open it.
        const spent = await trx
          .updateTable('saved_drafts')
          .set({ used_at: now.toISOString(), ciphertext: null })
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1 || row.ciphertext === null) {
          return { state: 'used' } as const;
        }
        return { state, ciphertext: row.ciphertext } as const;
      });
      if (result.state === 'unknown') return reply.code(404).send({ error: 'unknown' });
      if (result.state !== 'usable') return reply.code(410).send({ error: result.state });
      return reply.code(200).send({ ciphertext: result.ciphertext });
    },
  );
}
