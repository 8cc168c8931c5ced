import type { ApplicationState } from './state.js';
import type { CalendarDate } from './date-of-birth.js';
import type { StepRef } from './journey/types.js';
import { journeySteps } from './journey/navigation.js';
import { isStepComplete } from './journey/validate.js';
import { sameStep } from './journey/resolve.js';

/**
 * The screens the bar counts: the applicant's path as the journey's table and their answers draw
 * it (vehicle or secured, alone or joint, as many addresses and jobs as the history needs), to
 * the submit screen; the thank-you page is not one.
 */
function countedPath(state: ApplicationState, today: CalendarDate): StepRef[] {
  return journeySteps(state, today).filter((ref) => ref.id !== 'complete');
}

/**
 * Progress along the journey (docs/decisions/0076-progress-along-the-journey.md): the share of
 * the screens on the applicant's path that are done, as a whole percentage rounded down. A
 * screen is done when it and every screen before it are answered and valid now, so an answer
 * that has become invalid takes its credit, and the credit of the screens after it, away. The
 * screen on show is not counted as done (its answers may be half typed) and does not stop the
 * count either. The bar so reads 100% on no screen of the journey: on the last one, 'submit',
 * it is the screens before it.
 */
export function progressPercent(
  state: ApplicationState,
  today: CalendarDate,
  current: StepRef,
): number {
  const path = countedPath(state, today);
  let done = 0;
  for (const ref of path) {
    if (sameStep(ref, current)) continue;
    if (!isStepComplete(ref, state, today)) break;
    done += 1;
  }
  return path.length === 0 ? 0 : Math.floor((done / path.length) * 100);
}
