import {
  formatGBP,
  journeySteps,
  normalisePostcode,
  stepFields,
  valueAt,
  type ApplicationState,
  type CalendarDate,
  type ResolvedField,
  type StepId,
  type StepRef,
} from '@broker/domain';
import { isMoney, isYears } from '../widgets/kinds/shared';

/** One answer on the check-answers page (GOV.UK summary list row). */
export interface AnswerRow {
  key: string;
  /** The answer as people write it, one entry per line. */
  value: readonly string[];
  /** The step its 'Change' link opens. */
  step: StepRef;
  /** What the visually hidden part of 'Change' says, unique on the page. */
  changeLabel: string;
}

/** The rows of one entry of a history (an address, a job), or a section's loose rows. */
export interface AnswerGroup {
  heading: string | null;
  rows: AnswerRow[];
}

export interface AnswerSection {
  heading: string;
  groups: AnswerGroup[];
}

interface SectionSpec {
  heading: string;
  steps: readonly StepId[];
  /** 'listed': rows in the order of `steps`; otherwise in journey order. */
  order?: 'listed';
  /** Added to every 'Change' label, where the same questions are asked of two people. */
  whose?: string;
}

// Sections in page order. A step on the current journey lands in the section that lists it,
// so the secured and joint sections appear only on those paths.
const SECTIONS: readonly SectionSpec[] = [
  {
    heading: 'Your loan',
    steps: [
      'start',
      'loan-type',
      'looking-to-buy',
      'deposit',
      'amount-to-finance',
      'looking-to-borrow',
      'term-to-borrow',
    ],
  },
  {
    heading: 'The property',
    steps: [
      'property-details',
      'security-address-confirm',
      'security-address-add',
      'own-other-properties',
    ],
  },
  {
    heading: 'About you',
    steps: ['personal', 'date-of-birth', 'marital-status', 'driving-licence'],
    order: 'listed',
  },
  {
    heading: 'Employment',
    steps: ['employment', 'employment-add', 'employment-length', 'employment-income'],
  },
  { heading: 'Address history', steps: ['address', 'address-status', 'address-length'] },
  { heading: 'Contact', steps: ['contact'] },
  { heading: 'Preferences', steps: ['optins'] },
  {
    heading: 'Joint applicant',
    steps: [
      'joint-application',
      'joint-customer-details',
      'joint-date-of-birth',
      'joint-employment-add',
      'joint-employment-length',
      'joint-employment-income',
      'joint-customer-contact',
      'joint-optins',
    ],
    whose: 'joint applicant',
  },
  {
    heading: 'Your circumstances',
    steps: ['breathing-space', 'soft-search', 'fair-processing-notice'],
  },
];

