import {
  APPLICATION_BRANCHES,
  applicationBranch,
  loanBranch,
  parseReference,
  productBranches,
} from '@broker/domain';
import type { LenderPanel, PanelDecision } from '@broker/domain';
import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dialectOf } from '../db/connection.js';
import type { ApplicationRow, StaffRole } from '../db/schema.js';
import {
  applicationDetailSchema,
  applicationSummarySchema,
  fileAnswer,
  staffResponses,
  staffValidation,
} from './schemas.js';
import { phoneAsText, timeAsText, toCsv } from './csv.js';
import { deliveriesOf } from './deliveries.js';
import { CLOSED_STATUSES, workOf } from './work.js';
import { londonToday, QUEUE_VIEWS, VIEW_STATUS } from './queue.js';
import { evidenceOf } from '../evidence/served.js';
import type { StaffRouteDependencies } from './context.js';
import { findOr404 } from './context.js';

/** Every role reads applications; auditors only read (docs/back-office.md). */
export const APPLICATION_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];
export const PAGE_SIZE = 25;
/** Only admins export (docs/back-office.md). */
export const APPLICATION_EXPORTERS: readonly StaffRole[] = ['admin'];
/** More than this answers 422: narrow the filters (docs/decisions/0030-application-reference.md). */
export const EXPORT_MAX_ROWS = 10_000;

type Listed = ReturnType<typeof summary>;
const EXPORT_COLUMNS: [string, (row: Listed) => string | number | null][] = [
  ['Reference', (row) => row.reference],
  ['Application id', (row) => row.applicationId],
  ['Received (UTC)', (row) => timeAsText(row.createdAt)],
  ['Completed (UTC)', (row) => timeAsText(row.completedAt)],
  ['Outcome', (row) => row.outcome],
  ['Decline reason', (row) => row.declineReason],
  ['Journey', (row) => row.journey],
  ['Name', (row) => row.name],
  ['E-mail', (row) => row.email],
  ['Phone', (row) => phoneAsText(row.phone)],
  ['Postcode', (row) => row.postcode],
  ['Brand', (row) => row.brand],
  ['Affiliate', (row) => row.affiliate],
  ['Loan amount', (row) => row.loanAmount],
  ['Status', (row) => row.workStatus],
  ['Needs follow-up', (row) => (row.needsAttention ? 'yes' : 'no')],
];

/** The branches the list filters by (domain `applicationBranch`, stored as `branch`). */
export const JOURNEYS = APPLICATION_BRANCHES;
export const OUTCOMES = ['approved', 'declined', 'duplicate', 'abandoned'] as const;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * A search, in a POST body: what staff type (an e-mail, a phone, a name) never travels in a URL,
 * so it is in no address bar, history, access log or Referer (decision 0052).
 */
const listQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  outcome: z.enum(OUTCOMES).optional(),
  journey: z.enum(JOURNEYS).optional(),
  brand: z.string().trim().max(100).optional(),
  affiliate: z.string().trim().max(100).optional(),
  from: date.optional(),
  to: date.optional(),
  assigned: z.enum(['me', 'none']).optional(),
  /** A saved view of the work queue (decision 0083). */
  view: z.enum(QUEUE_VIEWS).optional(),
  after: z.number().int().positive().optional(),
});
export type ApplicationListQuery = z.infer<typeof listQuery>;
const exportQuery = listQuery.omit({ after: true });

const detailParams = z.strictObject({ id: z.coerce.number().int().positive() });

/** How a search box's text is read: each kind is matched exactly on its own column. */
export type SearchKind = 'email' | 'id' | 'reference' | 'phone' | 'postcode' | 'name';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

export function searchKind(text: string): { kind: SearchKind; value: string } {
  const value = text.trim();
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() };
  if (UUID.test(value)) return { kind: 'id', value: value.toLowerCase() };
  // docs/decisions/0030-application-reference.md: 8 characters with a valid check character.
  const reference = parseReference(value);
  if (reference !== null) return { kind: 'reference', value: reference };
  const digits = value.replace(/[\s()-]/g, '').replace(/^\+44/, '0');
  if (/^\d{10,11}$/.test(digits)) return { kind: 'phone', value: digits };
  if (POSTCODE.test(value))
    return { kind: 'postcode', value: value.replace(/\s/g, '').toUpperCase() };
  return { kind: 'name', value: value.toLowerCase().replace(/\s+/g, ' ') };
}

/** The search box's text read as a name, whatever it looks like. */
function asName(text: string): { kind: SearchKind; value: string } {
  return { kind: 'name', value: text.trim().toLowerCase().replace(/\s+/g, ' ') };
}

