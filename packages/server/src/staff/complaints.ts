import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ComplaintOutcome, ComplaintsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import type { StaffContext } from './context.js';
import { STAFF_ROLES } from './repository.js';
import { staffResponses, staffValidation } from './schemas.js';
import { APPLICATION_WORKERS } from './work.js';
import { addToTimeline, findOr404, loadCase } from './context.js';

/**
 * The complaints register (docs/back-office.md, "Complaints"; docs/decisions/0093-complaints-register.md):
 * a complaint logged on a case, its final-response deadline (8 weeks after it was received), a
 * warning as the deadline nears, and the final response and its outcome. Everyone who reads
 * cases reads the register; agents and admins log and answer.
 */

/** The firm has 8 weeks from receipt to send a final response. */
export const RESPONSE_WEEKS = 8;
/** A complaint is "due soon" from this many days before its deadline (decision 0093). */
export const DUE_SOON_DAYS = 14;

export const COMPLAINT_CATEGORIES = {
  arranging: 'How the finance was arranged or sold',
  commission: 'Commission or what we disclosed',
  service: 'Our service or how we handled the application',
  'data-protection': 'How we used personal data',
  other: 'Something else',
} as const;

export type ComplaintCategory = keyof typeof COMPLAINT_CATEGORIES;

export const COMPLAINT_OUTCOMES: Record<ComplaintOutcome, string> = {
  upheld: 'Upheld',
  'partly-upheld': 'Partly upheld',
  'not-upheld': 'Not upheld',
};

export const COMPLAINT_MESSAGES = {
  receivedMissing: 'Enter the date the complaint was received',
  receivedInvalid: 'The date the complaint was received must be a real date',
  receivedFuture: 'The date the complaint was received must be today or in the past',
  category: 'Choose what the complaint is about',
  summaryMissing: 'Enter a summary of the complaint',
  summaryTooLong: 'Enter a summary of 2,000 characters or fewer',
  responseMissing: 'Enter the date of the final response',
  responseInvalid: 'The date of the final response must be a real date',
  responseFuture: 'The date of the final response must be today or in the past',
  responseBeforeReceived:
    'The date of the final response must be on or after the date the complaint was received',
  outcome: 'Choose the outcome',
  alreadyAnswered: 'The final response to this complaint is already recorded',
} as const;

export const SUMMARY_MAX = 2000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD that is a real calendar date, as a UTC midnight; null otherwise. */
function parseDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  return back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day
    ? time
    : null;
}

/**
 * Calendar arithmetic on dates, not instants: 8 weeks after a date is the same weekday 56
 * days on, whatever the clocks did in between (a day is not always 24 hours in London).
 */
export function addDays(date: string, days: number): string {
  const time = parseDate(date);
  if (time === null) throw new RangeError(`not a date: ${date}`);
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseDate(to)! - parseDate(from)!) / DAY_MS);
}

export function responseDeadline(receivedOn: string): string {
  return addDays(receivedOn, RESPONSE_WEEKS * 7);
}

/** The calendar date in London at this instant. */
export function londonDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export type ComplaintStanding = 'answered' | 'overdue' | 'due-soon' | 'open';

export function standingOf(
  complaint: { deadline_on: string; final_response_on: string | null },
  today: string,
): { standing: ComplaintStanding; daysLeft: number } {
  const daysLeft = daysBetween(today, complaint.deadline_on);
  if (complaint.final_response_on !== null) return { standing: 'answered', daysLeft };
  if (daysLeft < 0) return { standing: 'overdue', daysLeft };
  if (daysLeft <= DUE_SOON_DAYS) return { standing: 'due-soon', daysLeft };
  return { standing: 'open', daysLeft };
}

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const logBody = z.strictObject({
  receivedOn: z.string().max(20),
  category: z.string().max(40),
  summary: z.string().max(10_000),
});
const responseBody = z.strictObject({
  finalResponseOn: z.string().max(20),
  outcome: z.string().max(40),
});
const listAnswer = {
  schema: z.looseObject({ complaints: z.array(z.looseObject({})) }),
  description: 'Complaints, with their deadlines and where each stands.',
};

