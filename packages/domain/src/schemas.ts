/**
 * The request and response shapes of docs/product.md §3 and §7 as zod schemas, shared by the browser and
 * the server. The server never trusts the browser (docs/design.md §1, §3): every object is strict
 * (unknown keys, `__proto__` included, are rejected), every string is bounded, every choice is
 * one of the option lists of `state.ts`, and every number a step asks is held to that step's
 * range by the step rules (`payload-answers.ts`). Schemas validate; they never
 * transform, so what is stored is what was sent.
 *
 * Names not fixed by docs/product.md §3:
 * - `utmTerm`: SPEC lists `term` both as the loan term and under attribution; the loan term
 *   keeps `term`, the UTM term is sent as `utmTerm` (decision 0013).
 * - Consents: SPEC's third-party channel flags are `IsOpted{Email,Sms,Phone,Post}ThirdParty`
 *   (the state calls them `isOpted*Partner`). The joint applicant's consents use the same nine
 *   names inside `JointApplicant`, whose nesting already says whose consent it is; "partner"
 *   is not used in the payload because it would mean both the joint applicant and a third party.
 * - `addressIndex` and `employmentIndex` are 0-based positions in the sent list (0 = current),
 *   and must equal the entry's position. `securityAddress` has the entry's fields without an
 *   index (there is only one).
 *
 * These schemas hold the payload's structure only: types, lengths, option lists, the body's
 * shape and the forms the payload builder writes. What a screen checks is checked by the
 * journey's own step rules over the answers read back from the payload (`payload-answers.ts`,
 * decision 0039), with the screen's message. docs/payload.md lists the fields.
 */
import { z } from 'zod';
import { payloadDisclosuresSchema } from './disclosures.js';
import { MAX_PARAMETER_LENGTH } from './intake.js';
import {
  ADDRESS_SELECT_REQUIRED,
  CHECKBOX_REQUIRED,
  EMAIL_BAD_FORMAT,
  RADIO_GROUP_REQUIRED,
  YEARS_AND_MONTHS_REQUIRED,
  tooLong,
} from './messages.js';
import { INVALID_POSTCODE_MESSAGE } from './journey/index.js';
import { PAYLOAD_DATE_OF_BIRTH } from './payload-answers.js';
import {
  NAMED_PAYLOAD_FIELDS,
  type NamedPayloadField,
  type PayloadScope,
} from './payload-fields.js';
import { isValidPostcode, normalisePostcode } from './postcode.js';
import { TEXT_MAX_LENGTH } from './validation.js';
import { HISTORY_CAPS } from './years-months.js';
import {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  FINANCE_TYPES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  RESIDENTIAL_STATUSES,
  TITLES,
  VEHICLE_TYPES,
} from './journey/index.js';

/** Bounds of the payload that neither SPEC nor a screen fixes: generous, but finite. */
export const PAYLOAD_LIMITS = {
  /**
   * Above the Royal Mail PAF's longest address element (60 characters): a looked-up address is
   * not held to the 50 characters of a typed line.
   */
  addressLine: 100,
  additionalNeedsStatement: 500,
  addresses: 10,
  employments: 10,
  /** What intake keeps of a query parameter, cookie or host (intake.ts). */
  parameter: MAX_PARAMETER_LENGTH,
  host: 260,
  /** The subdomain sent as submittedBy: one DNS label. */
  submittedBy: 63,
} as const;

const L = PAYLOAD_LIMITS;
const CAPS = HISTORY_CAPS;

/** What the payload sends for SPEC's loan purposes: null and SomethingElse become Other. */
export const PAYLOAD_LOAN_PURPOSES = [
  'Vehicle',
  'HomeImprovements',
  'DebtConsolidation',
  'Other',
] as const;

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex
const NO_CONTROL_EXCEPT_NEWLINES = /^[^\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]*$/;
/** Used in a URL path (POST /api/submission/{submissionKey}), so URL-safe characters only. */
const SUBMISSION_KEY = /^[A-Za-z0-9._~-]{1,100}$/;

const text = (max: number = TEXT_MAX_LENGTH) =>
  z
    .string()
    .max(max, tooLong(max))
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters');
const requiredText = (max: number = TEXT_MAX_LENGTH) => text(max).min(1);
const int = (min: number, max: number) => z.number().int().min(min).max(max);

const consentShape = {
  IsOptedEmail: z.boolean(),
  IsOptedSms: z.boolean(),
  IsOptedPhone: z.boolean(),
  IsOptedPost: z.boolean(),
  IsOptedThirdParty: z.boolean(),
  IsOptedEmailThirdParty: z.boolean(),
  IsOptedSmsThirdParty: z.boolean(),
  IsOptedPhoneThirdParty: z.boolean(),
  IsOptedPostThirdParty: z.boolean(),
};

