/**
 * Builds the body of POST /api/submission[/partial]/{submissionKey} from the application state,
 * following every payload rule of docs/product.md §5. Field names are those of `schemas.ts`, which
 * records the names SPEC leaves open (`utmTerm`, the `*ThirdParty` consents, 0-based indexes).
 */
import type { PayloadDisclosures } from './disclosures.js';
import type { Brand } from './brands.js';
import { namedPayloadAnswers } from './payload-fields.js';
import { normalisePhoneForPayload } from './phone.js';
import { normalisePostcode } from './postcode.js';
import { isRealDate } from './date-of-birth.js';
import type {
  PAYLOAD_LOAN_PURPOSES,
  PartialSubmissionPayload,
  PayloadAddress,
  PayloadEmployment,
  PayloadSecurityAddress,
} from './schemas.js';
import {
  DEFAULT_SUBMITTED_BY,
  type Address,
  type ApplicationState,
  type Employment,
  type LoanPurposeType,
  type OptIns,
} from './journey/index.js';
import { capitaliseFirstLetter } from './validation.js';
import { HISTORY_CAPS, HISTORY_MONTHS, capYearsMonths, totalMonths } from './years-months.js';

/** docs/product.md §5 and §9. */
export const PAYLOAD_DEFAULT_LOAN_AMOUNT = 6500;
export const PAYLOAD_DEFAULT_TERM = 5;
/** A term of this many years or fewer is sent as PAYLOAD_DEFAULT_TERM. */
export const PAYLOAD_MIN_TERM_KEPT = 2;

/**
 * What the builder produces. Answers not yet given are left out, so the person fields are
 * optional as in a partial save; `termsAndConditionsAgreed` is the state's answer, which
 * `canSubmit` checks before anything is sent. The server validates it with
 * `submissionPayloadSchema` or `partialSubmissionPayloadSchema`.
 */
export type SubmissionPayloadDraft = Omit<PartialSubmissionPayload, 'termsAndConditionsAgreed'> & {
  termsAndConditionsAgreed: boolean;
};

/** docs/product.md §4 and §5: submission and partial save happen only when the terms are agreed. */
export function canSubmit(state: ApplicationState): boolean {
  return state.form.isAgreedTermsAndConditions === true;
}

type JointDraft = NonNullable<PartialSubmissionPayload['JointApplicant']>;
type Consents = Pick<JointDraft, `IsOpted${string}` & keyof JointDraft>;

/** `T` as built: every optional field is present, and null when not answered. */
type WithNulls<T> = T extends readonly (infer U)[]
  ? WithNulls<U>[]
  : T extends object
    ? {
        [K in keyof T]-?: undefined extends T[K]
          ? WithNulls<Exclude<T[K], undefined>> | null
          : WithNulls<T[K]>;
      }
    : T;

