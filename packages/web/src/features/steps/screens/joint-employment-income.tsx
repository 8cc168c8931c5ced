import { StepScreen } from '../step-screen';

/** /joint-employment-income: the joint applicant's own net monthly income. */
export default function JointEmploymentIncomeScreen() {
  return <StepScreen />;
}
