/**
 * What the staff API's routes declare besides their request schemas (which sit beside each
 * route): how they validate, and the JSON Schema of their answers (docs/decisions/0041-server-routes-schemas-and-build.md).
 * The staff API stays out of the public OpenAPI document (http/openapi.ts), but its schemas
 * validate requests and serialise answers all the same. Answers are loose objects: a field the
 * back office reads is never dropped by the serialiser, even one not listed here.
 */
import { z } from 'zod';
import { jsonSchemaOf, zodValidation } from '../http/openapi.js';

/**
 * The request parts' zod schemas validate before the handler runs, and the failure is attached
 * rather than answered (attachValidation): the guard's 401/403 still comes first, and each route
 * keeps its own answer to bad input (404 for a malformed id, the sign-in messages…). The handler
 * reads the part through the same schema, whose transforms (trim, lower case, coercion) give the
 * same value a second time.
 */
export const staffValidation = { ...zodValidation, attachValidation: true } as const;

const errorBody = z
  .looseObject({
    error: z.string().describe('A short code: `invalid`, `not_found`, `forbidden`…'),
    message: z.string().optional().describe('A sentence to show, where there is one.'),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .describe('An error.');

/** Every 4xx answer of the staff API: `{ error }`, with a message or the fields at fault. */
export const staffErrors = {
  '4xx': { ...jsonSchemaOf(errorBody), description: 'Refused: see `error`.' },
};

/**
 * JSON answers described by zod schemas (and `others`, e.g. a file: fileAnswer), with the staff
 * API's error answers.
 */
export function staffResponses(
  answers: Record<number, { schema: z.ZodType; description: string }>,
  others: Record<number, Record<string, unknown>> = {},
): Record<string, Record<string, unknown>> {
  return {
    ...others,
    ...Object.fromEntries(
      Object.entries(answers).map(([status, { schema, description }]) => [
        status,
        { ...jsonSchemaOf(schema), description },
      ]),
    ),
    ...staffErrors,
  };
}

/** The body of a POST that takes none: nothing (JSON Schema cannot say `undefined`). */
export const noBody = z.never().optional().describe('No body.');

export const noContent = { 204: { type: 'null', description: 'Done.' }, ...staffErrors };

export const staffMemberSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.string(),
});

export const sessionSchema = z.looseObject({
  staff: staffMemberSchema,
  csrfToken: z.string(),
  idleTimeoutSeconds: z.number(),
});

export const deliveryAttemptsSchema = z.array(
  z.looseObject({
    id: z.number(),
    eventId: z.string(),
    type: z.string(),
    endpoint: z.string(),
    attempts: z.number(),
    createdAt: z.string(),
    nextAttemptAt: z.string(),
    deliveredAt: z.string().nullable(),
    deadAt: z.string().nullable(),
    lastError: z.string().nullable(),
    state: z.enum(['delivered', 'dead', 'pending']),
  }),
);

export const workSchema = z.looseObject({
  status: z.string(),
  nextStatuses: z.array(z.string()),
  nextActionOn: z.string().nullable().describe('The next-action date, YYYY-MM-DD (London).'),
  assignee: z
    .looseObject({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  activity: z.array(
    z.looseObject({
      id: z.number(),
      at: z.string(),
      by: z.string().nullable(),
      kind: z.string(),
      text: z.string(),
    }),
  ),
});

export const applicationSummarySchema = z.looseObject({
  workStatus: z.string(),
  assignedTo: z.string().nullable(),
  nextActionOn: z.string().nullable(),
  id: z.number(),
  applicationId: z.string().nullable(),
  reference: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  outcome: z.string(),
  declineReason: z.string().nullable(),
  journey: z.string(),
  brand: z.string().nullable(),
  affiliate: z.string().nullable(),
  loanAmount: z.number().nullable(),
  duplicateOf: z
    .object({ id: z.number(), reference: z.string().nullable() })
    .nullable()
    .describe('A possible duplicate: the earlier application it matched.'),
  duplicateReleasedAt: z.string().nullable(),
});

export const applicationDetailSchema = applicationSummarySchema.extend({
  duplicates: z
    .array(z.object({ id: z.number(), reference: z.string().nullable(), released: z.boolean() }))
    .describe('Later applications found to be possible duplicates of this one.'),
  submissionKey: z.string(),
  variant: z.string().nullable(),
  dealerNumber: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  updatedAt: z.string(),
  payload: z.unknown().describe('The answers as submitted.'),
  response: z.unknown().describe('The answer the applicant got, or null.'),
  decision: z.unknown().describe("The lender panel's decision as stored, or null."),
  work: workSchema,
  deliveries: deliveryAttemptsSchema,
  evidence: z
    .unknown()
    .describe(
      "What the applicant was shown and agreed: the server's record beside the browser's claims.",
    ),
});

/** For answers that are not JSON (a CSV or a page): documented, never serialised. */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: { type: 'string' } } } };
}
