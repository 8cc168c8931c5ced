/**
 * The one way answers are read and written: typed dotted paths into ApplicationState
 * (docs/decisions/0038-typed-state-paths.md). `StatePath` is every path the state has, so a
 * misspelt path is a compile error; the table's fields use `FieldPath`, where `{n}` stands for
 * the entry of a history that the route's number picks.
 */
import { emptyAddress, emptyEmployment } from './defaults.js';
import type { ApplicationState } from './shape.js';

type Leaf = string | number | boolean | null | undefined;

/** Every dotted path into `T`; list entries are written as `Index`. */
type PathsOf<T, Index extends string> = T extends Leaf
  ? never
  : T extends readonly (infer Entry)[]
    ? Index | `${Index}.${PathsOf<Entry, Index>}`
    : {
        [K in keyof T & string]-?: K | `${K}.${PathsOf<NonNullable<T[K]>, Index>}`;
      }[keyof T & string];

/** A path to an answer ('form.addresses.0.postcode'). */
export type StatePath = PathsOf<ApplicationState, `${number}`>;

/** A path in the journey's table: `{n}` for the entry of a history ('form.addresses.{n}.postcode'). */
export type FieldPath = PathsOf<ApplicationState, `${number}` | '{n}'>;

type Member<T, K extends string> = T extends readonly (infer Entry)[]
  ? Entry | undefined
  : K extends keyof T
    ? T[K]
    : undefined;

type ValueOf<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? ValueOf<Member<T, K>, Rest>
  : Member<T, P>;

/** The type of the value a path reaches (undefined where a list has no such entry). */
export type AnswerAt<P extends StatePath> = ValueOf<ApplicationState, P>;

/** Where a whole address lives: an entry of the address history, or the security address. */
export type AddressPath = `form.addresses.${number}` | 'form.securityAddress';

/** Several answers by path, written together. */
export type Answers = { readonly [P in StatePath]?: unknown };

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function keysOf(path: string): string[] {
  const keys = path.split('.');
  if (keys.some((key) => key === '' || FORBIDDEN_KEYS.has(key))) {
    throw new Error(`Not a state path: '${path}'`);
  }
  return keys;
}

/** The `{n}` of a table path resolved to entry `n` (1-based, as routes number them). */
export function resolveFieldPath(path: FieldPath, n: number): StatePath {
  return path.replace('{n}', String(n - 1)) as StatePath;
}

/** Each path's keys, split once: the server reads every answer of every submission. */
const KEYS = new Map<string, readonly (string | number)[]>();

/**
 * A state path's keys, split once and kept, a list's entry as a number: V8 reads `list[0]` as an
 * element, while `list['0']` goes the slow way of a named key that must first be taken for an
 * index.
 */
export function stateKeys(path: StatePath): readonly (string | number)[] {
  let keys = KEYS.get(path);
  if (keys === undefined) {
    keys = path.split('.').map((key) => (/^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : key));
    KEYS.set(path, keys);
  }
  return keys;
}

/** Reads an answer; anything missing on the way gives undefined. */
export function getAnswer<P extends StatePath>(state: ApplicationState, path: P): AnswerAt<P> {
  const keys = stateKeys(path);
  let node: unknown = state;
  for (let i = 0; i < keys.length; i += 1) {
    if (typeof node !== 'object' || node === null) return undefined as AnswerAt<P>;
    const key = keys[i]!;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined as AnswerAt<P>;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node as AnswerAt<P>;
}

/** A new entry of a list that a write reaches beyond its end: a whole empty address, say. */
function newEntry(listPath: string): unknown {
  switch (listPath) {
    case 'form.addresses':
      return emptyAddress();
    case 'form.employments':
      return emptyEmployment();
    case 'savedAddresses':
      return { manual: false, streetAddress: null, value: null };
    default:
      return {};
  }
}

function writeAt(root: ApplicationState, path: string, value: unknown): ApplicationState {
  const keys = keysOf(path);
  const write = (node: unknown, depth: number): unknown => {
    if (depth === keys.length) return value;
    const key = keys[depth]!;
    if (Array.isArray(node)) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0) throw new Error(`Not a list index: '${path}'`);
      const copy = node.slice();
      const listPath = keys.slice(0, depth).join('.');
      for (let i = copy.length; i <= index; i += 1) copy[i] = newEntry(listPath);
      copy[index] = write(copy[index], depth + 1);
      return copy;
    }
    const record = (typeof node === 'object' && node !== null ? node : {}) as Record<
      string,
      unknown
    >;
    return { ...record, [key]: write(record[key], depth + 1) };
  };
  return write(root, 0) as ApplicationState;
}

/**
 * `state` with these answers written, immutably: every object on a changed path is copied, and
 * a state is returned unchanged (the same object) when no answer differs.
 */
export function setAnswers(state: ApplicationState, answers: Answers): ApplicationState {
  return Object.entries(answers).reduce<ApplicationState>(
    (next, [path, value]) =>
      Object.is(getAnswer(next, path as StatePath), value) ? next : writeAt(next, path, value),
    state,
  );
}

/** `state` with one answer written (see setAnswers). */
export function setAnswer<P extends StatePath>(
  state: ApplicationState,
  path: P,
  value: AnswerAt<P>,
): ApplicationState {
  return setAnswers(state, { [path]: value });
}
