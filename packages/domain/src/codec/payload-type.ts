/**
 * The payload's static type, read from the journey's table at compile time (decision 0063): the
 * same rules as the zod schema (schema.ts) applies at run time, so a question added to the
 * table is in `SubmissionPayload` without a line here. Each field gives its keys at its place
 * (as fields.ts), typed by the state's type at its path (a yes/no is a boolean, a choice one of
 * its values) or by its kind (numbers, dates, counts).
 */
import type { AnswerAt, StatePath } from '../journey/path.js';
import type { TABLE } from '../journey/steps.js';

type Table = typeof TABLE;
type AnyStep = Table[keyof Table];

type LastKey<P extends string> = P extends `${string}.${infer Rest}` ? LastKey<Rest> : P;

type PlaceOf<P extends string> = P extends `form.joint.${string}`
  ? 'joint'
  : P extends `form.addresses.{n}.${string}`
    ? 'addresses'
    : P extends `form.employments.{n}.${string}`
      ? 'employments'
      : P extends `form.securityAddress.${string}`
        ? 'securityAddress'
        : P extends `form.${string}`
          ? 'top'
          : never;

type Resolved<P extends string> = P extends `${infer Head}{n}${infer Tail}`
  ? `${Head}${number}${Tail}`
  : P;

/** The state's value at a table path, without the unanswered null. */
type StateValue<P extends string> =
  Resolved<P> extends StatePath
    ? DropFalse<Exclude<AnswerAt<Resolved<P>>, null | undefined>>
    : never;

/** A joint applicant's employment status of false is not sent (docs/product.md §5). */
type DropFalse<V> = [V] extends [boolean] ? V : Exclude<V, false>;

type Coded<V, F> = F extends { codes: infer C extends Record<string, string> }
  ? Exclude<V, keyof C> | C[keyof C]
  : V;

/** What a field's payload key holds. */
type ValueOf<F> = F extends { kind: 'checkbox'; required: true }
  ? true
  : F extends { kind: 'checkbox' }
    ? boolean
    : F extends { kind: 'number' | 'slider' | 'yearsMonths' }
      ? number
      : F extends { kind: 'dateOfBirth' | 'text' | 'email' | 'phone' | 'postcode' }
        ? string
        : F extends { path: infer P extends string }
          ? Coded<StateValue<P>, F> | (F extends { default: infer D } ? Coded<D, F> : never)
          : never;

type WhenOf<S> = S extends { when: readonly (infer C)[] } ? C : never;

/** schema.ts `alwaysSent`, as a type. */
type AlwaysSent<F, S, Pl> = F extends { default: unknown }
  ? true
  : Pl extends 'addresses' | 'employments'
    ? F extends { kind: 'yearsMonths' }
      ? true
      : false
    : [Exclude<WhenOf<S>, Pl extends 'joint' ? 'joint' : never>] extends [never]
      ? S extends { loop: unknown }
        ? false
        : F extends { showWhen: unknown }
          ? false
          : F extends { kind: 'checkbox' }
            ? true
            : F extends { required: false }
              ? false
              : true
      : false;

interface Entry<Pl, K, V, R> {
  place: Pl;
  key: K;
  value: V;
  required: R;
}

type NameOf<F, P extends string> = F extends { as: infer A extends string } ? A : LastKey<P>;

type EntriesOf<F, S> = F extends { kind: 'address' }
  ? never
  : F extends { as: { by: string } }
    ? never
    : F extends {
          kind: 'yearsMonths';
          path: infer P extends string;
          monthsPath: infer M extends string;
        }
      ? | Entry<PlaceOf<P>, NameOf<F, P>, number, AlwaysSent<F, S, PlaceOf<P>>>
        | Entry<PlaceOf<P>, LastKey<M>, number, AlwaysSent<F, S, PlaceOf<P>>>
      : F extends { path: infer P extends string }
        ? Entry<PlaceOf<P>, NameOf<F, P>, ValueOf<F>, AlwaysSent<F, S, PlaceOf<P>>>
        : never;

type StepEntries<S> = S extends { fields: readonly (infer F)[] } ? EntriesOf<F, S> : never;

type Entries = StepEntries<AnyStep>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** One place's answers; `Full`: keys every full submission carries are required. */
export type PlaceAnswers<Pl, Full extends boolean> = Simplify<
  {
    [
      E in Entries as E['place'] extends Pl
        ? Full extends true
          ? E['required'] extends true
            ? E['key']
            : never
          : never
        : never
    ]: E extends { key: infer K } ? Extract<Entries, { place: Pl; key: K }>['value'] : never;
  } & {
    [
      E in Entries as E['place'] extends Pl
        ? Full extends true
          ? E['required'] extends true
            ? never
            : E['key']
          : E['key']
        : never
    ]?: E extends { key: infer K } ? Extract<Entries, { place: Pl; key: K }>['value'] : never;
  }
>;

export type AnswersOf<Full extends boolean> = PlaceAnswers<'top', Full>;
export type JointAnswers<Full extends boolean> = PlaceAnswers<'joint', Full>;
/** An address of the history: its answers, and the entry's position. */
export type AddressAnswers = PlaceAnswers<'addresses', true> & { addressIndex: number };
export type EmploymentAnswers = PlaceAnswers<'employments', true> & { employmentIndex: number };
/**
 * The security address: the separate property's answers, or the current address's copy (which
 * also carries its residential status).
 */
export type SecurityAddressAnswers = Omit<AddressAnswers, 'addressIndex'>;
