/**
 * The types of the journey's table (docs/decisions/0001-journey-and-answers.md and
 * docs/decisions/0037-steps-as-complete-data.md): a step is one `StepSpec`, holding everything
 * the browser, the server and check-your-answers need to know about it.
 */
import type { ApplicationForm, ApplicationState } from './shape.js';
import type { Who } from '../messages.js';
import type { CalendarDate } from '../date-of-birth.js';
import type { Answers, FieldPath, StatePath } from './path.js';

export type StepId =
  | 'start'
  | 'loan-type'
  | 'looking-to-buy'
  | 'deposit'
  | 'amount-to-finance'
  | 'looking-to-borrow'
  | 'term-to-borrow'
  | 'property-details'
  | 'driving-licence'
  | 'marital-status'
  | 'date-of-birth'
  | 'employment'
  | 'employment-add'
  | 'employment-length'
  | 'employment-income'
  | 'address'
  | 'address-status'
  | 'address-length'
  | 'security-address-confirm'
  | 'security-address-add'
  | 'own-other-properties'
  | 'personal'
  | 'contact'
  | 'optins'
  | 'joint-application'
  | 'joint-customer-details'
  | 'joint-date-of-birth'
  | 'joint-employment-add'
  | 'joint-employment-length'
  | 'joint-employment-income'
  | 'joint-customer-contact'
  | 'joint-optins'
  | 'breathing-space'
  | 'soft-search'
  | 'fair-processing-notice'
  | 'before-you-submit'
  | 'submit'
  | 'complete';

/** `n` is the 1-based entry of a numbered step (/address/2); other steps ignore it. */
export interface StepRef {
  id: StepId;
  n?: number;
}

/** Numbered routes take 1..MAX_STEP_NUMBER; a longer history than ten entries is not asked. */
export const MAX_STEP_NUMBER = 10;

export type FieldKind =
  | 'text'
  | 'number'
  | 'email'
  | 'phone'
  | 'title'
  | 'radio'
  | 'dropdown'
  | 'checkbox'
  | 'slider'
  | 'yearsMonths'
  | 'dateOfBirth'
  | 'address'
  | 'postcode';

export interface FieldOption {
  readonly value: string | boolean;
  readonly label: string;
  /** What the option means, under its label. */
  readonly hint?: string;
}

/** The unit a number is shown in: a £ prefix, or 'years' after it. */
export type FieldUnit = 'pounds' | 'years';

/** The HTML autocomplete tokens the journey's fields use (the applicant's own details only). */
export type AutocompleteToken =
  | 'given-name'
  | 'family-name'
  | 'postal-code'
  | 'address-line1'
  | 'address-line2'
  | 'address-level2'
  | 'address-level1'
  | 'organization-title'
  | 'organization';

/**
 * One answer on a screen. Paths are typed dotted paths into ApplicationState (`FieldPath`);
 * `{n}` stands for the zero-based entry index (N - 1 of the route) and is resolved by
 * `stepFields`.
 */
export interface FieldSpec {
  /** Where the answer lives. For `dateOfBirth` the combined value, for `address` the whole address. */
  readonly path: FieldPath;
  /** Lower case, as used in messages ('first name'); the screen capitalises it. */
  readonly label: string;
  readonly kind: FieldKind;
  /**
   * The visible question when a screen asks more than one (the step heading otherwise), and its
   * hint: the field's copy (`FIELD_COPY` in copy.ts), added when the field is resolved.
   */
  readonly legend?: string;
  readonly hint?: string;
  readonly options?: readonly FieldOption[];
  /** Numbers: the unit shown with the value on the screen and on check-your-answers. */
  readonly unit?: FieldUnit;
  /** The browser's autofill token; applies to entry 1 only (the applicant's current details). */
  readonly autocomplete?: AutocompleteToken;
  /** The row's key on check-your-answers (the capitalised label otherwise); false: no row. */
  readonly checkAnswersKey?: string | false;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly maxLength?: number;
  readonly who: Who;
  /** Defaults to true, except for checkboxes. */
  readonly required?: boolean;
  /** `yearsMonths`: the months path (`path` holds the years). */
  readonly monthsPath?: FieldPath;
  /** `dateOfBirth`: the three boxes. */
  readonly parts?: { readonly day: StatePath; readonly month: StatePath; readonly year: StatePath };
  /** `text`: a person's name, which refuses hidden characters (decision 0013). */
  readonly personName?: boolean;
  /** At least one of this field and `oneOf.path` must be filled; the message uses `oneOf.label`. */
  readonly oneOf?: { readonly path: FieldPath; readonly label: string };
  readonly showWhen?: (state: ApplicationState, n: number) => boolean;
  /**
   * How the answer is sent (docs/payload.md, generated from this table; decision 0063): its name
   * in the payload, at the place its path gives (the top level for `form.x`, `JointApplicant` for
   * `form.joint.x`, an entry of `addresses` or `employments`, `securityAddress`). By default the
   * last name of its path. An answer the payload carries only through another field names it
   * and how it is read back (the deposit's yes/no, from the amount).
   */
  readonly as?: string | ImpliedAnswer;
  /**
   * The policy's value (codec/policy.ts) sent for this field where the path does not ask it,
   * and in a full submission where it is unanswered: the payload of docs/product.md §3 always
   * carries it.
   */
  readonly default?: string | number;
  /** Option values the payload sends under other codes ('SomethingElse' → 'Other'). */
  readonly codes?: Readonly<Record<string, string>>;
  /** `yearsMonths`: the payload's cap on the years (codec/policy.ts); months are capped at 11. */
  readonly cap?: number;
}

