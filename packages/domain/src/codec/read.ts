/**
 * A payload read back as the answers of the steps that asked it (decisions 0039 and 0063): the
 * inverse of build.ts, from the same table. The server checks what it reads (check.ts); the
 * summary of check-your-answers and of the back office shows it (summary.ts).
 */
import { createInitialState, emptyAddress, emptyEmployment } from '../journey/defaults.js';
import type { StatePath } from '../journey/path.js';
import { compiledFields } from '../journey/resolve.js';
import type { ApplicationState } from '../journey/shape.js';
import type { StepRef } from '../journey/types.js';
import { PAYLOAD_FIELDS, PLACE_NAMES, payloadFieldOf, type Place } from './fields.js';
import { KIND_CODECS, type Take } from './values.js';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The places of a payload body, as objects (absent ones empty). */
export interface Body {
  top: Json;
  joint: Json | null;
  addresses: Json[];
  employments: Json[];
  securityAddress: Json | null;
}

export function bodyOf(payload: Json): Body {
  const list = (value: unknown): Json[] =>
    Array.isArray(value) ? value.map((entry) => (isObject(entry) ? entry : {})) : [];
  return {
    top: payload,
    joint: isObject(payload[PLACE_NAMES.joint]) ? (payload[PLACE_NAMES.joint] as Json) : null,
    addresses: list(payload[PLACE_NAMES.addresses]),
    employments: list(payload[PLACE_NAMES.employments]),
    securityAddress: isObject(payload[PLACE_NAMES.securityAddress])
      ? (payload[PLACE_NAMES.securityAddress] as Json)
      : null,
  };
}

export function placeIn(body: Body, place: Place, entry: number): Json | null {
  switch (place) {
    case 'top':
      return body.top;
    case 'joint':
      return body.joint;
    case 'securityAddress':
      return body.securityAddress;
    case 'addresses':
    case 'employments':
      return body[place][entry] ?? null;
  }
}

export const own = (object: Json | null, key: string): unknown =>
  object !== null && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;

const pathKeys = new Map<string, string[]>();

/** Writes an answer into a fresh state, making the history entries it reaches. */
function writeInto(state: ApplicationState, path: StatePath, value: unknown): void {
  let keys = pathKeys.get(path);
  if (keys === undefined) {
    keys = path.split('.');
    pathKeys.set(path, keys);
  }
  let node = state as unknown as Json;
  for (let i = 0; i < keys.length - 1; i += 1) {
    const key = keys[i]!;
    let next = node[key];
    if (next === undefined) {
      const list = keys[i - 1];
      next =
        list === 'addresses' ? emptyAddress() : list === 'employments' ? emptyEmployment() : {};
      node[key] = next;
    }
    node = next as Json;
  }
  node[keys[keys.length - 1]!] = value;
}

/** The steps whose fields live in each place (read back once per entry sent). */
const STEPS_BY_PLACE = new Map<Place, StepRef['id'][]>();
for (const field of PAYLOAD_FIELDS) {
  const ids = STEPS_BY_PLACE.get(field.place) ?? [];
  if (!ids.includes(field.step)) ids.push(field.step);
  STEPS_BY_PLACE.set(field.place, ids);
}

/** The state's answers the table's fields hold at the top level and for the joint applicant. */
const TOP_ANSWERS: readonly (readonly [StatePath, unknown])[] = PAYLOAD_FIELDS.filter(
  (field) => field.place === 'top' || field.place === 'joint',
).flatMap((field) => {
  const empty = field.spec.kind === 'checkbox' ? false : null;
  const paths = [field.spec.path, field.spec.monthsPath, ...Object.values(field.spec.parts ?? {})];
  return paths
    .filter((path): path is StatePath => path !== undefined && !path.includes('{n}'))
    .map((path) => [path, empty] as const);
});

/**
 * A state in which no question is answered: the new state's defaults (a loan amount of 10,000,
 * say) are what a screen starts from, not what a payload sent.
 */
function unanswered(): ApplicationState {
  const state = createInitialState();
  for (const [path, empty] of TOP_ANSWERS) writeInto(state, path, empty);
  return state;
}

/** A payload read back: the state the steps read. */
export interface PayloadAnswers {
  state: ApplicationState;
  body: Body;
}

/**
 * The answers a payload carries, as the `ApplicationState` the screens would have held: each
 * field read back from its place by its kind (values.ts). An address is read as looked up
 * (the payload does not say how it was entered). Fields that are not answers (the envelope)
 * are not read.
 */
export function readPayload(payload: unknown): PayloadAnswers {
  const state = unanswered();
  const body = bodyOf(isObject(payload) ? payload : {});
  state.affiliateConfig = typeof body.top.affiliateKey === 'string' ? body.top.affiliateKey : null;
  const read = (place: Place, entry: number) => {
    const object = placeIn(body, place, entry);
    if (object === null) return;
    const take: Take = (key) => own(object, key);
    for (const id of STEPS_BY_PLACE.get(place) ?? []) {
      const ref: StepRef = { id, n: entry + 1 };
      for (const compiled of compiledFields(ref)) {
        const field = payloadFieldOf(compiled.spec);
        if (field.place !== place) continue;
        if (field.implied) {
          const value = take(field.implied.by);
          writeInto(state, compiled.field.path, field.implied.read(value));
        } else if (field.keys.some((key) => own(object, key) !== undefined)) {
          KIND_CODECS[compiled.field.kind].read(field, compiled.field, take, (path, value) =>
            writeInto(state, path, value),
          );
        }
      }
    }
  };
  read('top', 0);
  read('joint', 0);
  read('securityAddress', 0);
  body.addresses.forEach((_, i) => read('addresses', i));
  body.employments.forEach((_, i) => read('employments', i));
  state.savedAddresses = state.form.addresses.map(() => ({
    manual: false,
    streetAddress: null,
    value: null,
  }));
  // The effects of the screens that the payload does not carry but the path reads.
  state.isJointApplication = state.form.isJointApplication;
  state.isSecurityCurrentAddress = state.form.isSecurityCurrentAddress;
  return { state, body };
}
