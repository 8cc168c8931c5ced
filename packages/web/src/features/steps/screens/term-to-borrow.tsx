import { StepScreen } from '../step-screen';

/** /term-to-borrow: the term in years (docs/design.md D8). */
export default function TermToBorrowScreen() {
  return <StepScreen />;
}
