/**
 * The server's one pass over a payload (decisions 0039, 0063 and 0064): its answers read back
 * (read.ts), the path they lead through, every answer the path's screens refuse (with the
 * screen's message) and everything the path does not ask ("Not asked on this application").
 */
import type { CalendarDate } from '../date-of-birth.js';
import { LOOPS, inIteration, journeySteps } from '../journey/navigation.js';
import { entryOf, shownFields, type CompiledField } from '../journey/resolve.js';
import type { ApplicationState } from '../journey/shape.js';
import { STEP_IDS, STEPS } from '../journey/steps.js';
import { MAX_STEP_NUMBER, type StepRef } from '../journey/types.js';
import { validateField } from '../journey/validate.js';
import { ADDRESS_SELECT_REQUIRED } from '../messages.js';
import { validateYearsAndMonths } from '../validation.js';
import { securityCopyOf } from './build.js';
import { ENVELOPE_KEYS } from './envelope.js';
import {
  DEFAULTED,
  INDEX_KEYS,
  PAYLOAD_FIELDS,
  PLACE_NAMES,
  WRITERS,
  payloadFieldOf,
  type PayloadField,
  type Place,
} from './fields.js';
import { HISTORY_CAPS } from './policy.js';
import { isObject, own, placeIn, readPayload, type Body, type Json } from './read.js';

export interface FieldProblem {
  /** The payload's field, dotted ('addresses.0.postcode'), as the API has always named it. */
  path: string;
  message: string;
}

/** What the server answers for a field the applicant's path does not ask (decision 0064). */
export const NOT_ASKED = 'Not asked on this application';
/** docs/product.md §5: a copy of the current address is held to 10 years. */
export const COPY_TOO_LONG = `Must be at most ${HISTORY_CAPS.securityCopyYears} for a copy of the current address`;
/** A security address sent as the current address's copy must be that copy. */
export const NOT_THE_COPY = 'Must be the current address, as security-address-confirm says';

export interface PayloadCheckOptions {
  /** true for a full submission: every answer the path asks is required. */
  complete: boolean;
  /** The UK date the age rules are applied on. */
  today: CalendarDate;
}

/** A shown field of a step's entry and the message its screen gives for the answer, if any. */
interface Checked {
  compiled: CompiledField;
  message: string | null;
}

/** The payload's dotted name of a key of a place ('addresses.0.postcode'). */
function nameIn(place: Place, entry: number, key: string | null): string {
  if (key === null || entry >= MAX_STEP_NUMBER) return namedIn(place, entry, key);
  // Made once for each place, entry and key: the same names are looked up on every submission.
  let entries = NAMES_IN.get(place);
  if (entries === undefined) {
    entries = [];
    NAMES_IN.set(place, entries);
  }
  const names = (entries[entry] ??= new Map());
  let name = names.get(key);
  if (name === undefined) {
    name = namedIn(place, entry, key);
    // Bounded: the keys named come from the request body, and its entries from the body's lists.
    if (names.size < MAX_NAMES_A_PLACE) names.set(key, name);
  }
  return name;
}

const NAMES_IN = new Map<Place, Map<string, string>[]>();
/** More than any place's entry has answers. */
export const MAX_NAMES_A_PLACE = 64;

/** How many payload names are kept, for each place's entry (for the test of the bound). */
export function keptNameCounts(): number[] {
  return [...NAMES_IN.values()].flatMap((entries) => entries.map((names) => names.size));
}

function namedIn(place: Place, entry: number, key: string | null): string {
  const prefix =
    place === 'top'
      ? ''
      : place === 'addresses' || place === 'employments'
        ? `${PLACE_NAMES[place]}.${entry}`
        : PLACE_NAMES[place];
  if (key === null) return prefix;
  return prefix === '' ? key : `${prefix}.${key}`;
}

const NAMES = new WeakMap<CompiledField, readonly string[]>();

/** The payload names a field of an entry answers under (its keys, or the key it is read from). */
function namesOf(compiled: CompiledField, field: PayloadField, entry: number): readonly string[] {
  let names = NAMES.get(compiled);
  if (names === undefined) {
    const keys = field.implied ? [...field.keys, field.implied.by] : field.keys;
    names = keys.map((key) => nameIn(field.place, entry, key));
    NAMES.set(compiled, names);
  }
  return names;
}

const ENVELOPE = new Set<string>(ENVELOPE_KEYS);
const LIST_NAMES = new Set<string>(Object.values(PLACE_NAMES));

/** A default field's policy value, as the payload codes it. */
function defaultCode(field: PayloadField): unknown {
  const value = field.spec.default;
  return typeof value === 'string' ? (field.spec.codes?.[value] ?? value) : value;
}

/**
 * The server's one pass over a payload (decisions 0039, 0063, 0064): its answers read back,
 * the path they lead through, and the problems in payload order of the path:
 * - every answer of a step on the path that its screen refuses, with the screen's message; a
 *   full submission must answer them all, a partial save is refused only for what it sends;
 * - once those are right, every field the path does not ask: "Not asked on this
 *   application". A loan field the path
 *   does not ask may carry the policy's value (codec/policy.ts); a vehicle loan's term any term
 *   the term screen would accept, the quote's assumption (docs/payload.md).
 * Structure (types, lengths, the forms the builder writes) is zod's (schemas.ts).
 */
