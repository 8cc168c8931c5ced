import { StepScreen } from '../step-screen';

/** /address-length/N: the journey asks for another address until 3 years are covered. */
export default function AddressLengthScreen() {
  return <StepScreen />;
}
