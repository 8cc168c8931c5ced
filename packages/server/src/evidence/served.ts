import {
  checkDisclosureEvidence,
  DISCLOSURE_TEXT_IDS,
  disclosureReceiptSchema,
  payloadDisclosuresSchema,
  readPayload,
  submissionKeySchema,
} from '@broker/domain';
import type {
  DisclosureEvidence,
  DisclosureReceipt,
  DisclosureTextId,
  ServedText,
} from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { whenDurable } from '../db/connection.js';
import type { ApplicationRow, Db } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { londonDate } from '../applications/decide.js';
import { errorResponses, jsonSchemaOf, zodValidation } from '../http/openapi.js';
import { fieldErrorsBodySchema } from '../http/openapi.js';
import { perApplicationRateLimit } from '../http/rate-limit-config.js';
import { DISCLOSURE_TEXTS } from './texts.generated.js';

/** Nine texts, each named once with its version: a few hundred bytes at most. */
export const RECEIPT_BODY_LIMIT = 2 * 1024;

const keyParams = z.object({
  submissionKey: submissionKeySchema.describe(
    "The application's key, as the browser will submit it.",
  ),
});

const servedAnswer = z.object({
  served: z.array(
    z.object({
      text: z.enum(DISCLOSURE_TEXT_IDS),
      version: z.number(),
      sha256: z.string(),
      at: z.string().describe("The server's time, recorded as the moment it served the text."),
    }),
  ),
});

const isKnownText = (text: string): text is DisclosureTextId =>
  (DISCLOSURE_TEXT_IDS as readonly string[]).includes(text);

/**
 * Adds the texts to what the server served the key's session: the first time stays, the last
 * time and the count move on. Nothing once the application is complete: its record is closed.
 */
export async function recordServed(
  db: Db,
  submissionKey: string,
  shown: DisclosureReceipt['shown'],
  at: string,
): Promise<'recorded' | 'complete'> {
  const application = await db
    .selectFrom('applications')
    .select('status')
    .where('submission_key', '=', submissionKey)
    .executeTakeFirst();
  if (application?.status === 'complete') return 'complete';
  // One row per text and version: PostgreSQL refuses to update a row twice in one statement.
  const unique = new Map(shown.map((entry) => [`${entry.text}@${entry.version}`, entry]));
  await db
    .insertInto('disclosures_served')
    .values(
      [...unique.values()].map((entry) => ({
        submission_key: submissionKey,
        text_id: entry.text,
        version: entry.version,
        first_served_at: at,
        last_served_at: at,
        times: 1,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['submission_key', 'text_id', 'version']).doUpdateSet((eb) => ({
        last_served_at: eb.ref('excluded.last_served_at'),
        times: eb(eb.ref('disclosures_served.times'), '+', 1),
      })),
    )
    .execute();
  await whenDurable(db);
  return 'recorded';
}

/** The server's record for one session, oldest first. */
export async function servedTo(db: Db, submissionKey: string): Promise<ServedText[]> {
  const rows = await db
    .selectFrom('disclosures_served')
    .selectAll()
    .where('submission_key', '=', submissionKey)
    .orderBy('first_served_at')
    .execute();
  return rows.flatMap((row) =>
    isKnownText(row.text_id)
      ? [
          {
            text: row.text_id,
            version: Number(row.version),
            firstAt: row.first_served_at,
            lastAt: row.last_served_at,
            times: Number(row.times),
          },
        ]
      : [],
  );
}

/**
 * An application's evidence for staff (docs/evidence.md): the browser's claims as its last save
 * sent them, read against what the server served its session, the application's times and path.
 */
export async function evidenceOf(
  db: Db,
  row: Pick<
    ApplicationRow,
    'submission_key' | 'payload_json' | 'created_at' | 'updated_at' | 'completed_at'
  >,
): Promise<DisclosureEvidence> {
  const [served, stored] = await Promise.all([
    servedTo(db, row.submission_key),
    db
      .selectFrom('disclosure_texts')
      .select(['text_id', 'version', 'sha256', 'stored_at'])
      .execute(),
  ]);
  let payload: unknown = null;
  try {
    payload = JSON.parse(row.payload_json);
  } catch {
    payload = null;
  }
  const sent = (payload as { disclosures?: unknown } | null)?.disclosures;
  const claims = payloadDisclosuresSchema.safeParse(sent);
  // The claims are those of the last save: the completion, else the last partial save.
  const receivedAt = row.completed_at ?? row.updated_at;
  return checkDisclosureEvidence({
    claims: claims.success ? claims.data : undefined,
    served,
    versions: stored.flatMap((text) =>
      isKnownText(text.text_id)
        ? [
            {
              text: text.text_id,
              version: Number(text.version),
              sha256: text.sha256,
              storedAt: text.stored_at,
            },
          ]
        : [],
    ),
    state: readPayload(payload).state,
    firstSavedAt: row.created_at,
    receivedAt,
    today: londonDate(new Date(receivedAt)),
  });
}

export interface DisclosureReceiptRoutesOptions {
  db: Db;
  clock: Clock;
  /** Per application key from one address, as for saves (decision 0016); 0 turns it off. */
  rateLimitPerMinute: number;
}

/**
 * `POST /api/disclosures/{submissionKey}`: the browser names the texts it has just put on screen,
 * and the server records, on its own clock, that it served those versions to the session
 * (docs/evidence.md, decision 0060). JSON only: a page on another site cannot send it.
 */
export async function registerDisclosureReceiptRoutes(
  app: FastifyInstance,
  options: DisclosureReceiptRoutesOptions,
): Promise<void> {
  const { db, clock } = options;
  const limit = perApplicationRateLimit(app, options.rateLimitPerMinute);
  await app.register((scope, _options, done) => {
    scope.removeContentTypeParser('text/plain');
    scope.post<{ Params: { submissionKey: string }; Body: DisclosureReceipt }>(
      '/api/disclosures/:submissionKey',
      {
        bodyLimit: RECEIPT_BODY_LIMIT,
        ...limit,
        ...zodValidation,
        schema: {
          summary:
            "Record the disclosed texts a page has shown, as served to the application's session.",
          params: keyParams,
          body: disclosureReceiptSchema,
          response: {
            200: { ...jsonSchemaOf(servedAnswer), description: 'Recorded: what was served, when.' },
            400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: 'Bad input.' },
            409: {
              ...jsonSchemaOf(z.object({ error: z.literal('already_sent') })),
              description: 'The application is complete: its record is closed.',
            },
            ...errorResponses(413, 415, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const { submissionKey } = request.params;
        const at = clock.now().toISOString();
        const { shown } = request.body;
        if ((await recordServed(db, submissionKey, shown, at)) === 'complete') {
          return reply.code(409).send({ error: 'already_sent' });
        }
        return reply.header('cache-control', 'no-store').send({
          served: shown.map((entry) => ({
            text: entry.text,
            version: entry.version,
            sha256:
              DISCLOSURE_TEXTS.find((t) => t.text === entry.text && t.version === entry.version)
                ?.sha256 ?? '',
            at,
          })),
        });
      },
    );
    done();
  });
}