/** An answer the payload implies through another field of its step, rather than carries. */
export interface ImpliedAnswer {
  /** The payload field, in the same place. */
  readonly by: string;
  /** The answer that field's payload value means. */
  readonly read: (value: unknown) => unknown;
}

/** A field as a screen shows it: paths resolved for the route's entry, conditions applied. */
export interface ResolvedField extends Omit<
  FieldSpec,
  'showWhen' | 'path' | 'monthsPath' | 'oneOf'
> {
  readonly path: StatePath;
  readonly monthsPath?: StatePath;
  readonly oneOf?: { readonly path: StatePath; readonly label: string };
}

export interface FieldError {
  field: string;
  message: string;
}

export type CompletionFlag = keyof Pick<
  ApplicationForm,
  | 'financeDetailsCompleted'
  | 'drivingLicenceCompleted'
  | 'loanAmountCompleted'
  | 'maritalStatusCompleted'
  | 'employmentStatusCompleted'
  | 'addressStatusCompleted'
  | 'personalDetailsCompleted'
  | 'dateOfBirthCompleted'
  | 'addressLocationCompleted'
>;

/** Named so that the Mermaid drawing can label the branches. */
export type ConditionId =
  'vehicle' | 'secured' | 'brandAsksDeposit' | 'securityElsewhere' | 'joint' | 'jointEmployed';

export type LoopId = 'employment' | 'address';

export type Heading = string | ((n: number, state: ApplicationState) => string);

/** Copy under a step's heading; a function for copy that differs by entry (none: undefined). */
export type Intro = string | ((n: number, state: ApplicationState) => string | undefined);

/** The sections of check-your-answers, in page order (CHECK_ANSWERS_SECTIONS holds their headings). */
export type CheckAnswersSectionId =
  | 'loan'
  | 'property'
  | 'aboutYou'
  | 'employment'
  | 'addressHistory'
  | 'contact'
  | 'preferences'
  | 'joint'
  | 'circumstances';

/** Where a step's answers appear on check-your-answers. */
export interface CheckAnswersSpec {
  readonly section: CheckAnswersSectionId;
  /**
   * How the answers become rows: one per field (the default), the address as one row, or the
   * marketing choices as three rows rather than nine ticks.
   */
  readonly rows?: 'fields' | 'address' | 'optIns';
  /** Its place in a section whose steps are not in journey order (`ordered` sections). */
  readonly order?: number;
}

/** Answers a valid Continue writes besides the ones on the screen (decision record 0001). */
export type StepEffects = (state: ApplicationState, today: CalendarDate) => Answers;

/** A field's own question and hint: its entry in `FIELD_COPY` (copy.ts, decision 0045). */
export interface FieldCopy {
  readonly legend?: string;
  readonly hint?: string;
}

/** A step's words: its entry in `STEP_COPY` (copy.ts), apart from the table (decision 0045). */
export interface StepCopy {
  readonly heading: Heading;
  /** The step's hint: under the heading, or the hint of its only question. */
  readonly hint?: string;
  /** Why we ask, under the heading (in place of the hint of a one-question step). */
  readonly intro?: Intro;
}

export interface StepSpec {
  /** docs/product.md §2 path; `{n}` marks a numbered route. */
  readonly path: string;
  readonly fields: readonly FieldSpec[];
  /** The step is on the path only when all of these hold. */
  readonly when?: readonly ConditionId[];
  /** Part of a history loop: `first` only for entry 1, `later` only for entries 2+. */
  readonly loop?: { readonly id: LoopId; readonly entries: 'first' | 'later' | 'every' };
  /** Completion flags of docs/product.md §3 set when the user continues from this step. */
  readonly flags?: readonly CompletionFlag[];
  /** Extra condition for counting the step as complete, beyond its fields being valid. */
  readonly doneWhen?: (state: ApplicationState) => boolean;
  /** Answers implied by this step's answers, written on a valid Continue. */
  readonly effects?: StepEffects;
  /**
   * Its section on check-your-answers, or null for a step with nothing to check. Required, so
   * a new step that forgets its rows is a compile error rather than a silently missing row.
   */
  readonly checkAnswers: CheckAnswersSpec | null;
}
