import { RepossessionWarning } from './repossession-warning';
import { SecuredRepresentativeExample } from './secured-example';

/**
 * The secured-loan disclosure that the step frame (features/steps/step-screen.tsx) shows on every step
 * of a secured application, so no secured screen can forget it: the repossession warning
 * before Continue and the representative example after the form. It is its own chunk, fetched
 * only for a secured application (docs/decisions/0011-secured-disclosure-from-the-frame.md).
 */
export const SecuredLoanDisclosure = {
  Warning: RepossessionWarning,
  Example: SecuredRepresentativeExample,
} as const;

export type SecuredLoanDisclosureParts = typeof SecuredLoanDisclosure;
