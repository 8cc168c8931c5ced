/** What a valid Continue writes besides the screen's own answers (decision record 0001). */
import type { ApplicationState } from './shape.js';
import type { StepRef } from './types.js';
import type { Answers } from './path.js';
import { STEPS } from './steps.js';
import { completionFlagsFor } from './navigation.js';
import type { CalendarDate } from '../date-of-birth.js';

/**
 * The step's completion flags and its `effects` from the table: values the answers imply, such
 * as the product behind the start question, the top-level mirrors of docs/product.md §3
 * (fullLicence, hasDeposit, isJointApplication, breathingSpace, isSecurityCurrentAddress), and
 * IsFullApplication once the full application is sent.
 */
export function answersImpliedBy(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): Answers {
  const flags: Record<string, true> = {};
  for (const flag of completionFlagsFor(ref)) flags[`form.${flag}`] = true;
  return { ...flags, ...STEPS[ref.id].effects?.(state, today) };
}
