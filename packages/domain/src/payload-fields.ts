/**
 * Answers the payload carries under their own names (decision 0049). A field of the journey
 * table (`journey/steps.ts`) marked `inPayload` is sent as the last name of its state path: the
 * applicant's ('form.numberOfDependants') at the payload's top level, the joint applicant's
 * ('form.joint.numberOfDependants') inside `JointApplicant`. Its value goes as the screen holds
 * it (a number, a string of its option list, a yes/no), null dropped as everywhere.
 *
 * The payload builder writes these (`payload.ts`), the server reads them back as step answers for
 * the step rules (`payload-answers.ts`) and the payload's schema types them (`schemas.ts`), each
 * from this list, so a new question of a simple kind needs no code in any of the three. The fields
 * older than this mechanism keep their hand-written mapping: several are renamed, reshaped or
 * defaulted on the way (docs/payload.md), and the server's own code reads them by name.
 */
import { STEP_IDS, STEPS } from './journey/steps.js';
import { getAnswer, type StatePath } from './journey/path.js';
import type { ApplicationState } from './journey/shape.js';
import type { FieldKind, FieldSpec, StepId } from './journey/types.js';

/** Whose answer it is: the applicant's (top level) or the joint applicant's (`JointApplicant`). */
export type PayloadScope = 'applicant' | 'joint';

/** How a named answer is sent. */
export type NamedValueType = 'number' | 'string' | 'boolean';

export interface NamedPayloadField {
  readonly field: FieldSpec;
  readonly path: StatePath;
  readonly scope: PayloadScope;
  /** The payload's key inside its scope. */
  readonly name: string;
  readonly type: NamedValueType;
  /** A string answer's options (a dropdown's or radio group's values); none for free text. */
  readonly values?: readonly string[];
}

/** The kinds a named answer may have: one value each. Dates, addresses and years-and-months
 * are shaped on the way (docs/payload.md) and keep their own mapping. */
const NAMED_KINDS: Readonly<Record<FieldKind, boolean>> = {
  text: true,
  number: true,
  email: true,
  phone: true,
  title: true,
  radio: true,
  dropdown: true,
  checkbox: true,
  slider: true,
  yearsMonths: false,
  dateOfBirth: false,
  address: false,
  postcode: true,
};

const NAMED_PATH = /^form\.(joint\.)?([A-Za-z]+)$/;

/** The payload's description of one `inPayload` field; throws for a field that cannot be one. */
export function namedPayloadField(field: FieldSpec): NamedPayloadField {
  const match = NAMED_PATH.exec(field.path);
  if (!match || !NAMED_KINDS[field.kind]) {
    throw new Error(
      `The ${field.kind} field at ${field.path} cannot be sent under its own name: only a single ` +
        "answer of the applicant ('form.x') or the joint applicant ('form.joint.x') can",
    );
  }
  const options = field.options ?? [];
  const boolean =
    field.kind === 'checkbox' ||
    (options.length > 0 && options.every((o) => typeof o.value === 'boolean'));
  const type: NamedValueType =
    field.kind === 'number' || field.kind === 'slider' ? 'number' : boolean ? 'boolean' : 'string';
  const values =
    type === 'string' && options.length > 0 ? options.map((o) => String(o.value)) : undefined;
  return {
    field,
    path: field.path as StatePath,
    scope: match[1] ? 'joint' : 'applicant',
    name: match[2]!,
    type,
    ...(values ? { values } : {}),
  };
}

/** A named answer of the journey table, with the step that asks it. */
export interface TablePayloadField extends NamedPayloadField {
  readonly step: StepId;
}

/** Every `inPayload` field of the journey table, in table order, once each. */
export const NAMED_PAYLOAD_FIELDS: readonly TablePayloadField[] = (() => {
  const seen = new Set<string>();
  return STEP_IDS.flatMap((step) =>
    STEPS[step].fields
      .filter((field) => field.inPayload === true && !seen.has(field.path) && seen.add(field.path))
      .map((field) => ({ ...namedPayloadField(field), step })),
  );
})();

/** The named answers of one scope as the payload sends them; unanswered ones are null. */
export function namedPayloadAnswers(
  state: ApplicationState,
  scope: PayloadScope,
  fields: readonly NamedPayloadField[] = NAMED_PAYLOAD_FIELDS,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const named of fields) {
    if (named.scope !== scope) continue;
    out[named.name] = sentValue(named, getAnswer(state, named.path));
  }
  return out;
}

/** A payload's value read back as the answer: one of the wrong type reads as unanswered. */
export function receivedValue(named: NamedPayloadField, value: unknown): unknown {
  return typeof value === named.type ? value : null;
}

/** A value as the payload carries it, or null (dropped) when it is not an answer of its type. */
export function sentValue(named: NamedPayloadField, value: unknown): unknown {
  switch (named.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string': {
      if (typeof value !== 'string') return null;
      const text = value.trim();
      return text === '' ? null : text;
    }
  }
}