/** A years or months count, within the payload's cap for it. */
const count = (max: number) =>
  z.number({ error: YEARS_AND_MONTHS_REQUIRED }).int(YEARS_AND_MONTHS_REQUIRED).min(0).max(max);
/** A number answer; its range is the step's (payload-answers.ts). */
const answer = () => z.number();
const wholeAnswer = () => z.number().int('Must be a whole number.');

/** The payload builder sends a phone as a 0 and ten more digits, once the screen's check passed. */
const PAYLOAD_PHONE = /^0\d{10}$/;
export const PAYLOAD_PHONE_DIGITS = 'Must be sent as digits only, as the payload rule sends it';
export const PAYLOAD_DATE_SHAPE = 'Must be YYYY-MM-DDT00:00:00.000';

const phone = () => z.string().regex(PAYLOAD_PHONE, PAYLOAD_PHONE_DIGITS);
const dateOfBirth = () => z.string().regex(PAYLOAD_DATE_OF_BIRTH, PAYLOAD_DATE_SHAPE);
/** The builder trims the e-mail address; spaces around it are refused as the screen does. */
const email = () => text().refine((value) => value === value.trim(), { error: EMAIL_BAD_FORMAT });
/** A postcode as the builder writes it ('SW1A 1AA'). */
const postcode = () =>
  z
    .string()
    .max(8, INVALID_POSTCODE_MESSAGE)
    .refine((value) => isValidPostcode(value) && normalisePostcode(value) === value, {
      error: INVALID_POSTCODE_MESSAGE,
    });

function addressFields(yearsCap: number) {
  return {
    flatNumber: text(L.addressLine).optional(),
    buildingName: text(L.addressLine).optional(),
    buildingNumber: text(L.addressLine).optional(),
    street: text(L.addressLine).optional(),
    locality: text(L.addressLine).optional(),
    town: text(L.addressLine).optional(),
    county: text(L.addressLine).optional(),
    postcode: postcode().optional(),
    yearsAtAddress: count(yearsCap),
    monthsAtAddress: count(CAPS.months),
    residentialStatus: z.enum(RESIDENTIAL_STATUSES).optional(),
  };
}

export const payloadAddressSchema = z.strictObject({
  addressIndex: int(0, L.addresses - 1),
  ...addressFields(CAPS.addressYears),
});

/** Up to 10 years when copied from the current address, 50 when separate (docs/product.md §5). */
export const payloadSecurityAddressSchema = z.strictObject(
  addressFields(CAPS.securityAddressYears),
);

export const payloadEmploymentSchema = z.strictObject({
  employmentIndex: int(0, L.employments - 1),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES).optional(),
  yearsAtEmployer: count(CAPS.employerYears),
  monthsAtEmployer: count(CAPS.months),
  occupation: text().optional(),
  employerName: text().optional(),
  Town: text().optional(),
});

/** Asked of both applicants; a partial save may still lack them (`PERSON_FIELDS_OPTIONAL`). */
function personShape() {
  return {
    title: z.enum(TITLES),
    firstName: text(),
    lastName: text(),
    email: email(),
    contactNumber: phone(),
    dateOfBirth: dateOfBirth(),
    maritalStatus: z.enum(MARITAL_STATUSES),
    netMonthlyIncome: answer(),
  };
}

const jointOptional = {
  drivingLicenceType: z.enum(DRIVING_LICENCE_TYPES).optional(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES).optional(),
  yearsAtEmployer: count(CAPS.employerYears).optional(),
  monthsAtEmployer: count(CAPS.months).optional(),
  ...consentShape,
};

/**
 * The structure of the answers sent under their own names (`payload-fields.ts`, decision 0049),
 * each optional: the step rules hold them to the screen's range and say when one is required.
 * They are left out of the payload's static type (nothing reads them by name). Throws when a
 * name is one the payload already has.
 */
function namedShape(scope: PayloadScope, taken: object): object {
  const fields = NAMED_PAYLOAD_FIELDS.filter((named) => named.scope === scope);
  const clash = fields.find((named) => named.name in taken);
  if (clash) throw new Error(`${clash.path}: the payload already has a field ${clash.name}`);
  return Object.fromEntries(fields.map((named) => [named.name, namedSchema(named).optional()]));
}

function namedSchema(named: NamedPayloadField): z.ZodType {
  if (named.type === 'number') return answer();
  if (named.type === 'boolean') return z.boolean();
  return named.values
    ? z.enum(named.values as [string, ...string[]])
    : text(named.field.maxLength ?? TEXT_MAX_LENGTH);
}

