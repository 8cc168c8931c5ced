import {
  answersImpliedBy,
  canVisit,
  firstIncompleteStep,
  nextStep,
  stepPath,
  type ApplicationState,
  type CalendarDate,
  type StepRef,
} from '@broker/domain';
import { applyAnswers } from '../../../state/application-store';

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

/**
 * Where a valid Continue on `step` goes, given the answers once the step's implied answers
 * (its completion flags and mirrors) are written.
 */
export function continuePath(
  step: StepRef,
  application: ApplicationState,
  changing: boolean,
  today: CalendarDate,
): string {
  if (changing && canVisit(CHECK_ANSWERS, application, today)) return stepPath(CHECK_ANSWERS);
  const next = nextStep(step, application, today) ?? firstIncompleteStep(application, today);
  return changing ? changeHref(next) : stepPath(next);
}

/**
 * Where Continue would go if pressed now with these answers (the step's implied answers not
 * written yet): what the next screen will be, so its code can be fetched while this one is
 * filled in. Only a guess while the step is invalid; exact once it is valid.
 */
export function predictContinuePath(
  step: StepRef,
  application: ApplicationState,
  changing: boolean,
  today: CalendarDate,
): string {
  const implied = answersImpliedBy(step, application, today);
  return continuePath(step, applyAnswers(application, implied), changing, today);
}
