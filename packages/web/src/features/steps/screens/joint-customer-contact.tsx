import { StepScreen } from '../step-screen';

/** /joint-customer-contact: the joint applicant's email address and phone number. */
export default function JointCustomerContactScreen() {
  return <StepScreen />;
}