const jointShape = { ...personShape(), ...jointOptional };

export const payloadJointApplicantSchema = z.strictObject({
  ...jointShape,
  ...namedShape('joint', jointShape),
});

const PERSON_FIELDS_OPTIONAL = {
  title: true,
  firstName: true,
  lastName: true,
  email: true,
  contactNumber: true,
  dateOfBirth: true,
  maritalStatus: true,
  netMonthlyIncome: true,
} as const satisfies Record<keyof ReturnType<typeof personShape>, true>;

const partialJointApplicantSchema = payloadJointApplicantSchema.partial(PERSON_FIELDS_OPTIONAL);

const payloadShape = {
  // Identity and tracking
  submissionKey: z.string().regex(SUBMISSION_KEY, 'Must be 1 to 100 URL-safe characters'),
  affiliateKey: requiredText(),
  dealerNumber: text(L.parameter).optional(),
  variant: text(L.parameter).optional(),
  sessionId: text(100).optional(),
  userAgent: text(1000).optional(),
  remoteAddress: text(45).optional(),
  urlReferrer: text(L.host).optional(),
  submittedBy: requiredText(L.submittedBy),
  dateApplied: z.iso.datetime({ offset: true }).optional(),

  // Loan
  loanPurposeType: z.enum(PAYLOAD_LOAN_PURPOSES, { error: RADIO_GROUP_REQUIRED }),
  lookingToBuy: z.enum(LOOKING_TO_BUY).optional(),
  loanAmount: answer(),
  cashDeposit: answer(),
  financeType: z.enum(FINANCE_TYPES, { error: RADIO_GROUP_REQUIRED }),
  term: wholeAnswer(),

  // Applicant
  ...personShape(),
  drivingLicenceType: z.enum(DRIVING_LICENCE_TYPES).optional(),

  // Property and security
  isSecurityCurrentAddress: z.boolean().optional(),
  propertyValue: answer().optional(),
  mortgageBalance: answer().optional(),
  propertyBedrooms: wholeAnswer().optional(),
  securityAddress: payloadSecurityAddressSchema.optional(),

  // Joint application
  isJointApplication: z.boolean().optional(),
  JointApplicant: payloadJointApplicantSchema.optional(),

  // Needs and consent
  discussFinancialCircumstances: z.boolean().optional(),
  additionalNeedsRequirements: z.boolean().optional(),
  additionalNeedsRequirementsStatement: z
    .string()
    .max(L.additionalNeedsStatement, tooLong(L.additionalNeedsStatement))
    .regex(NO_CONTROL_EXCEPT_NEWLINES, 'Must not contain control characters')
    .optional(),
  agreeSoftSearch: z.boolean().optional(),
  // Not in docs/product.md §3's payload list, but the decline policy of docs/design.md §3 needs it.
  breathingSpace: z.boolean().optional(),
  // Not in docs/product.md §3's payload list: the lender panel's vehicle rules read it where given
  // (docs/decisions/0022-lender-panel.md).
  vehicle: z
    .strictObject({
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      year: int(1900, 2100).optional(),
      mileage: int(0, 10_000_000).optional(),
    })
    .optional(),
  // Agreed on the contact screen; a partial save needs it too (docs/product.md §4).
  termsAndConditionsAgreed: z.literal(true, { error: CHECKBOX_REQUIRED }),
  IsCompleted: z.boolean(),
  ...consentShape,
  // Which texts were shown and when each consent was given (docs/evidence.md); optional so that
  // clients built before it still submit.
  disclosures: payloadDisclosuresSchema.optional(),

  addresses: z.array(payloadAddressSchema).min(1).max(L.addresses),
  employments: z.array(payloadEmploymentSchema).min(1).max(L.employments),

  // Attribution
  evsrc: text(L.parameter).optional(),
  evcmp: text(L.parameter).optional(),
  evrfd: text(L.parameter).optional(),
  evoSource: text(L.parameter).optional(),
  source: text(L.parameter).optional(),
  medium: text(L.parameter).optional(),
  utmTerm: text(L.parameter).optional(),
  keyword: text(L.parameter).optional(),
  campaign: text(L.parameter).optional(),
};

interface CrossFieldInput {
  loanPurposeType: (typeof PAYLOAD_LOAN_PURPOSES)[number];
  financeType: (typeof FINANCE_TYPES)[number];
  isJointApplication?: boolean | undefined;
  JointApplicant?: object | undefined;
  discussFinancialCircumstances?: boolean | undefined;
  additionalNeedsRequirementsStatement?: string | undefined;
  isSecurityCurrentAddress?: boolean | undefined;
  securityAddress?: { yearsAtAddress: number } | undefined;
  addresses: { addressIndex: number }[];
  employments: { employmentIndex: number }[];
}

