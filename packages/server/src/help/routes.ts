import { createHash } from 'node:crypto';
import {
  BRAND_LIST,
  CALL_TIMES,
  callbackPhone,
  callbackRequestProblems,
  HARDER_KINDS,
  HELP_TOPICS,
  submissionKeySchema,
} from '@broker/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import {
  errorResponses,
  fieldErrorsBodySchema,
  jsonSchemaOf,
  zodValidation,
} from '../http/openapi.js';
import { refuseOtherSites } from '../http/same-site.js';
import type { MailTransport } from '../portal/mail.js';
import { brandOf, callbackConfirmationMail } from './mail.js';

/** A callback request is a few short fields: anything larger is not one (docs/help.md). */
export const HELP_BODY_LIMIT = 4 * 1024;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]];

/** The shape; the words of each problem come from the domain's one check (`callbackRequestProblems`). */
export const callbackRequestSchema = z.strictObject({
  phone: z.string().max(40),
  callTime: z.enum(values(CALL_TIMES)).nullable(),
  topic: z.enum(values(HELP_TOPICS)).nullable(),
  about: z.string().max(2000),
  harder: z.boolean(),
  harderKinds: z.array(z.enum(values(HARDER_KINDS))).max(HARDER_KINDS.length),
  harderNote: z.string().max(2000),
  email: z.string().max(200),
  /**
   * The session's submission key: links the request to the application, if one exists. Kept
   * only when it is a valid key; any other value is dropped rather than refusing the request.
   */
  submissionKey: z.string().max(100).nullable(),
  /** The screen it was asked from (a path of the web app, no query). */
  page: z
    .string()
    .max(200)
    .regex(/^\/[A-Za-z0-9/_-]*$/),
  brand: z.enum(BRAND_LIST.map((brand) => brand.affiliateKey) as [string, ...string[]]),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;

const acceptedSchema = z.object({
  serviceLevelHours: z.number().int().describe('Staff aim to call within this many hours.'),
  dueAt: z.string().describe('When the call is due (ISO 8601).'),
  emailed: z.boolean().describe('Whether a confirmation e-mail is on its way.'),
});

export interface HelpRoutesOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  mail: { transport: MailTransport; from: string; company: string };
  /** Requests an hour from one address, and a day for one phone number; 0: no limit. */
  requestsPerHour: number;
  serviceLevelHours: number;
  publicApiBase: string | null;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * `POST /api/help/callback` (docs/help.md): the "Need help?" form. Public, so an abuse target:
 * a small body, a strict schema, other sites' pages refused, a limit per address an hour and per
 * phone number a day (counted by a hash of the number, never the number), and nothing the person
 * typed in a log line. The confirmation e-mail leaves after the answer, off the request path.
 */
export function registerHelpRoutes(app: FastifyInstance, options: HelpRoutesOptions): void {
  const { db, clock, logger, mail, requestsPerHour, serviceLevelHours } = options;
  const perPhone =
    requestsPerHour > 0
      ? app.createRateLimit({
          max: requestsPerHour,
          timeWindow: '1 day',
          keyGenerator: (request) => {
            const body = request.body as { phone?: string };
            const phone = callbackPhone(body.phone ?? '');
            return `help-phone|${createHash('sha256').update(phone).digest('hex')}`;
          },
        })
      : null;

  app.post(
    '/api/help/callback',
    {
      bodyLimit: HELP_BODY_LIMIT,
      config:
        requestsPerHour > 0
          ? {
              rateLimit: {
                max: requestsPerHour,
                timeWindow: '1 hour',
                keyGenerator: (request) => `help|${request.ip}`,
              },
            }
          : {},
      onRequest: refuseOtherSites(options.publicApiBase),
      ...zodValidation,
      attachValidation: true,
      schema: {
        summary: 'Ask to be called back (the "Need help?" form).',
        body: callbackRequestSchema,
        response: {
          201: { ...jsonSchemaOf(acceptedSchema), description: 'Asked: staff will call.' },
          400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: 'Bad input.' },
          ...errorResponses(403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const parsed = callbackRequestSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      const body = parsed.data;
      const fields = callbackRequestProblems(body);
      if (fields.length > 0) return reply.code(400).send({ error: 'invalid', fields });
      if (perPhone !== null) {
        const limit = await perPhone(request);
        if (!limit.isAllowed && limit.isExceeded) {
          // As the rate-limit plugin does: the error handler answers 429 `rate_limited`.
          void reply.header('retry-after', String(limit.ttlInSeconds));
          throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
        }
      }
      const now = clock.now();
      const dueAt = new Date(now.getTime() + serviceLevelHours * HOUR_MS).toISOString();
      const phone = callbackPhone(body.phone);
      const email = body.email.trim().toLowerCase() || null;
      const harderKinds = body.harder ? [...new Set(body.harderKinds)] : [];
      await db
        .insertInto('callbacks')
        .values({
          submission_key:
            body.submissionKey !== null && submissionKeySchema.safeParse(body.submissionKey).success
              ? body.submissionKey
              : null,
          brand: body.brand,
          page: body.page,
          phone_normalised: phone,
          email_lower: email,
          call_time: body.callTime!,
          topic: body.topic,
          about: body.about.trim() || null,
          harder_kinds: body.harder ? JSON.stringify(harderKinds) : null,
          harder_note: body.harder ? body.harderNote.trim() || null : null,
          created_at: now.toISOString(),
          due_at: dueAt,
        })
        .execute();
      if (email !== null) {
        const message = callbackConfirmationMail({
          brand: brandOf(body.brand),
          company: mail.company,
          phone,
          callTime: body.callTime!,
          serviceLevelHours,
        });
        // After the answer: a slow or failing mail server never holds the applicant's page.
        setImmediate(() => {
          mail.transport.send({ from: mail.from, to: email, ...message }).catch((error: unknown) =>
            // The error's name only: a transport's message may quote the address.
            logger.error(
              {
                severity: 'FAILURE',
                operation: 'callbackConfirmation',
                errorName: error instanceof Error ? error.name : typeof error,
              },
              'callback confirmation not sent',
            ),
          );
        });
      }
      return reply.code(201).send({ serviceLevelHours, dueAt, emailed: email !== null });
    },
  );
}
