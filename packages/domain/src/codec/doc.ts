/**
 * docs/payload.md, written from the journey's table and the envelope (decision 0063): what every
 * field of the payload is, where it is asked, what the server holds it to, and what is sent when
 * the applicant's path does not ask it. A test keeps the file equal to `payloadDoc()`
 * (UPDATE_PAYLOAD_DOC=1 regenerates it). Nothing in the product imports this module.
 */
import { CONDITIONS } from '../journey/navigation.js';
import { STEPS } from '../journey/steps.js';
import type { FieldKind, StepId } from '../journey/types.js';
import { TEXT_MAX_LENGTH } from '../validation.js';
import { PAYLOAD_LIMITS } from '../schemas.js';
import type { EnvelopeKey } from './envelope.js';
import {
  INDEX_KEYS,
  PAYLOAD_FIELDS,
  PLACE_NAMES,
  type PayloadField,
  type Place,
} from './fields.js';
import { HISTORY_CAPS, HISTORY_MONTHS, PAYLOAD_DEFAULTS } from './policy.js';
import { ADDRESS_LINE_MAX, alwaysSent } from './schema.js';
import { NOT_ASKED } from './check.js';

const code = (text: string | number) => `\`${text}\``;

/** What each envelope field is (docs: the type, where it comes from, its rules). */
const ENVELOPE_DOC: Readonly<
  Record<EnvelopeKey, readonly [type: string, source: string, rules: string]>
