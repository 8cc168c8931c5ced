/**
 * A submitted payload read back as the answers of the steps that asked it, so that the server
 * checks a submission with the journey's own step rules (`validateStep`, the check behind each
 * screen's Continue) and refuses with the message the screen shows (decision 0039). This is the
 * inverse of `payload.ts`'s state → payload mapping; docs/payload.md lists the fields.
 *
 * zod (`schemas.ts`) keeps the payload's structure: types, lengths, the body's shape and the
 * forms the payload builder writes (a phone as digits, a postcode as 'SW1A 1AA'). Every rule a
 * screen applies to an answer comes from the step table only.
 */
import type { CalendarDate } from './date-of-birth.js';
import { STEP_IDS, STEPS, journeySteps, setAnswers, stepFields, validateStep } from './journey/index.js';
import type { Answers, LoopId, StepRef } from './journey/index.js';
import { NAMED_PAYLOAD_FIELDS, receivedValue } from './payload-fields.js';
import { createInitialState, emptyAddress, emptyEmployment } from './journey/index.js';
import type { Address, ApplicationState, Employment, JointApplicant, OptIns } from './journey/index.js';
import { validateYearsAndMonths } from './validation.js';

export interface FieldProblem {
  /** The payload's field, dotted ('addresses.0.postcode'), as the API has always named it. */
  path: string;
  message: string;
}

/** The payload's date of birth: 'YYYY-MM-DDT00:00:00.000', no time zone (docs/payload.md). */
export const PAYLOAD_DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})T00:00:00\.000$/;

