import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DISCLOSURE_TEXT_IDS } from '@broker/domain';
import type { Db, StaffRole } from '../db/schema.js';
import type { Clock } from '../decisions/decide.js';
import type { AuditEntry } from '../staff/audit.js';
import { storeDisclosureTexts } from './texts.js';

/** Every role that reads applications may open the texts they were shown (docs/evidence.md). */
export const DISCLOSURE_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

const params = z.strictObject({
  text: z.enum(DISCLOSURE_TEXT_IDS),
  version: z.coerce.number().int().min(1).max(10_000),
});

export interface EvidenceRoutesOptions {
  db: Db;
  clock: Clock;
  guard: (roles: readonly StaffRole[]) => preHandlerAsyncHookHandler;
  audit: (request: FastifyRequest, entry: AuditEntry) => Promise<void>;
}

/**
 * Stores the shipped texts when the server starts, and lets staff open one version of a text
 * as it was: `GET /api/staff/disclosures/:text/:version`.
 */
export function registerEvidenceRoutes(app: FastifyInstance, options: EvidenceRoutesOptions): void {
  const { db, clock, guard, audit } = options;
  app.addHook('onReady', async () => {
    await storeDisclosureTexts(db, clock.now());
  });

  app.get(
    '/api/staff/disclosures/:text/:version',
    { preHandler: guard(DISCLOSURE_READERS) },
    async (request, reply) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success) return reply.code(404).send({ error: 'not_found' });
      const row = await db
        .selectFrom('disclosure_texts')
        .selectAll()
        .where('text_id', '=', parsed.data.text)
        .where('version', '=', parsed.data.version)
        .executeTakeFirst();
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