interface PayloadSummary {
  firstName?: string;
  lastName?: string;
  loanPurposeType?: string;
  isJointApplication?: boolean;
  loanAmount?: number;
  additionalNeedsRequirements?: boolean;
  breathingSpace?: boolean;
  discussFinancialCircumstances?: boolean;
  addresses?: { postcode?: string }[];
}

function outcomeOf(row: ApplicationRow): (typeof OUTCOMES)[number] {
  return row.status === 'partial' ? 'abandoned' : (row.outcome ?? 'approved');
}

function parsePayload(row: ApplicationRow): PayloadSummary & Record<string, unknown> {
  try {
    return JSON.parse(row.payload_json) as PayloadSummary & Record<string, unknown>;
  } catch {
    return {};
  }
}

type ListedRow = ApplicationRow & {
  work_status?: string | null;
  assigned_to?: string | null;
  next_action_on?: string | null;
  earlier_reference?: string | null;
};

function summary(row: ListedRow) {
  const payload = parsePayload(row);
  return {
    workStatus: row.work_status ?? 'new',
    assignedTo: row.assigned_to ?? null,
    nextActionOn: row.next_action_on ?? null,
    id: row.id,
    applicationId: row.application_id,
    reference: row.reference,
    name: [payload.firstName, payload.lastName].filter(Boolean).join(' ') || null,
    email: row.email_lower,
    phone: row.phone_normalised,
    postcode: payload.addresses?.[0]?.postcode ?? null,
    outcome: outcomeOf(row),
    declineReason: row.decline_reason,
    journey: JOURNEYS.find((branch) => branch === row.branch) ?? applicationBranch(payload),
    brand: row.brand,
    affiliate: row.affiliate_key,
    loanAmount: payload.loanAmount ?? null,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    needsAttention:
      payload.additionalNeedsRequirements === true ||
      payload.breathingSpace === true ||
      payload.discussFinancialCircumstances === true,
    // docs/decisions/0051-duplicates-stored-linked-released.md
    duplicateOf:
      row.duplicate_of === null
        ? null
        : { id: row.duplicate_of, reference: row.earlier_reference ?? null },
    duplicateReleasedAt: row.duplicate_released_at,
  };
}

export interface ApplicationRoutesOptions extends StaffRouteDependencies {
  /** The panel in use, to say which lenders could lend on an application's branch. */
  panel?: LenderPanel | undefined;
}

/**
 * The stored decision with each lender and product marked `forThisLoan`: whether, by the panel's
 * own rules (`productBranches`), it lends on the application's branch at all. A product the panel
 * no longer has is kept (true): nothing says it could not (docs/lender-panel.md "Branches").
 */
export function markForThisLoan(
  decision: PanelDecision,
  panel: LenderPanel | undefined,
  purpose: string | null | undefined,
): PanelDecision {
  const branch = loanBranch(purpose) ?? 'vehicle';
  return {
    ...decision,
    lenders: decision.lenders.map((lender) => {
      const known = panel?.lenders.find((candidate) => candidate.id === lender.id);
      const products = lender.products.map((product) => {
        const rules = known?.products.find((candidate) => candidate.id === product.id);
        return { ...product, forThisLoan: !rules || productBranches(rules).includes(branch) };
      });
      return { ...lender, products, forThisLoan: products.some((product) => product.forThisLoan) };
    }),
  };
}

