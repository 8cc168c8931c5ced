/**
 * The journey's table read as the payload's codec (decision 0063): where each field's answer
 * goes in the payload and under which names, built once when the module loads. The builder
 * (build.ts), the read-back and the server's check (read.ts), the zod schema (schema.ts), the
 * summary (summary.ts) and docs/payload.md (doc.ts) all read this one description.
 */
import type { Address } from '../journey/shape.js';
import { STEP_IDS, STEPS } from '../journey/steps.js';
import type { FieldPath } from '../journey/path.js';
import type { FieldSpec, ImpliedAnswer, StepId } from '../journey/types.js';

/** Where in the payload an answer goes. */
export type Place = 'top' | 'joint' | 'addresses' | 'employments' | 'securityAddress';

/** The payload's name for each place (the top level has none). */
export const PLACE_NAMES: Readonly<Record<Exclude<Place, 'top'>, string>> = {
  joint: 'JointApplicant',
  addresses: 'addresses',
  employments: 'employments',
  securityAddress: 'securityAddress',
};

/** Each list entry's own position, sent with it (docs/payload.md). */
export const INDEX_KEYS = { addresses: 'addressIndex', employments: 'employmentIndex' } as const;

const PREFIXES: readonly (readonly [string, Place])[] = [
  ['form.joint.', 'joint'],
  ['form.addresses.{n}.', 'addresses'],
  ['form.employments.{n}.', 'employments'],
  ['form.securityAddress.', 'securityAddress'],
  ['form.', 'top'],
];

/** The place of a table path and the state key inside it ('form.addresses.{n}.town' → town). */
export function placeOf(path: FieldPath): { place: Place; key: string | null } {
  if (path === 'form.addresses.{n}') return { place: 'addresses', key: null };
  if (path === 'form.securityAddress') return { place: 'securityAddress', key: null };
  for (const [prefix, place] of PREFIXES) {
    if (path.startsWith(prefix)) return { place, key: path.slice(prefix.length) };
  }
  throw new Error(`${path}: a table path outside the form has no place in the payload`);
}

/** One field of the table as the payload sends it. */
export interface PayloadField {
  readonly step: StepId;
  readonly spec: FieldSpec;
  readonly place: Place;
  /** The payload keys it writes in its place, in order: one, or years and months. */
  readonly keys: readonly string[];
  /** An answer the payload carries only through another field. */
  readonly implied?: ImpliedAnswer;
  /** A whole address: each line's state key and payload key (from the step's line fields). */
  readonly lines?: readonly (readonly [keyof Address, string])[];
}

function lastKey(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

function nameOf(spec: FieldSpec): string {
  return typeof spec.as === 'string' ? spec.as : lastKey(spec.path);
}

function describe(step: StepId, spec: FieldSpec): PayloadField {
  const { place } = placeOf(spec.path);
  if (typeof spec.as === 'object') {
    return { step, spec, place, keys: [], implied: spec.as };
  }
  if (spec.kind === 'address') {
    const prefix = `${spec.path}.`;
    const lines = STEPS[step].fields
      .filter((line) => line.kind === 'text' && line.path.startsWith(prefix))
      .map((line) => [lastKey(line.path) as keyof Address, nameOf(line)] as const);
    return { step, spec, place, keys: lines.map(([, key]) => key), lines };
  }
  if (spec.kind === 'yearsMonths') {
    if (spec.monthsPath === undefined) throw new Error(`${spec.path}: years without months`);
    return { step, spec, place, keys: [nameOf(spec), lastKey(spec.monthsPath)] };
  }
  return { step, spec, place, keys: [nameOf(spec)] };
}

/** Every field of the table, in table order, as the payload sends it. */
export const PAYLOAD_FIELDS: readonly PayloadField[] = STEP_IDS.flatMap((step) =>
  STEPS[step].fields.map((spec) => describe(step, spec)),
);

const BY_SPEC = new Map<FieldSpec, PayloadField>(PAYLOAD_FIELDS.map((f) => [f.spec, f]));

/** The payload description of a field of the table. */
export function payloadFieldOf(spec: FieldSpec): PayloadField {
  const found = BY_SPEC.get(spec);
  if (found === undefined) throw new Error(`${spec.path}: not a field of the journey's table`);
  return found;
}

/**
 * The fields that write each key of a place (several steps may ask the same answer: the loan
 * amount on both paths, an employment's fields on its first and later screens).
 */
export const WRITERS: ReadonlyMap<Place, ReadonlyMap<string, readonly PayloadField[]>> = (() => {
  const byPlace = new Map<Place, Map<string, PayloadField[]>>();
  for (const field of PAYLOAD_FIELDS) {
    const keys = byPlace.get(field.place) ?? new Map<string, PayloadField[]>();
    byPlace.set(field.place, keys);
    for (const key of field.keys) keys.set(key, [...(keys.get(key) ?? []), field]);
  }
  return byPlace;
})();

/** The table's fields with a policy default (codec/policy.ts), by their payload key. */
export const DEFAULTED: readonly PayloadField[] = (() => {
  const seen = new Set<string>();
  return PAYLOAD_FIELDS.filter(
    (field) =>
      field.spec.default !== undefined && !seen.has(field.keys[0]!) && seen.add(field.keys[0]!),
  );
})();

// A name must be one place's once: two questions cannot both be sent as `x`, unless they ask the
// same answer (the same state key on two screens).
for (const [place, keys] of WRITERS) {
  for (const [key, fields] of keys) {
    const paths = new Set(fields.map((field) => placeOf(field.spec.path).key ?? field.spec.path));
    if (fields.some((field) => field.spec.kind === 'address')) continue;
    if (paths.size > 1) {
      throw new Error(
        `${place} ${key}: sent by ${[...paths].join(' and ')}; give one of them another name (as)`,
      );
    }
  }
}
