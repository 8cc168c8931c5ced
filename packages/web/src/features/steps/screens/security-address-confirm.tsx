import { StepScreen } from '../step-screen';

/** /security-address-confirm: is the property to borrow against the applicant's current home? */
export default function SecurityAddressConfirmScreen() {
  return <StepScreen />;
}