> = {
  submissionKey: [
    'string',
    '`form.sessionId`, else `GUID`',
    'required; a version 4 UUID in lower case; equals the key in the URL',
  ],
  affiliateKey: ['string', "the brand's affiliate key", `required, ≤ ${TEXT_MAX_LENGTH}`],
  dealerNumber: [
    'string',
    '`form.affiliateUserId`, else `partnerSetup.affiliateUserId`',
    `optional, ≤ ${PAYLOAD_LIMITS.parameter}`,
  ],
  variant: ['string', '`variant`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  sessionId: ['string', '`form.sessionId`', 'optional, ≤ 100'],
  userAgent: ['string', '`form.userAgent`', 'optional, ≤ 1000'],
  remoteAddress: [
    'string',
    '`form.remoteAddress`',
    'optional, ≤ 45; the server stores the request’s address instead (docs/design.md D12)',
  ],
  urlReferrer: ['string', '`host`', `optional, ≤ ${PAYLOAD_LIMITS.host}`],
  submittedBy: [
    'string',
    '`subdomain`, else `em-apply-form`',
    `required, ≤ ${PAYLOAD_LIMITS.submittedBy}`,
  ],
  dateApplied: ['string', '`appliedDate`', 'optional, ISO date-time with offset'],
  IsCompleted: [
    'boolean',
    'the route',
    'required: `true` on a full submission, `false` on a partial save ("Must be true for a full submission", "Must be false for a partial save")',
  ],
  vehicle: [
    'object',
    'the host’s vehicle type, the dealer’s `year` and `mileage`',
    'a vehicle loan only; optional; `vehicleType` one of the vehicle types, `year` 1900-2100, `mileage` 0-10,000,000 (whole); the lender panel’s vehicle rules read it',
  ],
  disclosures: [
    'object',
    'the texts shown and the consents given (docs/evidence.md)',
    'optional; see "Disclosures" below',
  ],
  evsrc: ['string', 'query parameter `evsrc`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  evcmp: ['string', 'query parameter `evcmp`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  evrfd: ['string', 'query parameter `evrfd`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  evoSource: ['string', 'the `evo2_source` cookie', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  source: ['string', '`utm_source` (or its cookie)', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  medium: ['string', '`utm_medium`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  utmTerm: ['string', '`utm_term`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  keyword: ['string', '`utm_keyword`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
  campaign: ['string', '`utm_campaign`', `optional, ≤ ${PAYLOAD_LIMITS.parameter}`],
};

function optionCodes(field: PayloadField): string[] {
  return (field.spec.options ?? []).map((option) =>
    typeof option.value === 'string'
      ? (field.spec.codes?.[option.value] ?? option.value)
      : String(option.value),
  );
}

/** A field's type and form, by its kind. */
const KIND_DOC: Readonly<Record<FieldKind, (field: PayloadField) => string[]>> = {
  text: (field) => {
    const max =
      field.place === 'addresses' || field.place === 'securityAddress'
        ? ADDRESS_LINE_MAX
        : (field.spec.maxLength ?? TEXT_MAX_LENGTH);
    const trimmed = field.spec.personName ? 'trimmed, first letter capitalised' : 'trimmed';
    return [`text ≤ ${max}, ${trimmed}${max > TEXT_MAX_LENGTH ? ', newlines allowed' : ''}`];
  },
  email: () => ['text ≤ 50, trimmed'],
  phone: () => ['text: `0` and ten digits (docs/product.md §5’s normalisation)'],
  postcode: () => ['text: a UK postcode as `SW1A 1AA`'],
  title: (field) => [`one of ${optionCodes(field).map(code).join(', ')}`],
  radio: (field) =>
    (field.spec.options ?? []).every((option) => typeof option.value === 'boolean')
      ? ['boolean']
      : [`one of ${optionCodes(field).map(code).join(', ')}`],
  dropdown: (field) => [`one of ${optionCodes(field).map(code).join(', ')}`],
  checkbox: (field) => [field.spec.required === true ? '`true`' : 'boolean'],
  number: (field) => [wholeNumber(field)],
  slider: (field) => [wholeNumber(field)],
  yearsMonths: (field) => [
    `whole years 0-${field.spec.cap ?? HISTORY_CAPS.addressYears} (larger sent as ${field.spec.cap ?? HISTORY_CAPS.addressYears})`,
    `whole months 0-${HISTORY_CAPS.months}`,
  ],
  dateOfBirth: () => ['text `YYYY-MM-DDT00:00:00.000`, from the three boxes'],
  address: () => [],
};

function wholeNumber(field: PayloadField): string {
  const { min, max, unit } = field.spec;
  const range =
    min !== undefined && max !== undefined
      ? ` ${min.toLocaleString('en-GB')}-${max.toLocaleString('en-GB')}`
      : '';
  return `whole number${unit === 'pounds' ? ' (£)' : unit === 'years' ? ' (years)' : ''}${range}`;
}

/** Where a step is, and on which paths. */
function askedOn(step: StepId, field: PayloadField): string {
  const spec = STEPS[step];
  const route = code(spec.path.replace('{n}', 'N'));
  const when = (spec.when ?? [])
    .filter((condition) => !(field.place === 'joint' && condition === 'joint'))
    .map((condition) => CONDITIONS[condition].label);
  const shown = field.spec.showWhen === undefined ? [] : ['when the screen shows it'];
  const conditions = [...when, ...shown];
  return conditions.length === 0 ? route : `${route} (${conditions.join(', ')})`;
}

function defaultDoc(field: PayloadField): string {
  const value = field.spec.default;
  if (value === undefined) return 'not sent';
  const sent = typeof value === 'string' ? (field.spec.codes?.[value] ?? value) : value;
  return `${code(sent)} (policy)`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

/** One place's table: each payload key once, with every step that asks it. */
function placeTable(place: Place): string[] {
  const keys = new Map<string, { field: PayloadField; steps: string[]; type: string }>();
  for (const field of PAYLOAD_FIELDS) {
    if (field.place !== place || field.implied || field.spec.kind === 'address') continue;
    const types = KIND_DOC[field.spec.kind](field);
    field.keys.forEach((key, i) => {
      const known = keys.get(key);
      const where = askedOn(field.step, field);
      if (known) {
        if (!known.steps.includes(where)) known.steps.push(where);
      } else keys.set(key, { field, steps: [where], type: types[i] ?? '' });
    });
  }
  const lines = [
    row(['name', 'type and form', 'asked on (when)', 'in a full submission', 'when not asked']),
    row(['---', '---', '---', '---', '---']),
  ];
  for (const [key, { field, steps, type }] of keys) {
    const full = alwaysSent(field) ? 'required' : 'required where asked';
    lines.push(row([code(key), type, steps.join('; '), full, defaultDoc(field)]));
  }
  return lines;
}

const implied = PAYLOAD_FIELDS.filter((field) => field.implied);

/** docs/payload.md. */
export function payloadDoc(): string {
  const envelope = [
    row(['name', 'type', 'source (state)', 'rules']),
    row(['---', '---', '---', '---']),
    ...Object.entries(ENVELOPE_DOC).map(([name, [type, source, rules]]) =>
      row([code(name), type, source, rules]),
    ),
  ];
  const section = (place: Place, title: string, intro: string) => [
    `### ${title}`,
    '',
    intro,
    '',
    ...placeTable(place),
    '',
  ];
  return [
    '# The submission payload',
    '',
    '<!-- Generated from the journey table (packages/domain/src/codec/doc.ts): run',
    '     UPDATE_PAYLOAD_DOC=1 npx vitest run --project domain codec/doc to rewrite it. -->',
    '',
    'The JSON body of `POST /api/submission/{submissionKey}` (a full submission) and',
    '`POST /api/submission/partial/{submissionKey}` (a partial save, once the terms are agreed).',
    'It is the journey’s table read as a codec ([decision 0063](decisions/0063-the-journey-table-is-the-codec.md)):',
    'each answer is sent as its field in `packages/domain/src/journey/steps.ts` says, the browser',
    'builds it with `buildSubmissionPayload`, the server reads it back with the same table, and',
    'this page is written from it. What is not an answer is a small envelope.',
    '',
    '## What the server answers',
    '',
    '- A refused body answers `400 {"error":"invalid_payload","fields":[{"path","message"}]}`,',
    '  each field named by its dotted path (`addresses.0.postcode`). Where a screen asks the',
    '  answer, `message` is the screen’s own message ([decision 0039](decisions/0039-payload-read-back-as-step-answers.md)).',
    '- **Only the applicant’s path is sent** ([decision 0064](decisions/0064-only-the-path-is-sent.md)).',
    '  The answers read back decide the path (a vehicle or a secured loan, a joint applicant, the',
    '  histories); a field that no screen on that path asks is refused with',
    `  ${code(NOT_ASKED)}, on a full submission and on a partial save alike: nothing off`,
    '  the path is stored, decided on or delivered. A list entry the histories do not reach, or a',
    '  `JointApplicant` on a single application, is named whole (`employments.1`). These are',
    '  named once the answers the path asks and the body’s structure are right.',
    '- A full submission must answer every screen of its path ("Please enter …"); a partial save',
    '  is refused only for what it sends. The browser leaves out any answer its screen would not',
    '  accept, so its partial saves are never refused (after a change of purpose, say).',
    '',
    '## General rules',
    '',
    '- Every object is strict: a key not listed here is refused (`__proto__` included).',
    '- Nothing is sent as `null`: an unanswered field is left out.',
    '- Amounts and terms are whole numbers (`5000.5`: "Must be a whole number.").',
    '- Text that no screen asks (tracking, attribution) may not contain control characters.',
    '- `addressIndex` and `employmentIndex` are 0-based positions in the sent list (0 = current).',
    `- \`utmTerm\`: docs/product.md §3 lists \`term\` twice; the loan term keeps \`term\`, \`utm_term\` is sent as \`utmTerm\` ([decision 0013](decisions/0013-payload-rules-and-names.md)).`,
    '- Consents: the state’s `isOpted*Partner` flags are the third-party channels, sent as',
    '  `IsOpted{Email,Sms,Phone,Post}ThirdParty`; the joint applicant’s use the same names inside',
    '  `JointApplicant`.',
    '',
    '## The policy',
    '',
    'What the payload carries for a loan field the path does not ask, and its caps',
    '(`packages/domain/src/codec/policy.ts`, docs/product.md §5):',
    '',
    `- loan amount ${code(PAYLOAD_DEFAULTS.loanAmount)} when a full submission has none the screen accepts;`,
    `  cash deposit ${code(PAYLOAD_DEFAULTS.cashDeposit)} where the deposit is not asked or answered No;`,
    `  term ${code(PAYLOAD_DEFAULTS.term)} years where the term is not asked (a vehicle loan: the quote is priced over it;`,
    '  the server also takes any term from 3 to 25 there, the term screen’s range), or a full',
    `  submission has none the screen accepts; finance type ${code(PAYLOAD_DEFAULTS.financeType)} on a secured loan;`,
    `  loan purpose ${code('Other')} when a full submission has none.`,
    `- Histories: earlier addresses and jobs are asked while the months so far are ${HISTORY_MONTHS} or fewer.`,
    `- Caps: years at an address ${HISTORY_CAPS.addressYears}, with an employer ${HISTORY_CAPS.employerYears},`,
    `  owning a separate security property ${HISTORY_CAPS.securityAddressYears}, a copy of the current address as the`,
    `  security ${HISTORY_CAPS.securityCopyYears}; months ${HISTORY_CAPS.months}. Missing years or months are 0.`,
    '',
    '## The envelope: what is not an answer',
    '',
    ...envelope,
    '',
    '## The answers',
    '',
    'Each answer’s name, its form, the screen that asks it and on which paths, whether a full',
    'submission must carry it, and what is sent when the path does not ask it.',
    ...implied.map(
      (field) =>
        `${code(field.spec.path)} is not sent itself: it is read from ${code(field.implied!.by)} (0 is No).`,
    ),
    '',
    ...section('top', 'Top level', 'The applicant’s answers and the application’s.'),
    ...section(
      'joint',
      `\`${PLACE_NAMES.joint}\``,
      'On a joint application only: the joint applicant’s answers.',
    ),
    ...section(
      'addresses',
      `\`${PLACE_NAMES.addresses}\`: each entry`,
      `1 to ${PAYLOAD_LIMITS.addresses} entries in a full submission, current first; each with \`${INDEX_KEYS.addresses}\`, its position. An address is sent as its lines (as looked up or typed).`,
    ),
    ...section(
      'employments',
      `\`${PLACE_NAMES.employments}\`: each entry`,
      `1 to ${PAYLOAD_LIMITS.employments} entries in a full submission, current first; each with \`${INDEX_KEYS.employments}\`.`,
    ),
    ...section(
      'securityAddress',
      `\`${PLACE_NAMES.securityAddress}\``,
      'A secured loan only. When the property is the current address (`isSecurityCurrentAddress` true) it is that address’s copy, with its residential status and at most 10 years, and must equal it ("Must be the current address, as security-address-confirm says"); otherwise the separate property below, with how long it has been owned and no residential status.',
    ),
    '## Disclosures',
    '',
    'Optional (clients built before it leave it out; docs/evidence.md, decision 0034):',
    '`disclosures.shown[]` `{ text, version, at }` (up to 36) and `disclosures.agreed[]`',
    '`{ consent, text, version, at }` (up to 20): the texts shown and the consents given, each by',
    'its id and the version in `packages/domain/src/disclosure-versions.ts` ("Not a known text",',
    '"Not a known version of this text", "Not a known consent", "Must be a date and time").',
    '',
    'These are the browser’s claims. Beyond these rules they are not refused: they are stored as',
    'sent and read against the server’s own record of what it served the session, and what',
    'contradicts that record is marked for staff (docs/evidence.md, decision 0061).',
    '',
  ].join('\n');
}
