import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  ANALYTICS_EVENTS,
  answersImpliedBy,
  canVisit,
  firstIncompleteStep,
  nextStep,
  stepPath,
  validateStep,
  type ApplicationState,
  type StepRef,
} from '@broker/domain';
import { today } from '../lib/today';
import { useNavigate, useSearchParams } from '../lib/router';
import { fieldId } from '../lib/field-id';
import { getApplication, setFields } from '../state/application-store';
import { track } from '../analytics/track';
import { reportError } from '../api/client-errors';
import { loadChunk } from '../lib/chunk-load';
import { FieldForm, useFormContext, type FieldError } from './form-context';
import { ErrorSummary } from './error-summary';

export interface StepFormProps {
  step: StepRef;
  children: ReactNode;
  /**
   * Replaces "go to the next step" once the step is valid and its flags are set; the submit
   * step sends the application here. Further Continue presses wait until it settles.
   */
  onValid?: () => void | Promise<void>;
  continueLabel?: string;
  /** The button's text while `onValid` is pending (it is also aria-disabled then). */
  busyLabel?: string;
  /** The document title; prefixed 'Error: ' while the error summary shows (GOV.UK). */
  pageTitle?: string;
}

/**
 * `?change=1`: the step was opened from a 'Change' link on the check-answers page. Once it is
 * valid, Continue goes back there, unless the new answer opens steps not yet answered: then the
 * journey leads through them (keeping the flag) and returns when the path is complete again.
 */
export const CHANGE_PARAM = 'change';
const CHECK_ANSWERS: StepRef = { id: 'before-you-submit' };

export function changeHref(step: StepRef): string {
  return `${stepPath(step)}?${CHANGE_PARAM}=1`;
}

function destination(step: StepRef, application: ApplicationState, changing: boolean): string {
  const date = today();
  if (changing && canVisit(CHECK_ANSWERS, application, date)) return stepPath(CHECK_ANSWERS);
  const next = nextStep(step, application, date) ?? firstIncompleteStep(application, date);
  return changing ? changeHref(next) : stepPath(next);
}

/** SPEC §4: saved only once the terms are agreed, which partial-save checks. */
function savePartialLater(state: ApplicationState): void {
  // Loaded on demand: the payload builder is not needed on the first screen.
  loadChunk(() => import('../api/partial-save'))
    .then((module) => module.savePartial(state))
    .catch((error: unknown) => reportError(error, 'chunk', 'partialSave'));
}

/** The Continue action of SPEC §4, with a GOV.UK error summary. */
export function StepForm({ step, ...rest }: StepFormProps) {
  const { id, n } = step;
  const validate = useCallback(
    (application: ApplicationState) => validateStep({ id, n }, application, today()),
    [id, n],
  );
  return (
    <FieldForm validate={validate} name={stepPath(step)}>
      <StepFormBody step={step} {...rest} />
    </FieldForm>
  );
}

interface Attempt {
  count: number;
  errors: readonly FieldError[];
}

function StepFormBody({
  step,
  children,
  onValid,
  continueLabel = 'Continue',
  busyLabel = continueLabel,
  pageTitle,
}: StepFormProps) {
  const form = useFormContext();
  const navigate = useNavigate();
  const changing = useSearchParams().has(CHANGE_PARAM);
  const summary = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ count: 0, errors: [] });

  useEffect(() => {
    if (attempt.errors.length === 0) return;
    summary.current?.focus();
    const first = attempt.errors[0];
    const field = first ? document.getElementById(fieldId(first.field)) : null;
    field?.scrollIntoView({ block: 'nearest' });
  }, [attempt]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    form?.touchAll();
    const path = stepPath(step);
    const errors = validateStep(step, getApplication(), today());
    if (errors.length > 0) {
      setAttempt((previous) => ({ count: previous.count + 1, errors }));
      form?.shake();
      track(ANALYTICS_EVENTS.submitError, { step: path, errors: errors.map((e) => e.message) });
      return;
    }
    setAttempt((previous) => ({ count: previous.count, errors: [] }));
    const implied = answersImpliedBy(step, getApplication(), today());
    if (Object.keys(implied).length > 0) setFields(implied);
    const application = getApplication();
    track(ANALYTICS_EVENTS.submit, { step: path });
    savePartialLater(application);
    if (onValid) {
      busy.current = true;
      setPending(true);
      try {
        await onValid();
      } finally {
        busy.current = false;
        setPending(false);
      }
      return;
    }
    navigate(destination(step, application, changing));
  };

  return (
    <form className="step-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {pageTitle !== undefined && (
        <title>{attempt.errors.length > 0 ? `Error: ${pageTitle}` : pageTitle}</title>
      )}
      <ErrorSummary ref={summary} errors={attempt.errors} />
      {children}
      <button
        type="submit"
        className="button button--continue"
        aria-disabled={pending || undefined}
        // A field shows its message when it loses focus. Were it to lose focus on this press,
        // the message would push the button down before the release and the click be lost.
        onMouseDown={(event) => event.preventDefault()}
      >
        {pending ? busyLabel : continueLabel}
      </button>
    </form>
  );
}
