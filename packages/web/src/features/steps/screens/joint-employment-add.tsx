import { StepScreen } from '../step-screen';

/** /joint-employment-add: the joint applicant's employment status. */
export default function JointEmploymentAddScreen() {
  return <StepScreen intro="If they have more than one job, choose the one they earn most from." />;
}
