import { StepScreen } from '../step-screen';

/** /joint-employment-income: the joint applicant's own net monthly income. */
export default function JointEmploymentIncomeScreen() {
  return (
    <StepScreen intro="What they receive each month after tax and National Insurance. Include only their own income, not yours." />
  );
}
