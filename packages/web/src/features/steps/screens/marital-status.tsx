import { StepScreen } from '../step-screen';

/** /marital-status: the journey's question, with why lenders ask. */
export default function MaritalStatusScreen() {
  return (
    <StepScreen intro="Lenders ask this to understand your household and what you can afford to repay." />
  );
}