export function payloadStepProblems(
  payload: unknown,
  options: PayloadCheckOptions,
): FieldProblem[] {
  if (!isObject(payload)) return [];
  const { state, body } = readPayload(payload);
  const { today, complete } = options;

  // Each step's fields checked once: for the path's loops and for the problems. By step, then
  // by entry: no key string is made for each look-up.
  const checked = new Map<StepRef['id'], Checked[][]>();
  const check = (ref: StepRef) => {
    let entries = checked.get(ref.id);
    if (entries === undefined) {
      entries = [];
      checked.set(ref.id, entries);
    }
    const entry = entryOf(ref);
    let results = entries[entry];
    if (results === undefined) {
      results = shownFields(ref, state).map((compiled) => ({
        compiled,
        message: validateField(compiled.field, state, today),
      }));
      entries[entry] = results;
    }
    return results;
  };
  const path = journeySteps(state, today, (ref) => {
    const done = STEPS[ref.id].doneWhen?.(state) ?? true;
    return done && check(ref).every((result) => result.message === null);
  });

  const problems: FieldProblem[] = [];
  const named = new Set<string>();
  const report = (path: string, message: string) => {
    if (named.has(path)) return;
    named.add(path);
    problems.push({ path, message });
  };
  // The keys the path asks, by place and entry ('addresses.0.postcode').
  const asked = new Set<string>();
  const ask = (compiled: CompiledField, field: PayloadField, entry: number) => {
    for (const name of namesOf(compiled, field, entry)) asked.add(name);
  };
  const refs: { ref: StepRef; sentOnly: boolean }[] = [
    ...path.map((ref) => ({ ref, sentOnly: false })),
    ...laterEntriesSent(path, state, body).map((ref) => ({ ref, sentOnly: true })),
  ];
  for (const { ref, sentOnly } of refs) {
    const entry = entryOf(ref) - 1;
    for (const { compiled, message } of check(ref)) {
      const field = payloadFieldOf(compiled.spec);
      const object = placeIn(body, field.place, entry);
      ask(compiled, field, entry);
      if (ref.id === 'security-address-confirm' && state.form.isSecurityCurrentAddress === true) {
        for (const key of Object.keys(body.securityAddress ?? {})) {
          asked.add(nameIn('securityAddress', 0, key));
        }
        checkCopy(body, complete, report);
      }
      if (message === null) continue;
      const sent = field.keys.some((key) => own(object, key) !== undefined);
      if ((!complete || sentOnly) && !(sent && entryAnswered(field, object))) continue;
      report(nameIn(field.place, entry, problemKey(field, object)), message);
    }
  }
  // What the path does not ask is named once its answers are right: an answer the screens
  // refuse (an unknown purpose, say) leaves the path itself undecided.
  if (problems.length === 0) notAsked(payload, body, asked, report);
  return problems;
}

/**
 * History entries sent beyond the path's last one while the history so far is 35 months or
 * less: the path stops at an entry its screens refuse (an unknown postcode, say), but the next
 * entry is still one the applicant was asked for, so it is checked as sent rather than refused
 * as not asked.
 */
function laterEntriesSent(
  path: readonly StepRef[],
  state: ApplicationState,
  body: Body,
): StepRef[] {
  const later: StepRef[] = [];
  for (const [loop, list] of [
    ['address', body.addresses],
    ['employment', body.employments],
  ] as const) {
    const last = path.reduce(
      (n, ref) => (STEPS[ref.id].loop?.id === loop ? Math.max(n, entryOf(ref)) : n),
      0,
    );
    for (let n = last; n >= 1 && n < list.length && n < MAX_STEP_NUMBER; n += 1) {
      if (!LOOPS[loop].again(state, n)) break;
      for (const id of STEP_IDS) {
        const spec = STEPS[id];
        if (spec.loop?.id === loop && inIteration(spec, n + 1)) later.push({ id, n: n + 1 });
      }
    }
  }
  return later;
}

/**
 * An address sent with only its counts and postcode is not yet a chosen address: a partial save
 * is not refused for it (the address select's rule waits until a line or a town is sent).
 */
function entryAnswered(field: PayloadField, object: Json | null): boolean {
  if (field.spec.kind !== 'address') return true;
  return (field.lines ?? []).some(([, key]) => own(object, key) !== undefined);
}

/** The key a field's problem is named by: a years-and-months answer by its months when they are wrong. */
function problemKey(field: PayloadField, object: Json | null): string | null {
  if (field.spec.kind === 'address') return null;
  if (field.implied) return field.implied.by;
  if (field.spec.kind === 'yearsMonths') {
    const months = own(object, field.keys[1]!);
    const wrongMonths =
      months !== undefined &&
      validateYearsAndMonths(0, typeof months === 'number' ? months : -1) !== null;
    return wrongMonths ? field.keys[1]! : field.keys[0]!;
  }
  return field.keys[0] ?? null;
}

