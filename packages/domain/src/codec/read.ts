/**
 * A payload read back as the answers of the steps that asked it (decisions 0039 and 0063): the
 * inverse of build.ts, from the same table. The server checks what it reads (check.ts); the
 * summary of check-your-answers and of the back office shows it (summary.ts).
 */
import { createInitialState, emptyAddress, emptyEmployment } from '../journey/defaults.js';
import { getAnswer, stateKeys, type StatePath } from '../journey/path.js';
import { compiledFields, type CompiledField } from '../journey/resolve.js';
import type { ApplicationState } from '../journey/shape.js';
import type { StepRef } from '../journey/types.js';
import {
  PAYLOAD_FIELDS,
  PLACE_NAMES,
  payloadFieldOf,
  type PayloadField,
  type Place,
} from './fields.js';
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

/** Writes an answer into a fresh state, making the history entries it reaches. */
function writeInto(state: ApplicationState, path: StatePath, value: unknown): void {
  const keys = stateKeys(path);
  let node = state as unknown as Record<string | number, unknown>;
  for (let i = 0; i < keys.length - 1; i += 1) {
    const key = keys[i]!;
    let next = node[key];
    if (next === undefined) {
      const list = keys[i - 1];
      next =
        list === 'addresses' ? emptyAddress() : list === 'employments' ? emptyEmployment() : {};
      node[key] = next;
    }
    node = next as Record<string | number, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

/** One field of one entry, as the read-back reads it. */
interface Reader {
  readonly compiled: CompiledField;
  readonly field: PayloadField;
}

/** The steps whose fields live in each place (read back once per entry sent). */
const STEPS_BY_PLACE = new Map<Place, StepRef['id'][]>();
for (const field of PAYLOAD_FIELDS) {
  const ids = STEPS_BY_PLACE.get(field.place) ?? [];
  if (!ids.includes(field.step)) ids.push(field.step);
  STEPS_BY_PLACE.set(field.place, ids);
}

const READERS = new Map<Place, Reader[][]>();

/** The fields of a place's entry, in table order, resolved once. */
function readersOf(place: Place, entry: number): readonly Reader[] {
  let entries = READERS.get(place);
  if (entries === undefined) {
    entries = [];
    READERS.set(place, entries);
  }
  let readers = entries[entry];
  if (readers === undefined) {
    readers = (STEPS_BY_PLACE.get(place) ?? []).flatMap((id) =>
      compiledFields({ id, n: entry + 1 })
        .map((compiled) => ({ compiled, field: payloadFieldOf(compiled.spec) }))
        .filter(({ field }) => field.place === place),
    );
    entries[entry] = readers;
  }
  return readers;
}

/**
 * The answers of the top level whose new state holds a value a screen starts from (a loan
 * amount of 10,000, the start question's `Secured`): not what a payload sent, so they are
 * cleared when the payload does not send them.
 */
const PREFILLED: readonly (readonly [StatePath, unknown])[] = (() => {
  const fresh = createInitialState();
  return readersOf('top', 0).flatMap(({ compiled }) => {
    const empty = compiled.field.kind === 'checkbox' ? false : null;
    const { path, monthsPath, parts } = compiled.field;
    return [path, monthsPath, ...Object.values(parts ?? {})]
      .filter((at): at is StatePath => at !== undefined && getAnswer(fresh, at) !== empty)
      .map((at) => [at, empty] as const);
  });
})();

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
  const state = createInitialState();
  for (const [path, empty] of PREFILLED) writeInto(state, path, empty);
  const body = bodyOf(isObject(payload) ? payload : {});
  state.affiliateConfig = typeof body.top.affiliateKey === 'string' ? body.top.affiliateKey : null;
  const answer = (path: StatePath, value: unknown) => writeInto(state, path, value);
  const read = (place: Place, entry: number) => {
    const object = placeIn(body, place, entry);
    if (object === null) return;
    const take: Take = (key) => own(object, key);
    for (const { compiled, field } of readersOf(place, entry)) {
      if (field.implied) {
        writeInto(state, compiled.field.path, field.implied.read(take(field.implied.by)));
        continue;
      }
      for (const key of field.keys) {
        if (own(object, key) === undefined) continue;
        KIND_CODECS[compiled.field.kind].read(field, compiled.field, take, answer);
        break;
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
