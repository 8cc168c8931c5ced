/**
 * The request and response shapes of docs/product.md §3 and §7 as zod schemas, shared by the
 * browser and the server. The server never trusts the browser (docs/design.md §1, §3): every
 * object is strict (unknown keys, `__proto__` included, are rejected), every string is bounded,
 * every choice is one of its screen's options. Schemas validate; they never transform, so what
 * is stored is what was sent.
 *
 * The submission payload is the journey's table read as a codec (decision 0063): the answers'
 * keys, types and forms come from the table (codec/schema.ts), its static type too
 * (codec/payload-type.ts); only the envelope, what is not an answer, is written here. What a
 * screen checks, and what the applicant's path asks, are the server's one pass over the
 * answers read back (codec/read.ts, decisions 0039 and 0064). docs/payload.md (generated)
 * lists every field.
 */
import { z } from 'zod';
import { payloadDisclosuresSchema } from './disclosures.js';
import { MAX_PARAMETER_LENGTH } from './intake.js';
import { VEHICLE_TYPES } from './journey/options.js';
import { ADDRESS_LINE_MAX, answersShape, count, text } from './codec/schema.js';
import type { EnvelopeKey } from './codec/envelope.js';
import type {
  AddressAnswers,
  AnswersOf,
  EmploymentAnswers,
  JointAnswers,
  SecurityAddressAnswers,
} from './codec/payload-type.js';
import { INDEX_KEYS, PLACE_NAMES } from './codec/fields.js';
import { HISTORY_CAPS } from './codec/policy.js';

/** Bounds of the payload that neither SPEC nor a screen fixes: generous, but finite. */
export const PAYLOAD_LIMITS = {
  addresses: 10,
  employments: 10,
  /** What intake keeps of a query parameter, cookie or host (intake.ts). */
  parameter: MAX_PARAMETER_LENGTH,
  host: 260,
  /** The subdomain sent as submittedBy: one DNS label. */
  submittedBy: 63,
} as const;

const L = PAYLOAD_LIMITS;

/** What the payload sends for SPEC's loan purposes: SomethingElse becomes Other. */
export const PAYLOAD_LOAN_PURPOSES = [
  'Vehicle',
  'HomeImprovements',
  'DebtConsolidation',
  'Other',
] as const;

/**
 * The application's key, in the URL path of its routes: a version 4 UUID in lower case, so that
 * nobody can choose a key that names other applications (docs/decisions/0050-people-and-relations.md).
 */
const SUBMISSION_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const SUBMISSION_KEY_MESSAGE = 'Must be a version 4 UUID in lower case';

export const submissionKeySchema = z.string().regex(SUBMISSION_KEY, SUBMISSION_KEY_MESSAGE);

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * What the payload carries that is not an answer (codec/envelope.ts names the same keys and
 * where each comes from): keys, tracking, the vehicle's facts, the disclosures, attribution.
 */
const envelopeShape = {
  submissionKey: submissionKeySchema,
  affiliateKey: text().min(1),
  dealerNumber: text(L.parameter).optional(),
  variant: text(L.parameter).optional(),
  sessionId: text(100).optional(),
  userAgent: text(1000).optional(),
  remoteAddress: text(45).optional(),
  urlReferrer: text(L.host).optional(),
  submittedBy: text(L.submittedBy).min(1),
  dateApplied: z.iso.datetime({ offset: true }).optional(),
  // true for a full submission, false for a partial save (each route sets its own).
  IsCompleted: z.boolean(),
  // Not in docs/product.md §3's payload list: the lender panel's vehicle rules read it where given
  // (docs/decisions/0022-lender-panel.md).
  vehicle: z
    .strictObject({
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      year: int(1900, 2100).optional(),
      mileage: int(0, 10_000_000).optional(),
    })
    .optional(),
  // Which texts were shown and when each consent was given (docs/evidence.md); optional so that
  // clients built before it still submit.
  disclosures: payloadDisclosuresSchema.optional(),
  evsrc: text(L.parameter).optional(),
  evcmp: text(L.parameter).optional(),
  evrfd: text(L.parameter).optional(),
  evoSource: text(L.parameter).optional(),
  source: text(L.parameter).optional(),
  medium: text(L.parameter).optional(),
  utmTerm: text(L.parameter).optional(),
  keyword: text(L.parameter).optional(),
  campaign: text(L.parameter).optional(),
} satisfies Record<EnvelopeKey, z.ZodType>;