/**
 * The security address sent as the current address's copy must be exactly that copy; a full
 * submission must send it (receivers read the security address of every secured loan).
 */
function checkCopy(
  body: Body,
  complete: boolean,
  report: (path: string, message: string) => void,
): void {
  const copy = securityCopyOf(body.addresses[0]);
  const sent = body.securityAddress;
  if (complete && sent === null) report(PLACE_NAMES.securityAddress, ADDRESS_SELECT_REQUIRED);
  if (copy === null || sent === null) return;
  for (const key of new Set([...Object.keys(copy), ...Object.keys(sent)])) {
    if (copy[key] === sent[key]) continue;
    const tooLong =
      key === 'yearsAtAddress' &&
      typeof sent[key] === 'number' &&
      sent[key] > HISTORY_CAPS.securityCopyYears;
    report(nameIn('securityAddress', 0, key), tooLong ? COPY_TOO_LONG : NOT_THE_COPY);
  }
}

/** Every payload field the path does not ask, refused (decision 0064). */
function notAsked(
  payload: Json,
  body: Body,
  asked: ReadonlySet<string>,
  report: (path: string, message: string) => void,
): void {
  const answers = (place: Place) => WRITERS.get(place) ?? new Map<string, unknown>();
  for (const key of Object.keys(payload)) {
    // A key that is no answer at all is zod's to refuse (schemas.ts: the objects are strict).
    if (ENVELOPE.has(key) || LIST_NAMES.has(key) || asked.has(key)) continue;
    if (!answers('top').has(key)) continue;
    const defaulted = DEFAULTED.find((field) => field.place === 'top' && field.keys[0] === key);
    if (defaulted !== undefined && policyValueAllowed(defaulted, payload[key])) continue;
    report(key, NOT_ASKED);
  }
  const nested = (place: Place, entry: number, object: Json | null, index?: string) => {
    if (object === null) return;
    const keys = Object.keys(object).filter(
      (key) => key !== index && (answers(place).has(key) || place === 'securityAddress'),
    );
    const named = (key: string) => nameIn(place, entry, key);
    if (keys.length > 0 && !keys.some((key) => asked.has(named(key)))) {
      report(nameIn(place, entry, null), NOT_ASKED);
      return;
    }
    for (const key of keys) if (!asked.has(named(key))) report(named(key), NOT_ASKED);
  };
  if (body.joint !== null) {
    const keys = Object.keys(body.joint).filter((key) => answers('joint').has(key));
    if (keys.length === 0 || !keys.some((key) => asked.has(nameIn('joint', 0, key)))) {
      report(PLACE_NAMES.joint, NOT_ASKED);
    } else nested('joint', 0, body.joint);
  }
  nested('securityAddress', 0, body.securityAddress);
  body.addresses.forEach((entry, i) => nested('addresses', i, entry, INDEX_KEYS.addresses));
  body.employments.forEach((entry, i) => nested('employments', i, entry, INDEX_KEYS.employments));
}

/**
 * A loan field the path does not ask: the policy's value (a secured loan's `Secured`, a deposit
 * of 0, a term of 5), or for the term, any term its screen would accept (docs/payload.md).
 */
function policyValueAllowed(field: PayloadField, value: unknown): boolean {
  if (value === defaultCode(field)) return true;
  if (field.spec.kind !== 'slider' || field.spec.unit !== 'years') return false;
  const { min = 0, max = 0 } = field.spec;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * What the API answers for a body: the step rules' and the path's problems, then the structural
 * problems (zod's) of fields not already named, so each field is named once and by the screen's
 * message where a screen has one. A date of birth of the wrong shape is refused by its shape,
 * which says more than the screen's "Please enter" would.
 */
export function mergeProblems(
  payload: unknown,
  structural: readonly FieldProblem[],
  options: PayloadCheckOptions,
): FieldProblem[] {
  const all = payloadStepProblems(payload, options);
  if (structural.length === 0) return all;
  // What the path does not ask is named once the body's structure is right too.
  const steps = all.filter((problem) => problem.message !== NOT_ASKED);
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

/** The value at a dotted path of an untyped JSON body ('addresses.0.postcode'), own keys only. */
function valueAt(body: unknown, path: string): unknown {
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/**
 * The payload field that holds the answer at a state path: 'form.joint.firstName' →
 * 'JointApplicant.firstName', 'form.employments.1.employerTown' → 'employments.1.Town'.
 */
export function payloadNameOf(statePath: string): string {
  const match = /^(form\.(?:addresses|employments))\.(\d+)(\..*)?$/.exec(statePath);
  const tablePath = match ? `${match[1]}.{n}${match[3] ?? ''}` : statePath;
  const entry = match ? Number(match[2]) : 0;
  const field = PAYLOAD_FIELDS.find(
    (candidate) => candidate.spec.path === tablePath || candidate.spec.monthsPath === tablePath,
  );
  if (field === undefined) return statePath;
  if (field.spec.kind === 'address') return nameIn(field.place, entry, null);
  const key = field.spec.monthsPath === tablePath ? field.keys[1]! : (field.keys[0] ?? null);
  return nameIn(field.place, entry, field.implied ? field.implied.by : key);
}
