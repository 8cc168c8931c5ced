/**
 * The request and response shapes of SPEC §3 and §7 as zod schemas, shared by the browser and
 * the server. The server never trusts the browser (DESIGN §1, §3): every object is strict
 * (unknown keys, `__proto__` included, are rejected), every string and number is bounded, and
 * every choice is one of the option lists of `state.ts`. Schemas validate; they never
 * transform, so what is stored is what was sent.
 *
 * Names not fixed by SPEC §3:
 * - `utmTerm`: SPEC lists `term` both as the loan term and under attribution; the loan term
 *   keeps `term`, the UTM term is sent as `utmTerm`.
 * - Consents: SPEC's third-party channel flags are `IsOpted{Email,Sms,Phone,Post}ThirdParty`
 *   (the state calls them `isOpted*Partner`). The joint applicant's consents use the same nine
 *   names inside `JointApplicant`, whose nesting already says whose consent it is; "partner"
 *   is not used in the payload because it would mean both the joint applicant and a third party.
 * - `addressIndex` and `employmentIndex` are 0-based positions in the sent list (0 = current),
 *   and must equal the entry's position. `securityAddress` has the entry's fields without an
 *   index (there is only one).
 */
import { z } from 'zod';
import { isRealDate } from './date-of-birth.js';
import { MAX_PARAMETER_LENGTH } from './intake.js';
import { isValidPostcode, normalisePostcode } from './postcode.js';
import { EMAIL_MAX_LENGTH, TEXT_MAX_LENGTH } from './validation.js';
import { HISTORY_CAPS } from './years-months.js';
import {
  DRIVING_LICENCE_TYPES,
  EMPLOYMENT_STATUSES,
  FINANCE_TYPES,
  LOOKING_TO_BUY,
  MARITAL_STATUSES,
  PROPERTY_TYPES,
  RESIDENTIAL_STATUSES,
  TITLES,
  VEHICLE_TYPES,
} from './state.js';

/** Bounds of the payload that SPEC does not fix: generous, but finite. */
export const PAYLOAD_LIMITS = {
  /** Above the Royal Mail PAF's longest address element (60 characters). */
  addressLine: 100,
  additionalNeedsStatement: 500,
  addresses: 10,
  employments: 10,
  loanAmount: 1_000_000,
  termYears: 40,
  income: 1_000_000,
  propertyMoney: 100_000_000,
  bedrooms: 50,
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
/** SPEC §5: 'YYYY-MM-DDT00:00:00.000', no time zone. */
export const PAYLOAD_DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000$/;
/** A normalised UK number: leading 0, 10 to 13 digits (SPEC §5). */
const PAYLOAD_PHONE = /^0\d{9,12}$/;

const text = (max: number = TEXT_MAX_LENGTH) =>
  z.string().max(max).regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters');
const requiredText = (max: number = TEXT_MAX_LENGTH) => text(max).min(1);
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const money = (min: number, max: number) => z.number().min(min).max(max);

/** Runs only on a value that already has the date-of-birth shape (the regex aborts first). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  return isRealDate(year, month, day);
}

const dateOfBirth = z
  .string()
  .regex(PAYLOAD_DATE_OF_BIRTH, { message: 'Must be YYYY-MM-DDT00:00:00.000', abort: true })
  .refine(isCalendarDate, 'Must be a real calendar date');
const email = z.email().max(EMAIL_MAX_LENGTH);
const phone = z.string().regex(PAYLOAD_PHONE, 'Must be 10 to 13 digits starting with 0');
const postcode = z
  .string()
  .max(8, { abort: true })
  .refine(
    (value) => isValidPostcode(value) && normalisePostcode(value) === value,
    'Must be a UK postcode such as SW1A 1AA',
  );

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

function addressFields(yearsCap: number) {
  return {
    flatNumber: text(L.addressLine).optional(),
    buildingName: text(L.addressLine).optional(),
    buildingNumber: text(L.addressLine).optional(),
    street: text(L.addressLine).optional(),
    locality: text(L.addressLine).optional(),
    town: text(L.addressLine).optional(),
    county: text(L.addressLine).optional(),
    postcode: postcode.optional(),
    yearsAtAddress: int(0, yearsCap),
    monthsAtAddress: int(0, CAPS.months),
    residentialStatus: z.enum(RESIDENTIAL_STATUSES).optional(),
  };
}

export const payloadAddressSchema = z.strictObject({
  addressIndex: int(0, L.addresses - 1),
  ...addressFields(CAPS.addressYears),
});

/** Up to 10 years when copied from the current address, 50 when separate (SPEC §5). */
export const payloadSecurityAddressSchema = z.strictObject(
  addressFields(CAPS.securityAddressYears),
);

export const payloadEmploymentSchema = z.strictObject({
  employmentIndex: int(0, L.employments - 1),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES).optional(),
  yearsAtEmployer: int(0, CAPS.employerYears),
  monthsAtEmployer: int(0, CAPS.months),
  occupation: text().optional(),
  employerName: text().optional(),
  Town: text(L.addressLine).optional(),
});

/** Asked of both applicants; a partial save may still lack them (`PERSON_FIELDS_OPTIONAL`). */
const personShape = {
  title: z.enum(TITLES),
  firstName: requiredText(),
  lastName: requiredText(),
  email,
  contactNumber: phone,
  dateOfBirth,
  maritalStatus: z.enum(MARITAL_STATUSES),
  netMonthlyIncome: money(0, L.income),
};