type ComplaintRow = Selectable<ComplaintsTable>;

function view(row: ComplaintRow, today: string) {
  return {
    id: row.id,
    applicationId: row.application_row_id,
    reference: row.reference,
    receivedOn: row.received_on,
    deadlineOn: row.deadline_on,
    category: row.category,
    categoryName: COMPLAINT_CATEGORIES[row.category as ComplaintCategory] ?? row.category,
    summary: row.summary,
    personalDataRemoved: row.summary === null,
    loggedBy: row.logged_by_email,
    loggedAt: row.logged_at,
    finalResponseOn: row.final_response_on,
    outcome: row.outcome,
    outcomeName: row.outcome === null ? null : COMPLAINT_OUTCOMES[row.outcome],
    respondedBy: row.responded_by_email,
    ...standingOf(row, today),
  };
}

export type ComplaintView = ReturnType<typeof view>;

function dateProblem(
  value: string,
  today: string,
  messages: { missing: string; invalid: string; future: string },
): string | null {
  if (value.trim() === '') return messages.missing;
  if (parseDate(value.trim()) === null) return messages.invalid;
  if (value.trim() > today) return messages.future;
  return null;
}

export function registerComplaintRoutes(
  app: FastifyInstance,
  options: Pick<StaffContext, 'db' | 'clock' | 'guard' | 'audit'>,
): void {
  const { db, clock, guard, audit } = options;

  const onTimeline = (rowId: number, request: FastifyRequest, text: string) =>
    addToTimeline(db, request.staff!.member, {
      rowId,
      at: clock.now().toISOString(),
      kind: 'complaint',
      text,
    });

  async function complaintsOf(rowId: number) {
    const today = londonDate(clock.now());
    const rows = await db
      .selectFrom('complaints')
      .selectAll()
      .where('application_row_id', '=', rowId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => view(row, today));
  }

  app.get(
    '/api/staff/applications/:id/complaints',
    {
      onRequest: guard(STAFF_ROLES),
      ...staffValidation,
      schema: {
        summary: "An application's complaints.",
        params,
        response: staffResponses({ 200: listAnswer }),
      },
    },
    async (request, reply) => {
      const application = await loadCase(db, request, reply, ['id', 'reference']);
      if (!application) return reply;
      return { complaints: await complaintsOf(application.id) };
    },
  );

  app.post(
    '/api/staff/applications/:id/complaints',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Log a complaint on an application.',
        params,
        body: logBody,
        response: staffResponses({ 201: listAnswer }),
      },
    },
    async (request, reply) => {
      const application = await loadCase(db, request, reply, ['id', 'reference']);
      if (!application) return reply;
      const parsed = logBody.safeParse(request.body);
      const body = parsed.success ? parsed.data : { receivedOn: '', category: '', summary: '' };
      const today = londonDate(clock.now());
      const fields: { path: string; message: string }[] = [];
      const received = dateProblem(body.receivedOn, today, {
        missing: COMPLAINT_MESSAGES.receivedMissing,
        invalid: COMPLAINT_MESSAGES.receivedInvalid,
        future: COMPLAINT_MESSAGES.receivedFuture,
      });
      if (received) fields.push({ path: 'receivedOn', message: received });
      if (!Object.hasOwn(COMPLAINT_CATEGORIES, body.category)) {
        fields.push({ path: 'category', message: COMPLAINT_MESSAGES.category });
      }
      const summary = body.summary.trim();
      if (summary === '')
        fields.push({ path: 'summary', message: COMPLAINT_MESSAGES.summaryMissing });
      else if (summary.length > SUMMARY_MAX) {
        fields.push({ path: 'summary', message: COMPLAINT_MESSAGES.summaryTooLong });
      }
      if (fields.length > 0) return reply.code(400).send({ error: 'invalid', fields });
      const receivedOn = body.receivedOn.trim();
      const inserted = await db
        .insertInto('complaints')
        .values({
          application_row_id: application.id,
          reference: application.reference,
          received_on: receivedOn,
          deadline_on: responseDeadline(receivedOn),
          category: body.category,
          summary,
          logged_by_email: request.staff!.member.email_lower,
          logged_at: clock.now().toISOString(),
          final_response_on: null,
          outcome: null,
          responded_by_email: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await onTimeline(
        application.id,
        request,
        `Complaint logged: ${COMPLAINT_CATEGORIES[body.category as ComplaintCategory]}`,
      );
      // The summary stays with the complaint; the log names the complaint and its category.
      await audit(request, {
        action: 'complaint-logged',
        target: String(application.id),
        detail: { complaint: inserted.id, category: body.category },
      });
      return reply.code(201).send({ complaints: await complaintsOf(application.id) });
    },
  );

  app.post(
    '/api/staff/complaints/:id/response',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: "Record a complaint's final response and outcome.",
        params,
        body: responseBody,
        response: staffResponses({ 200: listAnswer }),
      },
    },
    async (request, reply) => {
      const complaint = await findOr404(request, reply, params, async ({ id }) => {
        const row = await db
          .selectFrom('complaints')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        // A complaint whose application has gone is answered before that, or not from a case.
        return row?.application_row_id == null ? null : { ...row, rowId: row.application_row_id };
      });
      if (complaint === null) return reply;
      const { rowId } = complaint;
      const parsed = responseBody.safeParse(request.body);
      const body = parsed.success ? parsed.data : { finalResponseOn: '', outcome: '' };
      const today = londonDate(clock.now());
      const fields: { path: string; message: string }[] = [];
      const date = body.finalResponseOn.trim();
      const problem =
        dateProblem(date, today, {
          missing: COMPLAINT_MESSAGES.responseMissing,
          invalid: COMPLAINT_MESSAGES.responseInvalid,
          future: COMPLAINT_MESSAGES.responseFuture,
        }) ?? (date < complaint.received_on ? COMPLAINT_MESSAGES.responseBeforeReceived : null);
      if (problem) fields.push({ path: 'finalResponseOn', message: problem });
      if (!Object.hasOwn(COMPLAINT_OUTCOMES, body.outcome)) {
        fields.push({ path: 'outcome', message: COMPLAINT_MESSAGES.outcome });
      }
      if (fields.length > 0) return reply.code(400).send({ error: 'invalid', fields });
      const outcome = body.outcome as ComplaintOutcome;
      // Conditional on no response yet, so two people recording one at once cannot both win.
      const updated = await db
        .updateTable('complaints')
        .set({
          final_response_on: date,
          outcome,
          responded_by_email: request.staff!.member.email_lower,
        })
        .where('id', '=', complaint.id)
        .where('final_response_on', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        return reply
          .code(409)
          .send({ error: 'already_answered', message: COMPLAINT_MESSAGES.alreadyAnswered });
      }
      await onTimeline(rowId, request, `Complaint answered: ${COMPLAINT_OUTCOMES[outcome]}`);
      await audit(request, {
        action: 'complaint-answered',
        target: String(rowId),
        detail: { complaint: complaint.id, outcome },
      });
      return { complaints: await complaintsOf(rowId) };
    },
  );

  app.get(
    '/api/staff/complaints',
    {
      onRequest: guard(STAFF_ROLES),
      schema: {
        summary: 'The complaints register: open ones by deadline first, then answered ones.',
        response: staffResponses({ 200: listAnswer }),
      },
    },
    async (request) => {
      const today = londonDate(clock.now());
      const rows = await db
        .selectFrom('complaints')
        .selectAll()
        .orderBy((eb) => eb.case().when('final_response_on', 'is', null).then(0).else(1).end())
        .orderBy('deadline_on')
        .orderBy('id')
        .limit(REGISTER_LIMIT)
        .execute();
      await audit(request, { action: 'complaints-register-viewed', detail: { rows: rows.length } });
      // The register shows no summary: the case has it, for those who open the case.
      return {
        complaints: rows.map((row) => ({ ...view(row, today), summary: null })),
        limit: REGISTER_LIMIT,
      };
    },
  );
}

/** The register shows at most this many rows (open ones first). */
export const REGISTER_LIMIT = 500;
