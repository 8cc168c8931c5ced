import { StepScreen } from '../step-screen';

/** /joint-employment-length: how long the joint applicant has been with their employer. */
export default function JointEmploymentLengthScreen() {
  return <StepScreen />;
}
