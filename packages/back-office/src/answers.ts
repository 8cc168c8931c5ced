/**
 * Every answer of a stored submission payload, grouped as the applicant's check-your-answers page
 * groups them. The web app's grouping works on its live form state and imports its widgets, so
 * the back office groups the payload here instead (docs/back-office.md). Any key not listed below
 * still appears, under 'Other answers': nothing the applicant sent is hidden from staff.
 *
 * A value the applicant chose from a list shows as the label they saw on its screen (the journey
 * table's options in packages/domain/src/journey.ts), never as the code the payload carries.
 *
 * An answer the payload carries under its own name (`inPayload` in the journey table, decision
 * 0049) needs no line here: it is shown with its check-your-answers key, in the section below that
 * holds its step's check-your-answers section (`SECTION_OF`), after the answers listed there.
 */
import {
  NAMED_PAYLOAD_FIELDS,
  STEPS,
  capitaliseFirstLetter,
  type CheckAnswersSectionId,
} from '@broker/domain';

export interface AnswerRow {
  key: string;
  value: string;
}

export interface AnswerSection {
  heading: string;
  rows: AnswerRow[];
}

type Payload = Record<string, unknown>;

const LABELS: Record<string, string> = {
  loanPurposeType: 'What the loan is for',
  lookingToBuy: 'Looking to buy',
  loanAmount: 'Amount to borrow',
  cashDeposit: 'Cash deposit',
  financeType: 'Finance type',
  term: 'Term (years)',
  title: 'Title',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  maritalStatus: 'Marital status',
  drivingLicenceType: 'Driving licence',
  netMonthlyIncome: 'Net monthly income',
  email: 'E-mail address',
  contactNumber: 'Phone number',
  isSecurityCurrentAddress: 'Security is the current address',
  propertyValue: 'Property value',
  mortgageBalance: 'Mortgage balance',
  propertyBedrooms: 'Bedrooms',
  isJointApplication: 'Joint application',
  discussFinancialCircumstances: 'Wants to discuss their financial circumstances',
  additionalNeedsRequirements: 'Has additional needs',
  additionalNeedsRequirementsStatement: 'Additional needs, in their words',
  breathingSpace: 'In Breathing Space (debt respite)',
  agreeSoftSearch: 'Agreed to a soft search',
  termsAndConditionsAgreed: 'Agreed to the terms and conditions',
  IsOptedEmail: 'Marketing by e-mail',
  IsOptedSms: 'Marketing by text message',
  IsOptedPhone: 'Marketing by phone',
  IsOptedPost: 'Marketing by post',
  IsOptedThirdParty: 'Marketing from partners',
  IsOptedEmailThirdParty: 'Partners by e-mail',
  IsOptedSmsThirdParty: 'Partners by text message',
  IsOptedPhoneThirdParty: 'Partners by phone',
  IsOptedPostThirdParty: 'Partners by post',
  affiliateKey: 'Affiliate',
  dealerNumber: 'Dealer number',
  variant: 'Variant',
  submittedBy: 'Submitted by',
  dateApplied: 'Date applied',
  urlReferrer: 'Site',
  userAgent: 'Browser',
  remoteAddress: 'IP address',
  sessionId: 'Browser session',
  submissionKey: 'Submission key',
  IsCompleted: 'Completed',
  buildingNumber: 'Building number',
  buildingName: 'Building name',
  subBuilding: 'Flat or sub-building',
  street: 'Street',
  district: 'District',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
  yearsAtAddress: 'Years at address',
  monthsAtAddress: 'Months at address',
  residentialStatus: 'Residential status',
  employmentStatus: 'Employment status',
  yearsAtEmployer: 'Years with employer',
  monthsAtEmployer: 'Months with employer',
  occupation: 'Occupation',
  employerName: 'Employer',
  Town: 'Town',
  flatNumber: 'Flat or sub-building',
  locality: 'Locality',
  vehicleType: 'Vehicle type',
  year: 'Year of registration',
  mileage: 'Mileage',
  evsrc: 'Partner source (evsrc)',
  evcmp: 'Partner campaign (evcmp)',
  evrfd: 'Partner referrer (evrfd)',
  evoSource: 'Partner source cookie',
  source: 'Campaign source',
  medium: 'Campaign medium',
  utmTerm: 'Campaign term',
  keyword: 'Campaign keyword',
  campaign: 'Campaign',
};