/** A payload read back: the state the steps read, and which state paths the payload answered. */
export interface PayloadAnswers {
  state: ApplicationState;
  /** State paths ('form.addresses.0.postcode') whose value came from the payload. */
  answered: ReadonlySet<string>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A value of the wrong type reads as unanswered, as an empty box would. */
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** State key → payload key where they differ; the same names inside each entry. */
const PAYLOAD_NAMES: Readonly<Record<string, string>> = {
  subBuilding: 'flatNumber',
  houseName: 'buildingName',
  houseNumber: 'buildingNumber',
  employerTown: 'Town',
  isAgreedTermsAndConditions: 'termsAndConditionsAgreed',
  // The deposit screen's yes/no is read from the amount sent (see `answersFromPayload`).
  depositType: 'cashDeposit',
  isOptedEmail: 'IsOptedEmail',
  isOptedSms: 'IsOptedSms',
  isOptedPhone: 'IsOptedPhone',
  isOptedPost: 'IsOptedPost',
  isOptedThirdParty: 'IsOptedThirdParty',
  isOptedEmailPartner: 'IsOptedEmailThirdParty',
  isOptedSmsPartner: 'IsOptedSmsThirdParty',
  isOptedPhonePartner: 'IsOptedPhoneThirdParty',
  isOptedPostPartner: 'IsOptedPostThirdParty',
};

/**
 * The payload field that holds the answer at a state path: 'form.joint.firstName' →
 * 'JointApplicant.firstName', 'form.employments.1.employerTown' → 'employments.1.Town'.
 */
export function payloadPathOf(statePath: string): string {
  const [root, ...rest] = statePath.split('.');
  if (root !== 'form') return statePath;
  let prefix: string[] = [];
  let inner = rest;
  if (rest[0] === 'joint') [prefix, inner] = [['JointApplicant'], rest.slice(1)];
  else if (rest[0] === 'securityAddress') [prefix, inner] = [['securityAddress'], rest.slice(1)];
  else if (rest[0] === 'addresses' || rest[0] === 'employments') {
    [prefix, inner] = [rest.slice(0, 2), rest.slice(2)];
  }
  const [key, ...tail] = inner;
  const named = key === undefined ? [] : [PAYLOAD_NAMES[key] ?? key, ...tail];
  return [...prefix, ...named].join('.');
}

function addressFrom(entry: Json): Address {
  return {
    ...emptyAddress(),
    subBuilding: str(entry.flatNumber),
    houseName: str(entry.buildingName),
    houseNumber: str(entry.buildingNumber),
    street: str(entry.street),
    locality: str(entry.locality),
    town: str(entry.town),
    county: str(entry.county),
    postcode: str(entry.postcode),
    yearsAtAddress: num(entry.yearsAtAddress),
    monthsAtAddress: num(entry.monthsAtAddress),
    residentialStatus: str(entry.residentialStatus) as Address['residentialStatus'],
  };
}

function employmentFrom(entry: Json): Employment {
  return {
    ...emptyEmployment(),
    employmentStatus: str(entry.employmentStatus) as Employment['employmentStatus'],
    occupation: str(entry.occupation),
    employerName: str(entry.employerName),
    employerTown: str(entry.Town),
    yearsAtEmployer: num(entry.yearsAtEmployer),
    monthsAtEmployer: num(entry.monthsAtEmployer),
  };
}

function optInsFrom(person: Json): OptIns {
  const read = (key: keyof OptIns) => bool(person[PAYLOAD_NAMES[key]!]) ?? false;
  return {
    isOptedEmail: read('isOptedEmail'),
    isOptedSms: read('isOptedSms'),
    isOptedPhone: read('isOptedPhone'),
    isOptedPost: read('isOptedPost'),
    isOptedThirdParty: read('isOptedThirdParty'),
    isOptedEmailPartner: read('isOptedEmailPartner'),
    isOptedSmsPartner: read('isOptedSmsPartner'),
    isOptedPhonePartner: read('isOptedPhonePartner'),
    isOptedPostPartner: read('isOptedPostPartner'),
  };
}

/** The three date boxes from 'YYYY-MM-DDT00:00:00.000'; all null when the shape is wrong. */
function dateBoxes(value: unknown): {
  day: string | null;
  month: string | null;
  year: string | null;
} {
  const match = PAYLOAD_DATE_OF_BIRTH.exec(str(value) ?? '');
  return match
    ? { year: match[1]!, month: match[2]!, day: match[3]! }
    : { day: null, month: null, year: null };
}

const PERSON_KEYS = [
  'title',
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'maritalStatus',
  'drivingLicenceType',
] as const;

/**
 * The answers a payload carries, as the `ApplicationState` the screens would have held
 * (decision 0039): each payload field goes back to the state path it was built from; fields no
 * step asks (tracking, attribution, the vehicle's facts, disclosures) are not answers; history
 * entry N of `addresses` and `employments` is the answer of /address/N+1, /employment/N+1 and
 * so on, always as a looked-up address (the payload does not say which way it was entered).
 */
export function answersFromPayload(payload: unknown): PayloadAnswers {
  const state = createInitialState();
  const answered = new Set<string>();
  if (!isObject(payload)) return { state, answered };
  const form = state.form;
  const mark = (statePath: string) => {
    if (valueAt(payload, payloadPathOf(statePath)) !== undefined) answered.add(statePath);
  };

  state.affiliateConfig = str(payload.affiliateKey);
  const purpose = str(payload.loanPurposeType);
  form.loanPurposeType = (
    purpose === 'Other' ? 'SomethingElse' : purpose
  ) as typeof form.loanPurposeType;
  mark('form.loanPurposeType');
  const vehicle = purpose === 'Vehicle';
  // A secured loan is sent as financeType 'Secured' and a vehicle loan with the default term:
  // neither is an answer of that application.
  form.financeType = (str(payload.financeType) ?? form.financeType) as typeof form.financeType;
  if (vehicle) mark('form.financeType');
  form.term = num(payload.term);
  if (!vehicle) mark('form.term');
  form.lookingToBuy = str(payload.lookingToBuy) as typeof form.lookingToBuy;
  form.loanAmount = num(payload.loanAmount);
  // The deposit screen's Yes is an amount other than 0 (the builder sends 0 for No).
  form.cashDeposit = num(payload.cashDeposit);
  form.depositType = form.cashDeposit === null ? null : form.cashDeposit !== 0;
  for (const key of ['lookingToBuy', 'loanAmount', 'cashDeposit', 'depositType'] as const) {
    mark(`form.${key}`);
  }

  for (const key of PERSON_KEYS) {
    (form as unknown as Json)[key] = str(payload[key]);
    mark(`form.${key}`);
  }
  form.netMonthlyIncome = num(payload.netMonthlyIncome);
  mark('form.netMonthlyIncome');
  const dob = dateBoxes(payload.dateOfBirth);
  [state.dobDay, state.dobMonth, state.dobYear] = [dob.day, dob.month, dob.year];
  mark('form.dateOfBirth');

  for (const key of ['propertyValue', 'mortgageBalance', 'propertyBedrooms'] as const) {
    form[key] = num(payload[key]);
    mark(`form.${key}`);
  }
  const yesNos = [
    'isSecurityCurrentAddress',
    'isJointApplication',
    'breathingSpace',
    'agreeSoftSearch',
    'additionalNeedsRequirements',
    'discussFinancialCircumstances',
  ] as const;
  for (const key of yesNos) {
    form[key] = bool(payload[key]);
    mark(`form.${key}`);
  }
  form.additionalNeedsRequirementsStatement = str(payload.additionalNeedsRequirementsStatement);
  mark('form.additionalNeedsRequirementsStatement');
  form.isAgreedTermsAndConditions = payload.termsAndConditionsAgreed === true;
  mark('form.isAgreedTermsAndConditions');
  Object.assign(form, optInsFrom(payload));

  if (isObject(payload.securityAddress)) {
    form.securityAddress = { ...addressFrom(payload.securityAddress), manual: false };
    markEntry('form.securityAddress', Object.keys(form.securityAddress));
  }
  const list = (value: unknown): Json[] =>
    Array.isArray(value) ? value.map((entry) => (isObject(entry) ? entry : {})) : [];
  const addresses = list(payload.addresses);
  if (addresses.length > 0) {
    form.addresses = addresses.map(addressFrom);
    state.savedAddresses = addresses.map(() => ({
      manual: false,
      streetAddress: null,
      value: null,
    }));
    addresses.forEach((_, i) => markEntry(`form.addresses.${i}`, Object.keys(emptyAddress())));
  }
  const employments = list(payload.employments);
  if (employments.length > 0) {
    form.employments = employments.map(employmentFrom);
    employments.forEach((_, i) =>
      markEntry(`form.employments.${i}`, Object.keys(emptyEmployment())),
    );
  }

  if (isObject(payload.JointApplicant)) {
    const person = payload.JointApplicant;
    const joint: JointApplicant = { ...form.joint, ...optInsFrom(person) };
    for (const key of PERSON_KEYS) (joint as unknown as Json)[key] = str(person[key]);
    joint.employmentStatus = str(person.employmentStatus) as JointApplicant['employmentStatus'];
    for (const key of ['yearsAtEmployer', 'monthsAtEmployer', 'netMonthlyIncome'] as const) {
      joint[key] = num(person[key]);
    }
    form.joint = joint;
    const boxes = dateBoxes(person.dateOfBirth);
    [state.jointDobDay, state.jointDobMonth, state.jointDobYear] = [
      boxes.day,
      boxes.month,
      boxes.year,
    ];
    markEntry('form.joint', [...Object.keys(joint), 'dateOfBirth']);
  }
  // The answers sent under their own names (payload-fields.ts) come back the same way.
  const named = NAMED_PAYLOAD_FIELDS.filter(
    (field) => field.scope === 'applicant' || isObject(payload.JointApplicant),
  );
  named.forEach((field) => mark(field.path));
  const answers: Answers = Object.fromEntries(
    named.map((field) => [
      field.path,
      receivedValue(field, valueAt(payload, payloadPathOf(field.path))),
    ]),
  );
  return { state: setAnswers(state, answers), answered };

  /**
   * Each answered field of an entry (an address, the joint applicant), and the entry itself
   * once it holds more than counts and a postcode: an address with any line or a town was
   * chosen, and is held to the address select's rule even in a partial save.
   */
  function markEntry(at: string, keys: readonly string[]): void {
    const counts = /^(years|months)At|^postcode$/;
    const given = keys.filter(
      (key) => valueAt(payload, payloadPathOf(`${at}.${key}`)) !== undefined,
    );
    if (given.some((key) => !counts.test(key))) answered.add(at);
    for (const key of given) answered.add(`${at}.${key}`);
  }
}

/** The steps of a history loop, for entry n (1-based), in table order. */
function loopSteps(loop: LoopId, n: number): StepRef[] {
  return STEP_IDS.filter((id) => {
    const spec = STEPS[id].loop;
    if (spec?.id !== loop) return false;
    return spec.entries === 'every' || (spec.entries === 'first' ? n === 1 : n > 1);
  }).map((id) => ({ id, n }));
}

const refKey = (ref: StepRef) => `${ref.id}/${ref.n ?? 1}`;

export interface PayloadCheckOptions {
  /** true for a full submission: every answer the path asks is required. */
  complete: boolean;
  /** The UK date the age rules are applied on. */
  today: CalendarDate;
}

/**
 * The journey's step rules over the answers a payload carries (decision 0039), with the screens'
 * messages, named by payload field. The steps checked are those on the path the answers imply
 * (`journeySteps`), plus every history entry sent. A full submission must answer each of them;
 * a partial save is refused only for what it sends. An answer sent for a step off the path (a
 * property value on a vehicle loan, left from an earlier choice) is still held to that step's
 * rule, unless a step on the path asks the same answer (the loan amount's range is the path's).
 */
export function payloadStepProblems(
  payload: unknown,
  options: PayloadCheckOptions,
): FieldProblem[] {
  if (!isObject(payload)) return [];
  const { state, answered } = answersFromPayload(payload);
  const { today } = options;

  const onPath: StepRef[] = [];
  const seen = new Set<string>();
  const add = (ref: StepRef) => {
    if (seen.has(refKey(ref))) return;
    seen.add(refKey(ref));
    onPath.push(ref);
  };
  journeySteps(state, today).forEach(add);
  const entries = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  for (let n = 1; n <= entries(payload.addresses); n += 1) loopSteps('address', n).forEach(add);
  for (let n = 1; n <= entries(payload.employments); n += 1) {
    loopSteps('employment', n).forEach(add);
  }
  // Each step's fields, built once: the path's are read twice (what it asks, then its check).
  const fieldsOf = new Map(onPath.map((ref) => [refKey(ref), stepFields(ref, state)]));
  const askedOnPath = new Set<string>([...fieldsOf.values()].flat().map((f) => f.path));
  const offPath = STEP_IDS.filter((id) => STEPS[id].loop === undefined)
    .map((id): StepRef => ({ id }))
    .filter((ref) => !seen.has(refKey(ref)));

  const problems: FieldProblem[] = [];
  const named = new Set<string>();
  const check = (ref: StepRef, report: (statePath: string) => boolean) => {
    const fields = fieldsOf.get(refKey(ref)) ?? stepFields(ref, state);
    // A step's errors are named by its fields' paths (validateStep), so a step none of whose
    // fields would be reported (most steps off the path) need not be validated at all.
    if (!fields.some((field) => report(field.path))) return;
    for (const error of validateStep(ref, state, today)) {
      if (!report(error.field)) continue;
      const field = fields.find((candidate) => candidate.path === error.field);
      const path = payloadPathOf(namedPath(error.field, field?.monthsPath, payload));
      if (named.has(path)) continue;
      named.add(path);
      problems.push({ path, message: error.message });
    }
  };
  for (const ref of onPath) check(ref, (at) => options.complete || answered.has(at));
  for (const ref of offPath) check(ref, (at) => answered.has(at) && !askedOnPath.has(at));
  return problems;
}

/** The value at a dotted path of an untyped JSON body ('addresses.0.postcode'), own keys only. */
function valueAt(body: unknown, path: string): unknown {
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A years-and-months answer is named by its months when the months are what is wrong. */
function namedPath(statePath: string, monthsPath: string | undefined, payload: Json): string {
  if (monthsPath === undefined) return statePath;
  const months = valueAt(payload, payloadPathOf(monthsPath));
  const wrongMonths = months !== undefined && validateYearsAndMonths(0, num(months) ?? -1) !== null;
  return wrongMonths ? monthsPath : statePath;
}

/**
 * What the API answers for a body: the step rules' problems, then the structural problems
 * (zod's) of fields the step rules did not already refuse, so each field is named once and by
 * the screen's message where a screen has one. A date of birth of the wrong shape is refused
 * by its shape, which says more than the screen's "Please enter" would.
 */
export function mergeProblems(
  payload: unknown,
  structural: readonly FieldProblem[],
  options: PayloadCheckOptions,
): FieldProblem[] {
  const steps = payloadStepProblems(payload, options);
  const shapeFirst = new Set(
    structural
      .filter(
        (p) => /(^|\.)dateOfBirth$/.test(p.path) && typeof valueAt(payload, p.path) === 'string',
      )
      .map((p) => p.path),
  );
  const fromSteps = steps.filter((p) => !shapeFirst.has(p.path));
  const refused = new Set(fromSteps.map((p) => p.path));
  return [...fromSteps, ...structural.filter((p) => !refused.has(p.path))];
}