const jointOptional = {
  drivingLicenceType: z.enum(DRIVING_LICENCE_TYPES).optional(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES).optional(),
  yearsAtEmployer: int(0, CAPS.employerYears),
  monthsAtEmployer: int(0, CAPS.months),
  ...consentShape,
};

export const payloadJointApplicantSchema = z.strictObject({ ...personShape, ...jointOptional });

const PERSON_FIELDS_OPTIONAL = {
  title: true,
  firstName: true,
  lastName: true,
  email: true,
  contactNumber: true,
  dateOfBirth: true,
  maritalStatus: true,
  netMonthlyIncome: true,
} as const satisfies Record<keyof typeof personShape, true>;

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
  loanPurposeType: z.enum(PAYLOAD_LOAN_PURPOSES),
  lookingToBuy: z.enum(LOOKING_TO_BUY).optional(),
  loanAmount: money(1, L.loanAmount),
  cashDeposit: money(0, L.loanAmount),
  financeType: z.enum(FINANCE_TYPES),
  term: int(1, L.termYears),

  // Applicant
  ...personShape,
  drivingLicenceType: z.enum(DRIVING_LICENCE_TYPES).optional(),

  // Property and security
  isSecurityCurrentAddress: z.boolean().optional(),
  ownOtherProperties: z.boolean().optional(),
  propertyValue: money(0, L.propertyMoney).optional(),
  mortgageBalance: money(0, L.propertyMoney).optional(),
  propertyBedrooms: int(0, L.bedrooms).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  securityAddress: payloadSecurityAddressSchema.optional(),

  // Joint application
  isJointApplication: z.boolean().optional(),
  JointApplicant: payloadJointApplicantSchema.optional(),

  // Needs and consent
  discussFinancialCircumstances: z.boolean().optional(),
  additionalNeedsRequirements: z.boolean().optional(),
  additionalNeedsRequirementsStatement: z
    .string()
    .max(L.additionalNeedsStatement)
    .regex(NO_CONTROL_EXCEPT_NEWLINES, 'Must not contain control characters')
    .optional(),
  agreeSoftSearch: z.boolean().optional(),
  // Not in SPEC §3's payload list, but the decline policy of DESIGN §3 needs it.
  breathingSpace: z.boolean().optional(),
  // Not in SPEC §3's payload list: the lender panel's vehicle rules read it where given
  // (docs/decisions/0022-lender-panel.md).
  vehicle: z
    .strictObject({
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      year: int(1900, 2100).optional(),
      mileage: int(0, 10_000_000).optional(),
    })
    .optional(),
  termsAndConditionsAgreed: z.literal(true),
  IsCompleted: z.boolean(),
  ...consentShape,

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
  isJointApplication?: boolean | undefined;
  JointApplicant?: object | undefined;
  discussFinancialCircumstances?: boolean | undefined;
  additionalNeedsRequirementsStatement?: string | undefined;
  isSecurityCurrentAddress?: boolean | undefined;
  securityAddress?: { yearsAtAddress: number } | undefined;
  addresses: { addressIndex: number }[];
  employments: { employmentIndex: number }[];
}

function crossFieldRules(jointRequired: boolean) {
  return (value: CrossFieldInput, ctx: z.core.$RefinementCtx<CrossFieldInput>) => {
    if (value.isJointApplication === true) {
      if (jointRequired && value.JointApplicant === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['JointApplicant'],
          message: 'Required for a joint application',
        });
      }
    } else if (value.JointApplicant !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['JointApplicant'],
        message: 'Only allowed when isJointApplication is true',
      });
    }
    if (
      value.additionalNeedsRequirementsStatement !== undefined &&
      value.discussFinancialCircumstances !== true
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['additionalNeedsRequirementsStatement'],
        message: 'Only allowed when discussFinancialCircumstances is true',
      });
    }
    if (
      value.isSecurityCurrentAddress === true &&
      value.securityAddress !== undefined &&
      value.securityAddress.yearsAtAddress > CAPS.securityCopyYears
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['securityAddress', 'yearsAtAddress'],
        message: `Must be at most ${CAPS.securityCopyYears} for a copy of the current address`,
      });
    }
    value.addresses.forEach((entry, index) => {
      if (entry.addressIndex !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['addresses', index, 'addressIndex'],
          message: `Must be ${index}`,
        });
      }
    });
    value.employments.forEach((entry, index) => {
      if (entry.employmentIndex !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['employments', index, 'employmentIndex'],
          message: `Must be ${index}`,
        });
      }
    });
  };
}

const payloadObject = z.strictObject(payloadShape);

/** A full submission (POST /api/submission/{submissionKey}). */
export const submissionPayloadSchema = payloadObject.superRefine(crossFieldRules(true));

/**
 * A partial save (POST /api/submission/partial/{submissionKey}): the applicant's answers, the
 * joint applicant and the address and employment lists may still be missing, but whatever is
 * sent obeys the same types and limits, and the terms must still be agreed (SPEC §5).
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
const amount = money(0, 100_000_000);

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
 * The answer to a full submission (SPEC §3). Not strict: the browser ignores fields it does
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
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/**
 * One item of GET /api/address/{postcode} (SPEC §3, §7): `udprn` is the id passed to
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
