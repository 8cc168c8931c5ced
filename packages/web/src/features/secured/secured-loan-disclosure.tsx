import { RepossessionWarning } from './repossession-warning';
import { SecuredRepresentativeExample } from './secured-example';

export interface SecuredLoanDisclosureProps {
  /** The level of the representative example's heading (3 inside a page's h2 section). */
  headingLevel?: 2 | 3;
}

/**
 * The secured part of a summary page (before-you-submit): the repossession warning (DESIGN D11)
 * and the representative example (SPEC §9). Show it when the loan is secured.
 */
export function SecuredLoanDisclosure({ headingLevel = 2 }: SecuredLoanDisclosureProps) {
  return (
    <>
      <RepossessionWarning />
      <SecuredRepresentativeExample headingLevel={headingLevel} />
    </>
  );
}
