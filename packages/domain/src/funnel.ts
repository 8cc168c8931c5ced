import { STEP_IDS } from './journey/steps.js';
import type { StepId } from './journey/types.js';
import {
  APPLICATION_BRANCHES,
  applicationBranch,
  type ApplicationBranch,
} from './journey/branch.js';

/**
 * The funnel's vocabulary (docs/funnel.md, decision 0035): the journey's steps in journey order,
 * then the two outcomes besides `complete` that end an application. The browser posts one of these
 * once per step per application; the server refuses any other.
 */
export const FUNNEL_OUTCOME_STEPS = ['complete', 'declined', 'duplicate'] as const;
export type FunnelStep = StepId | (typeof FUNNEL_OUTCOME_STEPS)[number];
// Marked pure so that a bundle which does not read the list (the applicant's pages) drops it.
export const FUNNEL_STEPS: readonly FunnelStep[] = /* @__PURE__ */ (() => [
  ...STEP_IDS.filter((id) => id !== 'complete'),
  ...FUNNEL_OUTCOME_STEPS,
])();

export const FUNNEL_BRANCHES = APPLICATION_BRANCHES;
export type FunnelBranch = ApplicationBranch;

/** The branch an application is on when it reaches a step (journey/branch.ts). */
export function funnelBranch(state: {
  isJointApplication: boolean | null;
  form: { loanPurposeType: string | null };
}): FunnelBranch {
  return applicationBranch({
    loanPurposeType: state.form.loanPurposeType,
    isJointApplication: state.isJointApplication,
  });
}
