/**
 * A case sent to a lender (docs/decisions/0085-lender-submissions.md, docs/back-office.md
 * "Lenders"): chosen from the panel's matches as the stored decision found them, with the
 * lender's reference, its decision, the date it paid out, the commission, and the version of the
 * commission disclosure the server served the applicant (docs/evidence.md). Resubmitting to
 * another lender is a new row naming the one before.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchedLenders } from '@broker/domain';
import type { PanelDecision } from '@broker/domain';
import { z } from 'zod';
import type { LenderDecision, LenderSubmissionsTable, StaffRole } from '../db/schema.js';
import type { Selectable } from 'kysely';
import { servedTo } from '../evidence/served.js';
import { londonToday } from './queue.js';
import { staffResponses, staffValidation } from './schemas.js';
import type { StaffRouteDependencies } from './context.js';
import { loadCase } from './context.js';

/** Every role reads a case's lender record; agents and admins record and update it (decision 0085). */
export const LENDER_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];
export const LENDER_RECORDERS: readonly StaffRole[] = ['agent', 'admin'];

export const LENDER_DECISIONS: readonly LenderDecision[] = [
  'pending',
  'approved',
  'declined',
  'withdrawn',
];

/** What each decision may become; declined and withdrawn are final. */
export const NEXT_DECISIONS: Record<LenderDecision, readonly LenderDecision[]> = {
  pending: ['pending', 'approved', 'declined', 'withdrawn'],
  approved: ['approved', 'withdrawn'],
  declined: [],
  withdrawn: [],
};

/** Commission above this is a typo (pounds). */
const COMMISSION_MAX_POUNDS = 100_000;

export const LENDER_MESSAGES = {
  lenderNotMatched: 'Choose one of the lenders the panel matched for this application',
  noMatches: 'The panel matched no lender for this application',
  sentBefore: (lender: string) => `This case was sent to ${lender} before. Choose another lender`,
  stillOpen: (lender: string) =>
    `This case is with ${lender}. Record its decision before sending it to another lender`,
  commissionInvalid: 'Enter the commission in pounds and pence, for example 450.00',
  commissionTooLarge: 'Enter a commission of £100,000 or less',
  referenceTooLong: 'Enter the lender’s reference in 50 characters or fewer',
  referenceCharacters:
    'The lender’s reference can only include letters, numbers, spaces, hyphens, slashes and full stops',
  decisionFinal: 'This submission is closed: a declined or withdrawn submission cannot be changed',
  decisionNotAllowed: 'An approved submission can only stay approved or be withdrawn',
  paidOutNeedsApproval: 'Only an approved submission can have a date paid out',
  paidOutInvalid: 'Enter the date paid out as a real date, for example 27 11 2026',
  paidOutFuture: 'The date paid out must be today or earlier',
  paidOutWithdrawn: 'A submission that was paid out cannot be withdrawn',
} as const;

const params = z.strictObject({ id: z.coerce.number().int().positive() });
/** The case's id, from either route's parameters. */
const submissionParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  submissionId: z.coerce.number().int().positive(),
});
const createBody = z.strictObject({
  lenderId: z.string().max(100),
  lenderReference: z.string().max(200).optional(),
  commission: z.string().max(50),
});
const updateBody = z.strictObject({
  lenderReference: z.string().max(200),
  decision: z.string().max(50),
  paidOutOn: z.string().max(20),
  commission: z.string().max(50),
});

