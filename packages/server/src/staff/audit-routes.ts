import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifyAuditChain } from './audit.js';
import type { StaffContext } from './context.js';
import { staffResponses, staffValidation } from './schemas.js';

const auditQuery = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  verify: z.literal('full').optional(),
});

const auditAnswer = z.looseObject({
  chain: z
    .unknown()
    .describe(
      'Whether the hash chain of the log holds (from where it was verified), or where it breaks.',
    ),
  entries: z.array(
    z.looseObject({
      id: z.number(),
      at: z.string(),
      actorEmail: z.string().nullable(),
      actorName: z.string().nullable(),
      action: z.string(),
      target: z.string().nullable(),
      application: z.object({ id: z.number(), reference: z.string().nullable() }).nullable(),
      targetStaffName: z.string().nullable(),
      detail: z.unknown(),
      ip: z.string().nullable(),
      hash: z.string(),
    }),
  ),
});

/**
 * The audit log (auditors; admins): the latest 100 entries, `before` pages back, and the chain
 * verified from its checkpoint, or from the first entry with `verify=full` (decision 0057).
 */
export function registerAuditRoutes(app: FastifyInstance, context: StaffContext): void {
  const { db, clock, audit, guard } = context;
  app.get(
    '/api/staff/audit',
    {
      onRequest: guard(['auditor', 'admin']),
      ...staffValidation,
      schema: {
        summary: 'The audit log, newest first, 100 entries a page.',
        querystring: auditQuery,
        response: staffResponses({ 200: { schema: auditAnswer, description: 'A page.' } }),
      },
    },
    async (request, reply) => {
      if (request.validationError) return reply.code(400).send({ error: 'invalid' });
      const query = request.query as z.output<typeof auditQuery>;
      await audit(request, { action: 'audit-viewed' });
      let select = db.selectFrom('staff_audit_log').selectAll().orderBy('id', 'desc').limit(100);
      if (query.before !== undefined) select = select.where('id', '<', query.before);
      const rows = await select.execute();
      // Names for people and applications, so the log reads as words (docs/back-office.md "Audit log"): an
      // application's target is its row id (digits), a member's is their id.
      const memberIds = [
        ...new Set(rows.flatMap((row) => [row.actor_id, row.target]).filter(isText)),
      ];
      const applicationIds = [
        ...new Set(
          rows.map((row) => row.target).filter((target) => /^\d{1,15}$/.test(target ?? '')),
        ),
      ].map(Number);
      const names = new Map(
        memberIds.length === 0
          ? []
          : (
              await db
                .selectFrom('staff_members')
                .select(['id', 'display_name'])
                .where('id', 'in', memberIds)
                .execute()
            ).map((member) => [member.id, member.display_name] as const),
      );
      const applications = new Map(
        applicationIds.length === 0
          ? []
          : (
              await db
                .selectFrom('applications')
                .select(['id', 'reference'])
                .where('id', 'in', applicationIds)
                .execute()
            ).map((row) => [String(row.id), { id: row.id, reference: row.reference }] as const),
      );
      return {
        chain: await verifyAuditChain(db, { full: query.verify === 'full', now: clock.now() }),
        entries: rows.map((row) => ({
          id: row.id,
          at: row.at,
          actorEmail: row.actor_email,
          actorName: row.actor_id === null ? null : (names.get(row.actor_id) ?? null),
          action: row.action,
          target: row.target,
          application: row.target === null ? null : (applications.get(row.target) ?? null),
          targetStaffName: row.target === null ? null : (names.get(row.target) ?? null),
          detail: row.detail_json === null ? null : (JSON.parse(row.detail_json) as unknown),
          ip: row.ip,
          hash: row.hash,
        })),
      };
    },
  );
}

function isText(value: string | null): value is string {
  return value !== null;
}
