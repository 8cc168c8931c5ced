import { loadStepCopy, submissionKeySchema } from '@broker/domain';
import type { IndicativeQuote } from '@broker/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { errorBodySchema, errorResponses, jsonSchemaOf, zodValidation } from '../http/openapi.js';
import { refuseOtherSites } from '../http/same-site.js';
import type { MailTransport } from '../portal/mail.js';
import { brandOf } from '../help/mail.js';
import { applicationCopyMail } from './mail.js';

/** Copies one application's tab may ask for in a day (a slip of the finger, not a mail bomb). */
export const COPIES_PER_DAY = 3;

/** What a copy is written from. */
const COPY_COLUMNS = [
  'email_lower',
  'reference',
  'brand',
  'payload_json',
  'response_json',
  'completed_at',
] as const;

type CopyRow = Pick<Selectable<Database['applications']>, (typeof COPY_COLUMNS)[number]>;

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

const DAY_MS = 86_400_000;

/** The application sent with this key, if it has an e-mail address to send a copy to. */
const sentWithKey = (eb: ExpressionBuilder<Database, 'applications'>, submissionKey: string) =>
  eb.and([
    eb('submission_key', '=', submissionKey),
    eb('status', '=', 'complete'),
    eb('email_lower', 'is not', null),
  ]);

/**
 * A sent application's row to write its copy from, with one copy counted against its day
 * (decision 0101): null when no application with an e-mail address was sent with the key, or
 * the seconds until a copy can be sent again.
 *
 * The count is on the application's row, so every instance of the server shares it. One
 * statement counts and reads: the update only matches while the window has room, so two
 * requests at once, on any instances, cannot both take the last copy. A window is a day long
 * from its first copy; the first copy after it ends starts the next. `limited` false (the rate
 * limits are off) reads the row without counting.
 */
async function takeCopy(
  db: Db,
  submissionKey: string,
  now: Date,
  limited: boolean,
): Promise<CopyRow | { retryAfterSeconds: number } | null> {
  if (!limited) {
    const row = await db
      .selectFrom('applications')
      .select(COPY_COLUMNS)
      .where((eb) => sentWithKey(eb, submissionKey))
      .executeTakeFirst();
    return row ?? null;
  }
  const at = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const newWindow = (eb: ExpressionBuilder<Database, 'applications'>) =>
    eb.or([
      eb('copies_window_started_at', 'is', null),
      eb('copies_window_started_at', '<=', dayAgo),
    ]);
  const counted = await db
    .updateTable('applications')
    .set((eb) => ({
      copies_in_window: eb
        .case()
        .when(newWindow(eb))
        .then(1)
        .else(eb('copies_in_window', '+', 1))
        .end(),
      copies_window_started_at: eb
        .case()
        .when(newWindow(eb))
        .then(at)
        .else(eb.ref('copies_window_started_at'))
        .end(),
    }))
    .where((eb) => sentWithKey(eb, submissionKey))
    .where((eb) => eb.or([newWindow(eb), eb('copies_in_window', '<', COPIES_PER_DAY)]))
    .returning(COPY_COLUMNS)
    .executeTakeFirst();
  if (counted !== undefined) return counted;
  const held = await db
    .selectFrom('applications')
    .select('copies_window_started_at')
    .where((eb) => sentWithKey(eb, submissionKey))
    .executeTakeFirst();
  if (held === undefined) return null;
  const endsAt = Date.parse(held.copies_window_started_at ?? at) + DAY_MS;
  return { retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
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
      const taken = await takeCopy(db, submissionKey, clock.now(), rateLimitPerMinute > 0);
      if (taken === null) return reply.code(404).send({ error: 'not_found' });
      if ('retryAfterSeconds' in taken) {
        // As the rate-limit plugin does: the error handler answers 429 `rate_limited`.
        void reply.header('retry-after', String(taken.retryAfterSeconds));
        throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
      }
      const row = taken;
      const to = row.email_lower;
      if (to === null) return reply.code(404).send({ error: 'not_found' });
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