type Envelope = z.infer<z.ZodObject<typeof envelopeShape>>;

/** Each list entry's index must be its position (0 = current). */
function indexesArePositions(value: object, ctx: z.core.$RefinementCtx): void {
  for (const list of ['addresses', 'employments'] as const) {
    const entries = (value as Record<string, unknown>)[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: Record<string, unknown>, index) => {
      const key = INDEX_KEYS[list];
      if (entry[key] !== index) {
        ctx.addIssue({ code: 'custom', path: [list, index, key], message: `Must be ${index}` });
      }
    });
  }
}

function entrySchema(place: 'addresses' | 'employments', full: boolean) {
  const max = place === 'addresses' ? L.addresses : L.employments;
  return z.strictObject({ [INDEX_KEYS[place]]: int(0, max - 1), ...answersShape(place, full) });
}

/** The payload's schema: the envelope and the table's answers, every object strict. */
function payloadSchema(full: boolean) {
  const top = answersShape('top', full);
  const clash = Object.keys(top).find((key) => key in envelopeShape || key in PLACE_KEYS);
  if (clash !== undefined) throw new Error(`The payload already has a field ${clash}`);
  const list = (place: 'addresses' | 'employments') => {
    const max = place === 'addresses' ? L.addresses : L.employments;
    const entries = z.array(entrySchema(place, full)).max(max);
    return full ? entries.min(1) : entries;
  };
  return z
    .strictObject({
      ...envelopeShape,
      IsCompleted: z.literal(full, {
        error: full ? 'Must be true for a full submission' : 'Must be false for a partial save',
      }),
      ...top,
      [PLACE_NAMES.joint]: z.strictObject(answersShape('joint', full)).optional(),
      [PLACE_NAMES.securityAddress]: z
        .strictObject({
          ...answersShape('securityAddress', false),
          // The current address's copy carries its residential status (codec/build.ts).
          residentialStatus: answersShape('addresses', false).residentialStatus!,
          yearsAtAddress: count(HISTORY_CAPS.securityAddressYears).optional(),
          monthsAtAddress: count(HISTORY_CAPS.months).optional(),
        })
        .optional(),
      [PLACE_NAMES.addresses]: list('addresses'),
      [PLACE_NAMES.employments]: list('employments'),
    })
    .superRefine(indexesArePositions);
}

const PLACE_KEYS = Object.fromEntries(Object.values(PLACE_NAMES).map((name) => [name, true]));

/** A full submission (POST /api/submission/{submissionKey}), as docs/payload.md describes it. */
export type SubmissionPayload = Omit<Envelope, 'IsCompleted'> &
  AnswersOf<true> & {
    IsCompleted: true;
    JointApplicant?: JointAnswers<true>;
    securityAddress?: SecurityAddressAnswers;
    addresses: AddressAnswers[];
    employments: EmploymentAnswers[];
  };

/** A partial save: any answer may still be missing; the terms must be agreed. */
export type PartialSubmissionPayload = Omit<Envelope, 'IsCompleted'> &
  AnswersOf<false> & {
    IsCompleted: false;
    termsAndConditionsAgreed: true;
    JointApplicant?: JointAnswers<false>;
    securityAddress?: SecurityAddressAnswers;
    addresses: AddressAnswers[];
    employments: EmploymentAnswers[];
  };

