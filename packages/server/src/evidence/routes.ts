import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DISCLOSURE_TEXT_IDS } from '@broker/domain';
import type { StaffRole } from '../db/schema.js';
import { staffResponses, staffValidation } from '../staff/schemas.js';
import { DisclosureTextMismatch, storeDisclosureTexts } from './texts.js';
import { DISCLOSURE_TEXTS } from './texts.generated.js';
import type { StaffRouteDependencies } from '../staff/context.js';

/** Every role that reads applications may open the texts they were shown (docs/evidence.md). */
export const DISCLOSURE_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

const params = z.strictObject({
  text: z.enum(DISCLOSURE_TEXT_IDS),
  version: z.coerce.number().int().min(1).max(10_000),
});

export type EvidenceRoutesOptions = StaffRouteDependencies;

/**
 * Stores the shipped texts when the server starts, and lets staff open one version of a text
 * as it was: `GET /api/staff/disclosures/:text/:version`.
 */
export function registerEvidenceRoutes(app: FastifyInstance, options: EvidenceRoutesOptions): void {
  const { db, clock, guard, audit } = options;
  // Words that contradict a stored version stop the start; an unreachable database does not
  // (the server then answers 503 until it is back, docs/reliability.md), and the texts are
  // stored when first asked for.
  app.addHook('onReady', async () => {
    try {
      await storeDisclosureTexts(db, clock.now());
    } catch (error) {
      if (error instanceof DisclosureTextMismatch) throw error;
      app.log.warn({ err: error }, 'Disclosure texts not stored at start');
    }
  });

  app.get(
    '/api/staff/disclosures/:text/:version',
    {
      onRequest: guard(DISCLOSURE_READERS),
      ...staffValidation,
      schema: {
        summary: 'A version of a disclosure text, as applicants were shown it.',
        params,
        response: staffResponses({
          200: {
            schema: z.looseObject({
              text: z.string(),
              version: z.number(),
              sha256: z.string(),
              body: z.string(),
              storedAt: z.string(),
            }),
            description: 'The text.',
          },
        }),
      },
    },
    async (request, reply) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success) return reply.code(404).send({ error: 'not_found' });
      const { text, version } = parsed.data;
      const find = () =>
        db
          .selectFrom('disclosure_texts')
          .selectAll()
          .where('text_id', '=', text)
          .where('version', '=', version)
          .executeTakeFirst();
      let row = await find();
      if (!row && DISCLOSURE_TEXTS.some((t) => t.text === text && t.version === version)) {
        await storeDisclosureTexts(db, clock.now());
        row = await find();
      }
      if (!row) return reply.code(404).send({ error: 'not_found' });
      await audit(request, {
        action: 'disclosure-text-viewed',
        target: `${row.text_id}@${row.version}`,
      });
      return {
        text: row.text_id,
        version: Number(row.version),
        sha256: row.sha256,
        body: row.body,
        storedAt: row.stored_at,
      };
    },
  );
}