/**
 * For each answer chosen from a list, its value → the label on the applicant's screen, keyed by
 * the payload's name for it (the last part of the journey field's path: `form.financeType`,
 * `form.addresses.{n}.residentialStatus` and `form.joint.maritalStatus` give `financeType`,
 * `residentialStatus`, `maritalStatus`; the applicant's and the joint applicant's lists agree).
 * Built at first use: most lists' words come with the journey's copy, which main.tsx loads
 * before the first render (docs/decisions/0046-option-labels-out-of-the-first-screen.md).
 */
let optionLabels: ReadonlyMap<string, ReadonlyMap<string, string>> | null = null;
const OPTION_LABELS = (): ReadonlyMap<string, ReadonlyMap<string, string>> =>
  (optionLabels ??= (() => {
    const byKey = new Map<string, Map<string, string>>();
    for (const step of Object.values(STEPS)) {
      for (const field of step.fields) {
        const key = field.path.split('.').pop() ?? field.path;
        for (const option of field.options ?? []) {
          if (typeof option.value !== 'string') continue;
          const labels = byKey.get(key) ?? new Map<string, string>();
          labels.set(option.value, option.label);
          byKey.set(key, labels);
        }
      }
    }
    // Codes the payload carries for answers the applicant gave otherwise: the start screen's
    // "Something else" is sent as `Other`, and every secured loan's finance type is `Secured`.
    byKey.get('loanPurposeType')?.set('Other', 'Something else');
    byKey.get('financeType')?.set('Secured', 'Secured loan');
    return byKey;
  })());

const MONEY = new Set([
  'loanAmount',
  'cashDeposit',
  'netMonthlyIncome',
  'propertyValue',
  'mortgageBalance',
]);

const SECTIONS: { heading: string; keys: string[] }[] = [
  {
    heading: 'Needs and circumstances',
    keys: [
      'additionalNeedsRequirements',
      'additionalNeedsRequirementsStatement',
      'discussFinancialCircumstances',
      'breathingSpace',
    ],
  },
  {
    heading: 'The loan',
    keys: ['loanPurposeType', 'lookingToBuy', 'loanAmount', 'cashDeposit', 'financeType', 'term'],
  },
  {
    heading: 'About the applicant',
    keys: [
      'title',
      'firstName',
      'lastName',
      'dateOfBirth',
      'maritalStatus',
      'drivingLicenceType',
      'netMonthlyIncome',
    ],
  },
  { heading: 'Contact', keys: ['email', 'contactNumber'] },
  {
    heading: 'The property',
    keys: ['isSecurityCurrentAddress', 'propertyValue', 'mortgageBalance', 'propertyBedrooms'],
  },
  {
    heading: 'Consents and marketing',
    keys: [
      'termsAndConditionsAgreed',
      'agreeSoftSearch',
      'IsOptedEmail',
      'IsOptedSms',
      'IsOptedPhone',
      'IsOptedPost',
      'IsOptedThirdParty',
      'IsOptedEmailThirdParty',
      'IsOptedSmsThirdParty',
      'IsOptedPhoneThirdParty',
      'IsOptedPostThirdParty',
    ],
  },
  {
    heading: 'Where it came from',
    keys: [
      'affiliateKey',
      'dealerNumber',
      'variant',
      'submittedBy',
      'dateApplied',
      'urlReferrer',
      'userAgent',
      'remoteAddress',
      'sessionId',
      'submissionKey',
      'IsCompleted',
      'isJointApplication',
    ],
  },
];

