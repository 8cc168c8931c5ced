import { StepScreen } from '../step-screen';

/** /term-to-borrow: the term in years (docs/design.md D8). */
export default function TermToBorrowScreen() {
  return (
    <StepScreen intro="Choose from 3 to 25 years. A longer term means lower monthly repayments, but you pay more interest in total." />
  );
}
