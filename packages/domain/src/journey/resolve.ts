/** Steps and their routes, and a step's fields resolved for an entry of a history. */
import type { ApplicationState } from './shape.js';
import {
  MAX_STEP_NUMBER,
  type FieldCopy,
  type FieldSpec,
  type ResolvedField,
  type StepCopy,
  type StepId,
  type StepRef,
} from './types.js';
import { STEP_IDS, STEPS } from './steps.js';
import { START_COPY } from './start-copy.js';
import { setOptionLabels } from './labels.js';
import { resolveFieldPath, type FieldPath } from './path.js';

const NUMBERED = new Set<StepId>(STEP_IDS.filter((id) => STEPS[id].path.includes('{n}')));

function isNumbered(id: StepId): boolean {
  return NUMBERED.has(id);
}

export function entryOf(ref: StepRef): number {
  return isNumbered(ref.id) ? (ref.n ?? 1) : 1;
}

export function normalise(ref: StepRef): StepRef {
  return isNumbered(ref.id) ? { id: ref.id, n: ref.n ?? 1 } : { id: ref.id };
}

export function sameStep(a: StepRef, b: StepRef): boolean {
  return a.id === b.id && entryOf(a) === entryOf(b);
}

function isValidEntry(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= MAX_STEP_NUMBER;
}

/** The route of a step; a numbered step without `n` is entry 1. */
export function stepPath(ref: StepRef): string {
  const spec = STEPS[ref.id];
  if (!isNumbered(ref.id)) return spec.path;
  const n = entryOf(ref);
  if (!isValidEntry(n)) throw new RangeError(`Step number must be 1 to ${MAX_STEP_NUMBER}: ${n}`);
  return spec.path.replace('{n}', String(n));
}

const STEP_BY_PATH = new Map<string, StepId>(
  STEP_IDS.map((id) => [STEPS[id].path.replace('/{n}', ''), id]),
);

/** The step a route shows, or null for content pages, unknown routes and bad numbers. */
export function parseStepPath(path: string): StepRef | null {
  let clean = path.replace(/[?#].*$/, '');
  if (clean.length > 1) clean = clean.replace(/\/$/, '');
  const numbered = /^(\/[a-z-]+)\/([1-9][0-9]*)$/.exec(clean);
  if (numbered) {
    const id = STEP_BY_PATH.get(numbered[1]!);
    const n = Number(numbered[2]);
    return id !== undefined && isNumbered(id) && isValidEntry(n) ? { id, n } : null;
  }
  const id = STEP_BY_PATH.get(clean);
  return id !== undefined && !isNumbered(id) ? { id } : null;
}

let loadedCopy: Readonly<Record<StepId, StepCopy>> | null = null;
let fieldCopy: Readonly<Partial<Record<FieldPath, FieldCopy>>> = {};

/**
 * Fetches the journey's copy (copy.ts), which the first screen's script leaves out: a later
 * screen's route waits for it with the screen's own chunk (decision 0045). The start step's
 * copy is at hand without it. It brings the later screens' option words too (decision 0046).
 */
export async function loadStepCopy(): Promise<void> {
  if (loadedCopy !== null) return;
  const copy = await import('./copy.js');
  setOptionLabels(copy.OPTION_LABELS);
  fieldCopy = copy.FIELD_COPY;
  // Fields resolved before now lack their words.
  compiled.clear();
  loadedCopy = copy.STEP_COPY;
}

/** A field's own question and hint, once `loadStepCopy` has fetched them. */
export function fieldWords(path: FieldPath): FieldCopy {
  return fieldCopy[path] ?? {};
}

/** A step's copy; throws for a later step whose copy `loadStepCopy` has not fetched yet. */
export function stepCopy(id: StepId): StepCopy {
  if (id === 'start') return START_COPY;
  if (loadedCopy === null) throw new Error(`The copy of step ${id} is not loaded (loadStepCopy)`);
  return loadedCopy[id];
}

/** The step's hint (copy.ts), if it has one. */
export function stepHint(id: StepId): string | undefined {
  return stepCopy(id).hint;
}

export function stepHeading(ref: StepRef, state: ApplicationState): string {
  const heading = stepCopy(ref.id).heading;
  return typeof heading === 'string' ? heading : heading(entryOf(ref), state);
}

/** The step's intro copy for this entry, if it has one. */
export function stepIntro(ref: StepRef, state: ApplicationState): string | undefined {
  const intro = stepCopy(ref.id).intro;
  return typeof intro === 'function' ? intro(entryOf(ref), state) : intro;
}

/** A field of one entry of a step, resolved once: its screen form and its condition. */
export interface CompiledField {
  readonly spec: FieldSpec;
  readonly field: ResolvedField;
  readonly showWhen: FieldSpec['showWhen'];
}

function resolve(spec: FieldSpec, n: number): ResolvedField {
  const { showWhen: _showWhen, autocomplete, monthsPath, oneOf, ...field } = spec;
  return {
    ...field,
    ...fieldCopy[spec.path],
    path: resolveFieldPath(field.path, n),
    ...(autocomplete !== undefined && n === 1 && { autocomplete }),
    ...(monthsPath !== undefined && { monthsPath: resolveFieldPath(monthsPath, n) }),
    ...(oneOf !== undefined && { oneOf: { ...oneOf, path: resolveFieldPath(oneOf.path, n) } }),
  };
}

const compiled = new Map<StepId, (readonly CompiledField[])[]>();

/**
 * Every field of a step's entry with its paths resolved, built once per step and entry (the
 * server asks for them on every submission, the browser on every render).
 */
export function compiledFields(ref: StepRef): readonly CompiledField[] {
  const n = entryOf(ref);
  let entries = compiled.get(ref.id);
  if (entries === undefined) {
    entries = [];
    compiled.set(ref.id, entries);
  }
  let fields = entries[n];
  if (fields === undefined) {
    fields = STEPS[ref.id].fields.map((spec) => ({
      spec,
      field: resolve(spec, n),
      showWhen: spec.showWhen,
    }));
    entries[n] = fields;
  }
  return fields;
}

/** The fields a step's entry shows for these answers (`showWhen` applied). */
export function shownFields(ref: StepRef, state: ApplicationState): CompiledField[] {
  const n = entryOf(ref);
  return compiledFields(ref).filter((entry) => entry.showWhen?.(state, n) ?? true);
}

/**
 * The fields a screen shows now, with `{n}` resolved and `showWhen` applied. Autofill tokens
 * stay on entry 1 only: a browser knows today's address and job, not earlier ones.
 */
export function stepFields(ref: StepRef, state: ApplicationState): ResolvedField[] {
  return shownFields(ref, state).map((entry) => entry.field);
}