const submissionSchema = z.looseObject({
  id: z.number(),
  lenderId: z.string(),
  lender: z.string(),
  lenderReference: z.string().nullable(),
  decision: z.string(),
  nextDecisions: z.array(z.string()),
  paidOutOn: z.string().nullable(),
  commissionPence: z.number(),
  commissionDisclosureVersion: z.number().nullable(),
  resubmissionOf: z.number().nullable(),
  submittedAt: z.string(),
  submittedBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
const lenderRecordSchema = z.looseObject({
  matches: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  submissions: z.array(submissionSchema),
  commissionDisclosureVersion: z
    .number()
    .nullable()
    .describe('The latest version of the commission disclosure the server served the applicant.'),
});
const lenderAnswer = { schema: lenderRecordSchema, description: "The case's lender record." };

type Field = { path: string; message: string };

/** "450", "450.5", "£1,250.00" → pence; a message when it is not an amount. */
export function commissionPence(text: string): number | string {
  const value = text.trim().replace(/^£/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return LENDER_MESSAGES.commissionInvalid;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence > COMMISSION_MAX_POUNDS * 100 ? LENDER_MESSAGES.commissionTooLarge : pence;
}

function lenderReference(text: string | undefined): string | null | Field {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (value.length > 50)
    return { path: 'lenderReference', message: LENDER_MESSAGES.referenceTooLong };
  if (!/^[A-Za-z0-9 ./-]+$/.test(value)) {
    return { path: 'lenderReference', message: LENDER_MESSAGES.referenceCharacters };
  }
  return value;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isField(value: unknown): value is Field {
  return typeof value === 'object' && value !== null && 'path' in value;
}

function view(row: Selectable<LenderSubmissionsTable>) {
  return {
    id: Number(row.id),
    lenderId: row.lender_id,
    lender: row.lender_name,
    lenderReference: row.lender_reference,
    decision: row.decision,
    nextDecisions: NEXT_DECISIONS[row.decision],
    paidOutOn: row.paid_out_on,
    commissionPence: Number(row.commission_pence),
    commissionDisclosureVersion:
      row.commission_disclosure_version === null ? null : Number(row.commission_disclosure_version),
    resubmissionOf: row.resubmission_of === null ? null : Number(row.resubmission_of),
    submittedAt: row.submitted_at,
    submittedBy: row.submitted_by_email,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_email,
  };
}

export type LenderSubmissionRoutesOptions = StaffRouteDependencies;

export function registerLenderSubmissionRoutes(
  app: FastifyInstance,
  options: LenderSubmissionRoutesOptions,
): void {
  const { db, clock, guard, audit } = options;

  const caseOf = (request: FastifyRequest, reply: FastifyReply) =>
    loadCase(db, request, reply, ['id', 'submission_key', 'decision_json']);

  /** The lenders the stored decision matched (none for a declined or undecided case). */
  function matchesOf(decisionJson: string | null): { id: string; name: string }[] {
    if (decisionJson === null) return [];
    try {
      const decision = JSON.parse(decisionJson) as PanelDecision;
      return Array.isArray(decision.lenders) ? matchedLenders(decision) : [];
    } catch {
      return [];
    }
  }

  /** The latest version of the commission disclosure served to the application's session. */
  async function commissionVersion(submissionKey: string): Promise<number | null> {
    const versions = (await servedTo(db, submissionKey))
      .filter((served) => served.text === 'commission')
      .map((served) => served.version);
    return versions.length === 0 ? null : Math.max(...versions);
  }

  async function recordOf(row: {
    id: number;
    submission_key: string;
    decision_json: string | null;
  }) {
    const submissions = await db
      .selectFrom('lender_submissions')
      .selectAll()
      .where('application_row_id', '=', row.id)
      .orderBy('id')
      .execute();
    return {
      matches: matchesOf(row.decision_json),
      submissions: submissions.map(view),
      commissionDisclosureVersion: await commissionVersion(row.submission_key),
    };
  }

  app.get(
    '/api/staff/applications/:id/lender-submissions',
    {
      onRequest: guard(LENDER_READERS),
      ...staffValidation,
      schema: {
        summary: "A case's lender record: the panel's matches and every submission.",
        params,
        response: staffResponses({ 200: lenderAnswer }),
      },
    },
    async (request, reply) => {
      const row = await caseOf(request, reply);
      if (row === null) return reply;
      const record = await recordOf(row);
      await audit(request, { action: 'lender-submissions-viewed', target: String(row.id) });
      return record;
    },
  );

  app.post(
    '/api/staff/applications/:id/lender-submissions',
    {
      onRequest: guard(LENDER_RECORDERS),
      ...staffValidation,
      schema: {
        summary: 'Record that the case was sent (or resent) to a lender the panel matched.',
        params,
        body: createBody,
        response: staffResponses({ 201: lenderAnswer }),
      },
    },
    async (request, reply) => {
      const row = await caseOf(request, reply);
      if (row === null) return reply;
      const parsed = createBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const matches = matchesOf(row.decision_json);
      const lender = matches.find((match) => match.id === parsed.data.lenderId);
      const fields: Field[] = [];
      if (!lender) {
        fields.push({
          path: 'lenderId',
          message:
            matches.length === 0 ? LENDER_MESSAGES.noMatches : LENDER_MESSAGES.lenderNotMatched,
        });
      }
      const reference = lenderReference(parsed.data.lenderReference);
      if (isField(reference)) fields.push(reference);
      const pence = commissionPence(parsed.data.commission);
      if (typeof pence === 'string') fields.push({ path: 'commission', message: pence });
      if (fields.length > 0 || !lender || isField(reference) || typeof pence === 'string') {
        return reply.code(400).send({ error: 'invalid', fields });
      }
      const version = await commissionVersion(row.submission_key);
      const staff = request.staff!.member;
      const now = clock.now().toISOString();
      const refusal = await db.transaction().execute(async (trx) => {
        const earlier = await trx
          .selectFrom('lender_submissions')
          .select(['id', 'lender_id', 'lender_name', 'decision'])
          .where('application_row_id', '=', row.id)
          .orderBy('id')
          .execute();
        const open = earlier.find(
          (submission) => submission.decision === 'pending' || submission.decision === 'approved',
        );
        if (open) return LENDER_MESSAGES.stillOpen(open.lender_name);
        if (earlier.some((submission) => submission.lender_id === lender.id)) {
          return LENDER_MESSAGES.sentBefore(lender.name);
        }
        await trx
          .insertInto('lender_submissions')
          .values({
            application_row_id: row.id,
            lender_id: lender.id,
            lender_name: lender.name,
            lender_reference: reference,
            decision: 'pending',
            paid_out_on: null,
            commission_pence: pence,
            commission_disclosure_version: version,
            resubmission_of: earlier.at(-1)?.id ?? null,
            submitted_at: now,
            submitted_by_id: staff.id,
            submitted_by_email: staff.email_lower,
            updated_at: now,
            updated_by_email: staff.email_lower,
          })
          .execute();
        return null;
      });
      if (refusal !== null) {
        return reply.code(409).send({ error: 'conflict', message: refusal });
      }
      const record = await recordOf(row);
      const added = record.submissions.at(-1)!;
      await audit(request, {
        action: 'lender-submitted',
        target: String(row.id),
        detail: {
          submission: added.id,
          lender: lender.id,
          resubmissionOf: added.resubmissionOf,
          commissionPence: pence,
          commissionDisclosureVersion: version,
        },
      });
      return reply.code(201).send(record);
    },
  );

  app.post(
    '/api/staff/applications/:id/lender-submissions/:submissionId',
    {
      onRequest: guard(LENDER_RECORDERS),
      ...staffValidation,
      schema: {
        summary:
          "Update a submission: the lender's reference, decision, date paid out, commission.",
        params: submissionParams,
        body: updateBody,
        response: staffResponses({ 200: lenderAnswer }),
      },
    },
    async (request, reply) => {
      const ids = submissionParams.safeParse(request.params);
      const row = await caseOf(request, reply);
      if (row === null) return reply;
      // Found by the case and its own id together: another case's submission is not found.
      const current = ids.success
        ? await db
            .selectFrom('lender_submissions')
            .selectAll()
            .where('id', '=', ids.data.submissionId)
            .where('application_row_id', '=', row.id)
            .executeTakeFirst()
        : undefined;
      if (!current) return reply.code(404).send({ error: 'not_found' });
      const parsed = updateBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      if (NEXT_DECISIONS[current.decision].length === 0) {
        return reply.code(409).send({ error: 'closed', message: LENDER_MESSAGES.decisionFinal });
      }
      const fields: Field[] = [];
      const decision = LENDER_DECISIONS.find((known) => known === parsed.data.decision);
      if (!decision || !NEXT_DECISIONS[current.decision].includes(decision)) {
        fields.push({ path: 'decision', message: LENDER_MESSAGES.decisionNotAllowed });
      }
      const reference = lenderReference(parsed.data.lenderReference);
      if (isField(reference)) fields.push(reference);
      const pence = commissionPence(parsed.data.commission);
      if (typeof pence === 'string') fields.push({ path: 'commission', message: pence });
      const paidOutOn = parsed.data.paidOutOn.trim() === '' ? null : parsed.data.paidOutOn.trim();
      if (paidOutOn !== null) {
        if (!isRealDate(paidOutOn)) {
          fields.push({ path: 'paidOutOn', message: LENDER_MESSAGES.paidOutInvalid });
        } else if (paidOutOn > londonToday(clock)) {
          fields.push({ path: 'paidOutOn', message: LENDER_MESSAGES.paidOutFuture });
        } else if (decision !== 'approved') {
          fields.push({ path: 'paidOutOn', message: LENDER_MESSAGES.paidOutNeedsApproval });
        }
      } else if (current.paid_out_on !== null && decision === 'withdrawn') {
        fields.push({ path: 'decision', message: LENDER_MESSAGES.paidOutWithdrawn });
      }
      if (current.paid_out_on !== null && decision === 'withdrawn' && paidOutOn !== null) {
        fields.push({ path: 'decision', message: LENDER_MESSAGES.paidOutWithdrawn });
      }
      if (fields.length > 0 || !decision || isField(reference) || typeof pence === 'string') {
        return reply.code(400).send({ error: 'invalid', fields });
      }
      const staff = request.staff!.member;
      const now = clock.now().toISOString();
      // Conditional on the decision read, so that two people updating at once cannot both win.
      const updated = await db
        .updateTable('lender_submissions')
        .set({
          lender_reference: reference,
          decision,
          paid_out_on: paidOutOn,
          commission_pence: pence,
          updated_at: now,
          updated_by_email: staff.email_lower,
        })
        .where('id', '=', current.id)
        .where('decision', '=', current.decision)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        return reply.code(409).send({ error: 'conflict', message: LENDER_MESSAGES.decisionFinal });
      }
      // The reference stays off the append-only log (it points at a person at the lender):
      // the log says it changed.
      await audit(request, {
        action: 'lender-submission-updated',
        target: String(row.id),
        detail: {
          submission: Number(current.id),
          decision: { from: current.decision, to: decision },
          paidOutOn: { from: current.paid_out_on, to: paidOutOn },
          commissionPence: { from: Number(current.commission_pence), to: pence },
          referenceChanged: current.lender_reference !== reference,
        },
      });
      return recordOf(row);
    },
  );
}
