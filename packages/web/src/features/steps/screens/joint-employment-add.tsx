import { StepScreen } from '../step-screen';

/** /joint-employment-add: the joint applicant's employment status. */
export default function JointEmploymentAddScreen() {
  return <StepScreen />;
}