export type PayloadAddress = AddressAnswers;
export type PayloadSecurityAddress = SecurityAddressAnswers;
export type PayloadEmployment = EmploymentAnswers;
export type PayloadJointApplicant = JointAnswers<true>;

/** A full submission's structure (the step rules and the path are read.ts's). */
export const submissionPayloadSchema: z.ZodType<SubmissionPayload> = payloadSchema(
  true,
) as unknown as z.ZodType<SubmissionPayload>;

/**
 * A partial save (POST /api/submission/partial/{submissionKey}): any answer may still be
 * missing, but whatever is sent obeys the same types and limits, and the terms must still be
 * agreed (docs/product.md §5).
 */
export const partialSubmissionPayloadSchema: z.ZodType<PartialSubmissionPayload> = payloadSchema(
  false,
) as unknown as z.ZodType<PartialSubmissionPayload>;

const panelId = z.string().max(50);
const panelName = z.string().max(100);
const amount = z.number().min(0).max(100_000_000);

/** An approval's indicative personal quote: the best matching product, priced for the applicant. */
export const indicativeQuoteSchema = z.object({
  lenderId: panelId,
  lender: panelName,
  productId: panelId,
  product: panelName,
  rateLabel: z.enum(['APR', 'APRC']),
  amount,
  termMonths: int(1, 600),
  apr: z.number().min(0).max(1),
  monthlyPayment: amount,
  totalCostOfCredit: amount,
  totalPayable: amount,
  validUntil: z.iso.date(),
});

export type IndicativeQuote = z.infer<typeof indicativeQuoteSchema>;

export const matchedLenderSchema = z.object({ id: panelId, name: panelName });

/**
 * The answer to a full submission (docs/product.md §3). Not strict: the browser ignores fields it does
 * not know, so the server can add some without breaking older pages.
 */
export const submissionResponseSchema = z.object({
  dealerNumber: z.string().max(L.parameter).nullable().optional(),
  duplicateRequest: z.boolean(),
  declineReason: z.string().max(255).nullable(),
  quoteValid: z.boolean(),
  quoteProcessed: z.boolean(),
  applicationId: z.string().max(100).nullable().optional(),
  otp: z.string().max(20).nullable().optional(),
  accountStatus: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])
    .nullable()
    .optional(),
  // Added by the lender panel (docs/decisions/0022-lender-panel.md); absent from older answers.
  quote: indicativeQuoteSchema.nullable().optional(),
  matchedLenders: z.array(matchedLenderSchema).max(100).optional(),
  // The short reference read over the phone (docs/decisions/0030-application-reference.md).
  reference: z.string().max(20).nullable().optional(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/**
 * One item of GET /api/address/{postcode} (docs/product.md §3, §7): `udprn` is the id passed to
 * GET /api/address/id/{addressId}, `Address` the text shown in the dropdown. Only items whose
 * `Type` is 'Address' are offered; other types (a street or building container) are skipped.
 */
export const addressLookupItemSchema = z.object({
  udprn: z.string().min(1).max(100),
  Type: z.string().max(50),
  Address: z.string().max(300),
});
export type AddressLookupItem = z.infer<typeof addressLookupItemSchema>;

export const addressListResponseSchema = z.object({
  Items: z.array(addressLookupItemSchema).max(1000),
});
export type AddressListResponse = z.infer<typeof addressListResponseSchema>;

/** The details of one address, named after the `Address` fields of the state they fill. */
export const addressDetailSchema = z.object({
  subBuilding: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  houseName: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  houseNumber: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  street: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  locality: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  town: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  county: z.string().max(ADDRESS_LINE_MAX).nullable().optional(),
  postcode: z.string().min(1).max(8),
});
export type AddressDetail = z.infer<typeof addressDetailSchema>;

export const addressDetailResponseSchema = z.object({
  Items: z.array(addressDetailSchema).max(1000),
});
export type AddressDetailResponse = z.infer<typeof addressDetailResponseSchema>;
