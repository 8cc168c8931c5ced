/**
 * The branch an application is on, the one rule every layer reads (docs/journey.md): the start
 * question's purpose picks a vehicle loan or a loan secured on a property (anything but a
 * vehicle), and a joint applicant makes it joint. The journey's conditions, progress, the
 * funnel, the payload and the back office's column and filters all come from here.
 */

export type LoanBranch = 'vehicle' | 'secured';

/** The branches the funnel and the back office count and filter by: joint wins. */
export const APPLICATION_BRANCHES = ['vehicle', 'secured', 'joint'] as const;
export type ApplicationBranch = (typeof APPLICATION_BRANCHES)[number];

/**
 * A vehicle loan, or a loan secured on a property for any other answered purpose (the state's
 * `SomethingElse` and the payload's `Other` alike); null until the purpose is answered.
 */
export function loanBranch(purpose: string | null | undefined): LoanBranch | null {
  if (purpose === null || purpose === undefined) return null;
  return purpose === 'Vehicle' ? 'vehicle' : 'secured';
}

/** A loan secured on a property (the journey's `secured` condition). */
export function isSecuredPurpose(purpose: string | null | undefined): boolean {
  return loanBranch(purpose) === 'secured';
}

/**
 * The application's branch: joint when a joint applicant was added, else its loan's; an
 * application whose purpose is not yet answered counts as a vehicle one.
 */
export function applicationBranch(answers: {
  loanPurposeType?: string | null | undefined;
  isJointApplication?: boolean | null | undefined;
}): ApplicationBranch {
  if (answers.isJointApplication === true) return 'joint';
  return loanBranch(answers.loanPurposeType) ?? 'vehicle';
}