type Ctx = z.core.$RefinementCtx<CrossFieldInput>;

function problem(ctx: Ctx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/**
 * The payload's own rules across fields: how the builder writes an application, not what a
 * screen asks (those are the step rules, payload-answers.ts). A secured loan is sent as
 * financeType 'Secured' and always with its security address (the current one's copy or the
 * separate one); the joint applicant only on a joint application; indexes are positions.
 */
function crossFieldRules(complete: boolean) {
  return (value: CrossFieldInput, ctx: Ctx) => {
    const vehicle = value.loanPurposeType === 'Vehicle';
    if (vehicle === (value.financeType === 'Secured')) {
      problem(ctx, ['financeType'], RADIO_GROUP_REQUIRED);
    }
    if (complete && !vehicle && value.securityAddress === undefined) {
      problem(ctx, ['securityAddress'], ADDRESS_SELECT_REQUIRED);
    }
    if (value.isJointApplication === true) {
      if (complete && value.JointApplicant === undefined) {
        problem(ctx, ['JointApplicant'], 'Required for a joint application');
      }
    } else if (value.JointApplicant !== undefined) {
      problem(ctx, ['JointApplicant'], 'Only allowed when isJointApplication is true');
    }
    if (
      value.additionalNeedsRequirementsStatement !== undefined &&
      value.discussFinancialCircumstances !== true
    ) {
      problem(
        ctx,
        ['additionalNeedsRequirementsStatement'],
        'Only allowed when discussFinancialCircumstances is true',
      );
    }
    if (
      value.isSecurityCurrentAddress === true &&
      value.securityAddress !== undefined &&
      value.securityAddress.yearsAtAddress > CAPS.securityCopyYears
    ) {
      problem(
        ctx,
        ['securityAddress', 'yearsAtAddress'],
        `Must be at most ${CAPS.securityCopyYears} for a copy of the current address`,
      );
    }
    value.addresses.forEach((entry, index) => {
      if (entry.addressIndex !== index) {
        problem(ctx, ['addresses', index, 'addressIndex'], `Must be ${index}`);
      }
    });
    value.employments.forEach((entry, index) => {
      if (entry.employmentIndex !== index) {
        problem(ctx, ['employments', index, 'employmentIndex'], `Must be ${index}`);
      }
    });
  };
}

const payloadObject = z.strictObject({
  ...payloadShape,
  ...namedShape('applicant', payloadShape),
});

/** A full submission (POST /api/submission/{submissionKey}). */
export const submissionPayloadSchema = payloadObject.superRefine(crossFieldRules(true));

/**
 * A partial save (POST /api/submission/partial/{submissionKey}): the applicant's answers, the
 * joint applicant and the address and employment lists may still be missing, but whatever is
 * sent obeys the same types and limits, and the terms must still be agreed (docs/product.md §5).
 */
export const partialSubmissionPayloadSchema = payloadObject
  .partial(PERSON_FIELDS_OPTIONAL)
  .extend({
    JointApplicant: partialJointApplicantSchema.optional(),
    addresses: z.array(payloadAddressSchema).max(L.addresses),
    employments: z.array(payloadEmploymentSchema).max(L.employments),
  })
  .superRefine(crossFieldRules(false));

export type SubmissionPayload = z.infer<typeof submissionPayloadSchema>;
export type PartialSubmissionPayload = z.infer<typeof partialSubmissionPayloadSchema>;
export type PayloadAddress = z.infer<typeof payloadAddressSchema>;
export type PayloadSecurityAddress = z.infer<typeof payloadSecurityAddressSchema>;
export type PayloadEmployment = z.infer<typeof payloadEmploymentSchema>;
export type PayloadJointApplicant = z.infer<typeof payloadJointApplicantSchema>;

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
  subBuilding: z.string().max(L.addressLine).nullable().optional(),
  houseName: z.string().max(L.addressLine).nullable().optional(),
  houseNumber: z.string().max(L.addressLine).nullable().optional(),
  street: z.string().max(L.addressLine).nullable().optional(),
  locality: z.string().max(L.addressLine).nullable().optional(),
  town: z.string().max(L.addressLine).nullable().optional(),
  county: z.string().max(L.addressLine).nullable().optional(),
  postcode: z.string().min(1).max(8),
});
export type AddressDetail = z.infer<typeof addressDetailSchema>;

export const addressDetailResponseSchema = z.object({
  Items: z.array(addressDetailSchema).max(1000),
});
export type AddressDetailResponse = z.infer<typeof addressDetailResponseSchema>;