/** Short keys where the journey's message label does not read well as a row heading. */
const KEYS: Readonly<Record<string, string>> = {
  'form.financeType': 'Type of finance',
  'form.lookingToBuy': 'Found a vehicle',
  'form.loanAmount': 'Amount to borrow',
  'form.isSecurityCurrentAddress': 'Property is your current address',
  'form.ownOtherProperties': 'Own other properties',
  'form.employments.N.yearsAtEmployer': 'How long',
  'form.addresses.N.yearsAtAddress': 'How long',
  'form.addresses.N.residentialStatus': 'Residential status',
  'form.joint.yearsAtEmployer': 'Time with employer',
  'form.isJointApplication': 'Joint applicant',
  'form.agreeSoftSearch': 'Agree to a soft search',
  'form.additionalNeedsRequirements': 'Circumstances affecting how we deal with you',
  'form.discussFinancialCircumstances': 'Discuss your financial circumstances',
  'form.additionalNeedsRequirementsStatement': 'What you would like us to know',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const OPT_IN_CHANNELS: readonly (readonly [string, string])[] = [
  ['Email', 'email'],
  ['Sms', 'text message'],
  ['Phone', 'phone'],
  ['Post', 'post'],
];

const LOOPED: ReadonlySet<StepId> = new Set([
  'employment',
  'employment-add',
  'employment-length',
  'address',
  'address-status',
  'address-length',
]);

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'email, text message and post' */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** '3 years 6 months', '2 years', '5 months'; both parts when both are zero. */
export function formatYearsMonths(years: unknown, months: unknown): string {
  const y = asNumber(years) ?? 0;
  const m = asNumber(months) ?? 0;
  if (y > 0 && m > 0) return `${plural(y, 'year')} ${plural(m, 'month')}`;
  if (m > 0) return plural(m, 'month');
  return y > 0 ? plural(y, 'year') : `${plural(y, 'year')} ${plural(m, 'month')}`;
}

/** '7 March 1980' from the three boxes; what was typed, when it is not a date. */
export function formatDateOfBirth(day: unknown, month: unknown, year: unknown): string {
  const d = Number(asText(day));
  const m = Number(asText(month));
  const y = asText(year);
  const name = MONTHS[m - 1];
  if (!Number.isInteger(d) || d < 1 || name === undefined || y === '') {
    return [day, month, year].map(asText).join('/');
  }
  return `${d} ${name} ${y}`;
}

function addressLines(address: unknown): string[] {
  const part = (key: string) => asText(valueAt(address, key));
  const firstLine = [part('houseNumber'), part('street')].filter(Boolean).join(' ');
  const postcode = normalisePostcode(part('postcode')) ?? '';
  return [
    part('subBuilding'),
    part('houseName'),
    firstLine,
    part('locality'),
    part('town'),
    part('county'),
    postcode,
  ].filter((line) => line !== '');
}

function formatValue(field: ResolvedField, state: ApplicationState): string[] {
  const raw = valueAt(state, field.path);
  switch (field.kind) {
    case 'radio':
    case 'dropdown':
    case 'title': {
      const option = field.options?.find((candidate) => candidate.value === raw);
      return [option ? option.label : ''];
    }
    case 'slider':
    case 'number': {
      const value = asNumber(raw);
      if (value === null) return [''];
      if (isMoney(field.path)) return [formatGBP(value)];
      return [isYears(field.path) ? plural(value, 'year') : String(value)];
    }
    case 'yearsMonths':
      return [formatYearsMonths(raw, valueAt(state, field.monthsPath ?? ''))];
    case 'dateOfBirth': {
      const parts = field.parts;
      if (!parts) return [''];
      return [
        formatDateOfBirth(
          valueAt(state, parts.day),
          valueAt(state, parts.month),
          valueAt(state, parts.year),
        ),
      ];
    }
    case 'checkbox':
      return [raw === true ? 'Yes' : 'No'];
    case 'address':
      return addressLines(raw);
    case 'postcode':
      return [normalisePostcode(asText(raw)) ?? ''];
    default:
      return [asText(raw)];
  }
}

function keyFor(field: ResolvedField): string {
  const general = field.path.replace(/\.\d+\./, '.N.');
  return KEYS[general] ?? sentence(field.label);
}

interface Row {
  key: string;
  value: string[];
}

/** The marketing preferences as three answers rather than nine ticks. */
function optInRows(fields: readonly ResolvedField[], state: ApplicationState): Row[] {
  const at = fields[0]?.path.replace(/\.[^.]+$/, '') ?? 'form';
  const ticked = (suffix: string) =>
    OPT_IN_CHANNELS.filter(([key]) => valueAt(state, `${at}.isOpted${key}${suffix}`) === true).map(
      ([, words]) => words,
    );
  const inWords = (channels: string[]) =>
    channels.length === 0 ? 'None' : sentence(listInWords(channels));
  return [
    { key: 'Marketing from us', value: [inWords(ticked(''))] },
    { key: 'Marketing from our partners', value: [inWords(ticked('Partner'))] },
    {
      key: 'Sharing details with selected third parties',
      value: [valueAt(state, `${at}.isOptedThirdParty`) === true ? 'Yes' : 'No'],
    },
  ];
}

function rowsOf(ref: StepRef, state: ApplicationState): Row[] {
  const fields = stepFields(ref, state);
  if (ref.id === 'optins' || ref.id === 'joint-optins') return optInRows(fields, state);
  const postcode = fields.find((field) => field.kind === 'postcode');
  if (postcode) {
    // An address step: its lines and postcode are one answer, however they were entered.
    const address = valueAt(state, postcode.path.replace(/\.postcode$/, ''));
    return [{ key: 'Address', value: addressLines(address) }];
  }
  return (
    fields
      // The terms agreement on the contact screen is not an answer to check (decision 0015).
      .filter((field) => field.path !== 'form.isAgreedTermsAndConditions')
      .map((field) => ({ key: keyFor(field), value: formatValue(field, state), field }))
      .filter(({ value, field }) => value.some((line) => line !== '') || field.required !== false)
      .map(({ key, value }) => ({ key, value }))
  );
}

function groupHeading(ref: StepRef, previousEntries: number): string | null {
  if (!LOOPED.has(ref.id)) return null;
  const n = ref.n ?? 1;
  const what = ref.id.startsWith('employment') ? 'employment' : 'address';
  if (n === 1) return `Current ${what}`;
  return previousEntries > 1 ? `Previous ${what} ${n - 1}` : `Previous ${what}`;
}

/**
 * Every answer on the path the current answers lead through (`journeySteps`), up to this page,
 * grouped under the section headings of the check-answers page.
 */
export function checkAnswers(state: ApplicationState, today: CalendarDate): AnswerSection[] {
  const path = journeySteps(state, today);
  const end = path.findIndex((ref) => ref.id === 'before-you-submit');
  const answered = end === -1 ? path : path.slice(0, end);
  const entries = (prefix: string) =>
    Math.max(
      0,
      ...answered.filter((ref) => ref.id.startsWith(prefix)).map((ref) => (ref.n ?? 1) - 1),
    );
  const previous = { employment: entries('employment'), address: entries('address') };

  const sections: AnswerSection[] = [];
  for (const spec of SECTIONS) {
    const refs = answered.filter((ref) => spec.steps.includes(ref.id));
    if (spec.order === 'listed') {
      refs.sort((a, b) => spec.steps.indexOf(a.id) - spec.steps.indexOf(b.id));
    }
    const groups: AnswerGroup[] = [];
    for (const ref of refs) {
      const kind = ref.id.startsWith('employment') ? 'employment' : 'address';
      const heading = groupHeading(ref, previous[kind]);
      let group = groups.find((candidate) => candidate.heading === heading);
      if (!group) {
        group = { heading, rows: [] };
        groups.push(group);
      }
      for (const row of rowsOf(ref, state)) {
        const context = [heading, spec.whose].filter((part) => part !== null && part !== undefined);
        group.rows.push({
          ...row,
          step: ref,
          changeLabel: [row.key.toLowerCase(), ...context.map((part) => part.toLowerCase())].join(
            ', ',
          ),
        });
      }
    }
    const filled = groups.filter((group) => group.rows.length > 0);
    if (filled.length > 0) sections.push({ heading: spec.heading, groups: filled });
  }
  return sections;
}