/** docs/product.md §5: null fields are dropped, at every depth. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== null && entry !== undefined)
        .map(([key, entry]) => [key, dropNulls(entry)]),
    );
  }
  return value;
}

function trimmed(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function name(value: string | null | undefined): string | null {
  const text = trimmed(value);
  return text === null ? null : capitaliseFirstLetter(text);
}

/** A number, or a numeric text (inputs can hold one); anything else is missing. */
function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** docs/product.md §5: 'YYYY-MM-DDT00:00:00.000' from the day, month and year boxes; null unless a real date. */
export function payloadDateOfBirth(
  day: string | null | undefined,
  month: string | null | undefined,
  year: string | null | undefined,
): string | null {
  const d = day?.trim() ?? '';
  const m = month?.trim() ?? '';
  const y = year?.trim() ?? '';
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return null;
  if (!isRealDate(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}T00:00:00.000`;
}

/** The state's 'YYYY-MM-DDT00:00:00.000Z' without its zone, used when the boxes are not kept. */
function fromStoredDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000Z?$/.exec(value ?? '');
  return match ? payloadDateOfBirth(match[3], match[2], match[1]) : null;
}

function loanPurpose(value: LoanPurposeType | null): (typeof PAYLOAD_LOAN_PURPOSES)[number] {
  return value === null || value === 'SomethingElse' ? 'Other' : value;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && !value.trim());
}

function isEmptyEntry(entry: Address | Employment): boolean {
  // Every field counts, so a new field added to Address or Employment is not missed here.
  return Object.values(entry).every(isBlank);
}

function addressFields(address: Address, yearCap: number): WithNulls<PayloadSecurityAddress> {
  const { years, months } = capYearsMonths(
    numeric(address.yearsAtAddress),
    numeric(address.monthsAtAddress),
    yearCap,
  );
  return {
    flatNumber: trimmed(address.subBuilding),
    buildingName: trimmed(address.houseName),
    buildingNumber: trimmed(address.houseNumber),
    locality: trimmed(address.locality),
    town: trimmed(address.town),
    postcode: normalisePostcode(address.postcode),
    yearsAtAddress: years,
    monthsAtAddress: months,
    residentialStatus: address.residentialStatus,
    county: trimmed(address.county),
    street: trimmed(address.street),
  };
}

/**
 * docs/product.md §5 and docs/design.md D8: the current address is always sent; each earlier one only while the
 * months collected so far are 35 or fewer, so the history covers just over three years.
 */
function addressHistory(addresses: readonly Address[]): WithNulls<PayloadAddress>[] {
  const entries: WithNulls<PayloadAddress>[] = [];
  let months = 0;
  for (const address of addresses) {
    if (isEmptyEntry(address)) continue;
    if (months > HISTORY_MONTHS) break;
    const fields = addressFields(address, HISTORY_CAPS.addressYears);
    entries.push({ addressIndex: entries.length, ...fields });
    months += totalMonths(fields.yearsAtAddress, fields.monthsAtAddress);
  }
  return entries;
}

function employmentHistory(employments: readonly Employment[]): WithNulls<PayloadEmployment>[] {
  return employments
    .filter((employment) => !isEmptyEntry(employment))
    .map((employment, employmentIndex) => {
      const { years, months } = capYearsMonths(
        numeric(employment.yearsAtEmployer),
        numeric(employment.monthsAtEmployer),
        HISTORY_CAPS.employerYears,
      );
      return {
        employmentIndex,
        employmentStatus: employment.employmentStatus,
        yearsAtEmployer: years,
        monthsAtEmployer: months,
        occupation: trimmed(employment.occupation),
        employerName: trimmed(employment.employerName),
        Town: trimmed(employment.employerTown),
      };
    });
}

/**
 * docs/product.md §5: a copy of the current address is held to 10 years at the address, a separate
 * security address to 50. Without an answer (a vehicle application) none is sent.
 */
function securityAddress(
  state: ApplicationState,
  isCurrent: boolean | null,
): WithNulls<PayloadSecurityAddress> | null {
  if (isCurrent === true) {
    const current = state.form.addresses.find((address) => !isEmptyEntry(address));
    return current ? addressFields(current, HISTORY_CAPS.securityCopyYears) : null;
  }
  const { manual: _manual, ...separate } = state.form.securityAddress;
  if (isCurrent === false && !isEmptyEntry(separate)) {
    return addressFields(separate, HISTORY_CAPS.securityAddressYears);
  }
  return null;
}

/** The state's `isOpted*Partner` flags are the third-party channels (see schemas.ts). */
function consents(optIns: OptIns): Consents {
  return {
    IsOptedEmail: optIns.isOptedEmail,
    IsOptedSms: optIns.isOptedSms,
    IsOptedPhone: optIns.isOptedPhone,
    IsOptedPost: optIns.isOptedPost,
    IsOptedThirdParty: optIns.isOptedThirdParty,
    IsOptedEmailThirdParty: optIns.isOptedEmailPartner,
    IsOptedSmsThirdParty: optIns.isOptedSmsPartner,
    IsOptedPhoneThirdParty: optIns.isOptedPhonePartner,
    IsOptedPostThirdParty: optIns.isOptedPostPartner,
  };
}

function jointApplicant(state: ApplicationState): WithNulls<JointDraft> {
  const joint = state.form.joint;
  const { years, months } = capYearsMonths(
    numeric(joint.yearsAtEmployer),
    numeric(joint.monthsAtEmployer),
    HISTORY_CAPS.employerYears,
  );
  return {
    firstName: name(joint.firstName),
    lastName: name(joint.lastName),
    title: joint.title,
    email: trimmed(joint.email),
    contactNumber: normalisePhoneForPayload(joint.contactNumber),
    dateOfBirth:
      payloadDateOfBirth(state.jointDobDay, state.jointDobMonth, state.jointDobYear) ??
      payloadDateOfBirth(joint.dobDay, joint.dobMonth, joint.dobYear) ??
      fromStoredDate(joint.dateOfBirth),
    maritalStatus: joint.maritalStatus,
    drivingLicenceType: joint.drivingLicenceType,
    // docs/product.md §5: a joint employment status of false is sent as null, and so left out.
    employmentStatus: joint.employmentStatus === false ? null : joint.employmentStatus,
    yearsAtEmployer: years,
    monthsAtEmployer: months,
    netMonthlyIncome: numeric(joint.netMonthlyIncome),
    ...consents(joint),
    // The joint applicant's answers sent under their own names (payload-fields.ts); the
    // payload's type does not name them.
    ...(namedPayloadAnswers(state, 'joint') as object),
  };
}

type VehicleDraft = NonNullable<SubmissionPayloadDraft['vehicle']>;

/** A whole number within the payload's bounds for it, else missing. */
function wholeWithin(value: unknown, min: number, max: number): number | null {
  const number = numeric(value);
  return number !== null && Number.isInteger(number) && number >= min && number <= max
    ? number
    : null;
}

/**
 * What the lender panel's vehicle rules read (docs/decisions/0022-lender-panel.md), for a
 * vehicle loan only: the type from the host, the year and mileage where the dealer sent them.
 */
function vehicleFacts(form: ApplicationState['form']): WithNulls<VehicleDraft> | null {
  if (form.loanPurposeType !== 'Vehicle') return null;
  return {
    vehicleType: form.vehicleType,
    year: wholeWithin(form.vehicle.year, 1900, 2100),
    mileage: wholeWithin(form.vehicle.mileage, 0, 10_000_000),
  };
}

export interface BuildPayloadOptions {
  brand: Brand;
  /** true for the full submission, false for a partial save. */
  isCompleted: boolean;
  /** The texts shown and consents given so far (docs/evidence.md); left out when not given. */
  disclosures?: PayloadDisclosures | undefined;
}

/**
 * The submission payload of docs/product.md §3 for `state`. Throws when the state has neither a session
 * id nor a GUID, since the payload's key is also the request's URL (intake always sets one).
 */
export function buildSubmissionPayload(
  state: ApplicationState,
  options: BuildPayloadOptions,
): SubmissionPayloadDraft {
  const { form } = state;
  const submissionKey = trimmed(form.sessionId) ?? trimmed(state.GUID);
  if (submissionKey === null) {
    throw new Error('Cannot build a submission payload: the state has no session id or GUID');
  }
  const isJointApplication = form.isJointApplication ?? state.isJointApplication;
  const isSecurityCurrentAddress = form.isSecurityCurrentAddress ?? state.isSecurityCurrentAddress;
  const term = numeric(form.term);
  const utm = form.utmParameters;

  const draft: WithNulls<SubmissionPayloadDraft> = {
    submissionKey,
    affiliateKey: options.brand.affiliateKey,
    dealerNumber: trimmed(form.affiliateUserId) ?? trimmed(state.partnerSetup.affiliateUserId),
    variant: state.variant,
    sessionId: form.sessionId,
    userAgent: form.userAgent,
    remoteAddress: form.remoteAddress,
    urlReferrer: state.host,
    submittedBy: trimmed(state.subdomain) ?? DEFAULT_SUBMITTED_BY,
    dateApplied: state.appliedDate,

    loanPurposeType: loanPurpose(form.loanPurposeType),
    lookingToBuy: form.lookingToBuy,
    loanAmount: numeric(form.loanAmount) ?? PAYLOAD_DEFAULT_LOAN_AMOUNT,
    cashDeposit: numeric(form.cashDeposit) ?? 0,
    financeType: form.financeType,
    term: term === null || term <= PAYLOAD_MIN_TERM_KEPT ? PAYLOAD_DEFAULT_TERM : term,

    title: form.title,
    firstName: name(form.firstName),
    lastName: name(form.lastName),
    email: trimmed(form.email),
    contactNumber: normalisePhoneForPayload(form.contactNumber),
    dateOfBirth:
      payloadDateOfBirth(state.dobDay, state.dobMonth, state.dobYear) ??
      fromStoredDate(form.dateOfBirth),
    maritalStatus: form.maritalStatus,
    drivingLicenceType: form.drivingLicenceType,
    netMonthlyIncome: numeric(form.netMonthlyIncome),

    isSecurityCurrentAddress,
    propertyValue: numeric(form.propertyValue),
    mortgageBalance: numeric(form.mortgageBalance),
    propertyBedrooms: numeric(form.propertyBedrooms),
    securityAddress: securityAddress(state, isSecurityCurrentAddress),

    isJointApplication,
    JointApplicant: isJointApplication === true ? jointApplicant(state) : null,

    discussFinancialCircumstances: form.discussFinancialCircumstances,
    additionalNeedsRequirements: form.additionalNeedsRequirements,
    additionalNeedsRequirementsStatement:
      form.discussFinancialCircumstances === true
        ? trimmed(form.additionalNeedsRequirementsStatement)
        : null,
    agreeSoftSearch: form.agreeSoftSearch,
    breathingSpace: form.breathingSpace,
    vehicle: vehicleFacts(form),
    termsAndConditionsAgreed: form.isAgreedTermsAndConditions,
    disclosures: options.disclosures ?? null,
    IsCompleted: options.isCompleted,
    ...consents(form),

    // The applicant's answers sent under their own names (payload-fields.ts); the payload's
    // type does not name them.
    ...(namedPayloadAnswers(state, 'applicant') as object),

    addresses: addressHistory(form.addresses),
    employments: employmentHistory(form.employments),

    evsrc: utm.evsrc ?? null,
    evcmp: utm.evcmp ?? null,
    evrfd: utm.evrfd ?? null,
    evoSource: utm.evo_source ?? null,
    source: utm.source,
    medium: utm.medium,
    utmTerm: utm.term,
    keyword: utm.keyword,
    campaign: utm.campaign,
  };
  // Without its nulls the draft is exactly SubmissionPayloadDraft.
  return dropNulls(draft) as SubmissionPayloadDraft;
}
