/**
 * The request and response shapes of docs/product.md §3 and §7 as zod schemas, shared by the browser and
 * the server. The server never trusts the browser (docs/design.md §1, §3): every object is strict
 * (unknown keys, `__proto__` included, are rejected), every string and number is bounded, and
 * every choice is one of the option lists of `state.ts`. Schemas validate; they never
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
 * Every answer a screen checks is checked here by the same rule with the same message
 * (`payload-rules.ts`, decision 0013); a full submission also needs every answer its path asks.
 * docs/payload.md lists the fields.
 */
import { z } from 'zod';
import { payloadDisclosuresSchema } from './disclosures.js';
import { MAX_PARAMETER_LENGTH } from './intake.js';
import {
  ADDRESS_SELECT_REQUIRED,
  RADIO_GROUP_REQUIRED,
  pleaseChoose,
  pleaseEnter,
  tooLong,
  type Who,
} from './messages.js';
import {
  dateOfBirthRule,
  dropdownRule,
  emailRule,
  isEmployedStatus,
  nameRule,
  numberRule,
  phoneRule,
  postcodeRule,
  radioRule,
  screenField,
  screenTextRule,
  termsRule,
  titleRule,
  yearsMonthsRule,
  yesNoRule,
} from './payload-rules.js';
import { TEXT_MAX_LENGTH, validateSlider } from './validation.js';

// The date rules that need today are applied by the server after the schema, with its clock.
export { PAYLOAD_DATE_OF_BIRTH, datesOfBirthProblems, type FieldProblem } from './payload-rules.js';
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

function addressFields(yearsCap: number) {
  return {
    flatNumber: text(L.addressLine).optional(),
    buildingName: text(L.addressLine).optional(),
    buildingNumber: text(L.addressLine).optional(),
    street: text(L.addressLine).optional(),
    locality: text(L.addressLine).optional(),
    town: text(L.addressLine).optional(),
    county: text(L.addressLine).optional(),
    postcode: postcodeRule().optional(),
    yearsAtAddress: yearsMonthsRule(yearsCap),
    monthsAtAddress: yearsMonthsRule(CAPS.months),
    residentialStatus: radioRule(RESIDENTIAL_STATUSES).optional(),
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
  employmentStatus: dropdownRule(EMPLOYMENT_STATUSES, 'employment status', 'applicant').optional(),
  yearsAtEmployer: yearsMonthsRule(CAPS.employerYears),
  monthsAtEmployer: yearsMonthsRule(CAPS.months),
  occupation: screenTextRule('occupation', 'applicant').optional(),
  employerName: screenTextRule('employer name', 'applicant').optional(),
  Town: screenTextRule('employer town', 'applicant').optional(),
});

/** The steps that ask each applicant's name and income, whose rules the payload applies. */
const PERSON_STEPS = {
  applicant: { name: 'personal', income: 'employment-income', at: 'form' },
  joint: { name: 'joint-customer-details', income: 'joint-employment-income', at: 'form.joint' },
} as const;

/** Asked of both applicants; a partial save may still lack them (`PERSON_FIELDS_OPTIONAL`). */
function personShape(who: Who) {
  const steps = PERSON_STEPS[who];
  return {
    title: titleRule(TITLES, who),
    firstName: nameRule(steps.name, `${steps.at}.firstName`),
    lastName: nameRule(steps.name, `${steps.at}.lastName`),
    email: emailRule(who),
    contactNumber: phoneRule(who),
    dateOfBirth: dateOfBirthRule(who),
    maritalStatus: dropdownRule(MARITAL_STATUSES, 'marital status', who),
    netMonthlyIncome: numberRule(steps.income, `${steps.at}.netMonthlyIncome`),
  };
}

const jointOptional = {
  drivingLicenceType: radioRule(DRIVING_LICENCE_TYPES).optional(),
  employmentStatus: dropdownRule(EMPLOYMENT_STATUSES, 'employment status', 'joint').optional(),
  yearsAtEmployer: yearsMonthsRule(CAPS.employerYears),
  monthsAtEmployer: yearsMonthsRule(CAPS.months),
  ...consentShape,
};

