import type { FastifyInstance } from 'fastify';
import { confirmsErasure, erasureConfirmation } from '@broker/domain';
import { z } from 'zod';
import type { StaffRole } from '../db/schema.js';
import type { DocumentStore } from '../documents/store.js';
import { staffResponses, staffValidation } from '../staff/schemas.js';
import { eraseSubject, findSubject, subjectAccessDocument, subjectQuery } from './subject.js';
import type { StaffRouteDependencies } from '../staff/context.js';

/** Subject access and erasure are for admins only (docs/back-office.md, docs/data-lifecycle.md). */
export const LIFECYCLE_ROLES: readonly StaffRole[] = ['admin'];

export const LIFECYCLE_MESSAGES = {
  query: 'Enter an e-mail address, phone number or application id',
  reason: 'Enter the reason for the erasure',
  reasonTooLong: 'Enter a reason of 500 characters or fewer',
  confirmation: 'Type the reference shown to confirm the erasure',
} as const;

// POST with a body, not GET: the e-mail or phone never appears in a URL or an access log.
const findBody = z.strictObject({ q: z.string().max(254) });
const eraseBody = z.strictObject({
  q: z.string().max(254),
  reason: z.string().max(10_000),
  /** The applications the admin reviewed; the erasure is refused if the set has changed. */
  applicationIds: z.array(z.number().int().positive()).max(10_000),
  /** What the admin typed: the reference of the person's most recent application (decision 0082). */
  confirmation: z.string().max(100),
});

export interface LifecycleRoutesOptions extends StaffRouteDependencies {
  /** Where uploaded documents are kept: erasure deletes their files (docs/documents.md). */
  files?: DocumentStore | undefined;
}

export function registerLifecycleRoutes(
  app: FastifyInstance,
  options: LifecycleRoutesOptions,
): void {
  const { db, clock, guard, audit } = options;

  app.post(
    '/api/staff/subject-access',
    {
      onRequest: guard(LIFECYCLE_ROLES),
      ...staffValidation,
      schema: {
        summary:
          'Everything held about a person, found by e-mail, phone or reference, as a JSON file.',
        body: findBody,
        response: staffResponses({
          200: {
            // Every field of the document is sent: a loose object has nothing to drop.
            schema: z.looseObject({}),
            description: 'The subject access document (an attachment).',
          },
        }),
      },
    },
    async (request, reply) => {
      const body = findBody.safeParse(request.body);
      const query = body.success ? subjectQuery(body.data.q) : null;
      if (query === null) {
        return reply
          .code(400)
          .send({ error: 'invalid', fields: [{ path: 'q', message: LIFECYCLE_MESSAGES.query }] });
      }
      const subject = await findSubject(db, query);
      const now = clock.now();
      const { document, disclosed } = await subjectAccessDocument(db, subject, now);
      // Exactly which rows were disclosed, by kind and id, never the search text (decisions
      // 0032, 0050): the disclosure can be reconstructed later.
      await audit(request, {
        action: 'subject-access',
        detail: { searchKind: query.kind, disclosed },
      });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="subject-access-${now.toISOString().slice(0, 10)}.json"`,
        )
        .send(document);
    },
  );

  app.post(
    '/api/staff/erasure',
    {
      onRequest: guard(LIFECYCLE_ROLES),
      ...staffValidation,
      schema: {
        summary: "Erase a person's applications, the ones the admin reviewed.",
        body: eraseBody,
        response: staffResponses({
          200: {
            schema: z.looseObject({ erased: z.unknown(), kept: z.unknown() }),
            description: 'Erased: how many applications whole, and what was kept for others.',
          },
        }),
      },
    },
    async (request, reply) => {
      const body = eraseBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'invalid' });
      const query = subjectQuery(body.data.q);
      const reason = body.data.reason.trim();
      const fields = [
        ...(query === null ? [{ path: 'q', message: LIFECYCLE_MESSAGES.query }] : []),
        ...(reason === ''
          ? [{ path: 'reason', message: LIFECYCLE_MESSAGES.reason }]
          : reason.length > 500
            ? [{ path: 'reason', message: LIFECYCLE_MESSAGES.reasonTooLong }]
            : []),
      ];
      if (query === null || fields.length > 0) {
        return reply.code(400).send({ error: 'invalid', fields });
      }
      const subject = await findSubject(db, query);
      const found = subject.applications.map(({ row }) => row.id).sort((a, b) => a - b);
      const reviewed = [...new Set(body.data.applicationIds)].sort((a, b) => a - b);
      if (
        found.length === 0 &&
        subject.portalAccountIds.length === 0 &&
        subject.callbackIds.length === 0
      ) {
        return reply.code(404).send({ error: 'not_found' });
      }
      if (found.join(',') !== reviewed.join(',')) {
        // Something was added or removed since the admin looked: they must look again.
        return reply.code(409).send({ error: 'changed', applicationIds: found });
      }
      const expected = erasureConfirmation(
        subject.applications.map(({ row }) => ({
          id: row.id,
          reference: row.reference,
          createdAt: row.created_at,
        })),
      );
      if (!confirmsErasure(body.data.confirmation, expected)) {
        return reply.code(400).send({
          error: 'invalid',
          fields: [{ path: 'confirmation', message: LIFECYCLE_MESSAGES.confirmation }],
        });
      }
      const member = request.staff!.member;
      const result = await eraseSubject(db, subject, {
        id: member.id,
        email: member.email_lower,
        reason,
        now: clock.now(),
        files: options.files,
      });
      // Exactly which rows were removed (or, for an application kept for its other person,
      // rewritten), by kind and id.
      await audit(request, {
        action: 'erased',
        detail: {
          searchKind: query.kind,
          erased: result.rows,
          kept: result.kept.map(({ application, keptFor }) => ({ application, keptFor })),
        },
      });
      return { erased: result.erased, kept: result.kept };
    },
  );
}
