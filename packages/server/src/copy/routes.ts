import { loadStepCopy, submissionKeySchema } from '@broker/domain';
import type { IndicativeQuote } from '@broker/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { errorBodySchema, errorResponses, jsonSchemaOf, zodValidation } from '../http/openapi.js';
import { refuseOtherSites } from '../http/same-site.js';
import type { MailTransport } from '../portal/mail.js';
import { brandOf } from '../help/mail.js';
import { applicationCopyMail } from './mail.js';

/** Copies one application's tab may ask for in a day (a slip of the finger, not a mail bomb). */
export const COPIES_PER_DAY = 3;

const params = z.object({ submissionKey: submissionKeySchema });
const sentSchema = z.object({
  sentTo: z.string().describe('The address it goes to, partly hidden: `a•••@example.com`.'),
});

/** `ann@example.com` → `a•••@example.com`: enough to recognise, not to read out. */
export function partlyHidden(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email.charAt(0)}•••${email.slice(at)}`;
}

export interface CopyRoutesOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  mail: { transport: MailTransport; from: string; company: string };
  /** Requests a minute from one address; 0: no limit (and no daily limit per application). */
  rateLimitPerMinute: number;
  publicApiBase: string | null;
}

/**
 * `POST /api/copy/{submissionKey}` (docs/mail.md, decision 0091): after a full submission, the
 * outcome page's "Email me a copy" asks for the applicant's copy of what was sent. Only the tab
 * that sent it holds the key; the mail goes only to the e-mail address the application gave
 * (never one typed here), and leaves after the answer, off the request path. Nothing of the mail
 * is stored: it is written from the stored application when asked for.
 */
export async function registerCopyRoutes(
  app: FastifyInstance,
  options: CopyRoutesOptions,
): Promise<void> {
  const { db, clock, logger, mail, rateLimitPerMinute } = options;
  await loadStepCopy();
  const perApplication =
    rateLimitPerMinute > 0
      ? app.createRateLimit({
          max: COPIES_PER_DAY,
          timeWindow: '1 day',
          keyGenerator: (request) =>
            `copy|${(request.params as { submissionKey?: string }).submissionKey ?? ''}`,
        })
      : null;

  app.post(
    '/api/copy/:submissionKey',
    {
      bodyLimit: 1024,
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } }
          : {},
      onRequest: refuseOtherSites(options.publicApiBase),
      ...zodValidation,
      schema: {
        summary: 'E-mail the applicant a copy of the application they sent.',
        params,
        body: z.strictObject({}),
        response: {
          202: { ...jsonSchemaOf(sentSchema), description: 'The copy is on its way.' },
          404: {
            ...jsonSchemaOf(errorBodySchema),
            description: 'No application was sent with this key.',
          },
          ...errorResponses(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { submissionKey } = request.params as z.infer<typeof params>;
      if (perApplication !== null) {
        const limit = await perApplication(request);
        if (!limit.isAllowed && limit.isExceeded) {
          // As the rate-limit plugin does: the error handler answers 429 `rate_limited`.
          void reply.header('retry-after', String(limit.ttlInSeconds));
          throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
        }
      }
      const row = await db
        .selectFrom('applications')
        .select([
          'email_lower',
          'reference',
          'brand',
          'payload_json',
          'response_json',
          'completed_at',
        ])
        .where('submission_key', '=', submissionKey)
        .where('status', '=', 'complete')
        .executeTakeFirst();
      if (!row || row.email_lower === null) return reply.code(404).send({ error: 'not_found' });
      const to = row.email_lower;
      const sentAt = new Date(row.completed_at ?? clock.now().toISOString());
      const response =
        row.response_json === null
          ? null
          : (JSON.parse(row.response_json) as {
              quote?: IndicativeQuote | null;
            });
      const message = applicationCopyMail({
        brand: brandOf(row.brand ?? 'default'),
        company: mail.company,
        reference: row.reference,
        payload: JSON.parse(row.payload_json) as unknown,
        quote: response?.quote ?? null,
        sentAt,
        today: {
          year: sentAt.getUTCFullYear(),
          month: sentAt.getUTCMonth() + 1,
          day: sentAt.getUTCDate(),
        },
      });
      // After the answer: a slow or failing mail server never holds the outcome page.
      setImmediate(() => {
        mail.transport.send({ from: mail.from, to, ...message }).catch((error: unknown) =>
          // The error's name only: a transport's message may quote the address.
          logger.error(
            {
              severity: 'FAILURE',
              operation: 'applicationCopy',
              errorName: error instanceof Error ? error.name : typeof error,
            },
            'application copy not sent',
          ),
        );
      });
      return reply.code(202).send({ sentTo: partlyHidden(to) });
    },
  );
}