/** The section below that shows each check-your-answers section's answers sent by name. */
const SECTION_OF: Record<CheckAnswersSectionId, string> = {
  loan: 'The loan',
  property: 'The property',
  aboutYou: 'About the applicant',
  employment: 'About the applicant',
  addressHistory: 'About the applicant',
  contact: 'Contact',
  preferences: 'Consents and marketing',
  joint: 'Where it came from',
  circumstances: 'Needs and circumstances',
};

/** The rows' keys of the answers sent by name that have no line in LABELS. */
const NAMED_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  NAMED_PAYLOAD_FIELDS.map((named) => [
    named.name,
    named.field.checkAnswersKey || capitaliseFirstLetter(named.field.label),
  ]),
);

// The applicant's answers sent by name that no section lists, each in its step's section.
for (const named of NAMED_PAYLOAD_FIELDS) {
  if (named.scope !== 'applicant') continue;
  if (SECTIONS.some((section) => section.keys.includes(named.name))) continue;
  const asked = STEPS[named.step].checkAnswers?.section;
  if (asked === undefined) continue;
  const heading = SECTION_OF[asked];
  SECTIONS.find((section) => section.heading === heading)?.keys.push(named.name);
}

// `disclosures` has its own section (screens/evidence.tsx).
const LISTS = new Set([
  'addresses',
  'employments',
  'securityAddress',
  'JointApplicant',
  'vehicle',
  'disclosures',
]);

export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Not given';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && MONEY.has(key)) {
    return `£${value.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
  }
  if (key === 'dateOfBirth' && typeof value === 'string') {
    const [year, month, day] = value.slice(0, 10).split('-');
    return `${day}/${month}/${year}`;
  }
  if (typeof value === 'string') return OPTION_LABELS().get(key)?.get(value) ?? value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function labelFor(key: string): string {
  return LABELS[key] ?? NAMED_LABELS[key] ?? key;
}

function rowsOf(object: Payload, keys: readonly string[]): AnswerRow[] {
  return keys
    .filter((key) => key in object)
    .map((key) => ({ key: labelFor(key), value: formatValue(key, object[key]) }));
}

function entryRows(entry: unknown): AnswerRow[] {
  if (typeof entry !== 'object' || entry === null) return [];
  return Object.entries(entry as Payload)
    .filter(([key]) => key !== 'addressIndex' && key !== 'employmentIndex')
    .map(([key, value]) => ({ key: labelFor(key), value: formatValue(key, value) }));
}

export function groupAnswers(payload: Payload): AnswerSection[] {
  const sections: AnswerSection[] = [];
  const listed = new Set<string>(LISTS);
  for (const section of SECTIONS) {
    section.keys.forEach((key) => listed.add(key));
    const rows = rowsOf(payload, section.keys);
    if (rows.length > 0) sections.push({ heading: section.heading, rows });
    if (section.heading === 'Contact') {
      const addresses = Array.isArray(payload.addresses) ? payload.addresses : [];
      addresses.forEach((address, index) => {
        sections.push({
          heading: index === 0 ? 'Current address' : `Previous address ${index}`,
          rows: entryRows(address),
        });
      });
      const employments = Array.isArray(payload.employments) ? payload.employments : [];
      employments.forEach((employment, index) => {
        sections.push({
          heading: index === 0 ? 'Current employment' : `Previous employment ${index}`,
          rows: entryRows(employment),
        });
      });
    }
    if (section.heading === 'The property' && payload.securityAddress) {
      sections.push({ heading: 'Security address', rows: entryRows(payload.securityAddress) });
    }
  }
  if (payload.JointApplicant) {
    sections.splice(4, 0, { heading: 'Joint applicant', rows: entryRows(payload.JointApplicant) });
  }
  if (payload.vehicle) {
    const at = sections.findIndex((section) => section.heading === 'The loan') + 1;
    sections.splice(at, 0, { heading: 'The vehicle', rows: entryRows(payload.vehicle) });
  }
  const others = Object.keys(payload).filter((key) => !listed.has(key));
  if (others.length > 0) sections.push({ heading: 'Other answers', rows: rowsOf(payload, others) });
  return sections;
}
