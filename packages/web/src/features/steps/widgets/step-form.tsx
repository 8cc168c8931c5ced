import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  ANALYTICS_EVENTS,
  answersImpliedBy,
  stepPath,
  validateStep,
  type ApplicationState,
  type StepRef,
} from '@broker/domain';
import { today } from '../../../lib/today';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { fieldId } from '../lib/field-id';
import { CHANGE_PARAM, continuePath, predictContinuePath } from '../lib/continue-path';
import { useNextScreenPreload } from '../lib/preload-next-screen';
import { onIdle } from '../../../lib/idle';
import { getApplication, setFields } from '../../../state/application-store';
import { track } from '../../../analytics/track';
import { reportError } from '../../../api/client-errors';
import { loadChunk } from '../../../lib/chunk-load';
import { FieldForm, useFormContext, type FieldError } from './form-context';
import { ErrorSummary } from './error-summary';

export { CHANGE_PARAM, changeHref } from '../lib/continue-path';

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
  /**
   * Fetches the code of the page at a path, without throwing or reporting a failure: given,
   * the screen Continue would lead to is fetched while this one is filled in.
   */
  preloadPage?: (pathname: string) => void;
}

/** How long the partial save may wait for the next screen to be up. */
const PARTIAL_SAVE_IDLE_TIMEOUT_MS = 1000;

/** docs/product.md §4: saved only once the terms are agreed, which partial-save checks. */
function savePartialLater(state: ApplicationState): void {
  // Loaded on demand (the payload builder is not needed on the first screen), once the next
  // screen is up: its first fetch must not hold up the first Continue.
  onIdle(() => {
    loadChunk(() => import('../../../api/partial-save'))
      .then((module) => module.savePartial(state))
      .catch((error: unknown) => reportError(error, 'chunk', 'partialSave'));
  }, PARTIAL_SAVE_IDLE_TIMEOUT_MS);
}

/** The Continue action of docs/product.md §4, with a GOV.UK error summary. */
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
  preloadPage,
}: StepFormProps) {
  const form = useFormContext();
  const navigate = useNavigate();
  const changing = useSearchParams().has(CHANGE_PARAM);
  const summary = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ count: 0, errors: [] });
  // A step with its own action (the submit step) does not go to a next screen.
  const navigates = onValid === undefined;
  const { id, n } = step;
  const predict = useMemo(
    () =>
      navigates ? () => predictContinuePath({ id, n }, getApplication(), changing, today()) : null,
    [navigates, id, n, changing],
  );
  const preloadNext = useNextScreenPreload(predict, preloadPage);

  // After each press the summary takes focus; from then on it lists the messages on show, so a
  // message the person has put right leaves it at once (docs/decisions/0075-messages-when-they-help.md).
  const shownErrors = attempt.count > 0 ? (form?.shownErrors ?? attempt.errors) : [];
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
    // A name typed last and sent with Enter has not been left: it is saved as it would be.
    form?.saveAll();
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
    // A step with its own action is the submit step: no partial save follows the full
    // submission (decision record 0015).
    if (!onValid) savePartialLater(application);
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
    // Every earlier step was complete when this one was reached, and this one is valid: the
    // next one is visitable, so the redirect rule need not check the journey again.
    navigate(continuePath(step, application, changing, today()), { chosenByJourney: true });
  };

  return (
    <form className="step-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {pageTitle !== undefined && (
        <title>{shownErrors.length > 0 ? `Error: ${pageTitle}` : pageTitle}</title>
      )}
      <ErrorSummary ref={summary} errors={shownErrors} />
      {children}
      <button
        type="submit"
        className="button button--continue"
        aria-disabled={pending || undefined}
        // A field shows its message when it loses focus. Were it to lose focus on this press,
        // the message would push the button down before the release and the click be lost.
        onMouseDown={(event) => event.preventDefault()}
        onPointerDown={preloadNext}
        onFocus={preloadNext}
      >
        {pending ? busyLabel : continueLabel}
      </button>
    </form>
  );
}
