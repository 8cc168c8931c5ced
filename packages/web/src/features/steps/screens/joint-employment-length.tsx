import { StepScreen } from '../step-screen';

/** /joint-employment-length: how long the joint applicant has been with their employer. */
export default function JointEmploymentLengthScreen() {
  return <StepScreen intro="If it is less than a year, enter 0 years and the number of months." />;
}
