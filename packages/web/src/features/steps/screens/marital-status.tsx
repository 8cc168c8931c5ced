import { StepScreen } from '../step-screen';

/** /marital-status: the journey's question, with why lenders ask. */
export default function MaritalStatusScreen() {
  return <StepScreen />;
}
