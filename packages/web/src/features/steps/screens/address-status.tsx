import { StepScreen } from '../step-screen';

/** /residential-status/N */
export default function AddressStatusScreen() {
  return <StepScreen />;
}