export const payloadJointApplicantSchema = z.strictObject({
  ...personShape('joint'),
  ...jointOptional,
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

  // Loan. The amount's range depends on the loan purpose (see crossFieldRules).
  loanPurposeType: radioRule(PAYLOAD_LOAN_PURPOSES),
  lookingToBuy: radioRule(LOOKING_TO_BUY).optional(),
  loanAmount: z.number({ error: pleaseEnter('loan amount') }),
  cashDeposit: numberRule('deposit', 'form.cashDeposit'),
  financeType: radioRule(FINANCE_TYPES),
  term: numberRule('term-to-borrow', 'form.term', { whole: true }),

  // Applicant
  ...personShape('applicant'),
  drivingLicenceType: radioRule(DRIVING_LICENCE_TYPES).optional(),

  // Property and security
  isSecurityCurrentAddress: yesNoRule().optional(),
  ownOtherProperties: yesNoRule().optional(),
  propertyValue: numberRule('property-details', 'form.propertyValue').optional(),
  mortgageBalance: numberRule('property-details', 'form.mortgageBalance').optional(),
  propertyBedrooms: numberRule('property-details', 'form.propertyBedrooms', {
    whole: true,
  }).optional(),
  propertyType: dropdownRule(PROPERTY_TYPES, 'property type', 'applicant').optional(),
  securityAddress: payloadSecurityAddressSchema.optional(),

  // Joint application
  isJointApplication: yesNoRule().optional(),
  JointApplicant: payloadJointApplicantSchema.optional(),

  // Needs and consent
  discussFinancialCircumstances: yesNoRule().optional(),
  additionalNeedsRequirements: yesNoRule().optional(),
  additionalNeedsRequirementsStatement: z
    .string()
    .max(L.additionalNeedsStatement, tooLong(L.additionalNeedsStatement))
    .regex(NO_CONTROL_EXCEPT_NEWLINES, 'Must not contain control characters')
    .optional(),
  agreeSoftSearch: yesNoRule().optional(),
  // Not in docs/product.md §3's payload list, but the decline policy of docs/design.md §3 needs it.
  breathingSpace: yesNoRule().optional(),
  // Not in docs/product.md §3's payload list: the lender panel's vehicle rules read it where given
  // (docs/decisions/0022-lender-panel.md).
  vehicle: z
    .strictObject({
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      year: int(1900, 2100).optional(),
      mileage: int(0, 10_000_000).optional(),
    })
    .optional(),
  termsAndConditionsAgreed: termsRule(),
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

type AddressInput = Partial<Record<'flatNumber' | 'buildingName' | 'buildingNumber', string>> & {
  street?: string | undefined;
  town?: string | undefined;
  postcode?: string | undefined;
  residentialStatus?: string | undefined;
  yearsAtAddress: number;
};

interface CrossFieldInput {
  loanPurposeType: (typeof PAYLOAD_LOAN_PURPOSES)[number];
  financeType: (typeof FINANCE_TYPES)[number];
  loanAmount: number;
  drivingLicenceType?: string | undefined;
  propertyValue?: number | undefined;
  mortgageBalance?: number | undefined;
  propertyBedrooms?: number | undefined;
  propertyType?: string | undefined;
  ownOtherProperties?: boolean | undefined;
  breathingSpace?: boolean | undefined;
  agreeSoftSearch?: boolean | undefined;
  additionalNeedsRequirements?: boolean | undefined;
  isJointApplication?: boolean | undefined;
  JointApplicant?: { employmentStatus?: string | undefined } | undefined;
  discussFinancialCircumstances?: boolean | undefined;
  additionalNeedsRequirementsStatement?: string | undefined;
  isSecurityCurrentAddress?: boolean | undefined;
  securityAddress?: AddressInput | undefined;
  addresses: (AddressInput & { addressIndex: number })[];
  employments: {
    employmentIndex: number;
    employmentStatus?: string | undefined;
    occupation?: string | undefined;
    employerName?: string | undefined;
    Town?: string | undefined;
  }[];
}

type Ctx = z.core.$RefinementCtx<CrossFieldInput>;
type Path = (string | number)[];

function problem(ctx: Ctx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', path, message });
}

/** The sliders that ask the loan amount, by path (read once: the table does not change). */
const VEHICLE_AMOUNT = screenField('amount-to-finance', 'form.loanAmount');
const SECURED_AMOUNT = screenField('looking-to-borrow', 'form.loanAmount');

/** What the secured path's property screen says when an answer is missing. */
const PROPERTY_REQUIRED = {
  propertyValue: pleaseEnter(screenField('property-details', 'form.propertyValue').label),
  mortgageBalance: pleaseEnter(screenField('property-details', 'form.mortgageBalance').label),
  propertyBedrooms: pleaseEnter(screenField('property-details', 'form.propertyBedrooms').label),
  propertyType: pleaseChoose(screenField('property-details', 'form.propertyType').label),
} as const;

/** The screens' rules that read more than one answer: the loan amount's range by purpose. */
function screenRulesAcrossFields(value: CrossFieldInput, ctx: Ctx): void {
  const vehicle = value.loanPurposeType === 'Vehicle';
  // The start question chooses the product: a vehicle finance type, or Secured for the rest.
  if (vehicle === (value.financeType === 'Secured')) {
    problem(ctx, ['financeType'], RADIO_GROUP_REQUIRED);
  }
  const amount = vehicle ? VEHICLE_AMOUNT : SECURED_AMOUNT;
  const message = validateSlider(value.loanAmount, amount.label, amount.min!, amount.max!);
  if (message !== null) problem(ctx, ['loanAmount'], message);
}

/** A looked-up or typed address has a first line and a town (the address select's rule). */
function isWholeAddress(address: AddressInput): boolean {
  const first = [address.flatNumber, address.buildingName, address.buildingNumber, address.street];
  return address.town !== undefined && first.some((line) => line !== undefined);
}

function requireAddress(ctx: Ctx, path: Path, address: AddressInput): void {
  if (address.postcode === undefined) problem(ctx, [...path, 'postcode'], pleaseEnter('postcode'));
  if (!isWholeAddress(address)) problem(ctx, path, ADDRESS_SELECT_REQUIRED);
}

/**
 * A full submission answers every question its path asks (decision 0013): what a screen
 * refuses to continue without, the server refuses to decide without, with the screen's message.
 * Answers the builder leaves out when they are not asked (a brand without the deposit
 * questions, the joint applicant's employment when they are not employed) are not required.
 */
function requireAnswers(value: CrossFieldInput, ctx: Ctx): void {
  const required = (key: keyof CrossFieldInput, message: string) => {
    if (value[key] === undefined) problem(ctx, [key], message);
  };
  if (value.loanPurposeType === 'Vehicle') {
    required('drivingLicenceType', RADIO_GROUP_REQUIRED);
  } else {
    for (const [key, message] of Object.entries(PROPERTY_REQUIRED)) {
      required(key as keyof typeof PROPERTY_REQUIRED, message);
    }
    required('isSecurityCurrentAddress', RADIO_GROUP_REQUIRED);
    required('securityAddress', ADDRESS_SELECT_REQUIRED);
    required('ownOtherProperties', RADIO_GROUP_REQUIRED);
    required('breathingSpace', RADIO_GROUP_REQUIRED);
    required('agreeSoftSearch', RADIO_GROUP_REQUIRED);
    required('additionalNeedsRequirements', RADIO_GROUP_REQUIRED);
    required('discussFinancialCircumstances', RADIO_GROUP_REQUIRED);
  }
  required('isJointApplication', RADIO_GROUP_REQUIRED);
  if (value.JointApplicant !== undefined && value.JointApplicant.employmentStatus === undefined) {
    problem(
      ctx,
      ['JointApplicant', 'employmentStatus'],
      pleaseChoose('employment status', 'joint'),
    );
  }
  if (value.securityAddress !== undefined) {
    requireAddress(ctx, ['securityAddress'], value.securityAddress);
  }
  value.addresses.forEach((address, index) => {
    requireAddress(ctx, ['addresses', index], address);
    if (address.residentialStatus === undefined) {
      problem(ctx, ['addresses', index, 'residentialStatus'], RADIO_GROUP_REQUIRED);
    }
  });
  value.employments.forEach((employment, index) => {
    const at = ['employments', index];
    if (employment.employmentStatus === undefined) {
      problem(ctx, [...at, 'employmentStatus'], pleaseChoose('employment status'));
    } else if (isEmployedStatus(employment.employmentStatus)) {
      if (employment.occupation === undefined) {
        problem(ctx, [...at, 'occupation'], pleaseEnter('occupation'));
      }
      if (employment.employerName === undefined) {
        problem(ctx, [...at, 'employerName'], pleaseEnter('employer name'));
      }
      if (employment.Town === undefined)
        problem(ctx, [...at, 'Town'], pleaseEnter('employer town'));
    }
  });
}

function crossFieldRules(jointRequired: boolean) {
  return (value: CrossFieldInput, ctx: Ctx) => {
    screenRulesAcrossFields(value, ctx);
    if (jointRequired) requireAnswers(value, ctx);
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