/** The applications list and detail of the back office (docs/back-office.md). */
export function registerApplicationRoutes(
  app: FastifyInstance,
  options: ApplicationRoutesOptions,
): void {
  const { db, clock, guard, audit, panel } = options;
  const postgres = dialectOf(db) === 'postgres';

  /** A text value inside payload_json: json_extract on SQLite, ->> on PostgreSQL. */
  const field = (...path: (string | number)[]): RawBuilder<string | null> =>
    postgres
      ? sql<string | null>`(applications.payload_json::jsonb #>> ${`{${path.join(',')}}`})`
      : sql<
          string | null
        >`json_extract(applications.payload_json, ${`$${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`})`;

  /** The list's rows for a query, newest first; the list pages them, the export takes them all. */
  function filtered(
    query: ApplicationListQuery,
    memberId: string,
    read: (text: string) => { kind: SearchKind; value: string } = searchKind,
  ) {
    // A view of cases being worked pages by its work row's id (the same number): each view's
    // index then holds the rows in the page's order, and no view sorts its matches (decision 0083).
    const order =
      query.view !== undefined && query.view !== 'unassigned'
        ? ('application_work.application_row_id' as const)
        : ('applications.id' as const);
    let select = db
      .selectFrom('applications')
      .leftJoin('application_work', 'application_work.application_row_id', 'applications.id')
      .leftJoin('applications as earlier', 'earlier.id', 'applications.duplicate_of')
      .selectAll('applications')
      .select([
        'application_work.work_status',
        'application_work.assigned_to',
        'application_work.next_action_on',
        'earlier.reference as earlier_reference',
      ])
      .orderBy(order, 'desc');
    /** Applications one of whose people has this identifier (decision 0050): either person. */
    const withPerson = (column: 'email_lower' | 'phone_normalised', value: string) =>
      db
        .selectFrom('application_people')
        .select('application_people.application_row_id')
        .where(`application_people.${column}`, '=', value);
    const search = query.q ? read(query.q) : null;
    if (search) {
      switch (search.kind) {
        case 'email':
          select = select.where('applications.id', 'in', withPerson('email_lower', search.value));
          break;
        case 'id':
          select = select.where((eb) =>
            eb.or([
              eb('applications.application_id', '=', search.value),
              eb('applications.submission_key', '=', search.value),
            ]),
          );
          break;
        case 'reference':
          select = select.where('applications.reference', '=', search.value);
          break;
        case 'phone':
          select = select.where(
            'applications.id',
            'in',
            withPerson('phone_normalised', search.value),
          );
          break;
        case 'postcode':
          select = select.where(
            sql<SqlBool>`replace(upper(${field('addresses', 0, 'postcode')}), ' ', '') = ${search.value}`,
          );
          break;
        case 'name': {
          // docs/decisions/0036-back-office-search.md: the name written with the submission.
          const pattern = `%${search.value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
          // Matched within the narrow name index, not across every row (the subquery reads
          // only search_name and the id).
          select = select.where(
            'applications.id',
            'in',
            db
              .selectFrom('applications as named')
              .select('named.id')
              // Names the partial index: SQLite does not infer it from LIKE.
              .where('named.search_name', 'is not', null)
              .where(sql<SqlBool>`named.search_name like ${pattern} escape '\\'`),
          );
          break;
        }
      }
    }
    if (query.outcome === 'abandoned') select = select.where('applications.status', '=', 'partial');
    else if (query.outcome) {
      select = select
        .where('applications.status', '=', 'complete')
        .where('applications.outcome', '=', query.outcome);
    }
    if (query.brand) select = select.where('applications.brand', '=', query.brand);
    if (query.affiliate) {
      select = select.where('applications.affiliate_key', '=', query.affiliate);
    }
    if (query.journey) select = select.where('applications.branch', '=', query.journey);
    if (query.from) {
      select = select.where('applications.created_at', '>=', `${query.from}T00:00:00.000Z`);
    }
    if (query.to) select = select.where('applications.created_at', '<', nextDay(query.to));
    if (query.after) select = select.where(order, '<', query.after);
    if (query.assigned === 'me') {
      select = select.where('application_work.assigned_to', '=', memberId);
    } else if (query.assigned === 'none') {
      select = select.where('application_work.assigned_to', 'is', null);
    }
    // docs/decisions/0083-the-work-queue.md: what each saved view lists; closed cases are in none.
    switch (query.view) {
      case 'mine':
        select = select
          .where('application_work.assigned_to', '=', memberId)
          .where('application_work.work_status', 'not in', CLOSED_STATUSES);
        break;
      case 'unassigned':
        select = select.where((eb) =>
          eb.or([
            eb('application_work.application_row_id', 'is', null),
            eb.and([
              eb('application_work.assigned_to', 'is', null),
              eb('application_work.work_status', 'not in', CLOSED_STATUSES),
            ]),
          ]),
        );
        break;
      case 'due-today':
        select = select.where('application_work.next_action_on', '=', londonToday(clock));
        break;
      case 'overdue':
        select = select.where('application_work.next_action_on', '<', londonToday(clock));
        break;
      case 'awaiting-documents':
      case 'awaiting-lender':
        select = select.where('application_work.work_status', '=', VIEW_STATUS[query.view]);
        break;
      case undefined:
        break;
    }
    return { select, search };
  }

  app.post(
    '/api/staff/applications/search',
    {
      onRequest: guard(APPLICATION_READERS),
      ...staffValidation,
      schema: {
        summary: 'Applications, newest first, filtered and searched, 25 a page.',
        body: listQuery,
        response: staffResponses({
          200: {
            schema: z.looseObject({
              applications: z.array(applicationSummarySchema),
              next: z.number().nullable().describe('`after` for the next page; null at the end.'),
            }),
            description: 'A page.',
          },
        }),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = listQuery.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_query' });
      const query = parsed.data;
      let { select, search } = filtered(query, request.staff!.member.id);
      let rows = await select.limit(PAGE_SIZE + 1).execute();
      if (search?.kind === 'reference' && rows.length === 0) {
        // An 8-letter surname can pass the check character (1 in 30): then it is a name.
        ({ select, search } = filtered(query, request.staff!.member.id, asName));
        rows = await select.limit(PAGE_SIZE + 1).execute();
      }
      const page = rows.slice(0, PAGE_SIZE);
      // The search text is never kept: an erased person's e-mail or phone must not stay in the
      // append-only log (docs/decisions/0032-erasure-and-the-audit-log.md).
      const { after: _after, q: _q, ...filters } = query;
      await audit(request, {
        action: 'applications-searched',
        detail: {
          ...filters,
          ...(search ? { searchKind: search.kind } : {}),
          results: page.length,
        },
      });
      return {
        applications: page.map(summary),
        next: rows.length > PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  // docs/back-office.md "Export": the filtered list as CSV, admins only, audited.
  app.post(
    '/api/staff/applications/export',
    {
      onRequest: guard(APPLICATION_EXPORTERS),
      ...staffValidation,
      schema: {
        summary: 'The filtered list as CSV.',
        body: exportQuery,
        response: staffResponses(
          {},
          { 200: fileAnswer('text/csv', 'The applications (an attachment).') },
        ),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = exportQuery.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_query' });
      const query = parsed.data;
      let { select, search } = filtered(query, request.staff!.member.id);
      let rows = await select.limit(EXPORT_MAX_ROWS + 1).execute();
      if (search?.kind === 'reference' && rows.length === 0) {
        ({ select, search } = filtered(query, request.staff!.member.id, asName));
        rows = await select.limit(EXPORT_MAX_ROWS + 1).execute();
      }
      if (rows.length > EXPORT_MAX_ROWS) {
        return reply.code(422).send({ error: 'too_many_rows', limit: EXPORT_MAX_ROWS });
      }
      // As for a search, the text is never kept, only its kind (decision 0032); whose rows
      // left in the file is, by application row id.
      const { q: _q, ...filters } = query;
      await audit(request, {
        action: 'applications-exported',
        detail: {
          ...filters,
          ...(search ? { searchKind: search.kind } : {}),
          rows: rows.length,
          applications: rows.map((row) => row.id),
        },
      });
      const csv = toCsv(
        EXPORT_COLUMNS.map(([heading]) => heading),
        rows.map((row) => {
          const listed = summary(row);
          return EXPORT_COLUMNS.map(([, value]) => value(listed));
        }),
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="applications.csv"')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    '/api/staff/applications/:id',
    {
      onRequest: guard(APPLICATION_READERS),
      ...staffValidation,
      schema: {
        summary: 'One application: answers, outcome, work and deliveries.',
        params: detailParams,
        response: staffResponses({
          200: { schema: applicationDetailSchema, description: 'The application.' },
        }),
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const row = await findOr404(request, reply, detailParams, ({ id }) =>
        db
          .selectFrom('applications')
          .leftJoin('applications as earlier', 'earlier.id', 'applications.duplicate_of')
          .selectAll('applications')
          .select('earlier.reference as earlier_reference')
          .where('applications.id', '=', id)
          .executeTakeFirst(),
      );
      if (row === null) return reply;
      await audit(request, {
        action: 'application-viewed',
        target: String(row.id),
        detail: row.application_id ? { applicationId: row.application_id } : null,
      });
      let response: unknown = null;
      try {
        response = row.response_json === null ? null : JSON.parse(row.response_json);
      } catch {
        response = null;
      }
      // What the lender panel found, as the decision stored it (docs/lender-panel.md): the
      // same refusal sentences, the risk tier and the quote; null when no panel decided.
      let decision: unknown = null;
      try {
        decision = row.decision_json === null ? null : JSON.parse(row.decision_json);
      } catch {
        decision = null;
      }
      if (decision !== null) {
        decision = markForThisLoan(
          decision as PanelDecision,
          panel,
          parsePayload(row).loanPurposeType,
        );
      }
      // docs/decisions/0051-duplicates-stored-linked-released.md: later possible duplicates.
      const duplicates = await db
        .selectFrom('applications')
        .select(['id', 'reference', 'outcome', 'duplicate_released_at'])
        .where('duplicate_of', '=', row.id)
        .orderBy('id')
        .execute();
      return {
        ...summary(row),
        duplicates: duplicates.map((later) => ({
          id: later.id,
          reference: later.reference,
          released: later.duplicate_released_at !== null,
        })),
        submissionKey: row.submission_key,
        variant: row.variant,
        dealerNumber: row.dealer_number,
        remoteAddress: row.remote_address,
        updatedAt: row.updated_at,
        payload: parsePayload(row),
        response,
        decision,
        work: await workOf(db, row.id),
        deliveries: await deliveriesOf(db, row.id),
        evidence: await evidenceOf(db, row),
      };
    },
  );
}

function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}
