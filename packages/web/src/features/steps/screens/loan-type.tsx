import { StepScreen } from '../step-screen';

/** /loan-type: the vehicle finance products, each with what it means. */
export default function LoanTypeScreen() {
  return <StepScreen />;
}
